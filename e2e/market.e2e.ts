// Markets in Chromium: Ctrl+K search → Naspers detail drawer with a drawn chart, live prices over
// SSE, watch list kept server-side (survives a reload), the Market screen, news, and 375 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from './support/browser';
import { acceptCookiesUpFront, expectToast, signIn, waitForPath } from './support/flows';
import { startServer, type RunningServer } from './support/server';

const DEMO = { mobile: '612345678', password: 'demo1234' };

// The market simulator runs on the app clock plus MARKET_TIME_SHIFT_MS. Shifting "now" to a
// Wednesday midday in Johannesburg keeps the JSE open whenever the suite runs, so live ticks flow.
const JSE_TRADING_MOMENT = Date.UTC(2026, 10, 18, 10, 0, 0); // Wed 18 Nov 2026, 12:00 SAST

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({
    MARKET_TIME_SHIFT_MS: String(JSE_TRADING_MOMENT - Date.now()),
    MARKET_STREAM_INTERVAL_MS: '500',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
  const { page, context, errors } = await newPage(browser, server.url, viewport);
  await acceptCookiesUpFront(context);
  await signIn(page, DEMO.mobile, DEMO.password);
  await waitForPath(page, '/dashboard');
  return { page, errors };
}

/** Pixels of the chart's canvases that are neither blank nor white: proof a series was drawn. */
async function drawnChartPixels(page: Page): Promise<number> {
  return page.locator('[data-testid=price-chart]').evaluate((root) => {
    let coloured = 0;
    for (const canvas of root.querySelectorAll('canvas')) {
      if (canvas.width === 0 || canvas.height === 0) continue;
      const ctx = canvas.getContext('2d');
      if (!ctx) continue;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
        // A green or red line/area (not white background, not grey text or grid).
        if (a > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured++;
      }
    }
    return coloured;
  });
}

async function searchAndOpen(page: Page, query: string, expectSymbol: string) {
  const dialog = page.getByRole('dialog', { name: 'Search stocks' });
  await page.keyboard.press('Control+k');
  await dialog.waitFor();
  const input = dialog.getByPlaceholder('Search...');
  await input.fill(query);
  const option = dialog.getByRole('option').filter({ hasText: expectSymbol }).first();
  await option.waitFor({ timeout: 10_000 });
  return { dialog, input, option };
}

describe('markets', () => {
  it('Ctrl+K → npn → Enter opens the Naspers detail drawer with a drawn, live chart; watch list survives a reload', async () => {
    const { page, errors } = await signedIn();

    // Dashboard: the ZA default index cards, live.
    const cards = page.getByTestId('index-card');
    await cards.nth(2).waitFor();
    const cardText = await cards.allTextContents();
    expect(cardText[0]).toContain('FTCRZAFN');
    expect(cardText[1]).toContain('SA40');
    expect(cardText[2]).toContain('FTCRZAFN.TR');
    for (const text of cardText) expect(text).toMatch(/\d{1,3}(,\d{3})*\.\d{2}/);
    await page.getByTestId('index-card').first().getByText('Live').waitFor({ timeout: 10_000 });
    // The prices are the simulator's, and say so with their time.
    expect(await page.getByTestId('simulated-data-note').first().innerText()).toMatch(
      /^Simulated market data · prices as of \d{1,2} \w{3}, \d{2}:\d{2} SAST$/,
    );
    await screenshot(page, 'market-dashboard');

    // Search: results in upper case, announced to screen readers, keyboard driven.
    const { dialog, input, option } = await searchAndOpen(page, 'npn', 'NPN');
    expect(await dialog.getByRole('listbox').isVisible()).toBe(true);
    expect(await option.innerText()).toContain('NASPERS');
    const firstId = await dialog.getByRole('option').first().getAttribute('id');
    expect(firstId).toBeTruthy();
    expect(await input.getAttribute('aria-activedescendant')).toBe(firstId);
    await page.waitForFunction(() =>
      /result/.test(document.querySelector('[role=dialog] [role=status][aria-live]')?.textContent ?? ''),
    );
    const optionCount = await dialog.getByRole('option').count();
    await page.keyboard.press('ArrowDown');
    // Down moves the highlight and wraps around to the first result.
    const expected = optionCount > 1 ? 1 : 0;
    expect(await dialog.getByRole('option').nth(expected).getAttribute('aria-selected')).toBe('true');
    if (optionCount > 1) await page.keyboard.press('ArrowUp');
    await screenshot(page, 'market-search');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // The Stock Detail drawer: 100vh, titled with the stock's name.
    const drawer = page.getByRole('dialog', { name: 'Naspers' });
    await drawer.waitFor();
    expect(await drawer.getAttribute('data-drawer-type')).toBe('stock');
    const box = await drawer.boundingBox();
    expect(Math.round(box!.height)).toBe(DESKTOP.height);
    await drawer.getByRole('heading', { name: 'Naspers', level: 2, exact: true }).waitFor();

    // A chart was drawn.
    await drawer.locator('[data-testid=price-chart] canvas').first().waitFor();
    await expect.poll(() => drawnChartPixels(page), { timeout: 10_000 }).toBeGreaterThan(500);

    // Price in rand from JSE cents; change coloured by its sign; the exchange is open → live.
    const lastPrice = drawer.getByTestId('last-price');
    expect(await lastPrice.innerText()).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    await drawer.getByText('Live', { exact: false }).first().waitFor();
    expect(await drawer.getByTestId('simulated-data-note').innerText()).toBe('Simulated market data');
    const first = await lastPrice.innerText();
    await expect.poll(() => lastPrice.innerText(), { timeout: 15_000, interval: 250 }).not.toBe(first);
    // Live ticks redraw the chart; each redraw must clear the canvas first, or the translucent
    // area fill piles up into a solid smear (seen once with a bundler setting that dropped it).
    await page.mouse.move(5, 5);
    const pixelsBefore = await drawnChartPixels(page);
    await page.waitForTimeout(4_000);
    expect(await drawnChartPixels(page)).toBeLessThan(pixelsBefore * 1.5);
    const change = drawer
      .locator('p', { has: page.getByText('today') })
      .locator('span')
      .first();
    const changeText = await change.innerText();
    const changeClass = (await change.getAttribute('class')) ?? '';
    if (changeText.startsWith('+')) expect(changeClass).toContain('text-green-600');
    else if (changeText.startsWith('-')) expect(changeClass).toContain('text-red-600');
    else expect(changeClass).toContain('text-gray-500');
    expect(changeText).toMatch(/^[+-]?\d{1,3}(,\d{3})*\.\d{2} \([+-]?\d+\.\d{2}%\)$/);
    await drawer.getByText('Key statistics').waitFor();
    await drawer.getByText('Market cap').waitFor();
    await drawer.getByText('About Naspers').waitFor();
    await drawer
      .getByText(/Prosus/)
      .first()
      .waitFor();
    await screenshot(page, 'market-stock-detail');

    // Interval switch: 1Y redraws from daily candles.
    await drawer.getByRole('tab', { name: '1 year' }).click();
    expect(await drawer.getByRole('tab', { name: '1 year' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => drawnChartPixels(page), { timeout: 10_000 }).toBeGreaterThan(500);
    await drawer.getByRole('button', { name: 'Candles' }).click();
    await expect.poll(() => drawnChartPixels(page), { timeout: 10_000 }).toBeGreaterThan(200);
    await screenshot(page, 'market-stock-detail-1y');

    // Watch list: add, then it survives a reload and shows on the Market screen.
    const watch = drawer.getByRole('button', { name: 'Add to Watch List' });
    await watch.click();
    await expectToast(page, 'NPN added to your watch list');
    await drawer.getByRole('button', { name: 'In Watch List' }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await page.reload();
    await page.goto('/market');
    await page.getByRole('heading', { name: 'Market', level: 1 }).waitFor();
    const watchlist = page.getByTestId('watchlist');
    await watchlist.getByText('NPN', { exact: true }).waitFor();
    expect(await watchlist.innerText()).toContain('Naspers');

    // Movers, indices and news on the Market screen.
    await page.getByTestId('ranking-gainers').locator('li').first().waitFor();
    const gainers = await page.getByTestId('ranking-gainers').innerText();
    expect(gainers).toMatch(/\+\d+\.\d{2}%/);
    await page.getByRole('tab', { name: 'Top Losers' }).click();
    await page.getByTestId('ranking-losers').locator('li').first().waitFor();
    expect(await page.getByTestId('ranking-losers').innerText()).toMatch(/-\d+\.\d{2}%/);
    await page.getByRole('tab', { name: 'Most Active' }).click();
    await page.getByTestId('ranking-active').locator('li').first().waitFor();
    await page.getByRole('tab', { name: 'Top Gainers' }).click();
    await page.getByTestId('news-list').locator('li').first().waitFor();
    await page.getByTestId('index-card').nth(2).waitFor();
    await screenshot(page, 'market-screen');

    // A news article opens in its detail view.
    const headline = (
      await page.getByTestId('news-list').locator('li button span span').first().innerText()
    ).trim();
    await page.getByTestId('news-list').locator('li button').first().click();
    const article = page.getByTestId('news-article');
    await article.getByRole('heading', { name: headline }).waitFor();
    await expect
      .poll(async () => (await article.innerText()).length, { timeout: 10_000 })
      .toBeGreaterThan(400);
    // Its stocks come with prices from the batch quote call; one opens its detail drawer.
    const related = article.getByRole('listitem').first();
    await related.getByText(/^[+-]?\d+\.\d{2}%$/).waitFor({ timeout: 10_000 });
    await screenshot(page, 'market-news');
    const relatedName = (await related.locator('span span').nth(1).innerText()).trim();
    expect(relatedName.length).toBeGreaterThan(1);
    await related.getByRole('button').click();
    await page.getByRole('dialog', { name: relatedName, exact: true }).waitFor();
    await page.keyboard.press('Escape');

    // Opening from the watch list, then removing it there.
    await watchlist.getByRole('button', { name: /NPN/ }).first().click();
    await page.getByRole('dialog', { name: 'Naspers' }).waitFor();
    await page.keyboard.press('Escape');
    await watchlist.getByRole('button', { name: 'Remove NPN from watch list' }).click();
    await expectToast(page, 'NPN removed from your watch list');
    await page.getByText('Your watch list is empty').waitFor();

    expect(errors).toEqual([]);
  });

  it('works at 375 px: Market screen without sideways scroll, full-height detail drawer with its chart', async () => {
    const { page, errors } = await signedIn(PHONE);
    await page.goto('/market');
    await page.getByRole('heading', { name: 'Market', level: 1 }).waitFor();
    await page.getByTestId('ranking-gainers').locator('li').first().waitFor();
    await page.getByTestId('index-card').nth(2).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'market-screen-phone');

    await page.getByTestId('ranking-gainers').locator('li button').first().click();
    const drawer = page.locator('[data-drawer-type=stock]');
    await drawer.waitFor();
    expect(Math.round((await drawer.boundingBox())!.height)).toBe(PHONE.height);
    await expect.poll(() => drawnChartPixels(page), { timeout: 10_000 }).toBeGreaterThan(300);
    expect(await drawer.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await screenshot(page, 'market-stock-detail-phone');
    expect(errors).toEqual([]);
  });
});
