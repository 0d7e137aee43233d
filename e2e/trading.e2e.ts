// Trading in Chromium (issue 12), on a desktop and at 375 px, each with a client of its own:
// Discover → a fixed-term (DD) deal → fee preview → PIN → holding (with its receipt);
// stock drawer Buy → holding → Close-order quotation → Confirm to Close → PIN → history shows
// it sold with its profit; a block (OTC) allocation → awaiting → ops closes and settles → holding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newPage, screenshot } from './support/browser';
import { acceptCookiesUpFront, recordToasts, shownToasts, signIn, waitForPath } from './support/flows';
import { makeImage } from './support/images';
import { startServer, type RunningServer } from './support/server';
import {
  closeAndSettle,
  createFundedClient,
  createOpenBlock,
  enterPin,
  type TradingClient,
} from './support/trading';

// Orders execute during the exchange's trading hours on the simulated market clock: shift it to a
// Wednesday midday in Johannesburg so the JSE is open whenever the suite runs.
const JSE_TRADING_MOMENT = Date.UTC(2026, 10, 18, 10, 0, 0); // Wed 18 Nov 2026, 12:00 SAST

let server: RunningServer;
let browser: Browser;
let idImage: string;

beforeAll(async () => {
  server = await startServer({ MARKET_TIME_SHIFT_MS: String(JSE_TRADING_MOMENT - Date.now()) });
  browser = await launchBrowser();
  idImage = await makeImage('trading-id', 'png');
});

afterAll(async () => {
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

async function expectShown(page: Page, text: string) {
  await expect.poll(async () => (await shownToasts(page)).join(' | '), { timeout: 15_000 }).toContain(text);
}

async function portfolioTab(page: Page, tab: 'Holding' | 'Awaiting' | 'History') {
  await page.getByRole('navigation', { name: 'Portfolio sections' }).getByRole('link', { name: tab }).click();
  await waitForPath(page, `/portfolio/${tab.toLowerCase()}`);
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`trading (${label})`, () => {
    let client: TradingClient;
    let page: Page;
    let errors: string[];
    const blockName = `E2E block ${label}`;
    let blockId: number;

    beforeAll(async () => {
      client = await createFundedClient(server, idImage);
      blockId = await createOpenBlock(server, { name: blockName });
      const opened = await newPage(browser, server.url, viewport);
      await acceptCookiesUpFront(opened.context);
      await recordToasts(opened.context);
      ({ page, errors } = opened);
      await signIn(page, client.mobile, client.password);
      await waitForPath(page, '/dashboard');
    });

    afterAll(async () => {
      await page?.context().close();
    });

    it('Discover → fixed-term deal → key facts, live price and fee preview → PIN → holding', async () => {
      // The dashboard's hot list leads to Discover (once the cards above it have loaded and
      // stopped moving it down).
      await page.getByTestId('hot-list').getByTestId('offering-card').first().waitFor();
      await page.getByTestId('account-ZAR').first().waitFor();
      await page.getByTestId('index-card').first().waitFor();
      await page.getByTestId('hot-list').scrollIntoViewIfNeeded();
      await screenshot(page, `trading-dashboard-${label}`);
      await page.getByTestId('hot-list').getByRole('button', { name: 'See all in Discover' }).click();
      await waitForPath(page, '/discover');
      const card = page.getByTestId('offering-card').filter({ hasText: 'Naspers 30-day DD' });
      await card.waitFor();
      expect(await textOf(card)).toMatch(/^STOCKD\.D\.OpenHot/);
      expect(await textOf(card)).toContain('Term30 days');
      // The category filter: stock keeps the deals, fund shows the fund and not the deals.
      await page.getByRole('tab', { name: 'Fund' }).click();
      await page.getByTestId('offering-card').filter({ hasText: 'Imali Top 40 Index Fund' }).waitFor();
      expect(await card.count()).toBe(0);
      await page.getByRole('tab', { name: 'Stock' }).click();
      await card.waitFor();
      await page.getByRole('tab', { name: 'All' }).click();
      await page.waitForTimeout(300); // the tabs' colour transition
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await screenshot(page, `trading-discover-${label}`);

      await card.click();
      const drawer = page.getByRole('dialog', { name: 'DD Trading Detail' });
      await drawer.waitFor();
      const box = await drawer.boundingBox();
      expect(Math.round(box!.height)).toBe(Math.round(viewport.height * 0.85));
      const facts = drawer.getByTestId('key-facts');
      for (const fact of [
        'What you buy',
        'Price',
        'Lock-up',
        'Selling early',
        'Fees',
        'Allocation',
        'Maximum loss',
      ])
        await facts.getByText(fact, { exact: true }).waitFor();
      expect(await textOf(facts)).toContain('You can lose all of the money you invest.');
      const price = drawer.getByTestId('quote-price');
      await price.waitFor();
      expect(await textOf(price)).toMatch(/^ZAR \d{1,3}(,\d{3})*\.\d{2}$/);
      await drawer.getByTestId('simulated-data-note').first().waitFor();
      await drawer.getByText('JSE open').waitFor();

      await drawer.getByLabel('Quantity (shares)').fill('60');
      await drawer.getByText('The maximum per client for this offering is 50 shares.').waitFor();
      await drawer.getByLabel('Quantity (shares)').fill('1');
      const total = drawer.getByTestId('preview-total');
      await total.waitFor();
      expect(await textOf(total)).toMatch(/^Total to payZAR [\d,]+\.\d{2}$/);
      expect(await textOf(drawer.getByTestId('fee-preview'))).toMatch(
        /Fee schedule: JSE share trading fees, \w+ \d{4} \(ZA-\d{4}-\d{2}\)/,
      );
      await drawer.getByTestId('quote-panel').scrollIntoViewIfNeeded();
      await screenshot(page, `trading-fo-drawer-${label}`);
      await drawer.getByTestId('fee-preview').scrollIntoViewIfNeeded();
      await screenshot(page, `trading-fo-preview-${label}`);

      await drawer.getByRole('button', { name: 'Buy', exact: true }).click();
      await enterPin(page, client.pin);
      await drawer.getByTestId('order-placed').waitFor();
      await expectShown(page, 'Buy order for NPN received.');
      await drawer.getByRole('button', { name: 'View in Portfolio' }).click();
      await waitForPath(page, '/portfolio/holding');
      const row = page.getByTestId('order-row').filter({ hasText: 'Naspers 30-day DD' });
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('holding');
      expect(await textOf(row.getByTestId('order-status'))).toBe('HOLDING');
      expect(await row.getByTestId('order-status').getAttribute('class')).toContain('text-green-600');
      // A fixed-term position is locked for its term.
      expect(await textOf(row)).toMatch(/until \d{1,2} \w{3} \d{4}/);
      expect(await row.getByRole('button', { name: 'NPN is locked' }).isDisabled()).toBe(true);
      await screenshot(page, `trading-portfolio-holding-${label}`);

      // Its receipt: Order Details.
      await row.getByRole('button', { name: /open order details/ }).click();
      const receipt = page.getByRole('dialog', { name: 'Order Details' });
      await receipt.getByTestId('receipt').waitFor();
      expect(await textOf(receipt.getByTestId('receipt-summary'))).toMatch(/Buy valueZAR [\d,]+\.\d{2}/);
      const fees = receipt.getByTestId('receipt-fees');
      for (const row of ['brokerage', 'stt', 'txn', 'gst', 'total'])
        expect(await textOf(fees.locator(`[data-fee="${row}"]`))).toMatch(/ZAR \d/);
      expect(await textOf(receipt.getByTestId('receipt-details'))).toMatch(/Locked until\d{1,2} \w{3} \d{4}/);
      await screenshot(page, `trading-receipt-${label}`);
      await receipt.getByRole('link', { name: 'Open receipt page' }).click();
      await page.waitForURL(/\/portfolio\/order\/\d+$/);
      await page.getByTestId('receipt').waitFor();
    });

    it('stock drawer Buy → holding → Close-order quotation → Confirm to Close → history shows it sold with its profit', async () => {
      // Cost basis (decision 0040): the desktop client keeps average cost; the phone client
      // chooses FIFO on Me > Profile first. Either way the sale shows its cost and profit before
      // the PIN, and the receipt shows the same figures.
      const method = label === 'desktop' ? 'average cost' : 'FIFO';
      if (label === 'phone') {
        await page.goto('/me/profile');
        const panel = page.getByRole('region', { name: 'Cost basis' });
        await panel.getByRole('radio', { name: /Average cost.*\(current\)/ }).waitFor();
        await panel.getByRole('radio', { name: /FIFO/ }).check();
        await panel.getByRole('button', { name: 'Save' }).click();
        await expectShown(page, 'Cost basis saved.');
        await panel.getByRole('radio', { name: /FIFO.*\(current\)/ }).waitFor();
        await screenshot(page, `trading-cost-basis-${label}`);
      }
      await page.keyboard.press('Control+k');
      const search = page.getByRole('dialog', { name: 'Search stocks' });
      await search.getByPlaceholder('Search...').fill('FSR');
      await search.getByRole('option').filter({ hasText: 'FSR' }).first().waitFor();
      await page.keyboard.press('Enter');
      const drawer = page.locator('[data-drawer-type="stock"]');
      await drawer.getByTestId('stock-detail').waitFor();
      await drawer.getByRole('button', { name: 'Buy', exact: true }).click();
      await drawer.getByTestId('stock-buy').waitFor();
      await drawer.getByTestId('quote-price').waitFor();
      await drawer.getByLabel('Quantity (shares)').fill('10');
      await drawer.getByTestId('preview-total').waitFor();
      await screenshot(page, `trading-stock-buy-${label}`);
      await drawer.getByRole('button', { name: 'Buy', exact: true }).click();
      await enterPin(page, client.pin);
      await drawer.getByTestId('order-placed').waitFor();
      await expectShown(page, 'Buy order for FSR received.');
      await drawer.getByRole('button', { name: 'View in Portfolio' }).click();
      await waitForPath(page, '/portfolio/holding');

      const row = page.getByTestId('order-row').filter({ hasText: 'FSR' }).filter({ hasNotText: 'block' });
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('holding');
      await row.getByRole('button', { name: 'Sell FSR' }).click();

      const quotation = page.getByRole('dialog', { name: 'Close-order quotation' });
      await quotation.getByTestId('close-price').waitFor();
      expect(await textOf(quotation.getByTestId('close-price'))).toMatch(/^ZAR \d{1,3}(,\d{3})*\.\d{2}$/);
      const countdown = quotation.getByTestId('quote-countdown');
      expect(await countdown.getAttribute('data-tone')).toBe('green');
      expect(await textOf(quotation.getByTestId('preview-total'))).toMatch(/^You receiveZAR [\d,]+\.\d{2}$/);
      await quotation.getByText(`Cost (${method})`).waitFor();
      const promisedProfit = await textOf(quotation.getByTestId('sale-profit'));
      expect(promisedProfit).toMatch(/^[+-]?ZAR [\d,]+\.\d{2}$/);
      await screenshot(page, `trading-close-order-${label}`);
      const confirm = quotation.getByRole('button', { name: 'Confirm' });
      await expect.poll(() => confirm.isEnabled()).toBe(true);
      await confirm.click();

      const confirmClose = page.getByRole('dialog', { name: 'Confirm to Close' });
      await confirmClose.waitFor();
      expect(await textOf(confirmClose)).toMatch(/Sell all 10 shares of FSR at ZAR [\d,]+\.\d{2}\?/);
      await screenshot(page, `trading-confirm-close-${label}`);
      await confirmClose.getByRole('button', { name: 'Confirm' }).click();
      await enterPin(page, client.pin);
      await expectShown(page, 'Sell order for FSR received.');

      await portfolioTab(page, 'History');
      const sold = page.getByTestId('order-row').filter({ hasText: 'FSR' }).filter({ hasNotText: 'block' });
      await sold.waitFor();
      expect(await sold.getAttribute('data-status')).toBe('sold');
      expect(await textOf(sold.getByTestId('order-status'))).toBe('SOLD');
      expect(await sold.getByTestId('order-status').getAttribute('class')).toContain('text-red-800');
      const text = await textOf(sold);
      expect(text).toContain('Sell value');
      // The realised profit (the fees make a round trip at one price a small loss) and its ROI.
      expect(text).toMatch(/[+-]?ZAR [\d,]+\.\d{2} \([+-]?\d+\.\d{2}%\)/);
      await screenshot(page, `trading-history-${label}`);
      await sold.getByRole('button', { name: /open order details/ }).click();
      const receipt = page.getByRole('dialog', { name: 'Order Details' });
      expect(await textOf(receipt.getByTestId('receipt-summary'))).toMatch(
        /^Settlement summarySell valueZAR/,
      );
      const returns = receipt.getByTestId('receipt-returns');
      await returns.getByText('Profit', { exact: true }).waitFor();
      await returns.getByText(`Cost (${method})`).waitFor();
      // The receipt's profit is the one the quotation promised.
      expect(await textOf(returns)).toContain(promisedProfit);
      await screenshot(page, `trading-receipt-sold-${label}`);
      // Its fees per side (decision 0041): the buy's and the sale's, each with its own total.
      const soldFees = receipt.getByTestId('receipt-fees');
      expect(await textOf(soldFees.getByRole('group', { name: 'Buy fees' }))).toMatch(
        /Buy feesZAR [\d,]+\.\d{2}$/,
      );
      expect(await textOf(soldFees.getByRole('group', { name: 'Sale fees' }))).toMatch(
        /Sale feesZAR [\d,]+\.\d{2}$/,
      );
      expect(await textOf(soldFees)).toMatch(/Fees on this orderZAR [\d,]+\.\d{2}/);
      await soldFees.scrollIntoViewIfNeeded();
      await screenshot(page, `trading-receipt-sold-fees-${label}`);
      await page.keyboard.press('Escape');
      await receipt.waitFor({ state: 'detached' });
    });

    it('block (OTC) allocation → funds held, awaiting → ops closes and settles → holding', async () => {
      await page.goto('/discover');
      const card = page.getByTestId('offering-card').filter({ hasText: blockName });
      await card.waitFor();
      expect(await textOf(card)).toMatch(/^STOCKP\.M\.Open/);
      expect(await textOf(card)).toContain('Block priceZAR 70.00');
      await card.click();
      const drawer = page.getByRole('dialog', { name: 'Block Trading' });
      await drawer.getByTestId('block-price').waitFor();
      expect(await textOf(drawer.getByTestId('block-price'))).toContain('Funds held until settlement');
      await drawer.getByTestId('key-facts').getByText('Allocation', { exact: true }).waitFor();
      await drawer.getByLabel('Quantity (shares)').fill('100');
      await drawer.getByText('Total held until settlement').waitFor();
      await screenshot(page, `trading-otc-drawer-${label}`);
      await drawer.getByRole('button', { name: 'Request allocation' }).click();
      await enterPin(page, client.pin);
      await drawer.getByTestId('order-placed').waitFor();
      await expectShown(page, 'Allocation request for FSR received. Funds are held until settlement.');
      await drawer.getByRole('button', { name: 'View in Portfolio' }).click();
      await waitForPath(page, '/portfolio/awaiting');
      const waiting = page.getByTestId('order-row').filter({ hasText: blockName });
      await waiting.waitFor();
      expect(await waiting.getAttribute('data-status')).toBe('awaiting');
      expect(await waiting.getByTestId('order-status').getAttribute('class')).toContain('text-yellow-500');

      const settled = await closeAndSettle(server, blockId);
      expect(settled).toContain('settled');
      await page.goto('/portfolio/holding');
      const held = page.getByTestId('order-row').filter({ hasText: blockName });
      await held.waitFor();
      expect(await held.getAttribute('data-status')).toBe('holding');
      expect(await textOf(held)).toContain('100 shares');

      // The deep-linkable order list shows the same.
      await page.goto('/portfolio/orders?list=holding');
      await page.getByTestId('order-row').filter({ hasText: blockName }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      // Ranking is a view of its own beside the Market screen (the dashboard links to it).
      await page.goto('/dashboard');
      await page.getByRole('link', { name: 'Ranking' }).click();
      await waitForPath(page, '/market/ranking');
      await page.getByRole('heading', { name: 'Ranking', level: 1 }).waitFor();
      await page.getByTestId('ranking-gainers').waitFor();
      expect(await page.title()).toBe('Imali | Ranking');
      expect(errors).toEqual([]);
    });
  });
}
