// The console's Products screen (issue 23), funds and structured products, in Chromium at 1280 px.
// A client subscribes to the demo fund before the cut-off of a business day (market clock shifted
// to fixed SAST moments, jobs off so the funds.value job does not value it first); the server
// restarts on the same data after the valuation time. The product_ops maker (products@) sees the
// fund with one pending subscription, previews the NAV strike (the subscription's amount, NAV,
// units and refund), requests approval; in Approvals their own request offers no Approve and the
// API refuses their approval; products2@ approves with step-up → the client's order holds units.
// Then the maker creates a structured product in the form (a field error first) and finds it
// listed. axe finds no serious violations on either tab.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../apps/api/src/db/seed';
import { loginToken, md5, clientCall } from './support/api';
import { axeFindings } from './support/axe';
import { launchBrowser, screenshot } from './support/browser';
import { answerStepUp, freshCode, signInConsole, type ConsolePage, goToArea } from './support/console';
import { makeImage } from './support/images';
import { startServer, type RunningServer } from './support/server';
import type { DemoStaff } from './support/staff';
import { createFundedClient } from './support/trading';

const FUND_NAME = 'Imali Top 40 Index Fund';
/** A Monday, a JSE business day with no holiday. */
const DAY = '2026-12-07';
/** A SAST wall-clock moment as epoch ms (SAST = UTC+2, no daylight saving). */
const sast = (day: string, time: string) => Date.parse(`${day}T${time}:00+02:00`);
/** The market clock at `moment` (the app clock stays real: sessions, TOTP), and no jobs. */
const at = (moment: number) => ({
  MARKET_TIME_SHIFT_MS: String(moment - Date.now()),
  JOBS_ENABLED: 'false',
  SKIP_WEB_BUILD: 'true',
});

let dataDir: string;
let server: RunningServer | undefined;
let browser: Browser;
const open: ConsolePage[] = [];

beforeAll(async () => {
  // Our own data folder: the server restarts on it with the market clock past the valuation.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-e2e-console-runs-'));
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  for (const c of open) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function restartAt(moment: number) {
  await server?.stop();
  server = await startServer(at(moment), { dataDir });
  return server;
}

/** The client API with the client's bearer token (on the server of the moment). */
const clientApi = <T>(token: string, method: string, p: string, body?: unknown, key?: string) =>
  clientCall<T>(server!, token, method, p, body, key);

const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ');

function demoStaff(email: string): DemoStaff {
  const s = DEMO_STAFF.find((d) => d.email === email)!;
  return { email: s.email, password: DEMO_STAFF_PASSWORD, totpSecret: s.totpSecret };
}

async function expectNoSeriousAxe(page: Page) {
  const findings = await axeFindings(page, { structure: true });
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
}

describe('console: products runs (fund NAV strike and structured products)', () => {
  it('the maker previews a NAV strike with a pending subscription and requests it; not their own approval; products2@ approves → units; a structured product is created and listed', async () => {
    // 11:00 SAST, before the 14:00 cut-off: the subscription is priced at that day's valuation.
    await restartAt(sast(DAY, '11:00'));
    const client = await createFundedClient(server!, await makeImage('console-runs-id', 'png'));
    const token = await loginToken(server!, client.mobile, client.password);
    const offerings = await clientApi<{ id: number; name: string }[]>(
      token,
      'GET',
      '/api/stat/app/v1/trading_list?dtype=fund',
    );
    const fundId = offerings.find((o) => o.name === FUND_NAME)!.id;
    await clientApi(token, 'POST', '/api/client/app/v1/pin/verify', { pin: md5(client.pin) });
    const placed = await clientApi<{ order: { id: number } }>(
      token,
      'POST',
      `/api/funds/app/v1/record/${fundId}`,
      { amount: '10000' },
      `e2e-console-runs-${client.mobile}`,
    );
    const orderId = placed.order.id;

    // Past the 15:00 valuation, no job running: the subscription waits for the NAV strike.
    await restartAt(sast(DAY, '15:30'));
    const maker = await signInConsole(browser, server!, demoStaff('products@demo.imali.test'));
    open.push(maker);
    const m = maker.page;
    await goToArea(m, 'Products');
    await m.getByRole('tab', { name: 'Funds' }).click();
    const funds = m.getByRole('table', { name: 'Funds' });
    const row = funds.getByRole('row').filter({ hasText: FUND_NAME });
    await expect.poll(() => row.textContent()).toMatch(/IMT40/);
    // Pending subscriptions 1, redemptions 0.
    expect(await textOf(row)).toMatch(/14:00 · 15:00\s*1\s*0/);
    await expectNoSeriousAxe(m);
    await screenshot(m, 'console-products-funds');

    await row.getByRole('button', { name: 'Preview NAV strike of IMT40' }).click();
    const panel = m.getByRole('article', { name: `NAV strike preview · ${FUND_NAME}` });
    const subs = panel.getByRole('table', { name: 'Subscriptions it would value' });
    const line = subs.getByRole('row').filter({ hasText: `#${orderId}` });
    await line.waitFor();
    // Amount, NAV, units (4 decimals), value of the units, refund.
    const previewed = await textOf(line);
    expect(previewed).toMatch(
      new RegExp(
        `#${orderId}\\s*10000\\.00\\s*\\d+\\.\\d{2}\\s*\\d+\\.\\d{4}\\s*\\d+\\.\\d{2}\\s*\\d+\\.\\d{2}`,
      ),
    );
    expect(await textOf(panel)).toMatch(new RegExp(`Valuation day\\s*${DAY}`));
    await expectNoSeriousAxe(m);
    await screenshot(m, 'console-products-fund-strike-preview');
    await panel.getByRole('button', { name: 'Request approval' }).click();
    const waiting = panel.getByText(/Waiting for approval by 1 checker \(request #(\d+)/);
    await waiting.waitFor();
    const requestId = /#(\d+)/.exec((await waiting.textContent()) ?? '')![1]!;
    await screenshot(m, 'console-products-fund-strike-waiting');

    // The maker's own request: no Approve in the inbox, and the API refuses it with step-up.
    await goToArea(m, 'Approvals');
    // The inbox holds what others ask; the maker finds theirs under My requests.
    await m
      .getByRole('group', { name: 'Which requests' })
      .getByRole('button', { name: 'My requests' })
      .click();
    const own = m.getByRole('article', { name: new RegExp(`#${requestId} Strike a fund`) });
    await own.getByText('Your own request: another staff user approves it.').waitFor();
    expect(await own.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    const inbox = await m.request.get(`${server!.opsUrl}/ops/v1/approvals?scope=mine&status=pending`);
    const pendingRequest = (
      (await inbox.json()) as { data: { id: number; payloadHash: string }[] }
    ).data.find((r) => r.id === Number(requestId))!;
    const refused = await m.request.post(`${server!.opsUrl}/ops/v1/approvals/${requestId}/approve`, {
      data: { payloadHash: pendingRequest.payloadHash },
      headers: {
        origin: server!.opsUrl,
        'content-type': 'application/json',
        'x-step-up-code': await freshCode(maker.staff),
      },
    });
    expect(refused.status(), await refused.text()).toBe(403);
    await screenshot(m, 'console-products-fund-own-request');

    // products2@ approves with step-up: the NAV is struck and the subscription valued.
    const checker = await signInConsole(browser, server!, demoStaff('products2@demo.imali.test'));
    open.push(checker);
    const c = checker.page;
    await goToArea(c, 'Approvals');
    const card = c.getByRole('article', { name: new RegExp(`#${requestId} Strike a fund`) });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/IMT40/);
    await card.getByRole('button', { name: 'Approve' }).click();
    await answerStepUp(checker);
    await c.getByText(`Request #${requestId} approved and done.`).waitFor();

    // The client's order now holds its units at the NAV previewed.
    const receipt = await clientApi<{ status: string; fund: { units: string | null; nav: string | null } }>(
      token,
      'GET',
      `/api/client/app/v1/order?did=${orderId}`,
    );
    expect(receipt.status).toBe('holding');
    expect(receipt.fund.units).toMatch(/^\d+\.\d{4}$/);
    expect(previewed).toContain(receipt.fund.units!);
    // Back on Products (the list read afresh): nothing pending any more.
    await goToArea(m, 'Products');
    await m.getByRole('tab', { name: 'Funds' }).click();
    await expect.poll(() => textOf(row)).toMatch(/14:00 · 15:00\s*0\s*0/);

    // A structured product, created in the form: a field error first, then created and listed.
    await m.getByRole('tab', { name: 'Structured products' }).click();
    const form = m.getByRole('form', { name: 'Create a structured product' });
    const name = `E2E Top 40 Note ${Date.now().toString(36)}`;
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Underlying (index or stock)').fill('SA40');
    await form.getByLabel('Start', { exact: true }).fill('2027-01-11T10:00');
    await form.getByLabel('Maturity', { exact: true }).fill('2028-01-11T10:00');
    await form.getByLabel('Protection (%)').fill('90');
    await form.getByLabel('Participation (%)').fill('120');
    await form.getByLabel('Cap (%, optional)').fill('95');
    await form.getByLabel('Minimum per client').fill('1000');
    await form.getByLabel('Maximum per client').fill('50000');
    await form.getByRole('button', { name: 'Create structured product' }).click();
    // The cap must be above 100 (the service's rule, as for `quant create`): shown beside the cap.
    await form.getByText(/cap must be a percentage above 100/).waitFor();
    expect(await form.getByLabel('Cap (%, optional)').getAttribute('aria-invalid')).toBe('true');
    await screenshot(m, 'console-products-structured-field-error');
    await form.getByLabel('Cap (%, optional)').fill('140');
    await form.getByRole('button', { name: 'Create structured product' }).click();
    await form.getByText(new RegExp(`Structured product #\\d+ created \\(upcoming\\): ${name}`)).waitFor();
    const products = m.getByRole('table', { name: 'Structured products' });
    const listed = products.getByRole('row').filter({ hasText: name });
    await listed.waitFor();
    expect(await textOf(listed)).toMatch(/90 % · 120 % · 140 %/);
    await expectNoSeriousAxe(m);
    await screenshot(m, 'console-products-structured');

    expect(maker.errors).toEqual([]);
    expect(checker.errors).toEqual([]);
  }, 420_000);
});
