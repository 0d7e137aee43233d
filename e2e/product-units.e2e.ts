// Each product in its own units (issue 24 points 1, 2, 3, 6 and 12; decision 0041), in Chromium
// at 1280 px and 375 px, a client each: the demo structured product's Discover › Quant card and
// hot-deal card show the underlying's level in points and the limits as amounts; the client
// subscribes ZAR 3,000 to it and ZAR 1,000 to the demo fund; the operator values the fund and
// starts the product (ops CLI, market clock moved); Portfolio › Holding shows the note as an
// amount invested at a level in points and the fund as 4-decimal units at a NAV in ZAR; their
// receipts name each fee on its side; Summary and the Holding row show the same truncated return.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { loginToken } from './support/api';
import { PHONE, launchBrowser, newPage, screenshot } from './support/browser';
import { acceptCookiesUpFront, signIn, waitForPath } from './support/flows';
import { makeImage } from './support/images';
import { runOps } from './support/ops';
import { startServer, type RunningServer } from './support/server';
import { createFundedClient, enterPin, type TradingClient } from './support/trading';

const DESKTOP_1280 = { width: 1280, height: 860 };
const NOTE = 'Top 40 Protected Growth Note';
const FUND = 'Imali Top 40 Index Fund';
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const VIEWPORTS = [
  ['desktop', DESKTOP_1280],
  ['phone', PHONE],
] as const;

/** The next Monday–Friday 10:00 SAST (08:00 UTC) after `ms`: a dealing morning, before the fund cut-off. */
function nextWeekdayMorning(ms: number): number {
  let day = Math.floor(ms / DAY_MS) + 1;
  while ([0, 6].includes(new Date(day * DAY_MS).getUTCDay())) day += 1;
  return day * DAY_MS + 8 * HOUR_MS;
}

/** The first Saturday noon (UTC) at or after `ms`: every exchange closed, levels stand still. */
function saturdayNoonFrom(ms: number): number {
  let day = Math.floor(ms / DAY_MS);
  for (;;) {
    const at = day * DAY_MS + 12 * HOUR_MS;
    if (new Date(at).getUTCDay() === 6 && at >= ms) return at;
    day += 1;
  }
}

const shiftTo = (moment: number) => ({ MARKET_TIME_SHIFT_MS: String(moment - Date.now()) });

let dataDir: string;
let server: RunningServer | undefined;
let browser: Browser;
let idImage: string;
const clients = new Map<string, TradingClient>();

async function restartAt(moment: number) {
  await server?.stop();
  server = await startServer(shiftTo(moment), { dataDir });
}

/** The ops CLI on the data while the server is stopped (PGlite has one owner), at a market moment. */
async function opsAt(moment: number, ...args: string[]): Promise<string> {
  const s = server!;
  await s.stop();
  return runOps({ ...s, env: { ...s.env, ...shiftTo(moment) } }, ...args);
}

async function api<T>(client: TradingClient, p: string): Promise<T> {
  const token = await loginToken(server!, client.mobile, client.password);
  const res = await fetch(server!.url + p, { headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`GET ${p} → ${res.status}: ${json.message}`);
  return json.data;
}

async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

async function signedIn(viewport: { width: number; height: number }, client: TradingClient) {
  const opened = await newPage(browser, server!.url, viewport);
  await acceptCookiesUpFront(opened.context);
  await signIn(opened.page, client.mobile, client.password);
  await waitForPath(opened.page, '/dashboard');
  return opened;
}

async function noSideScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Scrolls a drawer's key-facts box to its end (Subscribe enables once it is read). */
async function readToEnd(box: Locator) {
  await box.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
    el.dispatchEvent(new Event('scroll'));
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-e2e-units-'));
  browser = await launchBrowser();
  idImage = await makeImage('units-id', 'png');
  await restartAt(nextWeekdayMorning(Date.now()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('product units', () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`${label}: the Quant card in points and amounts; subscribe to the note and the fund`, async () => {
      const client = await createFundedClient(server!, idImage);
      clients.set(label, client);
      const { page, context, errors } = await signedIn(viewport, client);

      // Dashboard › Hot deals: the note's compact card.
      const hot = page.getByTestId('hot-list').getByTestId('offering-card').filter({ hasText: NOTE });
      await hot.waitFor();
      const hotText = await textOf(hot);
      expect(hotText).toMatch(/SA40 level[\d,]+\.\d{2} pts/);
      expect(hotText).not.toContain('Market price');
      await hot.scrollIntoViewIfNeeded();
      await screenshot(page, `units-hot-deal-${label}`);

      // Discover › Quant: the level in points, the limits as amounts (never shares, never rand).
      await page.goto(`${server!.url}/discover`);
      await page.getByRole('tab', { name: 'Quant' }).click();
      const card = page.getByTestId('offering-card').filter({ hasText: NOTE });
      await card.waitFor();
      const cardText = await textOf(card);
      expect(cardText).toMatch(/SA40 level[\d,]+\.\d{2} pts/);
      expect(cardText).toContain('MinimumZAR 1,000.00');
      expect(await textOf(card.getByTestId('offering-limits'))).toBe(
        'ZAR 1,000.00 – ZAR 500,000.00 per client',
      );
      expect(cardText).not.toMatch(/shares?\b|Market price/);
      await noSideScroll(page, viewport.width);
      await screenshot(page, `units-discover-quant-${label}`);

      // Subscribe ZAR 3,000.
      await card.click();
      const drawer = page.getByRole('dialog', { name: 'Structured Investment' });
      await drawer.waitFor();
      expect(await textOf(drawer.getByTestId('quant-level'))).toMatch(/^[\d,]+\.\d{2} pts$/);
      await readToEnd(drawer.getByTestId('key-information'));
      await drawer.getByLabel('Amount (ZAR)').fill('3000');
      expect(await textOf(drawer.getByTestId('quant-held'))).toBe('ZAR 3,030.00');
      await drawer.getByRole('button', { name: 'Subscribe' }).click();
      await enterPin(page, client.pin);
      await drawer.getByTestId('order-placed').waitFor();
      await drawer.getByRole('button', { name: 'View in Portfolio' }).click();
      await waitForPath(page, '/portfolio/awaiting');
      const awaiting = page.getByTestId('order-row').filter({ hasText: NOTE });
      await awaiting.waitFor();
      expect(await textOf(awaiting.getByTestId('order-holding'))).toMatch(
        /^ZAR 3,000\.00 invested · starts \d{1,2} \w{3} \d{4}$/,
      );
      expect(await textOf(awaiting)).not.toMatch(/shares?\b/);
      await screenshot(page, `units-awaiting-${label}`);

      // Its receipt: no price, no quotation; the entry cost named on the subscription side.
      await awaiting.getByRole('button', { name: /open order details/ }).click();
      const receipt = page.getByRole('dialog', { name: 'Order Details' });
      await receipt.getByTestId('receipt').waitFor();
      const receiptText = await textOf(receipt.getByTestId('receipt'));
      expect(receiptText).not.toMatch(/shares?\b|Order price|Last price|Buy quotation|Typequant/);
      expect(receiptText).toContain('TypeStructured Investment');
      const fees = receipt.getByTestId('receipt-fees');
      expect(await textOf(fees.getByRole('group', { name: 'Subscription fees' }))).toContain(
        'Entry costZAR 30.00',
      );
      expect(await textOf(fees)).not.toContain('Brokerage');
      expect(await textOf(fees)).toContain("Fee schedule: The product's terms: entry and early-exit costs");
      await fees.scrollIntoViewIfNeeded();
      await screenshot(page, `units-receipt-subscribed-${label}`);
      await page.keyboard.press('Escape');

      // The fund: ZAR 1,000 at the next NAV; its NAV per unit in ZAR with four decimals.
      await page.goto(`${server!.url}/discover`);
      await page.getByRole('tab', { name: 'Fund' }).click();
      const fundCard = page.getByTestId('offering-card').filter({ hasText: FUND }).first();
      await fundCard.waitFor();
      expect(await textOf(fundCard)).not.toMatch(/shares?\b/);
      await fundCard.click();
      const fundDrawer = page.getByRole('dialog', { name: 'Fund Investment' });
      await fundDrawer.getByTestId('latest-nav').waitFor();
      expect(await textOf(fundDrawer.getByTestId('latest-nav'))).toMatch(/^ZAR \d{1,3}(,\d{3})*\.\d{4}$/);
      await readToEnd(fundDrawer.getByTestId('fund-key-facts'));
      await fundDrawer.getByLabel('Amount (ZAR)').fill('1000');
      const preview = fundDrawer.getByTestId('fund-preview');
      await preview.waitFor();
      expect(await textOf(preview)).toMatch(/Indicative units at ZAR \d+\.\d{4}[\d,]+\.\d{4} units/);
      expect(await textOf(fundDrawer)).not.toMatch(/\bR\d/);
      await preview.scrollIntoViewIfNeeded();
      await screenshot(page, `units-fund-drawer-${label}`);
      const subscribe = fundDrawer.getByRole('button', { name: 'Subscribe' });
      await expect.poll(() => subscribe.isDisabled()).toBe(false);
      await subscribe.click();
      await enterPin(page, client.pin);
      await fundDrawer.getByTestId('fund-placed').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  // The ops CLI runs as several processes, each run approved by a second staff user: 300 s.
  it('the operator values the fund and starts the note (market clock moved)', async () => {
    const client = clients.get('desktop')!;
    const awaiting = await api<
      Array<{
        ttype: string;
        fund?: { valuation: { at: string } };
        structured?: { start_at: string };
      }>
    >(client, '/api/client/app/v1/order/awaiting');
    const valuation = Date.parse(awaiting.find((o) => o.ttype === 'fund')!.fund!.valuation.at);
    const start = Date.parse(awaiting.find((o) => o.ttype === 'quant')!.structured!.start_at);
    // Each run behind a preview and a second approval (decision 0064; support/ops.ts approves).
    const valued = await opsAt(valuation + 30 * 60_000, 'fund', 'value');
    expect(valued).toMatch(/2 subscription\(s\) to value/);
    expect(valued).toMatch(/\(fund\.nav_strike\) approved and done[\s\S]*"subscriptions":2/);
    // A Saturday after the start: the market is closed, so every screen values at the same level.
    const started = saturdayNoonFrom(start + HOUR_MS);
    const run = await opsAt(started, 'quant', 'run');
    // Both viewports subscribed to the note: two subscriptions captured at the start.
    expect(run).toMatch(/start at .*: 2 subscriptions to capture/);
    expect(run).toMatch(
      /\(quant\.start\) approved and done[\s\S]*"step":"start","level":"[\d.]+","orders":2/,
    );
    await restartAt(started + 10 * 60_000);
  }, 300_000);

  for (const [label, viewport] of VIEWPORTS) {
    it(`${label}: Holding, the receipts and Summary in each product's own units`, async () => {
      const client = clients.get(label)!;
      const { page, context, errors } = await signedIn(viewport, client);
      await page.goto(`${server!.url}/portfolio/holding`);

      // The note: an amount invested at the underlying's level in points, never shares at ZAR 0.01.
      const note = page.getByTestId('order-row').filter({ hasText: NOTE });
      await note.waitFor();
      expect(await textOf(note.getByTestId('order-holding'))).toMatch(
        /^ZAR 3,000\.00 invested · level [\d,]+\.\d{2} pts$/,
      );
      const noteText = await textOf(note);
      expect(noteText).not.toMatch(/shares?\b|ZAR 0\.01/);
      // One signed rule: '+ZAR …' for a gain, '-ZAR …' for a loss, with the ratio's own sign.
      const returns = /([+-]?ZAR [\d,]+\.\d{2}) \(([+-]?\d+\.\d{2}%)\)/.exec(noteText);
      expect(returns, noteText).not.toBeNull();
      const [, rowMoney, rowRatio] = returns!;
      expect(rowMoney!.startsWith('-') || rowMoney!.startsWith('+') || rowMoney === 'ZAR 0.00').toBe(true);

      // The fund: units with 4 decimals at a NAV per unit in ZAR with 4 decimals.
      const fund = page.getByTestId('order-row').filter({ hasText: FUND });
      await fund.waitFor();
      expect(await textOf(fund.getByTestId('order-holding'))).toMatch(
        /^[\d,]+\.\d{4} units at NAV ZAR \d{1,3}(,\d{3})*\.\d{4}$/,
      );
      await noSideScroll(page, viewport.width);
      await screenshot(page, `units-holding-${label}`);

      // The note's receipt: the level today in points, the same return, the fee on its side.
      await note.getByRole('button', { name: /open order details/ }).click();
      let receipt = page.getByRole('dialog', { name: 'Order Details' });
      await receipt.getByTestId('receipt').waitFor();
      expect(await textOf(receipt.getByTestId('structured-level'))).toMatch(/^[\d,]+\.\d{2} pts$/);
      const receiptText = await textOf(receipt.getByTestId('receipt'));
      expect(receiptText).not.toMatch(/shares?\b|Order price|Last price|ZAR 0\.01|Typequant/);
      const yieldText = await textOf(receipt.getByTestId('receipt-returns'));
      expect(yieldText).toContain(`Unrealised Gains${rowMoney}`);
      expect(yieldText).toContain(`Held Position Return${rowRatio}`);
      await receipt.getByTestId('receipt-structured').scrollIntoViewIfNeeded();
      await screenshot(page, `units-receipt-note-${label}`);
      await receipt.getByTestId('receipt-fees').scrollIntoViewIfNeeded();
      expect(
        await textOf(receipt.getByTestId('receipt-fees').getByRole('group', { name: 'Subscription fees' })),
      ).toContain('Entry costZAR 30.00');
      await screenshot(page, `units-receipt-note-fees-${label}`);
      await page.keyboard.press('Escape');
      await receipt.waitFor({ state: 'detached' });

      // The fund's receipt: units and NAVs in their rule; no upfront fee, said as such.
      await fund.getByRole('button', { name: /open order details/ }).click();
      receipt = page.getByRole('dialog', { name: 'Order Details' });
      await receipt.getByTestId('receipt').waitFor();
      expect(await textOf(receipt.getByTestId('fund-units'))).toMatch(/^[\d,]+\.\d{4} units$/);
      const fundText = await textOf(receipt.getByTestId('receipt'));
      expect(fundText).toMatch(/NAV paidZAR \d{1,3}(,\d{3})*\.\d{4}/);
      expect(fundText).toContain('TypeFund Investment');
      expect(fundText).not.toMatch(/\bR\d|Brokerage/);
      const fundFees = receipt.getByTestId('receipt-fees');
      expect(await textOf(fundFees)).toContain('No upfront feeZAR 0.00');
      expect(await textOf(fundFees)).toContain('Fund charges: costs in the NAV, platform fee on redemption');
      await fundFees.scrollIntoViewIfNeeded();
      await screenshot(page, `units-receipt-fund-${label}`);
      await page.keyboard.press('Escape');
      await receipt.waitFor({ state: 'detached' });

      // Summary: the same return as the Holding row (exact ratio, truncated once), the amount invested.
      await page.goto(`${server!.url}/portfolio/summary`);
      const structured = page.getByTestId('breakdown-quant').getByTestId('position-row').first();
      await structured.waitFor({ timeout: 20_000 });
      expect(await textOf(structured.getByTestId('position-quantity'))).toBe('ZAR 3,000.00');
      expect(await textOf(structured.getByTestId('position-unrealised'))).toBe(`${rowMoney} (${rowRatio})`);
      expect(await textOf(structured)).not.toMatch(/units?\b|shares?\b/);
      // The fund's position: units and its cost per unit with the NAV's four decimals.
      const fundPosition = page.getByTestId('breakdown-fund').getByTestId('position-row').first();
      expect(await textOf(fundPosition.getByTestId('position-quantity'))).toMatch(/^[\d,]+\.\d{4} units$/);
      expect(await textOf(fundPosition.getByTestId('position-average-cost'))).toMatch(/^ZAR \d+\.\d{4}$/);
      await structured.scrollIntoViewIfNeeded();
      await screenshot(page, `units-summary-${label}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
