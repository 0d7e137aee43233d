// The operator console's four eyes on a payout (issue 23, decision 0058), in Chromium with two
// demo staff users: the payments maker pays Lerato Dlamini's R 75,000.00 withdrawal (above the
// first tier) with a bank reference → an approval request; the maker cannot approve it (no
// button, and the API refuses); the payments checker approves it from the inbox with a step-up
// code → the withdrawal is paid with that reference and leaves the inbox; the code, replayed, is
// refused.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe';
import { launchBrowser, screenshot } from './support/browser';
import { freshCode, signInConsole, type ConsolePage, goToArea } from './support/console';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
const open: ConsolePage[] = [];

beforeAll(async () => {
  // The console only: no client web app needed (the console's build is served by the ops app).
  server = await startServer({ SEED_DEMO_QUEUES: 'true', SKIP_WEB_BUILD: 'true' });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  for (const c of open) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

const AMOUNT = /ZAR\s75,000\.00/;
const PAYMENT_REFERENCE = `FNB-E2E-${Date.now().toString(36).toUpperCase()}`;

/** A staff API call with this page's session cookie and the ops Origin (a state change needs it). */
async function opsCall(page: Page, path: string, body: unknown, stepUpCode?: string) {
  const response = await page.request.post(`${server.opsUrl}/ops/v1${path}`, {
    data: body,
    headers: {
      origin: server.opsUrl,
      'content-type': 'application/json',
      ...(stepUpCode ? { 'x-step-up-code': stepUpCode } : {}),
    },
  });
  return { status: response.status(), json: (await response.json()) as { code: string; message: string } };
}

/** Opens an area from the navigation (the start page links the areas too). */

interface RequestView {
  id: number;
  payloadHash: string;
  status: string;
  itemKey: string;
}
async function myRequests(page: Page): Promise<RequestView[]> {
  const response = await page.request.get(`${server.opsUrl}/ops/v1/approvals?scope=mine`);
  return ((await response.json()) as { data: RequestView[] }).data;
}

describe('console: withdrawals and four-eyes approval', () => {
  it('maker pays above the tier → waiting; maker cannot approve; checker approves with step-up → paid; replay refused', async () => {
    // --- The maker, at 1280 px.
    const maker = await signInConsole(browser, server, 'payments_maker');
    open.push(maker);
    const m = maker.page;
    await goToArea(m, 'Withdrawals & payouts');
    const queue = m.getByRole('listbox', { name: 'Withdrawals' });
    const row = queue.getByRole('option').filter({ hasText: AMOUNT });
    await row.click();
    const detail = m.getByRole('article', { name: /Withdrawal/ });
    await expect.poll(() => detail.textContent()).toMatch(/Paying it needs approval by 1 checker\./);
    await screenshot(m, 'console-payouts-queue');
    expect(await axeFindings(m, { structure: true }), 'console-payouts-queue').toEqual([]);

    await detail.getByLabel('Payment reference').fill(PAYMENT_REFERENCE);
    await detail.getByRole('button', { name: 'Pay (ask for approval)' }).click();
    await m.getByText(/Waiting for approval by 1 checker \(request #\d+\)\./).waitFor();
    await detail.getByText(/Waiting for approval: request #\d+/).waitFor();
    expect(await detail.getByRole('button', { name: /^Pay/ }).count()).toBe(0);

    const [request] = (await myRequests(m)).filter((r) => r.status === 'pending');
    expect(request).toBeDefined();
    const requestId = request!.id;

    // The maker's own Approvals: the request, no approve button (cancel only).
    await goToArea(m, 'Approvals');
    const myCard = m.getByRole('article', { name: new RegExp(`#${requestId} Pay a withdrawal`) });
    await myCard.waitFor();
    expect(await myCard.textContent()).toMatch(/Asked by you/);
    expect(await myCard.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await myCard.getByRole('button', { name: 'Cancel my request' }).waitFor();
    await screenshot(m, 'console-approvals-mine');
    expect(await axeFindings(m, { structure: true }), 'console-approvals-mine').toEqual([]);

    // And the API refuses the maker's approval (maker ≠ checker), with a valid fresh code.
    const refused = await opsCall(
      m,
      `/approvals/${requestId}/approve`,
      { payloadHash: request!.payloadHash },
      await freshCode(maker.staff),
    );
    expect([403, 409]).toContain(refused.status);
    expect((await myRequests(m)).find((r) => r.id === requestId)?.status).toBe('pending');

    // --- The checker, in a second browser context.
    const checker = await signInConsole(browser, server, 'payments_checker');
    open.push(checker);
    const c = checker.page;
    await goToArea(c, 'Approvals');
    const card = c.getByRole('article', { name: new RegExp(`#${requestId} Pay a withdrawal`) });
    await card.waitFor();
    const cardText = (await card.textContent()) ?? '';
    expect(cardText).toMatch(AMOUNT);
    expect(cardText).toContain(PAYMENT_REFERENCE);
    expect(cardText).toMatch(/policy v1: 0 of 1 approval/);
    await screenshot(c, 'console-approvals-inbox');
    expect(await axeFindings(c, { structure: true }), 'console-approvals-inbox').toEqual([]);

    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = c.getByRole('dialog');
    await dialog.waitFor();
    expect(await axeFindings(c, { within: '[role=dialog]' }), 'step-up dialog').toEqual([]);
    const code = await freshCode(checker.staff);
    await dialog.getByLabel('6-digit code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await c.getByText(`Request #${requestId} approved and done.`).waitFor();
    await c.getByText('Nothing waits for your approval.').waitFor();

    // The withdrawal is paid with its reference.
    await goToArea(c, 'Withdrawals & payouts');
    await c.getByLabel('Status').selectOption('paid');
    const paidRow = c
      .getByRole('listbox', { name: 'Withdrawals' })
      .getByRole('option')
      .filter({ hasText: AMOUNT });
    await paidRow.click();
    const paid = c.getByRole('article', { name: /Withdrawal/ });
    await paid.getByText(PAYMENT_REFERENCE).waitFor();
    expect(await paid.textContent()).toMatch(/paid · payment reference/);
    await screenshot(c, 'console-payouts-paid');
    expect(await axeFindings(c, { structure: true }), 'console-payouts-paid').toEqual([]);

    // The step-up code, replayed on the very same request, is refused.
    const replay = await opsCall(
      c,
      `/approvals/${requestId}/approve`,
      { payloadHash: request!.payloadHash },
      code,
    );
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe('INVALID_CODE');

    // The tiers in force, on Staff & policies (policies.read).
    await goToArea(c, 'Staff & policies');
    await c.getByRole('table', { name: 'Approval tiers in force, per action' }).waitFor();
    await screenshot(c, 'console-policies');
    expect(await axeFindings(c, { structure: true }), 'console-policies').toEqual([]);

    expect(maker.errors).toEqual([]);
    expect(checker.errors).toEqual([]);
  }, 180_000);
});
