// Applications in Chromium (issue 14), on a desktop and at 375 px, each with a client of its own:
// the operator turns the compensation flag on (ops CLI) → Me > Application shows the entry →
// the Compensation Application drawer (90vh) with evidence → pending → the operator approves →
// Me > Application shows it approved and the ZAR balance rises by the amount.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loginToken } from './support/api';
import { DESKTOP, PHONE, launchBrowser, newPage, screenshot } from './support/browser';
import { acceptCookiesUpFront, signIn, waitForPath } from './support/flows';
import { makeImage } from './support/images';
import { runOps } from './support/ops';
import { startServer, type RunningServer } from './support/server';
import { createFundedClient, type TradingClient } from './support/trading';

let server: RunningServer;
let browser: Browser;
let idImage: string;
let evidenceImage: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  idImage = await makeImage('applications-id', 'png');
  evidenceImage = await makeImage('applications-evidence', 'png', { color: '#274060' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function get<T>(client: TradingClient, p: string): Promise<T> {
  const token = await loginToken(server, client.mobile, client.password);
  const res = await fetch(server.url + p, { headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as { data: T };
  return json.data;
}

const zarBalance = async (client: TradingClient) =>
  (await get<{ currency: string; balance: string }[]>(client, '/api/account/app/v1')).find(
    (a) => a.currency === 'ZAR',
  )!.balance;

async function journey(viewport: typeof DESKTOP, label: string) {
  const client = await createFundedClient(server, idImage, { amount: '1000' });
  const [deposit] = await get<{ reference: string }[]>(client, '/api/deposit/app/v1/list');
  expect(await zarBalance(client)).toBe('1000.00');

  const { page, context, errors } = await newPage(browser, server.url, viewport);
  await acceptCookiesUpFront(context);
  await signIn(page, client.mobile, client.password);
  await waitForPath(page, '/dashboard');

  // Flag off: no entry button on Me > Application.
  await page.goto(`${server.url}/me/application`);
  await page.getByText('No applications').waitFor();
  expect(await page.getByRole('button', { name: 'Apply for compensation' }).count()).toBe(0);

  const flags = await runOps(server, 'client', 'flags', client.mobile, '--compensation', 'on');
  expect(flags).toContain('off → on');
  await page.reload();
  await page.getByRole('button', { name: 'Apply for compensation' }).click();

  const drawer = page.getByRole('dialog', { name: 'Compensation Application' });
  await drawer.waitFor();
  // Validation before anything is sent.
  await drawer.getByRole('button', { name: 'Submit application' }).click();
  await drawer.getByText('Upload at least one evidence file').waitFor();
  await drawer.getByText('Related order or transaction is required').waitFor();

  await drawer.getByLabel('Amount claimed').fill('150.25');
  await drawer.getByLabel('Related order or transaction').fill(deposit!.reference);
  await drawer.getByLabel('Reason').fill('My deposit was credited two days late and I missed a trade.');
  await drawer.getByTestId('evidence-input').setInputFiles(evidenceImage);
  await drawer.getByText('applications-evidence.png').waitFor();
  await screenshot(page, `applications-compensation-${label}`);
  await drawer.getByRole('button', { name: 'Submit application' }).click();
  await drawer.getByText('Application submitted').waitFor();
  await drawer.getByRole('button', { name: 'View applications' }).click();
  await drawer.waitFor({ state: 'detached' });

  const card = page.getByTestId('application').first();
  await card.getByText('Pending review').waitFor();

  // The operator sees it pending and approves it.
  const list = await runOps(server, 'application', 'list', '--status', 'pending');
  const id = new RegExp(`(\\d+)\\s+CMP-\\S+\\s+compensation\\s+pending\\s+${client.mobile}`).exec(list)?.[1];
  expect(id, list).toBeTruthy();
  expect(await runOps(server, 'application', 'approve', id!)).toContain('150.25 ZAR credited');

  await page.reload();
  await page.getByTestId('application').first().getByText('Approved').waitFor();
  expect(await zarBalance(client)).toBe('1150.25');
  await screenshot(page, `applications-approved-${label}`);

  // Me > Records shows the cash accounts: the ZAR balance has risen by the amount.
  await page.goto(`${server.url}/me/records`);
  const tile = page.getByTestId('account-ZAR').first();
  await expect
    .poll(async () => ((await tile.textContent()) ?? '').replace(/\s+/g, ' '), { timeout: 10_000 })
    .toContain('1,150.25');
  await assertNoHorizontalScroll(page);
  expect(errors).toEqual([]);
  await page.close();
}

async function assertNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Trial bonus and loan drawers: terms in full before accepting; the cost of credit before submitting. */
async function trialAndLoan(viewport: typeof DESKTOP, label: string) {
  const client = await createFundedClient(server, idImage, { amount: '1000' });
  await runOps(server, 'client', 'flags', client.mobile, '--bonus', 'on', '--loan', 'on');
  const { page, context, errors } = await newPage(browser, server.url, viewport);
  await acceptCookiesUpFront(context);
  await signIn(page, client.mobile, client.password);
  await waitForPath(page, '/dashboard');
  await page.goto(`${server.url}/me/application`);
  expect(await page.getByRole('button', { name: 'Apply for compensation' }).count()).toBe(0);

  await page.getByRole('button', { name: 'Trial bonus offer' }).click();
  const trial = page.getByRole('dialog', { name: 'Trial Bonus Offer' });
  await trial.getByText('Terms and conditions').waitFor();
  const accept = trial.getByRole('button', { name: 'Accept bonus' });
  expect(await accept.isDisabled()).toBe(true);
  await screenshot(page, `applications-trial-${label}`);
  await trial.getByLabel('I have read the terms above and accept them.').check();
  await accept.click();
  await trial.getByText('Trial bonus credited').waitFor();
  expect(await zarBalance(client)).toBe('1500.00');
  await trial.getByRole('button', { name: 'Done' }).click();
  await trial.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Apply for a loan' }).click();
  const loan = page.getByRole('dialog', { name: 'Loan Application' });
  await loan.getByLabel('Amount').fill('10000');
  await loan.getByLabel('Monthly income').fill('20000');
  await loan.getByLabel('Monthly expenses').fill('12000');
  await loan.getByLabel('Purpose').fill('Home repairs');
  expect(await loan.getByRole('button', { name: 'Submit application' }).count()).toBe(0);
  await loan.getByRole('button', { name: 'See the cost of credit' }).click();
  const cost = loan.getByTestId('loan-cost');
  await cost.getByText('ZAR 1,001.61').waitFor();
  await cost.getByText('Affordability: affordable').waitFor();
  await screenshot(page, `applications-loan-${label}`);
  await loan.getByRole('button', { name: 'Submit application' }).click();
  await loan.getByText('Loan application submitted').waitFor();
  expect(errors).toEqual([]);
  await page.close();
}

describe('applications (Chromium)', () => {
  it('desktop: trial bonus terms before accepting, loan cost before submitting', async () => {
    await trialAndLoan(DESKTOP, 'desktop');
  });

  it('desktop: a compensation claim approved by the operator shows in Me > Application and the balance rises', async () => {
    await journey(DESKTOP, 'desktop');
  });

  it('375 px: the same journey on a phone', async () => {
    await journey(PHONE, 'phone');
  });
});
