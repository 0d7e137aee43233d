// The operator console's applications queue (issue 23), in Chromium at 1280 px as the demo
// payments maker: Lerato Dlamini's pending compensation claim (R 1,850.00, under the first tier of
// compensation.payout) shows its evidence image, loaded from the ops file route; approving it pays
// it out at once. Her R 30,000.00 loan is rejected with a reason and leaves the pending queue.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe';
import { launchBrowser, screenshot } from './support/browser';
import { signInConsole, type ConsolePage, goToArea } from './support/console';
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

const CLAIM = /ZAR\s1,850\.00/;
const LOAN = /ZAR\s30,000\.00/;

/** Opens an area from the navigation. */

describe('console: applications', () => {
  it('maker opens the claim with its evidence, approves it under the tier → paid; rejects the loan with a reason → gone', async () => {
    const maker = await signInConsole(browser, server, 'payments_maker');
    open.push(maker);
    const m = maker.page;
    await goToArea(m, 'Applications');
    const queue = m.getByRole('listbox', { name: 'Applications' });
    await queue.getByRole('option').filter({ hasText: LOAN }).waitFor();
    await screenshot(m, 'console-applications-queue');
    expect(await axeFindings(m, { structure: true }), 'console-applications-queue').toEqual([]);

    // The claim: its evidence image, really loaded (a broken image has no natural width).
    await queue.getByRole('option').filter({ hasText: CLAIM }).click();
    const claim = m.getByRole('article', { name: /Compensation claim/ });
    await expect
      .poll(() => claim.textContent())
      .toMatch(/Under the first tier: approving it pays out at once\./);
    const image = claim.getByRole('img', { name: /Evidence 1 of claim/ });
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/ops\/v1\/files\//);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await screenshot(m, 'console-applications-claim');
    expect(await axeFindings(m, { structure: true }), 'console-applications-claim').toEqual([]);

    await claim.getByRole('button', { name: 'Approve and pay' }).click();
    await m.getByText(/\S+ approved and paid\./).waitFor();
    await expect.poll(() => queue.getByRole('option').filter({ hasText: CLAIM }).count()).toBe(0);

    // The loan: rejected with a reason, it leaves the pending queue.
    await queue.getByRole('option').filter({ hasText: LOAN }).click();
    const loan = m.getByRole('article', { name: /Loan/ });
    await expect.poll(() => loan.textContent()).toMatch(/Affordability/);
    await loan.getByLabel(/Reason for rejecting/).fill('The instalment is too high for the income given.');
    await loan.getByRole('button', { name: 'Reject application' }).click();
    await m.getByText(/\S+ rejected; the client sees the reason\./).waitFor();
    await m.getByText('No applications here.').waitFor();

    // Both decided: the claim approved, the loan rejected with its reason.
    await m.getByLabel('Status').selectOption('all');
    await expect
      .poll(() =>
        queue
          .getByRole('option')
          .filter({ hasText: /approved/ })
          .count(),
      )
      .toBe(1);
    await queue.getByRole('option').filter({ hasText: LOAN }).click();
    await expect
      .poll(() => m.getByRole('article', { name: /Loan/ }).textContent())
      .toMatch(/rejected · reason: The instalment is too high/);

    expect(maker.errors).toEqual([]);
  }, 180_000);
});
