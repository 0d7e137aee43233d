// Funds in Chromium (issue 13 sections 2 and 4), on a desktop and at 375 px, each with a client of
// its own and business days of its own: Discover → the Fund Investment drawer (key facts read to
// the end before Subscribe enables, NAV chart, forward-pricing line) → amount → PIN → pending;
// the server stops, the ops CLI values the fund with the market clock past the valuation time,
// the server restarts on the same data → Portfolio shows the holding with its units → Redeem
// (next NAV, platform fee, PIN) → redemption pending → ops values the next day → History shows
// it sold with its profit. The market clock is set to fixed SAST moments (MARKET_TIME_SHIFT_MS),
// so forward pricing is deterministic whatever time the test runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newPage, screenshot } from './support/browser';
import { acceptCookiesUpFront, recordToasts, signIn, waitForPath } from './support/flows';
import { makeImage } from './support/images';
import { runOps } from './support/ops';
import { startServer, type RunningServer } from './support/server';
import { createFundedClient, enterPin, type TradingClient } from './support/trading';

const FUND_NAME = 'Imali Top 40 Index Fund';
/** A SAST wall-clock moment as epoch ms (SAST = UTC+2, no daylight saving). */
const sast = (day: string, time: string) => Date.parse(`${day}T${time}:00+02:00`);
/** '2026-12-02' → '2 Dec 2026', as the app writes days. */
const dayText = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

let dataDir: string;
let server: RunningServer | undefined;
let browser: Browser;
let idImage: string;

/** The market clock at `moment` from now on (the app clock stays real: sessions, PIN window). */
const shiftTo = (moment: number) => ({ MARKET_TIME_SHIFT_MS: String(moment - Date.now()) });

async function restartAt(moment: number): Promise<RunningServer> {
  await server?.stop();
  server = await startServer(shiftTo(moment), { dataDir });
  return server;
}

/** The ops CLI on the server's data while the server is stopped (PGlite has one owner). */
async function opsAt(moment: number, ...args: string[]): Promise<string> {
  const s = server!;
  await s.stop();
  return runOps({ ...s, env: { ...s.env, ...shiftTo(moment) } }, ...args);
}

beforeAll(async () => {
  // Our own data folder: the server is stopped and restarted on it around each valuation.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-e2e-funds-'));
  browser = await launchBrowser();
  idImage = await makeImage('funds-id', 'png');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

async function signedIn(viewport: { width: number; height: number }, client: TradingClient) {
  const opened = await newPage(browser, server!.url, viewport);
  await acceptCookiesUpFront(opened.context);
  await recordToasts(opened.context);
  await signIn(opened.page, client.mobile, client.password);
  await waitForPath(opened.page, '/dashboard');
  return opened;
}

async function noSideScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

// Two business days per viewport (JSE, no holidays), later for the phone: the market clock only
// moves forward on the shared data.
for (const [label, viewport, day1, day2] of [
  ['desktop', DESKTOP, '2026-11-30', '2026-12-01'],
  ['phone', PHONE, '2026-12-02', '2026-12-03'],
] as const) {
  describe(`funds (${label})`, { timeout: 300_000 }, () => {
    it('subscribe → ops values → holding with units → redeem → ops values → sold with profit', async () => {
      // 11:00 SAST, before the 14:00 cut-off: priced at that day's 15:00 valuation.
      await restartAt(sast(day1, '11:00'));
      const client = await createFundedClient(server!, idImage);
      let opened = await signedIn(viewport, client);
      let page = opened.page;
      await page.goto(`${server!.url}/discover`);
      const card = page.getByTestId('offering-card').filter({ hasText: FUND_NAME });
      await card.first().waitFor();
      // A fund's card: its benchmark and minimum, open-ended (no index level as a price, no shares).
      const cardText = await textOf(card.first());
      expect(cardText).toContain('MinimumZAR 1,000.00');
      expect(cardText).toContain('Open-ended · priced at the next NAV');
      expect(cardText).not.toContain('shares');
      await card.first().scrollIntoViewIfNeeded();
      await screenshot(page, `fund-discover-${label}`);
      await card.first().click();
      const drawer = page.getByRole('dialog', { name: 'Fund Investment' });
      await drawer.waitFor();
      const box = await drawer.boundingBox();
      expect(Math.round(box!.height)).toBe(Math.round(viewport.height * 0.85));
      const facts = drawer.getByTestId('fund-key-facts');
      await facts.waitFor();
      await drawer.getByTestId('latest-nav').waitFor();
      expect(await textOf(drawer.getByTestId('fund-cutoff'))).toContain(
        `Units are priced at the next valuation, ${dayText(day1)} 15:00 SAST.`,
      );
      const subscribe = drawer.getByRole('button', { name: 'Subscribe' });
      expect(await subscribe.isDisabled()).toBe(true);
      await noSideScroll(page, viewport.width);
      await screenshot(page, `fund-drawer-${label}`);

      // Read the key facts to their end.
      await facts.evaluate((el) => {
        el.scrollTop = el.scrollHeight;
        el.dispatchEvent(new Event('scroll'));
      });
      const amount = drawer.getByLabel('Amount (ZAR)');
      await amount.fill('500');
      await drawer.getByText('The minimum investment is ZAR 1,000.00').waitFor();
      await amount.fill('10000');
      await drawer.getByTestId('fund-preview').waitFor();
      await expect.poll(() => subscribe.isDisabled()).toBe(false);
      await subscribe.scrollIntoViewIfNeeded();
      await noSideScroll(page, viewport.width);
      await screenshot(page, `fund-form-${label}`);
      await subscribe.click();
      await enterPin(page, client.pin);
      await drawer.getByTestId('fund-placed').waitFor();
      await drawer.getByRole('button', { name: 'View in Portfolio' }).click();
      await waitForPath(page, '/portfolio/awaiting');
      const pending = page.getByTestId('order-row').filter({ hasText: FUND_NAME });
      await pending.waitFor();
      expect(await pending.getAttribute('data-status')).toBe('pending');
      expect(await textOf(pending)).toContain('priced at the next NAV');
      await pending.getByRole('button', { name: /open order details/ }).click();
      let receipt = page.getByRole('dialog', { name: 'Order Details' });
      await receipt.getByTestId('receipt').waitFor();
      expect(await textOf(receipt.getByTestId('fund-priced-at'))).toBe(
        `Units are priced at the next valuation, ${dayText(day1)} 15:00 SAST.`,
      );
      expect(await textOf(receipt.getByTestId('receipt-summary'))).toContain('AmountZAR 10,000.00');
      await noSideScroll(page, viewport.width);
      await screenshot(page, `fund-pending-${label}`);
      expect(opened.errors).toEqual([]);
      await opened.context.close();

      // The valuation: the server stops, ops values at 15:30 SAST, the server comes back then.
      // Behind a preview and a second approval (decision 0064): `fund value` shows the NAV strike
      // and asks for it; the second product ops staff approves it (support/ops.ts), which values.
      const valued = await opsAt(sast(day1, '15:30'), 'fund', 'value');
      expect(valued).toMatch(/IMT40 \(through \d{4}-\d{2}-\d{2}\): 1 subscription\(s\) to value/);
      expect(valued).toMatch(/Request #\d+ \(fund\.nav_strike\) approved and done/);
      expect(valued).toMatch(/"code":"IMT40".*"subscriptions":1/);
      await restartAt(sast(day1, '15:35'));

      opened = await signedIn(viewport, client);
      page = opened.page;
      await page.goto(`${server!.url}/portfolio/holding`);
      const holding = page.getByTestId('order-row').filter({ hasText: FUND_NAME });
      await holding.waitFor();
      expect(await holding.getAttribute('data-status')).toBe('holding');
      expect(await textOf(holding)).toMatch(/[\d,]+\.\d{4} units at NAV ZAR \d+\.\d{4}/);
      await noSideScroll(page, viewport.width);
      await screenshot(page, `fund-holding-${label}`);
      await holding.getByRole('button', { name: /open order details/ }).click();
      receipt = page.getByRole('dialog', { name: 'Order Details' });
      await receipt.getByTestId('receipt').waitFor();
      expect(await textOf(receipt.getByTestId('fund-units'))).toMatch(/^[\d,]+\.\d{4} units$/);
      const returns = await textOf(receipt.getByTestId('receipt-returns'));
      expect(returns).toContain('Unrealised Gains');
      expect(returns).toContain('Held Position Return');
      const fundBlock = await textOf(receipt.getByTestId('receipt-fund'));
      expect(fundBlock).toMatch(/NAV paidZAR \d+\.\d{4}/);
      expect(fundBlock).toMatch(/Current NAV \(.+\)ZAR \d+\.\d{4}/);
      await receipt.getByTestId('receipt-fund').scrollIntoViewIfNeeded();
      await screenshot(page, `fund-receipt-${label}`);

      // Redeem: at the next NAV (the next business day's, after today's cut-off), with the PIN.
      await receipt.getByRole('button', { name: 'Redeem' }).click();
      const redeem = page.getByRole('dialog', { name: 'Redeem units' });
      await redeem.getByTestId('fund-redeem').waitFor();
      expect(await textOf(redeem.getByTestId('fund-redeem-nav'))).toContain(
        'Units are redeemed at the next NAV',
      );
      expect(await textOf(redeem.getByTestId('fund-redeem-fee'))).toContain(
        'Platform fee: 0.35% a year for the days held',
      );
      await noSideScroll(page, viewport.width);
      await screenshot(page, `fund-redeem-${label}`);
      await redeem.getByRole('button', { name: 'Redeem at the next NAV' }).click();
      await enterPin(page, client.pin);
      const requested = page.getByRole('dialog', { name: 'Redemption requested' });
      await requested.getByTestId('fund-redeem-requested').waitFor();
      expect(await textOf(requested)).toContain('Redemption pending');
      await requested.getByRole('button', { name: 'Done' }).click();
      await requested.waitFor({ state: 'detached' });
      await expect
        .poll(() => textOf(holding.getByTestId('order-status')), { timeout: 10_000 })
        .toBe('REDEMPTION PENDING');
      expect(await holding.getByRole('button', { name: `Redeem IMT40` }).isDisabled()).toBe(true);
      await screenshot(page, `fund-redeeming-${label}`);
      expect(opened.errors).toEqual([]);
      await opened.context.close();

      // The redemption's valuation: the next business day at 15:30 SAST.
      const paid = await opsAt(sast(day2, '15:30'), 'fund', 'value');
      expect(paid).toMatch(
        /IMT40 \(through \d{4}-\d{2}-\d{2}\): \d+ subscription\(s\) to value, 1 redemption\(s\) to pay/,
      );
      expect(paid).toMatch(/"code":"IMT40".*"redemptions":1/);
      await restartAt(sast(day2, '15:35'));

      opened = await signedIn(viewport, client);
      page = opened.page;
      await page.goto(`${server!.url}/portfolio/history`);
      const sold = page.getByTestId('order-row').filter({ hasText: FUND_NAME });
      await sold.waitFor();
      expect(await sold.getAttribute('data-status')).toBe('sold');
      expect(await textOf(sold)).toMatch(/Sell valueZAR [\d,]+\.\d{2}[+-]?ZAR [\d,]+\.\d{2} \(/);
      await screenshot(page, `fund-history-${label}`);
      await sold.getByRole('button', { name: /open order details/ }).click();
      receipt = page.getByRole('dialog', { name: 'Order Details' });
      await receipt.getByTestId('receipt').waitFor();
      expect(await textOf(receipt.getByTestId('receipt-returns'))).toMatch(
        /Holding Returns[+-]?ZAR [\d,]+\.\d{2}/,
      );
      const soldBlock = await textOf(receipt.getByTestId('receipt-fund'));
      expect(soldBlock).toMatch(/Redemption NAVZAR \d+\.\d{4}/);
      expect(soldBlock).toMatch(/Platform feeZAR \d+\.\d{2}/);
      await receipt.getByTestId('receipt-fund').scrollIntoViewIfNeeded();
      await screenshot(page, `fund-sold-${label}`);
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    });
  });
}
