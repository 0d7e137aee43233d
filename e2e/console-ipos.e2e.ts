// The console's IPOs tab (issue 23), in Chromium at 1280 px: products@ creates an IPO with a price
// range in the New IPO form (a listing date before allotment refused beside its field first); a
// funded client applies for it; products@ previews a final price above the range, sees the
// reconfirmation warning naming the one application of one client, and confirms it. The list
// shows the IPO priced, and the client's application asks to be reconfirmed. axe finds no serious
// violation on the tab.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken, md5, clientCall } from './support/api';
import { axeFindings } from './support/axe';
import { launchBrowser, screenshot } from './support/browser';
import { signInConsole, type ConsolePage, goToArea, localDateTimeInput } from './support/console';
import { makeImage } from './support/images';
import { startServer, type RunningServer } from './support/server';
import { createFundedClient } from './support/trading';

const DAY_MS = 86_400_000;

let server: RunningServer;
let browser: Browser;
let idImage: string;
const open: ConsolePage[] = [];

beforeAll(async () => {
  server = await startServer({ SKIP_WEB_BUILD: 'true' });
  browser = await launchBrowser();
  idImage = await makeImage('console-ipos-id', 'png');
}, 180_000);

afterAll(async () => {
  for (const c of open) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

/** A date `days` from today (UTC): a few days past the close, whatever the time zone. */
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const clientApi = <T>(token: string, method: string, path: string, body?: unknown, key?: string) =>
  clientCall<T>(server, token, method, path, body, key);

describe('console: IPOs (create with a range, final price previewed with who must reconfirm, confirmed)', () => {
  it('products@ creates an IPO, prices it above its range after the reconfirmation warning, and the list shows it priced', async () => {
    const suffix = Date.now().toString(36).toUpperCase();
    const symbol = `KSOL${suffix.slice(-6)}`;
    const company = `E2E Karoo Solar ${suffix}`;
    const name = `${company} IPO`;
    const maker = await signInConsole(browser, server, 'product_ops');
    open.push(maker);
    const m = maker.page;
    await goToArea(m, 'Products');
    // The IPOs tab is the first.
    await m.getByRole('table', { name: 'IPOs' }).waitFor();

    // New IPO: a JSE range of 1800–2200 ZAc, lots of 10, open now for two days.
    const form = m.getByRole('form', { name: 'New IPO' });
    await form.getByLabel('Symbol').fill(symbol);
    await form.getByLabel('Instrument name').fill(company);
    await form.getByLabel('Issuer').fill(`${company} Ltd, a Northern Cape solar producer`);
    await form.getByLabel('Country').selectOption('ZA');
    await form.getByLabel('Price low (ZA cents, ZAc)').fill('1800');
    await form.getByLabel('Price high (ZA cents, ZAc)').fill('2200');
    await form.getByLabel('Lot size (shares)').fill('10');
    await form.getByLabel('Shares offered').fill('1000');
    await form.getByLabel('Min lots per client').fill('1');
    await form.getByLabel('Max lots per client').fill('50');
    await form.getByLabel('Opens').fill(await localDateTimeInput(m, -5 * 60_000));
    await form.getByLabel('Closes').fill(await localDateTimeInput(m, 2 * DAY_MS));
    await form.getByLabel('Allotment date').fill(dateIn(4));
    // Listing before allotment: the server refuses, beside the field, and creates nothing.
    await form.getByLabel('Listing date').fill(dateIn(3));
    await form.getByRole('button', { name: 'Create IPO' }).click();
    await form.getByText('Listing must be on or after allotment.').waitFor();
    expect(await form.getByLabel('Listing date').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Listing date').fill(dateIn(6));
    await form.getByRole('button', { name: 'Create IPO' }).click();
    const created = m.getByText(new RegExp(`IPO (\\d+) created \\(open\\): ${name}\\.`));
    await created.waitFor();
    const id = Number(/IPO (\d+)/.exec((await created.textContent()) ?? '')![1]);
    const row = m.getByRole('table', { name: 'IPOs' }).getByRole('row').filter({ hasText: name });
    await expect.poll(() => row.textContent()).toMatch(/open, not priced\s*1800–2200 ZAc\s*—/);

    // A funded client applies for 2 lots (the API, as the app's IPO drawer does).
    const client = await createFundedClient(server, idImage, { amount: '40000' });
    const token = await loginToken(server, client.mobile, client.password);
    await clientApi(token, 'POST', '/api/client/app/v1/pin/verify', { pin: md5(client.pin) });
    await clientApi(token, 'POST', `/api/ipo/app/v1/record/sub/${id}`, { lots: 2 }, `e2e-console-ipo-${id}`);

    // The final price above the range: previewed, with the warning, then confirmed.
    await row.getByRole('button', { name: `Set final price of ${name}` }).click();
    const panel = m.getByRole('article', { name: `Final price · ${name}` });
    await panel.getByLabel('Final price (ZA cents, ZAc)').fill('2500');
    await panel.getByRole('button', { name: 'Preview final price' }).click();
    const preview = panel.getByRole('region', { name: 'Final price preview' });
    await expect.poll(() => preview.textContent()).toMatch(/above the range/);
    const warning = preview.getByRole('alert');
    expect((await warning.textContent())?.replace(/\s+/g, ' ')).toMatch(
      /Reconfirmation needed\. At 2500 ZAc \(R25\.00\), 1 application of 1 client must be reconfirmed by the client in the app, or lapse at allotment\./,
    );
    expect(await axeFindings(m, { structure: true })).toEqual([]);
    await m.screenshot({ path: '/tmp/ipo-console.png', fullPage: true });
    await screenshot(m, 'console-ipos-final-price-preview');
    await preview.getByRole('button', { name: 'Confirm final price' }).click();
    await m
      .getByText(
        `${name}: final price 2500 ZAc (R25.00) set. 1 application must be reconfirmed in the app, or they lapse at allotment.`,
      )
      .waitFor();
    await expect
      .poll(() => row.textContent())
      .toMatch(/priced \(reconfirmation asked\), ready to allot\s*1800–2200 ZAc\s*2500 ZAc/);
    expect(await row.getByRole('button', { name: `Set final price of ${name}` }).count()).toBe(0);
    expect(await axeFindings(m, { structure: true })).toEqual([]);
    await screenshot(m, 'console-ipos-priced');
    await m.screenshot({ path: '/tmp/ipo-console-priced.png', fullPage: true });

    // The client's application now asks to be reconfirmed at the final price.
    const awaiting = await clientApi<
      { id: number; ipo?: { needs_reconfirmation: boolean; final_price: string } }[]
    >(token, 'GET', '/api/client/app/v1/order/awaiting?dtype=ipo');
    expect(awaiting.map((o) => o.ipo)).toEqual([
      expect.objectContaining({ needs_reconfirmation: true, final_price: '2500' }),
    ]);

    expect(maker.errors).toEqual([]);
  }, 300_000);
});
