// The console's KYC review and client 360 in Chromium at 1280 px (issue 23), against a real server
// with the demo queues seeded (Sipho Mokoena's pending KYC: two ID images, the demo client's ID
// number): a support user reads the submission without decide buttons and the server refuses its
// decision anyway; a KYC reviewer opens the queue, sees both images and the duplicate flag linking
// the demo client, zooms and rotates, rejects with a reason, and the queue no longer shows it; the
// flag's link opens the demo client's 360 page, where support ends the client's sessions. axe finds
// no serious violation on the three screens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loginToken } from './support/api';
import { axeFindings } from './support/axe';
import { launchBrowser, screenshot } from './support/browser';
import { signInConsole } from './support/console';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let submissionId: number;

const DEMO = { mobile: '612345678', password: 'demo1234' };
const accountStatus = async (token: string) =>
  (await fetch(`${server.url}/api/account/app/v1`, { headers: { authorization: `Bearer ${token}` } })).status;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED_DEMO_QUEUES: 'true' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Both ID images loaded (a real decoded image, not a broken one). */
async function expectImagesLoaded(page: Page) {
  for (const name of ['ID front', 'ID back']) {
    const img = page.getByRole('img', { name, exact: true });
    await img.waitFor();
    await expect
      .poll(() =>
        img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
  }
}

async function openSipho(page: Page) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'KYC review' }).click();
  const queue = page.getByRole('listbox', { name: 'KYC submissions' });
  const sipho = queue.getByRole('option').filter({ hasText: 'Sipho Mokoena' });
  await sipho.waitFor();
  return { queue, sipho };
}

describe('console: KYC review and client 360', () => {
  it('a support user sees the submission read-only, and the server refuses its decision', async () => {
    const support = await signInConsole(browser, server, 'support');
    const { page } = support;
    try {
      const { sipho } = await openSipho(page);
      await sipho.click();
      await page.getByRole('heading', { name: /KYC submission #\d+: Sipho Mokoena/ }).waitFor();
      submissionId = Number(/\/kyc\/(\d+)/.exec(page.url())![1]);
      await expectImagesLoaded(page);
      await page.getByText('Your roles let you read this submission, not decide it.').waitFor();
      expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Reject…' }).count()).toBe(0);

      // The hidden buttons are a courtesy: the API itself refuses support's decision.
      for (const [action, data] of [
        ['reject', { reason: 'Trying anyway' }],
        ['approve', {}],
      ] as const) {
        const res = await page.request.post(`${server.opsUrl}/ops/v1/kyc/${submissionId}/${action}`, {
          data,
          headers: { origin: server.opsUrl },
        });
        expect(res.status(), action).toBe(403);
      }
      const still = await page.request.get(`${server.opsUrl}/ops/v1/kyc/${submissionId}`);
      expect(((await still.json()) as { data: { status: string } }).data.status).toBe('pending');
      expect(support.errors).toEqual([]);
    } finally {
      await support.close();
    }
  });

  it('a KYC reviewer opens the queue, checks images and flags, rejects with a reason; the queue drops it', async () => {
    const reviewer = await signInConsole(browser, server, 'kyc_reviewer');
    const { page } = reviewer;
    try {
      const { queue, sipho } = await openSipho(page);
      await expect.poll(() => sipho.textContent()).toMatch(/1 duplicate flag/);
      expect(await axeFindings(page, { structure: true })).toEqual([]);
      await screenshot(page, 'console-kyc-queue');

      // Keyboard: focus the list, move to Sipho, Enter opens.
      const index = (await queue.getByRole('option').allTextContents()).findIndex((t) => t.includes('Sipho'));
      await queue.focus();
      await page.keyboard.press('Home');
      for (let i = 0; i < index; i++) await page.keyboard.press('j');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: `KYC submission #${submissionId}: Sipho Mokoena` }).waitFor();
      await expectImagesLoaded(page);

      const flags = page.getByRole('list', { name: 'Duplicate flags' });
      await expect.poll(() => flags.textContent()).toContain('Same ID number');
      const demoLink = flags.getByRole('link');
      expect(await demoLink.getAttribute('href')).toMatch(/^\/clients\/\d+$/);

      await page.getByRole('button', { name: 'Zoom in on the ID front' }).click();
      await page.getByRole('button', { name: 'Rotate 90° clockwise, the ID front' }).focus();
      await page.keyboard.press('Enter');
      const front = page.getByRole('img', { name: 'ID front', exact: true });
      expect(await front.getAttribute('style')).toMatch(/width: 125%.*rotate\(90deg\)/);
      expect(await axeFindings(page, { structure: true })).toEqual([]);
      await screenshot(page, 'console-kyc-detail');

      await page.getByRole('button', { name: 'Reject…' }).click();
      await page
        .getByLabel('Reason the client sees')
        .fill('The ID number belongs to another client. Send your own ID.');
      await page.getByRole('button', { name: 'Reject', exact: true }).click();
      await page
        .getByText(`Submission #${submissionId} (Sipho Mokoena) rejected; the client sees the reason.`)
        .waitFor();
      expect(new URL(page.url()).pathname).toBe('/kyc');
      // The queue is read again after the decision: poll until the refreshed list is shown.
      await expect
        .poll(() => page.getByRole('option').filter({ hasText: 'Sipho Mokoena' }).count(), {
          timeout: 15_000,
        })
        .toBe(0);

      // Deciding again: the server answers 409 and the console says so.
      const again = await page.request.post(`${server.opsUrl}/ops/v1/kyc/${submissionId}/approve`, {
        data: {},
        headers: { origin: server.opsUrl },
      });
      expect(again.status()).toBe(409);
      expect(reviewer.errors).toEqual([]);
    } finally {
      await reviewer.close();
    }
  });

  it('the duplicate flag links the demo client’s 360 page', async () => {
    const reviewer = await signInConsole(browser, server, 'kyc_reviewer');
    const { page } = reviewer;
    try {
      await page.goto(`/kyc/${submissionId}`);
      const link = page.getByRole('list', { name: 'Duplicate flags' }).getByRole('link');
      await link.click();
      await page.getByRole('heading', { level: 2, name: 'Accounts' }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/clients\/\d+$/);
      for (const title of [
        'Profile',
        'KYC',
        'Recent ledger lines',
        'Orders',
        'Positions',
        'Active sessions',
        'Staff notes',
        'Audit trail',
      ])
        await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
      // Money is shown in its unit with the currency named.
      await expect
        .poll(() => page.getByRole('region', { name: 'Accounts' }).textContent())
        .toMatch(/ZAR \d{1,3}(,\d{3})*\.\d{2}/);
      await screenshot(page, 'console-client-360');

      // A reviewer may note (clients.note) but not end a client's session (clients.sessions.end).
      await page.getByLabel(/New note/).fill('Checked the duplicate ID number with Sipho’s submission.');
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByRole('list', { name: 'Notes' }).getByText('Checked the duplicate ID number').waitFor();
      expect(await page.getByRole('button', { name: /End the session/ }).count()).toBe(0);
      expect(await axeFindings(page, { structure: true })).toEqual([]);
      await screenshot(page, 'console-client-360-note');
      expect(reviewer.errors).toEqual([]);
    } finally {
      await reviewer.close();
    }
  });

  it('support finds the demo client, ends its sessions from the 360 page, and the client’s token stops working', async () => {
    const token = await loginToken(server, DEMO.mobile, DEMO.password);
    expect(await accountStatus(token)).toBe(200);
    const support = await signInConsole(browser, server, 'support');
    const { page } = support;
    try {
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Clients' }).click();
      await page.getByLabel('Mobile, name or client id').fill(DEMO.mobile);
      await page.getByRole('button', { name: 'Search' }).click();
      const results = page.getByRole('listbox', { name: 'Clients found' });
      await results.getByRole('option').first().waitFor();
      await results.focus();
      await page.keyboard.press('Enter');
      const sessions = page.getByRole('region', { name: 'Active sessions' });
      const endButtons = sessions.getByRole('button', { name: /End the session started/ });
      await endButtons.first().waitFor();
      const before = await endButtons.count();
      // The session this test opened, and any the seed left: each ended one leaves the list.
      for (let i = 0; i < before; i++) {
        await endButtons.first().click();
        await page.getByText('The session was ended; the client is signed out there.').waitFor();
        await expect.poll(() => endButtons.count()).toBe(before - i - 1);
      }
      await sessions.getByText('No active sessions.').waitFor();
      expect(await accountStatus(token)).toBe(401);
      expect(support.errors).toEqual([]);
    } finally {
      await support.close();
    }
  });
});
