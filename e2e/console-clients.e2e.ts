// The client 360's flags and "view as client" (issue 23 screen 6, decision 0065), in Chromium at
// 1280 px: the payments maker blocks the demo client's withdrawals with a reason; the client's
// withdrawal is refused in the client app's drawer with the message and nothing is held; the maker
// clears the block; the auditor views the client's Dashboard as the client (read only) and finds
// the view in the audit log and in the client's audit trail; axe finds nothing serious.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { signInConsole, type ConsolePage, goToArea } from './support/console';
import { loginToken } from './support/api';
import { acceptCookiesUpFront, openAccountPanel, signIn, waitForPath } from './support/flows';
import { startServer, type RunningServer } from './support/server';

const DEMO = { mobile: '612345678', password: 'demo1234', pin: '123456', name: 'Thandi Demo' };
const REASON = 'Card reported stolen: call the client first';

let server: RunningServer;
let browser: Browser;
const open: ConsolePage[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  for (const c of open) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

/** Text as a person reads it (Intl puts a no-break space after 'ZAR'). */
async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Clients → search the demo client by name → open their client 360. */
async function openDemoClient(page: Page) {
  await goToArea(page, 'Clients');
  await page.getByLabel('Mobile, name or client id').fill('Thandi');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('listbox', { name: 'Clients found' }).getByRole('option').first().click();
  await page.getByRole('heading', { level: 1, name: /Thandi/ }).waitFor();
  return page.getByRole('region', { name: 'Flags' });
}

describe('console: client flags and view as client', () => {
  it('maker blocks withdrawals → the client app refuses with the message → maker clears; auditor views as client, audited', async () => {
    // --- The payments maker blocks the demo client's withdrawals, with a reason.
    const maker = await signInConsole(browser, server, 'payments_maker');
    open.push(maker);
    const m = maker.page;
    const flags = await openDemoClient(m);
    expect(await textOf(flags.getByTestId('withdrawals-state'))).toBe('allowed');
    // The maker may not view as client (auditor only): no link.
    expect(await m.getByRole('link', { name: /View as client/ }).count()).toBe(0);
    await flags.getByLabel(/Why withdrawals are blocked/).fill(REASON);
    await flags.getByRole('button', { name: 'Block withdrawals' }).click();
    await flags.getByText(/Withdrawals are blocked: new requests are refused/).waitFor();
    await expect
      .poll(() => textOf(flags.getByTestId('withdrawals-state')))
      .toMatch(new RegExp(`^blocked since .* by staff \\d+: ${REASON}$`));
    await flags.scrollIntoViewIfNeeded();
    await screenshot(m, 'console-client-flags-blocked');
    expect(await axeFindings(m, { structure: true }), 'console-client-flags').toEqual([]);

    // --- The client tries to withdraw: refused in the drawer, nothing held.
    // The demo client has no bank card yet: one in their own name, as the Bank Accounts form adds it.
    const token = await loginToken(server, DEMO.mobile, DEMO.password);
    const card = await fetch(`${server.url}/api/bankcard/app/v1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bank_name: 'Nedbank', card_no: '1987654321', holder_name: DEMO.name }),
    });
    expect(card.status).toBe(200);
    const { context, page: client, errors } = await newPage(browser, server.url);
    await acceptCookiesUpFront(context);
    await signIn(client, DEMO.mobile, DEMO.password);
    await waitForPath(client, '/dashboard');
    await openAccountPanel(client);
    await client.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Withdraw' }).click();
    const drawer = client.getByRole('dialog', { name: 'Withdrawal' });
    await drawer.getByRole('radio', { name: /Nedbank/ }).click();
    await drawer.getByLabel('Amount', { exact: true }).fill('1200');
    await drawer.getByRole('button', { name: 'Withdraw' }).click();
    const pin = client.getByRole('dialog', { name: 'Verify Your PIN' });
    await pin.getByLabel('PIN', { exact: true }).pressSequentially(DEMO.pin);
    await pin.waitFor({ state: 'detached' });
    const onHold = drawer.getByTestId('withdrawals-on-hold');
    await onHold.waitFor();
    expect(await textOf(onHold)).toBe('Withdrawals from your account are on hold. Please contact support.');
    expect(await drawer.getByTestId('withdrawal-done').count()).toBe(0);
    await screenshot(client, 'client-withdraw-on-hold');
    expect(await axeFindings(client, { within: '[role=dialog]' }), 'withdraw drawer on hold').toEqual([]);
    expect(errors).toEqual([]);

    // --- The maker clears it; the history keeps both changes with their reasons.
    await flags.getByLabel(/Why withdrawals may go ahead again/).fill('Client confirmed the card by phone');
    await flags.getByRole('button', { name: 'Unblock withdrawals' }).click();
    await flags.getByText('Withdrawals are allowed again.').waitFor();
    await expect.poll(() => textOf(flags.getByTestId('withdrawals-state'))).toBe('allowed');
    await flags.getByText(/History of the withdrawal block \(2\)/).click();
    const history = await textOf(flags.getByRole('list', { name: 'Withdrawal block history' }));
    expect(history).toContain('unblocked by staff');
    expect(history).toContain(REASON);

    // And now the client's withdrawal goes through (held, pending).
    await drawer.getByRole('button', { name: 'Withdraw' }).click();
    await pin.getByLabel('PIN', { exact: true }).pressSequentially(DEMO.pin);
    await drawer.getByTestId('withdrawal-done').waitFor();
    expect(await textOf(drawer.getByTestId('withdrawal-done'))).toContain('ZAR 1,200.00');
    await context.close();

    // --- The auditor views the client's Dashboard as the client: read only, audited.
    const auditor = await signInConsole(browser, server, 'auditor');
    open.push(auditor);
    const a = auditor.page;
    const auditorFlags = await openDemoClient(a);
    // Read-only: the auditor sees the flags but no control.
    expect(await auditorFlags.getByRole('button').count()).toBe(0);
    await a.getByRole('link', { name: /View as client/ }).click();
    const banner = a.getByRole('note', { name: 'Read-only view' });
    await banner.waitFor();
    expect(await textOf(banner)).toContain(`Viewing as ${DEMO.name} — read only.`);
    const portfolio = a.getByRole('region', { name: 'Portfolio' });
    // The withdrawal just requested is held; the ZAR account (R 25,000.00) may give the rest.
    await expect.poll(() => textOf(portfolio)).toMatch(/Held\s*ZAR 1,200\.00/);
    expect(await textOf(a.getByRole('region', { name: 'Assets' }))).toMatch(
      /ZAR\s*ZAR 25,000\.00\s*ZAR 23,800\.00/,
    );
    const page = a.getByRole('region', { name: /Dashboard of/ });
    expect(await page.getByRole('button').count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await screenshot(a, 'console-client-view-as');
    expect(await axeFindings(a, { structure: true }), 'console-client-view-as').toEqual([]);

    // The audit log has the view, by the auditor's staff id, on the client.
    await goToArea(a, 'Audit');
    const search = a.getByRole('search', { name: 'Search the audit log' });
    await search.getByLabel('Action (or its start)').fill('client.view_as');
    await search.getByRole('button', { name: 'Search' }).click();
    const entry = a.getByRole('listbox', { name: 'Audit entries' }).getByRole('option').first();
    await entry.waitFor();
    expect(await textOf(entry)).toMatch(/staff:\d+\s*client\.view_as client \d+/);
    await screenshot(a, 'console-audit-view-as');

    // And the client's own audit trail in the client 360 lists the view and the block.
    await openDemoClient(a);
    // (The 360 read earlier is shown from the cache first, then read again.)
    const trailList = a.getByRole('list', { name: 'Audit trail' });
    await expect.poll(() => textOf(trailList)).toContain('client.view_as');
    const trail = await textOf(trailList);
    expect(trail).toContain('client.withdrawals_block');
    expect(trail).toContain('client.withdrawals_unblock');

    expect(maker.errors).toEqual([]);
    expect(auditor.errors).toEqual([]);
  }, 240_000);
});
