// A loan on the Dashboard and the Summary (issue 24 point 7), in Chromium at 1280 px and at 375 px,
// each with a client of its own: ZAR 20,000 deposited → Me > Application › Loan for ZAR 10,000 over
// 12 months → the operator approves it (ops CLI) → the Dashboard's total rises by what was borrowed
// and shows it net of what is owed, with the loan as a liability (outstanding, next instalment, due
// date); the Summary the same, and its table keeps the payout out of Net deposits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loginToken } from './support/api';
import { PHONE, launchBrowser, newPage, screenshot } from './support/browser';
import { acceptCookiesUpFront, signIn, waitForPath } from './support/flows';
import { makeImage } from './support/images';
import { runOps } from './support/ops';
import { startServer, type RunningServer } from './support/server';
import { createFundedClient, type TradingClient } from './support/trading';

const LAPTOP = { width: 1280, height: 860 };

let server: RunningServer;
let browser: Browser;
let idImage: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  idImage = await makeImage('loan-liability-id', 'png');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Text as read: Intl's no-break spaces as spaces, runs of space as one. */
const read = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function firstInstalmentDue(client: TradingClient) {
  const token = await loginToken(server, client.mobile, client.password);
  const res = await fetch(`${server.url}/api/client/app/v1/application`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const apps = ((await res.json()) as { data: { loan: { schedule: { due_on: string }[] } | null }[] }).data;
  const due = apps.find((a) => a.loan)!.loan!.schedule[0]!.due_on;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${due}T12:00:00Z`));
}

async function expectLoanSection(page: Page, due: string) {
  const loans = page.getByRole('region', { name: 'Loans' });
  await loans.waitFor();
  expect(((await loans.getByTestId('liabilities-total').textContent()) ?? '').replace(/\s+/g, ' ')).toBe(
    'ZAR 11,001.61',
  );
  const loan = loans.locator('[data-testid^="loan-LON"]').first();
  const value = async (label: string) =>
    (
      (await loan.getByText(label, { exact: true }).locator('xpath=following-sibling::dd').textContent()) ??
      ''
    )
      .replace(/\s+/g, ' ')
      .trim();
  expect(await value('Outstanding')).toBe('ZAR 11,001.61');
  expect(await value('Next instalment')).toBe('ZAR 916.80');
  expect(await value('Due')).toBe(due);
  expect(await value('Borrowed')).toBe('ZAR 10,000.00');
}

async function assertNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function journey(viewport: typeof LAPTOP, label: string) {
  const client = await createFundedClient(server, idImage, { amount: '20000' });
  await runOps(server, 'client', 'flags', client.mobile, '--loan', 'on');
  const { page, context, errors } = await newPage(browser, server.url, viewport);
  await acceptCookiesUpFront(context);
  await signIn(page, client.mobile, client.password);
  await waitForPath(page, '/dashboard');
  await page.getByTestId('dashboard-total').waitFor();
  expect(await read(page, 'dashboard-total')).toBe('ZAR 20,000.00');
  expect(await page.getByTestId('dashboard-net').count()).toBe(0);
  expect(await page.getByRole('region', { name: 'Loans' }).count()).toBe(0);

  // Me > Application › Loan: ZAR 10,000 over 12 months.
  await page.goto(`${server.url}/me/application`);
  await page.getByRole('button', { name: 'Apply for a loan' }).click();
  const drawer = page.getByRole('dialog', { name: 'Loan Application' });
  await drawer.getByLabel('Amount').fill('10000');
  await drawer.getByLabel('Monthly income').fill('20000');
  await drawer.getByLabel('Monthly expenses').fill('12000');
  await drawer.getByLabel('Purpose').fill('Home repairs');
  await drawer.getByRole('button', { name: 'See the cost of credit' }).click();
  await drawer.getByTestId('loan-cost').getByText('ZAR 1,001.61').waitFor();
  await drawer.getByRole('button', { name: 'Submit application' }).click();
  await drawer.getByText('Loan application submitted').waitFor();

  // The operator approves it: the loan is paid out into the ZAR account.
  const list = await runOps(server, 'application', 'list', '--status', 'pending');
  const id = new RegExp(`(\\d+)\\s+LON-\\S+\\s+loan\\s+pending\\s+${client.mobile}`).exec(list)?.[1];
  expect(id, list).toBeTruthy();
  await runOps(server, 'application', 'approve', id!);
  const due = await firstInstalmentDue(client);

  // Dashboard: the total includes the borrowed cash; beside it the total net of what is owed, and
  // the loan as a liability.
  await page.goto(`${server.url}/dashboard`);
  await page.getByTestId('dashboard-net').waitFor();
  expect(await read(page, 'dashboard-total')).toBe('ZAR 30,000.00');
  expect(await read(page, 'dashboard-net')).toBe('Net of loans ZAR 18,998.39');
  await expectLoanSection(page, due);
  await assertNoHorizontalScroll(page);
  await page.waitForTimeout(300); // the week's bars and the donut settle
  await screenshot(page, `loan-liability-dashboard-${label}`);

  // Portfolio › Summary: the same figures; the payout is a loan flow, not a deposit.
  await page.goto(`${server.url}/portfolio/summary`);
  await page.getByTestId('summary-net').waitFor();
  expect(await read(page, 'summary-total')).toBe('ZAR 30,000.00');
  expect(await read(page, 'summary-net')).toBe('Net of loans ZAR 18,998.39');
  await expectLoanSection(page, due);
  await page.getByRole('button', { name: 'Show as a table' }).click();
  const table = page.getByTestId('value-table');
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  expect(headers).toEqual(['Day', 'Value', 'Net deposits', 'Loan']);
  const today = (await table.getByRole('row').nth(1).locator('td').allTextContents()).map((c) =>
    c.replace(/\s+/g, ' ').trim(),
  );
  // Deposit and payout on the same day: Net deposits is the deposit alone.
  expect(today).toEqual(['ZAR 30,000.00', '+ZAR 20,000.00', '+ZAR 10,000.00']);
  await assertNoHorizontalScroll(page);
  await page.getByRole('region', { name: 'Loans' }).scrollIntoViewIfNeeded();
  await screenshot(page, `loan-liability-summary-${label}`);
  expect(errors).toEqual([]);
  await page.close();
}

describe('a loan as a liability (Chromium)', () => {
  it('1280 px: the Dashboard and the Summary show what is owed and the total net of it', async () => {
    await journey(LAPTOP, 'laptop');
  });

  it('375 px: the same on a phone', async () => {
    await journey(PHONE, 'phone');
  });
});
