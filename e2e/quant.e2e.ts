// Structured products in Chromium (issue 13 section 3), on a desktop and at 375 px, each with a
// client of its own: Discover → the Structured Investment drawer (key information read to its end
// before Subscribe enables, scenario table, risk score) → amount → PIN → awaiting; then the server
// stops, the ops CLI matures the product with the market clock shifted past maturity, the server
// restarts on the same data, and History shows the order sold with its payoff.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newPage, screenshot } from './support/browser';
import { acceptCookiesUpFront, recordToasts, signIn, waitForPath } from './support/flows';
import { makeImage } from './support/images';
import { runOps } from './support/ops';
import { startServer, type RunningServer } from './support/server';
import { createFundedClient, enterPin } from './support/trading';

const DAY_MS = 86_400_000;

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let idImage: string;

beforeAll(async () => {
  // Our own data folder: the server is stopped and restarted on it around the maturity.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-e2e-quant-'));
  server = await startServer({}, { dataDir });
  browser = await launchBrowser();
  idImage = await makeImage('quant-id', 'png');
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

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`structured products (${label})`, { timeout: 300_000 }, () => {
    it('subscribe → maturity (ops, market clock shifted) → history with the payoff', async () => {
      const client = await createFundedClient(server, idImage);
      const name = `E2E Top 40 note ${label}`;
      const created = await runOps(
        server,
        ...['quant', 'create', '--name', name, '--symbol', 'SA40', '--start', '+1d', '--maturity', '+60d'],
        ...[
          '--protection',
          '90',
          '--participation',
          '120',
          '--cap',
          '140',
          '--min',
          '1000',
          '--max',
          '50000',
        ],
        ...['--entry-fee', '1', '--early-exit', 'daily', '--exit-cost', '2', '--open'],
      );
      const id = Number(/Structured product (\d+) created/.exec(created)![1]);

      let opened = await newPage(browser, server.url, viewport);
      await acceptCookiesUpFront(opened.context);
      await recordToasts(opened.context);
      let page = opened.page;
      await signIn(page, client.mobile, client.password);
      await waitForPath(page, '/dashboard');
      await page.goto(`${server.url}/discover`);
      const card = page.getByTestId('offering-card').filter({ hasText: name });
      await card.waitFor();
      await card.click();
      const drawer = page.getByRole('dialog', { name: 'Structured Investment' });
      await drawer.waitFor();
      const box = await drawer.boundingBox();
      expect(Math.round(box!.height)).toBe(Math.round(viewport.height * 0.85));
      const kid = drawer.getByTestId('key-information');
      await kid.waitFor();
      const table = drawer.getByTestId('scenario-table');
      expect(await table.locator('tbody tr').count()).toBe(4);
      for (const s of ['Stress', 'Unfavourable', 'Moderate', 'Favourable'])
        await table.getByRole('rowheader', { name: new RegExp(s) }).waitFor();
      expect(await textOf(drawer.getByTestId('risk-score'))).toMatch(/risk \(\d of 7\)/);
      const subscribe = drawer.getByRole('button', { name: 'Subscribe' });
      expect(await subscribe.isDisabled()).toBe(true);
      await drawer.getByTestId('read-hint').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await screenshot(page, `quant-drawer-${label}`);

      // Read the key information to its end.
      await kid.evaluate((el) => {
        el.scrollTop = el.scrollHeight;
        el.dispatchEvent(new Event('scroll'));
      });
      await expect.poll(() => subscribe.isDisabled()).toBe(false);
      await kid.getByTestId('kid-end').waitFor();
      await drawer.getByLabel('Amount (ZAR)').fill('500');
      await drawer.getByLabel('Amount (ZAR)').blur();
      await drawer.getByText('The minimum for this product is 1000.00 ZAR.').waitFor();
      await drawer.getByLabel('Amount (ZAR)').fill('10000');
      expect(await textOf(drawer.getByTestId('quant-held'))).toBe('ZAR 10,100.00');
      await subscribe.scrollIntoViewIfNeeded();
      await screenshot(page, `quant-form-${label}`);
      await subscribe.click();
      await enterPin(page, client.pin);
      await drawer.getByTestId('order-placed').waitFor();
      await screenshot(page, `quant-placed-${label}`);
      await drawer.getByRole('button', { name: 'View in Portfolio' }).click();
      await waitForPath(page, '/portfolio/awaiting');
      const awaiting = page.getByTestId('order-row').filter({ hasText: name });
      await awaiting.waitFor();
      expect(await awaiting.getAttribute('data-status')).toBe('awaiting');
      await opened.context.close();

      // Maturity: the server stops (it owns the data folder), the ops CLI matures the product
      // with the market clock 90 days ahead, the server comes back on the same data.
      await server.stop();
      // Behind approvals (decision 0064): not started yet, so the start is asked for first, then
      // the maturity; each is approved by the second product ops staff (support/ops.ts).
      const later = { ...server, env: { ...server.env, MARKET_TIME_SHIFT_MS: String(90 * DAY_MS) } };
      const started = await runOps(later, 'quant', 'mature', String(id));
      expect(started).toMatch(/start at .*: 1 subscriptions to capture/);
      expect(started).toMatch(/\(quant\.start\) approved and done[\s\S]*"orders":1/);
      const matured = await runOps(later, 'quant', 'mature', String(id));
      expect(matured).toMatch(/maturity at .*: 1 orders to pay/);
      expect(matured).toMatch(/\(quant\.mature\) approved and done[\s\S]*"orders":1/);
      server = await startServer({}, { dataDir });

      opened = await newPage(browser, server.url, viewport);
      await acceptCookiesUpFront(opened.context);
      page = opened.page;
      await signIn(page, client.mobile, client.password);
      await waitForPath(page, '/dashboard');
      await page.goto(`${server.url}/portfolio/history`);
      const row = page.getByTestId('order-row').filter({ hasText: name });
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('sold');
      await screenshot(page, `quant-history-${label}`);
      await row.getByRole('button', { name: /open order details/ }).click();
      const receipt = page.getByRole('dialog', { name: 'Order Details' });
      await receipt.getByTestId('receipt').waitFor();
      const structured = await textOf(receipt.getByTestId('receipt-structured'));
      expect(structured).toMatch(/Payoff at maturityZAR [\d,]+\.\d{2}/);
      expect(await textOf(receipt.getByTestId('receipt-returns'))).toMatch(/Holding Returns/);
      await receipt.getByTestId('receipt-structured').scrollIntoViewIfNeeded();
      await screenshot(page, `quant-receipt-${label}`);
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    });
  });
}
