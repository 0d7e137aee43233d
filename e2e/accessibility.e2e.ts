// WCAG 2.1 AA in Chromium (issue 24 point 17), at 1280 px and 375 px: axe-core (wcag2a, wcag2aa,
// wcag21a, wcag21aa) finds no serious or critical violation on the public pages, on every route of
// the server menu (children included, an order receipt's route with a real order), in every product
// drawer (fo, otc, ipo, fund, quant, stock, deposit, withdraw, trial, compensation, loan) and in the
// account modals; and each page keeps its structure (one main, everything in a landmark, headings
// that do not skip a level).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MenuEntry } from '@imali/contract';
import { loginToken, md5 } from './support/api';
import { axeFindings, type AxeFinding } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { acceptCookiesUpFront, signIn, waitForPath, waitForShell } from './support/flows';
import { makeImage } from './support/images';
import { runOps } from './support/ops';
import { startServer, type RunningServer } from './support/server';
import { createFundedClient, createOpenBlock, type TradingClient } from './support/trading';

const WIDTHS = [
  { label: 'desktop', viewport: { width: 1280, height: 860 } },
  { label: 'phone', viewport: { width: 375, height: 812 } },
];

let server: RunningServer;
let browser: Browser;
let client: TradingClient;
let orderId: number;
let blockId: number;

async function api<T>(p: string, init: { method?: string; body?: unknown; key?: string } = {}): Promise<T> {
  const token = await loginToken(server, client.mobile, client.password);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.key) headers['idempotency-key'] = init.key;
  const res = await fetch(server.url + p, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { message: string; data: T };
  if (!res.ok) throw new Error(`${p} → ${res.status}: ${json.message}`);
  return json.data;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  client = await createFundedClient(server, await makeImage('a11y-id', 'png'), { amount: '50000' });
  await runOps(
    server,
    'client',
    'flags',
    client.mobile,
    '--bonus',
    'on',
    '--compensation',
    'on',
    '--loan',
    'on',
  );
  // An order to open a receipt of: a block allocation request waits in Awaiting.
  blockId = await createOpenBlock(server, { name: 'Accessible block' });
  const token = await loginToken(server, client.mobile, client.password);
  await fetch(`${server.url}/api/client/app/v1/pin/verify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pin: md5(client.pin) }),
  });
  const accounts = await api<Array<{ id: number; currency: string }>>('/api/account/app/v1');
  const placed = await fetch(`${server.url}/api/otc/app/v1/record/allocate/${blockId}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': `a11y-${client.mobile}`,
    },
    body: JSON.stringify({ quantity: '10', account_id: accounts.find((a) => a.currency === 'ZAR')!.id }),
  });
  const json = (await placed.json()) as { message: string; data: { order: { id: number } } };
  if (!placed.ok) throw new Error(`allocate → ${placed.status}: ${json.message}`);
  orderId = json.data.order.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every path of the client's menu, children joined to their parent, params filled in. */
function menuPaths(entries: MenuEntry[], parent = ''): string[] {
  return entries.flatMap((e) => {
    const path = e.path.startsWith('/') ? e.path : `${parent}/${e.path}`;
    const filled = path.replace(':id', String(orderId));
    return [filled, ...menuPaths(e.children ?? [], path)];
  });
}

function report(where: string, findings: AxeFinding[]): string[] {
  return findings.map((f) => `${where}: ${f.rule} (${f.impact}) at ${f.targets.join(', ')} — ${f.summary}`);
}

/** Waits until the route has rendered its content (no loading skeleton left in main). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('main [role=status][aria-label=Loading]'), null, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/** A page signed in as the client, on the dashboard, cookies accepted. */
async function signedInPage(viewport: { width: number; height: number }) {
  const opened = await newPage(browser, server.url, viewport);
  await acceptCookiesUpFront(opened.context);
  await signIn(opened.page, client.mobile, client.password);
  await waitForPath(opened.page, '/dashboard');
  await waitForShell(opened.page);
  return opened;
}

async function checkDialog(page: Page, name: string | RegExp, where: string, found: string[]) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await settle(page);
  found.push(...report(where, await axeFindings(page, { within: '[role=dialog]' })));
}

async function closeDialogs(page: Page) {
  for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(350);
  }
}

describe.each(WIDTHS)('accessibility at $label width', ({ label, viewport }) => {
  it('public pages and the sign-in page', async () => {
    const { page, context } = await newPage(browser, server.url, viewport);
    const found: string[] = [];
    for (const path of ['/login', '/about', '/privacy', '/cookie', '/no-such-page']) {
      await page.goto(path);
      await settle(page);
      found.push(...report(`${label} ${path}`, await axeFindings(page, { structure: true })));
    }
    // The cookie banner (shown until accepted) is part of the sign-in page.
    await page.goto('/login');
    await page.getByRole('region', { name: /cookie/i }).waitFor();
    found.push(...report(`${label} /login with the cookie banner`, await axeFindings(page)));
    expect(found).toEqual([]);
    await context.close();
  });

  it('every route of the menu', async () => {
    const { page, context, errors } = await signedInPage(viewport);
    const paths = menuPaths(await api<MenuEntry[]>('/api/client/app/v1/menu'));
    expect(paths).toContain('/market/ranking');
    paths.push('/portfolio/orders?list=awaiting');
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await waitForShell(page);
      await settle(page);
      found.push(...report(`${label} ${path}`, await axeFindings(page, { structure: true })));
    }
    await page.goto('/portfolio/summary');
    await settle(page);
    await screenshot(page, `a11y-summary-${label}`);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  // The overlays in three tests rather than one: the whole round took 46 s alone and passed the
  // 120 s limit on a loaded CI run.
  it('every product drawer and the stock search', async () => {
    const { page, context, errors } = await signedInPage(viewport);
    const found: string[] = [];

    // Discover: the first card of each type opens its drawer.
    const drawers: Array<[string, string]> = [
      ['fo', 'DD Trading Detail'],
      ['otc', 'Block Trading'],
      ['ipo', 'IPO Equity'],
      ['fund', 'Fund Investment'],
      ['quant', 'Structured Investment'],
    ];
    for (const [dtype, title] of drawers) {
      await page.goto('/discover');
      const card = page.getByTestId(`offerings-${dtype}`).locator('button[data-offering-id]').first();
      await card.click();
      await checkDialog(page, title, `${label} ${dtype} drawer`, found);
      if (dtype === 'quant') await screenshot(page, `a11y-quant-drawer-${label}`);
      await closeDialogs(page);
    }

    // The stock drawer, from the search.
    await page.goto('/market');
    await waitForShell(page);
    await page.getByTestId('header-search').click();
    const search = page.getByRole('dialog', { name: 'Search' });
    await search.getByRole('combobox').fill('Naspers');
    await search.getByRole('option').first().waitFor();
    found.push(...report(`${label} search dialog`, await axeFindings(page, { within: '[role=dialog]' })));
    await page.keyboard.press('Enter');
    await checkDialog(page, 'Naspers', `${label} stock drawer`, found);
    await closeDialogs(page);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the money drawers and the applications', async () => {
    const { page, context, errors } = await signedInPage(viewport);
    const found: string[] = [];
    // Money: deposit, withdrawal, transfer (Me › Records, the cash accounts).
    for (const [button, name] of [
      ['Deposit', 'Deposit'],
      ['Withdraw', 'Withdrawal'],
      ['Transfer', 'Fund Transfer'],
    ] as const) {
      await page.goto('/me/records');
      await page.getByRole('region', { name: 'Cash accounts' }).getByRole('button', { name: button }).click();
      await checkDialog(page, name, `${label} ${name}`, found);
      await closeDialogs(page);
    }

    // Applications (the flags are on for this client).
    for (const [button, name] of [
      ['Trial bonus offer', 'Trial Bonus Offer'],
      ['Apply for compensation', 'Compensation Application'],
      ['Apply for a loan', 'Loan Application'],
    ] as const) {
      await page.goto('/me/application');
      await page.getByRole('button', { name: button }).click();
      await checkDialog(page, name, `${label} ${name}`, found);
      await closeDialogs(page);
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the account panel and its modals, Add Bank Card, and an order's receipt", async () => {
    const { page, context, errors } = await signedInPage(viewport);
    const found: string[] = [];
    for (const [row, name] of [
      ['Update Avatar', 'Update Avatar'],
      ['View KYC', 'KYC Details'],
      ['Change Password', 'Change Password'],
    ] as const) {
      await page.goto('/dashboard');
      await waitForShell(page);
      await page.getByTestId('avatar-button').click();
      await checkDialog(page, 'Account', `${label} account panel`, found);
      await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: row }).click();
      await checkDialog(page, name, `${label} ${name}`, found);
      await closeDialogs(page);
    }

    await page.goto('/me/profile#bank-section');
    await page.getByRole('button', { name: '+ Add Bank Card' }).click();
    await checkDialog(page, 'Add Bank Card', `${label} Add Bank Card`, found);
    await closeDialogs(page);
    await page.goto('/portfolio/awaiting');
    await page
      .getByRole('button', { name: /open order details/ })
      .first()
      .click();
    await checkDialog(page, 'Order Details', `${label} Order Details`, found);
    await screenshot(page, `a11y-receipt-${label}`);
    await closeDialogs(page);

    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
