// The console's policies (issue 23, screen 7; decision 0063), in Chromium at 1280 px: treasury@
// proposes a change of the withdrawal tiers (the first threshold lowered to R20,000.01), sees the
// tiers in force beside the proposal, requests it → waiting; it cannot approve its own request
// (not in its inbox; the API answers 403); treasury2@ approves it from Approvals with step-up →
// the Policies section shows version 2. Then the same for the client money limits (ZAR's minimum
// deposit R1,000 → R200): version 0 (the configuration) → version 1, and for the ZA fees (brokerage
// 0.25% → 0.30%, scheduled 15 minutes on, a worked example in the preview). axe finds no serious
// violation on the page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../apps/api/src/db/seed';
import { axeFindings } from './support/axe';
import { launchBrowser, screenshot } from './support/browser';
import { answerStepUp, freshCode, signInConsole, type ConsolePage, goToArea } from './support/console';
import { startServer, type RunningServer } from './support/server';
import type { DemoStaff } from './support/staff';

let server: RunningServer;
let browser: Browser;
const open: ConsolePage[] = [];

beforeAll(async () => {
  server = await startServer({ SKIP_WEB_BUILD: 'true' });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  for (const c of open) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

const demo = (email: string): DemoStaff => {
  const staff = DEMO_STAFF.find((s) => s.email === email);
  if (!staff) throw new Error(`no demo staff ${email}`);
  return { email: staff.email, password: DEMO_STAFF_PASSWORD, totpSecret: staff.totpSecret };
};

/** The id in "Waiting for approval by 1 checker (request #N)". */
async function waitingRequestId(page: Page) {
  const waiting = page.getByText(/Waiting for approval by 1 checker \(request #(\d+)/);
  await waiting.waitFor();
  return /#(\d+)/.exec((await waiting.textContent()) ?? '')![1]!;
}

/** The maker's own request: not in its inbox, and the API refuses its approval (403). */
async function makerCannotApprove(maker: ConsolePage, requestId: string) {
  const m = maker.page;
  await goToArea(m, 'Approvals');
  await m.getByRole('heading', { level: 1 }).waitFor();
  await expect.poll(() => m.getByRole('article', { name: new RegExp(`#${requestId} `) }).count()).toBe(0);
  const hash = (
    (await (await m.request.get(`${server.opsUrl}/ops/v1/approvals/${requestId}`)).json()) as {
      data: { payloadHash: string };
    }
  ).data.payloadHash;
  const refused = await m.request.post(`${server.opsUrl}/ops/v1/approvals/${requestId}/approve`, {
    data: { payloadHash: hash },
    headers: {
      origin: server.opsUrl,
      'content-type': 'application/json',
      'x-step-up-code': await freshCode(maker.staff),
    },
  });
  expect(refused.status(), await refused.text()).toBe(403);
}

/**
 * The checker approves the request from Approvals with a fresh code, having read what changes in
 * words (`reads`: the tiers' summary, the fee or limit lines from → to), not only raw fields.
 */
async function checkerApproves(checker: ConsolePage, requestId: string, label: RegExp, reads: RegExp) {
  const c = checker.page;
  await goToArea(c, 'Approvals');
  const card = c.getByRole('article', { name: new RegExp(`#${requestId} ${label.source}`) });
  await card.waitFor();
  expect(await card.textContent()).toMatch(reads);
  await screenshot(c, `console-policies-approve-${requestId}`);
  await card.getByRole('button', { name: 'Approve' }).click();
  await answerStepUp(checker);
  await c.getByText(`Request #${requestId} approved and done.`).waitFor();
}

describe('console: policies (tiers and limits changed through four eyes)', () => {
  it('treasury proposes tiers and limits, cannot approve them; treasury2 approves with step-up; the new versions show', async () => {
    const treasury = await signInConsole(browser, server, demo('treasury@demo.imali.test'));
    open.push(treasury);
    const t = treasury.page;
    await goToArea(t, 'Staff & policies');
    const tiers = t.getByRole('table', { name: 'Approval tiers in force, per action' });
    await expect.poll(() => tiers.textContent()).toMatch(/ZAR\s50,000\.01 to ZAR\s1,000,000\.00/);

    // The tiers: start from those in force, lower the first threshold, preview both sides.
    const form = t.getByRole('form', { name: 'Propose a change of tiers' });
    await form.getByLabel('Action').selectOption('withdrawal.pay');
    await form.getByLabel('Tier 2 from amount').fill('20000.01');
    await form.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = form.getByRole('region', { name: 'Tiers preview' });
    await expect
      .poll(() => preview.getByRole('table', { name: 'Tiers now' }).textContent())
      .toMatch(/50,000\.01/);
    expect(await preview.getByRole('table', { name: 'Tiers proposed' }).textContent()).toMatch(/20,000\.01/);
    expect(await preview.textContent()).toMatch(/Proposed: version 2/);
    expect(await axeFindings(t), 'console-policies-preview').toEqual([]);
    await screenshot(t, 'console-policies-tiers-preview');
    await preview.getByRole('button', { name: 'Request approval' }).click();
    const tiersRequest = await waitingRequestId(t);
    await screenshot(t, 'console-policies-tiers-waiting');

    // The limits: ZAR's minimum deposit from R1,000 to R200.
    const limitsForm = t.getByRole('form', { name: 'Propose new limits' });
    await limitsForm.getByLabel('ZAR minimum deposit').fill('200');
    await limitsForm.getByRole('button', { name: 'Preview limits' }).click();
    const limitsPreview = limitsForm.getByRole('region', { name: 'Limits preview' });
    await expect
      .poll(() => limitsPreview.textContent())
      .toMatch(/ZAR\s*Minimum deposit\s*ZAR\s1,000\.00\s*ZAR\s200\.00/);
    await screenshot(t, 'console-policies-limits-preview');
    await limitsPreview.getByRole('button', { name: 'Request approval of the limits' }).click();
    const limitsRequest = await limitsForm
      .getByText(/Waiting for approval by 1 checker \(request #(\d+)/)
      .textContent()
      .then((text) => /#(\d+)/.exec(text ?? '')![1]!);

    // The fees: ZA brokerage 0.25% → 0.30%, from 15 minutes on (at least two after the approval).
    const feesForm = t.getByRole('form', { name: 'Propose new fees' });
    await feesForm.getByLabel('Brokerage rate').fill('0.003');
    const inFifteen = await t.evaluate(() => {
      const d = new Date(Date.now() + 15 * 60_000);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    });
    await feesForm.getByLabel(/Effective from/).fill(inFifteen);
    await feesForm.getByRole('button', { name: 'Preview fees' }).click();
    const feesPreview = feesForm.getByRole('region', { name: 'Fees preview' });
    await expect.poll(() => feesPreview.textContent()).toMatch(/brokerage\s*rate\s*0\.0025\s*0\.003/);
    // The worked example: a R10,000 buy costs R62.40 in fees today.
    expect(await feesPreview.getByRole('table', { name: 'Worked example' }).textContent()).toMatch(/62\.40/);
    expect(await axeFindings(t), 'console-policies-fees-preview').toEqual([]);
    await screenshot(t, 'console-policies-fees-preview');
    await feesPreview.getByRole('button', { name: 'Request approval of the fees' }).click();
    const feesRequest = await feesForm
      .getByText(/Waiting for approval by 1 checker \(request #(\d+)/)
      .textContent()
      .then((text) => /#(\d+)/.exec(text ?? '')![1]!);

    // The maker cannot approve either (UI and API).
    await makerCannotApprove(treasury, tiersRequest);
    await makerCannotApprove(treasury, limitsRequest);
    await makerCannotApprove(treasury, feesRequest);

    // A second treasury user approves both, each with a fresh code.
    const checker = await signInConsole(browser, server, demo('treasury2@demo.imali.test'));
    open.push(checker);
    await checkerApproves(checker, tiersRequest, /Change approval tiers/, /Summary.*→/);
    // The limits and fees as tables of each change: the ZAR minimum deposit → R200, the
    // brokerage rate 0.25 % → 0.30 %.
    await checkerApproves(checker, limitsRequest, /Change limits/, /ZAR\s*Minimum deposit.*200\.00/);
    await checkerApproves(checker, feesRequest, /Change fees/, /brokerage.*0\.25\s*%.*0\.3/i);

    // The Policies section shows the new versions.
    await goToArea(t, 'Staff & policies');
    await expect
      .poll(() => t.getByRole('table', { name: 'Approval tiers in force, per action' }).textContent())
      .toMatch(/ZAR\s20,000\.01 to ZAR\s1,000,000\.00/);
    expect(await tiers.textContent()).toMatch(/v2/);
    const limits = t.getByRole('table', { name: 'Client money limits in force' });
    await expect.poll(() => limits.textContent()).toMatch(/ZAR\s*ZAR\s200\.00/);
    expect(await t.getByText(/^Version 1, in force from/).count()).toBe(1);
    // The new ZA fees are scheduled, the shipped ones still in force.
    await expect
      .poll(() => t.getByRole('heading', { name: /^ZA: Version ZA-2026-11/ }).textContent())
      .toMatch(/Version ZA-\d{12} applies from/);
    expect(await axeFindings(t, { structure: true }), 'console-policies').toEqual([]);
    await screenshot(t, 'console-policies-after');
    await limits.scrollIntoViewIfNeeded();
    await screenshot(t, 'console-policies-limits-after');

    expect(treasury.errors).toEqual([]);
    expect(checker.errors).toEqual([]);
  }, 300_000);
});
