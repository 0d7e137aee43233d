// The route guard of spec section 2, seen from the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { loginToken, registerClient, uniqueMobile, submitKycByApi } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';
import {
  acceptCookiesUpFront,
  expectTitle,
  pathOf,
  recordToasts,
  shownToasts,
  signIn,
  waitForPath,
} from './support/flows';
import { makeImage } from './support/images';
import { runOps } from './support/ops';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let idImage: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  idImage = await makeImage('guard-id', 'png');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function page() {
  const p = await newPage(browser, server.url);
  await acceptCookiesUpFront(p.context);
  return p;
}

describe('route guard', () => {
  it('lets anyone open the public pages, with real text and titles', async () => {
    const { page: p } = await page();
    for (const [path, heading, title] of [
      ['/about', 'About Imali', 'Imali | About'],
      ['/privacy', 'Privacy Notice', 'Imali | Privacy Notice'],
      ['/cookie', 'Cookie Notice', 'Imali | Cookie Notice'],
    ] as const) {
      await p.goto(path);
      await p.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(pathOf(p)).toBe(path);
      await expectTitle(p, title);
      expect((await p.locator('main').textContent())!.length).toBeGreaterThan(800);
      await screenshot(p, `public${path.replace('/', '-')}`);
    }
  });

  it('sends unauthenticated visitors to /login, and back to where they were going after sign-in', async () => {
    const { page: p } = await page();
    for (const path of ['/', '/dashboard', '/me/profile', '/kyc', '/no-such-page']) {
      await p.goto(path);
      await waitForPath(p, '/login');
    }
    await p.goto('/portfolio/holding');
    await waitForPath(p, '/login');
    await signIn(p, '612345678', 'demo1234');
    await waitForPath(p, '/portfolio/holding');
    await p.getByRole('heading', { name: 'Portfolio' }).waitFor();
    await expectTitle(p, 'Imali | Holding');
  });

  it('sends a signed-in, approved client away from /login and /kyc to /dashboard; unknown paths show 404', async () => {
    const { page: p } = await page();
    await signIn(p, '612345678', 'demo1234');
    await waitForPath(p, '/dashboard');
    await p.goto('/login');
    await waitForPath(p, '/dashboard');
    await p.goto('/kyc');
    await waitForPath(p, '/dashboard');
    await p.goto('/portfolio');
    await waitForPath(p, '/portfolio/summary');
    await p.goto('/me');
    await waitForPath(p, '/me/profile');
    await p.goto('/definitely/not/here');
    await p.getByText('Page not found').waitFor();
    await expectTitle(p, 'Imali | Page Not Found');
    await screenshot(p, 'not-found');
  });

  it('holds clients without approved KYC at /kyc (unverified, pending, rejected with its reason)', async () => {
    const mobile = uniqueMobile();
    await registerClient(server, mobile, 'secret123');
    const { page: p } = await page();
    await signIn(p, mobile, 'secret123');
    await waitForPath(p, '/kyc');
    for (const path of ['/dashboard', '/market', '/me/profile', '/login']) {
      await p.goto(path);
      await waitForPath(p, '/kyc');
    }
    await p.getByRole('heading', { name: 'Client Agreement' }).waitFor();

    // Pending: the page jumps to Status.
    const token = await loginToken(server, mobile, 'secret123');
    await submitKycByApi(server, token, mobile, idImage);
    await p.reload();
    await p.getByText('Verification In Progress').waitFor();
    await p.goto('/discover');
    await waitForPath(p, '/kyc');

    // Rejected: Status with the reason.
    await runOps(server, 'kyc', 'reject', mobile, '--reason', 'ID photo is blurred');
    await p.reload();
    await p.getByText('Verification Rejected').waitFor();
    await p.getByText('Unfortunately, your KYC was rejected. Please contact support.').waitFor();
    await p.getByText('ID photo is blurred').waitFor();
    await screenshot(p, 'kyc-status-rejected');
  });

  it('sends an approved client from /kyc to the stored return route', async () => {
    const mobile = uniqueMobile();
    await registerClient(server, mobile, 'secret123');
    const { page: p } = await page();
    await p.goto('/me/records');
    await waitForPath(p, '/login');
    await signIn(p, mobile, 'secret123');
    await waitForPath(p, '/kyc');
    const token = await loginToken(server, mobile, 'secret123');
    await submitKycByApi(server, token, mobile, idImage);
    await runOps(server, 'kyc', 'approve', mobile);
    await p.reload();
    await waitForPath(p, '/me/records');
  });

  it('a session that cannot be verified ends at /login with the spec message', async () => {
    const { page: p, context } = await page();
    await recordToasts(context);
    await signIn(p, '612345678', 'demo1234');
    await waitForPath(p, '/dashboard');
    // Replace the session with a token the server never issued: the refresh fails too.
    await p.evaluate(() => {
      sessionStorage.setItem(
        'imali.auth',
        JSON.stringify({ refresh_token: 'not-a-real-token', remember: false }),
      );
    });
    await p.goto('/market');
    await waitForPath(p, '/login');
    await p.waitForFunction(
      () => (window as unknown as { shownToasts: string[] }).shownToasts.length > 0,
      undefined,
      { timeout: 10_000 },
    );
    expect(await shownToasts(p)).toEqual(['Session expired — please login again.']);
    expect(await p.locator('[data-toast-type="error"]').count()).toBeLessThanOrEqual(1);
  });
});
