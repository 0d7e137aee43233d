// The console's Products screen (issue 23), in Chromium: the demo seeds no IPO priced and ready
// to allot, so this runs the FX rate flow. The treasury user (1280 px) sees the published rates,
// previews a publication whose spread is too wide (refused, no request button), previews one
// within the band and requests it → waiting for approval. The demo has one treasury user, so the
// staff admin creates a second through the staff API (with a step-up code); that user approves
// the request from Approvals with step-up → the rate is published.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe';
import { launchBrowser, screenshot } from './support/browser';
import { answerStepUp, freshCode, signInConsole, type ConsolePage, goToArea } from './support/console';
import { startServer, type RunningServer } from './support/server';

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

async function fillRate(page: Page, rate: { from: string; to: string; rate: string; mid: string }) {
  await page.getByLabel('From (currency)').fill(rate.from);
  await page.getByLabel('To (currency)').fill(rate.to);
  await page.getByLabel('Rate', { exact: true }).fill(rate.rate);
  await page.getByLabel('Mid (optional)').fill(rate.mid);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
}

describe('console: products (FX rate publication behind a preview and four eyes)', () => {
  it('treasury previews (a wide spread refused), requests → waiting; a second treasury user approves with step-up → published', async () => {
    const treasury = await signInConsole(browser, server, 'treasury');
    open.push(treasury);
    const t = treasury.page;
    await goToArea(t, 'Products');
    // The IPOs tab first: the demo IPO is open and not priced yet, so it offers no allotment.
    const ipos = t.getByRole('table', { name: 'IPOs' });
    await expect.poll(() => ipos.textContent()).toMatch(/UBNTR/);
    expect(await ipos.getByRole('button', { name: 'Preview allotment' }).count()).toBe(0);
    await screenshot(t, 'console-products-ipos');
    expect(await axeFindings(t, { structure: true }), 'console-products-ipos').toEqual([]);
    await t.getByRole('tab', { name: 'FX rates' }).click();
    const rates = t.getByRole('table', { name: 'Published rates' });
    await expect.poll(() => rates.textContent()).toMatch(/USD→ZAR\s*18\.05/);

    // A spread wider than the band: refused, with the reason, and nothing to request.
    await fillRate(t, { from: 'USD', to: 'ZAR', rate: '16.50', mid: '18.25' });
    const refusal = t.getByRole('alert');
    await expect.poll(() => refusal.textContent()).toMatch(/^Refused:.*spread may be at most/);
    expect(await refusal.textContent()).not.toMatch(/Refused:.*Refused:/);
    expect(await t.getByRole('button', { name: 'Request publication' }).count()).toBe(0);
    await screenshot(t, 'console-products-fx-refused');

    // Within the band: the preview, then the request.
    await fillRate(t, { from: 'USD', to: 'ZAR', rate: '18.10', mid: '18.25' });
    const preview = t.getByRole('region', { name: 'Publication preview' });
    await expect.poll(() => preview.textContent()).toMatch(/Spread\s*0\.82 %/);
    expect(await preview.textContent()).toMatch(/now 18\.05/);
    await screenshot(t, 'console-products-fx-preview');
    expect(await axeFindings(t, { structure: true }), 'console-products-fx-preview').toEqual([]);
    await preview.getByRole('button', { name: 'Request publication' }).click();
    const waiting = t.getByText(/Waiting for approval by 1 checker \(request #(\d+)/);
    await waiting.waitFor();
    const requestId = /#(\d+)/.exec((await waiting.textContent()) ?? '')![1]!;
    await screenshot(t, 'console-products-fx-waiting');

    // The demo has one treasury user: the staff admin creates a second (step-up on the API).
    const admin = await signInConsole(browser, server, 'staff_admin');
    open.push(admin);
    const email = `e2e-treasury-${Date.now().toString(36)}@imali.test`;
    const password = 'a long treasury password 42';
    const created = await admin.page.request.post(`${server.opsUrl}/ops/v1/staff`, {
      data: { email, displayName: 'Tumi Treasury', password, roles: ['treasury'] },
      headers: {
        origin: server.opsUrl,
        'content-type': 'application/json',
        'x-step-up-code': await freshCode(admin.staff),
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { totpSecret } = ((await created.json()) as { data: { totpSecret: string } }).data;

    const checker = await signInConsole(browser, server, { email, password, totpSecret });
    open.push(checker);
    const c = checker.page;
    await goToArea(c, 'Approvals');
    const card = c.getByRole('article', { name: new RegExp(`#${requestId} Publish an FX rate`) });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/18\.1/);
    await card.getByRole('button', { name: 'Approve' }).click();
    await answerStepUp(checker);
    await c.getByText(`Request #${requestId} approved and done.`).waitFor();

    // Published: the treasury user's rates show it.
    await t.reload();
    await t.getByRole('tab', { name: 'FX rates' }).click();
    await expect
      .poll(() => t.getByRole('table', { name: 'Published rates' }).textContent())
      .toMatch(/USD→ZAR\s*18\.10*\s*18\.25/);
    await screenshot(t, 'console-products-fx-published');
    expect(await axeFindings(t, { structure: true }), 'console-products-fx-published').toEqual([]);

    expect(treasury.errors).toEqual([]);
    expect(checker.errors).toEqual([]);
  }, 240_000);
});
