// Portfolio figures in Chromium (issue 14), on a desktop and at 375 px, each with a client of its
// own: after a stock buy the Dashboard shows the total, today's change, the week's bars and the
// allocation; the Dashboard total equals the sum of the accounts' totals on Portfolio Summary;
// switching the period redraws the chart and moves the returns; the visibility toggle masks the
// figures and is remembered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newPage, screenshot } from './support/browser';
import { acceptCookiesUpFront, recordToasts, shownToasts, signIn, waitForPath } from './support/flows';
import { makeImage } from './support/images';
import { startServer, type RunningServer } from './support/server';
import { createFundedClient, enterPin, type TradingClient } from './support/trading';

// Orders execute while the JSE is open on the simulated market clock (as in trading.e2e.ts).
const JSE_TRADING_MOMENT = Date.UTC(2026, 10, 18, 10, 0, 0); // Wed 18 Nov 2026, 12:00 SAST

let server: RunningServer;
let browser: Browser;
let idImage: string;

beforeAll(async () => {
  server = await startServer({ MARKET_TIME_SHIFT_MS: String(JSE_TRADING_MOMENT - Date.now()) });
  browser = await launchBrowser();
  idImage = await makeImage('portfolio-stats-id', 'png');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 'ZAR 39,851.20' / '$0.00' → cents, exactly. */
function cents(text: string): bigint {
  const m = /(-?)[^\d-]*([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!m) throw new Error(`Not an amount: ${text}`);
  const value = BigInt(m[2]!.replace(/,/g, '') + m[3]);
  return m[1] ? -value : value;
}

async function noHorizontalScroll(page: Page, width: number) {
  // Names what sticks out, should anything do so.
  const wide = await page.evaluate(
    (w) =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > w + 1)
        // Inside a scroller (the index cards swipe sideways) is where it should be.
        .filter((el) => {
          for (let p = el.parentElement; p; p = p.parentElement) {
            if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX)) return false;
          }
          return true;
        })
        .slice(0, 5)
        .map((el) => `${el.tagName}.${String(el.getAttribute('class')).slice(0, 60)}`),
    width,
  );
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`portfolio figures (${label})`, () => {
    let client: TradingClient;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      client = await createFundedClient(server, idImage);
      const opened = await newPage(browser, server.url, viewport);
      await acceptCookiesUpFront(opened.context);
      await recordToasts(opened.context);
      ({ page, errors } = opened);
      // Remembered (local storage), so a second tab of the same browser is signed in too.
      await signIn(page, client.mobile, client.password, { remember: true });
      await waitForPath(page, '/dashboard');
    });

    afterAll(async () => {
      await page?.context().close();
    });

    it('after a buy the Dashboard shows the total, today’s change, the week’s bars and the allocation', async () => {
      // Before any order: the deposit is all cash.
      const total = page.getByTestId('dashboard-total');
      await total.waitFor();
      expect(await textOf(total)).toBe('ZAR 40,000.00');

      await page.keyboard.press('Control+k');
      const search = page.getByRole('dialog', { name: 'Search stocks' });
      await search.getByPlaceholder('Search...').fill('FSR');
      await search.getByRole('option').filter({ hasText: 'FSR' }).first().waitFor();
      await page.keyboard.press('Enter');
      const drawer = page.locator('[data-drawer-type="stock"]');
      await drawer.getByRole('button', { name: 'Buy', exact: true }).click();
      await drawer.getByTestId('quote-price').waitFor();
      await drawer.getByLabel('Quantity (shares)').fill('10');
      await drawer.getByTestId('preview-total').waitFor();
      await drawer.getByRole('button', { name: 'Buy', exact: true }).click();
      await enterPin(page, client.pin);
      await drawer.getByTestId('order-placed').waitFor();

      await page.goto('/dashboard');
      const stats = page.getByTestId('dashboard-stats');
      await expect.poll(() => stats.getAttribute('data-loading-assets'), { timeout: 15_000 }).toBe('false');
      await expect
        .poll(() => stats.getAttribute('data-loading-portfolio'), { timeout: 15_000 })
        .toBe('false');
      await expect.poll(() => stats.getAttribute('data-loading-profile'), { timeout: 15_000 }).toBe('false');
      expect(await textOf(total)).toMatch(/^ZAR \d{1,3}(,\d{3})*\.\d{2}$/);
      // Cash went down by the buy (with fees); the holdings are worth something.
      expect(cents(await textOf(page.getByTestId('dashboard-cash')))).toBeLessThan(4_000_000n);
      expect(cents(await textOf(page.getByTestId('dashboard-market-value')))).toBeGreaterThan(0n);
      const change = page.getByTestId('day-change');
      expect(await textOf(change)).toMatch(/^[+-]?ZAR [\d,]+\.\d{2} \([+-]?(\d+\.\d{2}|--)%\)$/);
      const changeText = await textOf(change);
      const expectedTone = changeText.startsWith('+')
        ? 'text-green-600'
        : changeText.startsWith('-')
          ? 'text-red-600'
          : 'text-gray-500';
      expect(await change.getAttribute('class')).toContain(expectedTone);

      const week = page.getByTestId('week-profit');
      await week.waitFor();
      expect(await week.locator('[data-testid="week-profit-chart"] rect').count()).toBe(7);
      expect(await week.getByTestId('week-profit-table').locator('tbody tr').count()).toBe(7);
      const legend = page.getByTestId('allocation-legend');
      await legend.waitFor();
      expect(await textOf(legend.locator('[data-key="stock"]'))).toMatch(/^Stocks100\.00%/);
      await page.getByTestId('dashboard-stats').scrollIntoViewIfNeeded();
      await screenshot(page, `portfolio-dashboard-${label}`);
      await page.getByTestId('allocation-donut').scrollIntoViewIfNeeded();
      await screenshot(page, `portfolio-dashboard-charts-${label}`);
      await noHorizontalScroll(page, viewport.width);
      expect(await shownToasts(page)).not.toContain('Fetch Portfolio failed.');
    });

    it('the Dashboard total equals the sum of the accounts on Portfolio Summary', async () => {
      await page.goto('/portfolio/summary');
      const switcher = page.getByRole('combobox', { name: 'Account' });
      await page.getByTestId('summary-total').waitFor();
      // The accounts' options come with their own read: wait for them before reading the list.
      await switcher.locator('option', { hasText: 'ZAR account' }).waitFor({ state: 'attached' });
      const options = await switcher
        .locator('option')
        .evaluateAll((els) =>
          els.map((el) => ({ value: (el as HTMLOptionElement).value, text: el.textContent ?? '' })),
        );
      expect(options[0]).toEqual({ value: '', text: 'All accounts (ZAR)' });
      const accounts = options.slice(1);
      const zar = accounts.find((o) => o.text === 'ZAR account')!;
      expect(zar).toBeTruthy();
      // The other currency accounts hold cash only (nothing moves them): read each once.
      let others = 0n;
      for (const o of accounts.filter((a) => a !== zar)) {
        await switcher.selectOption(o.value);
        await page.waitForURL((url) => url.searchParams.get('account') === o.value);
        await page.getByTestId('summary-total').waitFor();
        // Funded in rand only: each other account is worth nothing. Polled, because the total
        // shown right after switching can still be the previous account's.
        await expect
          .poll(async () => cents((await page.getByTestId('summary-total').textContent()) ?? ''))
          .toBe(0n);
        others += cents(await textOf(page.getByTestId('summary-total')));
      }
      expect(others).toBe(0n); // funded in rand only: nothing to convert
      await switcher.selectOption(zar.value);
      await page.getByTestId('breakdown-stock').getByTestId('position-row').first().waitFor();
      await screenshot(page, `portfolio-summary-zar-${label}`);

      // The ZAR holdings move with the simulated price every second: read the Dashboard and the
      // ZAR account side by side, fresh, until both were read in the same second.
      const side = await page.context().newPage();
      try {
        await expect
          .poll(
            async () => {
              await Promise.all([
                page.goto(`/portfolio/summary?account=${zar.value}`),
                side.goto('/dashboard'),
              ]);
              const [account, dashboard] = await Promise.all([
                page.getByTestId('summary-total').textContent(),
                side.getByTestId('dashboard-total').textContent(),
              ]);
              return cents(account ?? '') + others === cents(dashboard ?? '');
            },
            { timeout: 60_000, interval: 250 },
          )
          .toBe(true);
      } finally {
        await side.close();
      }
    });

    it('switching the period redraws the chart and moves the returns', async () => {
      await page.goto('/portfolio/summary');
      const chart = page.getByTestId('value-chart');
      await chart.waitFor();
      expect(await chart.getAttribute('data-period')).toBe('1M');
      expect(await textOf(page.getByTestId('returns-explained'))).toContain('Time-weighted return (TWR)');
      // The total has a time-weighted return too, chained in ZAR (issue 22: it read "--%").
      expect(await textOf(page.getByTestId('period-twr'))).toMatch(/^[+-]?\d+\.\d{2}%$/);
      expect(await textOf(page.getByTestId('period-mwr-label'))).toBe('Money-weighted, IRR (1M)');
      expect(await textOf(page.getByTestId('period-mwr'))).toMatch(/^[+-]?\d+\.\d{2}%$/);
      const period = page.getByRole('group', { name: 'Period' });
      for (const p of ['1W', 'YTD', 'ALL'] as const) {
        await period.getByRole('button', { name: p, exact: true }).click();
        await expect.poll(() => chart.getAttribute('data-period'), { timeout: 10_000 }).toBe(p);
        expect(await page.getByTestId('period-return').getAttribute('data-period')).toBe(p);
        expect(await page.getByTestId('value-table').getAttribute('data-period')).toBe(p);
        expect(await period.getByRole('button', { name: p, exact: true }).getAttribute('aria-pressed')).toBe(
          'true',
        );
        expect(new URL(page.url()).searchParams.get('period')).toBe(p);
        expect(
          await page.getByTestId('returns-table').locator(`tr[data-period="${p}"]`).getAttribute('class'),
        ).toContain('bg-brand-50');
      }
      // The chart's points as a table, on request.
      await page.getByRole('button', { name: 'Show as a table' }).click();
      expect(await page.getByTestId('value-table').locator('tbody tr').count()).toBeGreaterThan(0);
      await chart.scrollIntoViewIfNeeded();
      await screenshot(page, `portfolio-summary-chart-${label}`);
      await page.getByTestId('returns-table').scrollIntoViewIfNeeded();
      await screenshot(page, `portfolio-summary-returns-${label}`);
      await noHorizontalScroll(page, viewport.width);
    });

    it('hiding the balances masks the figures and is remembered after a reload', async () => {
      await page.goto('/dashboard');
      const total = page.getByTestId('dashboard-total');
      await total.waitFor();
      await page.getByTestId('visibility-toggle').click();
      expect(await textOf(total)).toBe('******');
      expect(await textOf(page.getByTestId('day-change'))).toBe('****** (******)');
      await page.reload();
      await total.waitFor();
      expect(await textOf(total)).toBe('******');
      await screenshot(page, `portfolio-dashboard-hidden-${label}`);
      await page.getByTestId('visibility-toggle').click();
      expect(await textOf(total)).toMatch(/^ZAR /);
      expect(errors).toEqual([]);
    });
  });
}
