// The console's Products screen, offerings and exchange closures (issue 23), in Chromium at
// 1280 px: products@ creates a block (otc) offering in the form and opens it; a funded client asks
// for more shares than the block has; products@ closes it, previews the pro-rata settlement (each
// order requested, allotted, debited, refunded) and requests approval. products@ cannot approve
// their own request; products2@ approves it with a step-up code, and the client's order holds its
// allotment. Then a JSE closure is declared (a past day refused first, nothing changed) and
// withdrawn. axe finds no serious violation on either tab.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PASSWORD, DEMO_STAFF } from '../apps/api/src/db/seed';
import { loginToken, md5, clientCall } from './support/api';
import { axeFindings } from './support/axe';
import { launchBrowser, screenshot } from './support/browser';
import {
  answerStepUp,
  signInConsole,
  type ConsolePage,
  goToArea,
  localDateTimeInput,
} from './support/console';
import { makeImage } from './support/images';
import { startServer, type RunningServer } from './support/server';
import { createFundedClient } from './support/trading';

let server: RunningServer;
let browser: Browser;
let idImage: string;
const open: ConsolePage[] = [];

beforeAll(async () => {
  server = await startServer({ SKIP_WEB_BUILD: 'true' });
  browser = await launchBrowser();
  idImage = await makeImage('console-offerings-id', 'png');
}, 180_000);

afterAll(async () => {
  for (const c of open) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

const clientApi = <T>(token: string, method: string, path: string, body?: unknown, key?: string) =>
  clientCall<T>(server, token, method, path, body, key);

const products2 = () => {
  const s = DEMO_STAFF.find((x) => x.email.startsWith('products2@'))!;
  return { email: s.email, password: DEMO_STAFF_PASSWORD, totpSecret: s.totpSecret };
};

describe('console: offerings (create, open, close, pro-rata settlement behind four eyes) and exchange closures', () => {
  it('products@ runs a block offering to a settlement request; products2@ approves it; a closure is declared and withdrawn', async () => {
    const name = `E2E FirstRand block ${Date.now().toString(36)}`;
    const maker = await signInConsole(browser, server, 'product_ops');
    open.push(maker);
    const m = maker.page;
    await goToArea(m, 'Products');
    await m.getByRole('tab', { name: 'Offerings' }).click();

    // Create: a block of 100 FSR shares at 7000 ZAc.
    const form = m.getByRole('form', { name: 'Create an offering' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Symbol').fill('FSR');
    await form.getByLabel('Opens').fill(await localDateTimeInput(m, -5 * 60_000));
    await form.getByLabel('Closes').fill(await localDateTimeInput(m, 2 * 86_400_000));
    await form.getByLabel('Minimum per client (shares)').fill('10');
    await form.getByLabel('Maximum per client (shares)').fill('1000');
    await form.getByLabel('Block price').fill('7000');
    await form.getByLabel('Block size (shares)').fill('100');
    await form.getByRole('button', { name: 'Create offering' }).click();
    const created = m.getByText(/Offering (\d+) created \(upcoming\)/);
    await created.waitFor();
    const id = Number(/Offering (\d+)/.exec((await created.textContent()) ?? '')![1]);
    const table = m.getByRole('table', { name: 'Offerings' });
    const row = table.getByRole('row').filter({ hasText: name });
    await expect.poll(() => row.textContent()).toMatch(/upcoming.*0 \/ 100/);
    expect(await axeFindings(m, { structure: true })).toEqual([]);
    await screenshot(m, 'console-offerings-created');

    await row.getByRole('button', { name: `Open ${name}` }).click();
    await row.getByRole('button', { name: `Confirm: open ${name}` }).click();
    await m.getByText(`${name} is open.`).waitFor();

    // A funded client asks for 150 shares of the 100 (the API, as the app's otc drawer does).
    const client = await createFundedClient(server, idImage, { amount: '40000' });
    const token = await loginToken(server, client.mobile, client.password);
    await clientApi(token, 'POST', '/api/client/app/v1/pin/verify', { pin: md5(client.pin) });
    const accounts = await clientApi<{ id: number; currency: string }[]>(token, 'GET', '/api/account/app/v1');
    await clientApi(
      token,
      'POST',
      `/api/otc/app/v1/record/allocate/${id}`,
      { quantity: '150', account_id: accounts.find((a) => a.currency === 'ZAR')!.id },
      `e2e-console-offering-${id}`,
    );
    await m.reload();
    await m.getByRole('tab', { name: 'Offerings' }).click();
    await expect.poll(() => row.textContent()).toMatch(/open.*150 \/ 100/);

    await row.getByRole('button', { name: `Close ${name}` }).click();
    await row.getByRole('button', { name: `Confirm: close ${name}` }).click();
    await m.getByText(`${name} is closed.`).waitFor();
    await row.getByRole('button', { name: `Preview settlement of ${name}` }).click();
    const panel = m.getByRole('article', { name: `Settlement preview · ${name}` });
    await expect
      .poll(() => panel.textContent())
      .toMatch(/100 allocated of 100 in the block \(150 requested\)/);
    const line = panel.getByRole('table', { name: 'Allocations' }).getByRole('row').nth(1);
    // Requested 150, allotted 100; the hold splits into the debit and the refund.
    expect((await line.textContent())?.replace(/\s+/g, ' ')).toMatch(/150\s*100\s*[\d.]+\s*[\d.]+\s*[\d.]+/);
    await screenshot(m, 'console-offerings-settlement-preview');
    await panel.getByRole('button', { name: 'Request approval' }).click();
    const waiting = m.getByText(/Waiting for approval by 1 checker \(request #(\d+)\)/);
    await waiting.waitFor();
    const requestId = /#(\d+)/.exec((await waiting.textContent()) ?? '')![1]!;

    // products@ cannot approve their own request: not in their inbox; under My requests, no Approve.
    await goToArea(m, 'Approvals');
    await m
      .getByText('Nothing waits for your approval.')
      .or(m.getByRole('list', { name: 'Approval requests' }))
      .waitFor();
    expect(
      await m.getByRole('article', { name: new RegExp(`#${requestId} Settle an offering`) }).count(),
    ).toBe(0);
    await m.getByRole('button', { name: 'My requests' }).click();
    const own = m.getByRole('article', { name: new RegExp(`#${requestId} Settle an offering`) });
    await own.waitFor();
    await own.getByText('Your own request: another staff user approves it.').waitFor();
    expect(await own.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // products2@ approves with a step-up code.
    const checker = await signInConsole(browser, server, products2());
    open.push(checker);
    const c = checker.page;
    await goToArea(c, 'Approvals');
    const card = c.getByRole('article', { name: new RegExp(`#${requestId} Settle an offering`) });
    await card.waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    await answerStepUp(checker);
    await c.getByText(`Request #${requestId} approved and done.`).waitFor();

    // The client's order holds its allotment: 100 of the 150 asked for.
    const held = await clientApi<{ quantity: string; status: string }[]>(
      token,
      'GET',
      '/api/client/app/v1/order/holding?dtype=otc',
    );
    expect(held.map((o) => Number(o.quantity))).toEqual([100]);
    await goToArea(m, 'Products');
    await m.getByRole('tab', { name: 'Offerings' }).click();
    await expect.poll(() => row.textContent()).toMatch(/settled/);

    // Exchange closures: a past day is refused with the reason; a future one is declared, then withdrawn.
    await m.getByRole('tab', { name: 'Exchange closures' }).click();
    const declare = m.getByRole('form', { name: 'Declare a closure · JSE' });
    await declare.getByLabel(/^Day/).fill('2026-11-02');
    await declare.getByLabel('Reason').fill('National day of mourning proclaimed');
    await declare.getByRole('button', { name: 'Declare' }).click();
    await expect
      .poll(() => declare.getByRole('alert').textContent())
      .toMatch(/Refused: 2026-11-02 has passed at the JSE.*Nothing was changed\./);
    await declare.getByLabel(/^Day/).fill('2027-03-10');
    await declare.getByRole('button', { name: 'Declare' }).click();
    const declared = m.getByText(/Declared #(\d+): the JSE closed all day on 2027-03-10/);
    await declared.waitFor();
    const closureId = /#(\d+)/.exec((await declared.textContent()) ?? '')![1]!;
    const closures = m.getByRole('table', { name: 'Declared closures of the JSE' });
    await expect.poll(() => closures.textContent()).toMatch(/2027-03-10\s*closed all day/);
    expect(await axeFindings(m, { structure: true })).toEqual([]);
    await screenshot(m, 'console-closures-declared');
    await closures.getByRole('button', { name: 'Withdraw…' }).first().click();
    await closures.getByLabel(`Reason for withdrawing #${closureId}`).fill('Proclamation rescinded');
    await closures.getByRole('button', { name: `Withdraw #${closureId}` }).click();
    await m
      .getByText(`Declaration #${closureId} withdrawn: the JSE trades on 2027-03-10 by its calendar.`)
      .waitFor();
    await screenshot(m, 'console-closures-withdrawn');

    expect(maker.errors).toEqual([]);
    expect(checker.errors).toEqual([]);
  }, 300_000);
});
