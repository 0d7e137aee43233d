// Links that survive a reload (issue 24, points 8, 10 and 11), in Chromium at 1280 px and 375 px:
// every route of the server's menu opened directly (a pasted link, a reload) shows its screen,
// never an API's JSON nor the 404 page; a link opened signed out comes back after sign-in when the
// app knows it, else /dashboard; a client still in KYC going to /dashboard makes no request it
// may not make on the way to /kyc.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_MENU, type MenuEntry } from '@imali/contract';
import { loginToken, md5, registerClient, submitKycByApi, uniqueMobile } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';
import {
  acceptCookiesUpFront,
  expectTitle,
  pathOf,
  signIn,
  waitForPath,
  waitForShell,
} from './support/flows';
import { makeImage } from './support/images';
import { startServer, type RunningServer } from './support/server';
import { createFundedClient, createOpenBlock, type TradingClient } from './support/trading';

// The block allocation below is an order placed while the JSE is open on the simulated clock.
const JSE_TRADING_MOMENT = Date.UTC(2026, 10, 18, 10, 0, 0); // Wed 18 Nov 2026, 12:00 SAST
const WIDE = { width: 1280, height: 860 };
const PHONE = { width: 375, height: 812 };

let server: RunningServer;
let browser: Browser;
let idImage: string;
let client: TradingClient;
let orderId: number;

async function api<T>(method: string, p: string, token: string, body?: unknown, key?: string): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  const res = await fetch(server.url + p, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { message: string; data: T };
  if (!res.ok) throw new Error(`${method} ${p} → ${res.status}: ${json.message}`);
  return json.data;
}

beforeAll(async () => {
  server = await startServer({ MARKET_TIME_SHIFT_MS: String(JSE_TRADING_MOMENT - Date.now()) });
  browser = await launchBrowser();
  idImage = await makeImage('deep-links-id', 'png');
  // A client with an order, so that /portfolio/order/:id opens a real receipt.
  client = await createFundedClient(server, idImage);
  const token = await loginToken(server, client.mobile, client.password);
  const blockId = await createOpenBlock(server, { name: 'Deep-link block' });
  const accounts = await api<Array<{ id: number; currency: string }>>('GET', '/api/account/app/v1', token);
  await api('POST', '/api/client/app/v1/pin/verify', token, { pin: md5(client.pin) });
  const result = await api<{ order: { id: number } }>(
    'POST',
    `/api/otc/app/v1/record/allocate/${blockId}`,
    token,
    { quantity: '10', account_id: accounts.find((a) => a.currency === 'ZAR')!.id },
    `e2e-deep-links-${client.mobile}`,
  );
  orderId = result.order.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface MenuRoute {
  /** The link opened. */
  path: string;
  /** Where it lands (a menu entry with a redirect goes on to it). */
  lands: string;
  title: string;
}

/** Every route of the menu, children joined to their parent, `:id` filled with a real order. */
function menuRoutes(entries: MenuEntry[], parent = ''): MenuRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.path.startsWith('/') ? entry.path : `${parent}/${entry.path}`;
    const path = own.replace(':id', String(orderId));
    const target = entry.redirect
      ? (entry.children ?? []).find((c) => `${own}/${c.path}` === entry.redirect)
      : undefined;
    const route = {
      path,
      lands: entry.redirect ?? path,
      title: target?.meta.title ?? entry.meta.title,
    };
    return [route, ...menuRoutes(entry.children ?? [], own)];
  });
}

async function signedIn(viewport: { width: number; height: number }) {
  const opened = await newPage(browser, server.url, viewport);
  await acceptCookiesUpFront(opened.context);
  await signIn(opened.page, client.mobile, client.password);
  await waitForPath(opened.page, '/dashboard');
  return opened;
}

/** What a route shows instead of its screen when the link is broken. */
async function expectScreen(page: Page, route: MenuRoute) {
  await waitForPath(page, route.lands);
  await waitForShell(page);
  await expectTitle(page, `Imali | ${route.title}`);
  await page.locator('h1').first().waitFor();
  const text = await page.locator('body').innerText();
  expect(text, route.path).not.toContain('"code"');
  expect(text, route.path).not.toContain('NOT_FOUND');
  expect(await page.getByText('Page not found').count(), route.path).toBe(0);
  expect(await page.getByRole('heading', { name: 'Something went wrong' }).count(), route.path).toBe(0);
}

for (const [label, viewport] of [
  ['1280', WIDE],
  ['375', PHONE],
] as const) {
  describe(`every menu route opened directly (${label} px)`, () => {
    it('shows its screen on a pasted link and on a reload', async () => {
      const { page, errors } = await signedIn(viewport);
      const routes = menuRoutes(DEFAULT_MENU);
      expect(routes.map((r) => r.path)).toEqual(
        expect.arrayContaining(['/market/ranking', `/portfolio/order/${orderId}`, '/me/records']),
      );
      for (const route of routes) {
        await page.goto(route.path);
        await expectScreen(page, route);
        if (route.path === '/market/ranking' || route.path.startsWith('/portfolio/order/')) {
          await page.reload();
          await expectScreen(page, route);
          await page.waitForLoadState('networkidle').catch(() => undefined);
          await screenshot(page, `deep-link${route.path.replace(/\//g, '-')}-${label}`);
        }
      }
      // The receipt is the order's, not its not-found state.
      await page.goto(`/portfolio/order/${orderId}`);
      await page.getByText('Deep-link block').first().waitFor();
      expect(await page.getByText('Order not found.').count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });
}

describe('a link opened signed out', () => {
  it('comes back after sign-in when the app knows it, with its query; an unknown one gives /dashboard', async () => {
    const { page } = await newPage(browser, server.url, WIDE);
    await acceptCookiesUpFront(page.context());
    await page.goto('/nope');
    await waitForPath(page, '/login');
    await signIn(page, client.mobile, client.password);
    await waitForPath(page, '/dashboard');
    await expectTitle(page, 'Imali | Home');
    expect(await page.getByText('Page not found').count()).toBe(0);
    await screenshot(page, 'deep-link-unknown-after-sign-in-1280');

    const fresh = await newPage(browser, server.url, PHONE);
    await acceptCookiesUpFront(fresh.context);
    await fresh.page.goto('/portfolio/orders?list=awaiting');
    await waitForPath(fresh.page, '/login');
    await signIn(fresh.page, client.mobile, client.password);
    await waitForPath(fresh.page, '/portfolio/orders');
    expect(new URL(fresh.page.url()).search).toBe('?list=awaiting');
    await fresh.page.getByText('Deep-link block').first().waitFor();
    await screenshot(fresh.page, 'deep-link-known-after-sign-in-375');
  });
});

describe('a client still in KYC', () => {
  it('going to /dashboard: held at /kyc with no request answered 403 and no console error', async () => {
    const mobile = uniqueMobile();
    await registerClient(server, mobile, 'secret123');
    await submitKycByApi(server, await loginToken(server, mobile, 'secret123'), mobile, idImage);
    for (const [label, viewport] of [
      ['1280', WIDE],
      ['375', PHONE],
    ] as const) {
      const { page, errors } = await newPage(browser, server.url, viewport);
      await acceptCookiesUpFront(page.context());
      const refused: string[] = [];
      const consoleErrors: string[] = [];
      page.on('response', (res) => {
        if (res.status() === 401 || res.status() === 403) refused.push(`${res.status()} ${res.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await signIn(page, mobile, 'secret123');
      await waitForPath(page, '/kyc');
      await page.goto('/dashboard');
      await waitForPath(page, '/kyc');
      await page.getByText('Verification In Progress').waitFor();
      await page.waitForLoadState('networkidle').catch(() => undefined);
      expect(pathOf(page)).toBe('/kyc');
      expect(refused).toEqual([]);
      expect(consoleErrors).toEqual([]);
      expect(errors).toEqual([]);
      await screenshot(page, `deep-link-kyc-pending-dashboard-${label}`);
    }
  });
});
