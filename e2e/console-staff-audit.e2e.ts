// The operator console's staff administration and audit trail (issue 23, decisions 0056, 0057), in
// Chromium at 1280 px: the staff admin creates a staff user (a step-up code, the TOTP secret shown
// once); the new user signs in with a code from that secret; the auditor finds the creation in the
// audit search, with the admin's staff id, and verifies the chain: intact. The auditor's role
// has no staff administration, and the server refuses it anyway.
import type { Browser } from 'playwright-core';
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

const NEW_EMAIL = `e2e-maker-${Date.now().toString(36)}@imali.test`;
const NEW_PASSWORD = 'a long first password 42';

describe('console: staff administration and the audit trail', () => {
  it('the staff admin creates a user with a step-up code; the secret, shown once, signs them in', async () => {
    const admin = await signInConsole(browser, server, 'staff_admin');
    open.push(admin);
    const a = admin.page;
    await goToArea(a, 'Staff & policies');
    const form = a.getByRole('region', { name: 'New staff user' });
    await form.getByLabel('Work email').fill(NEW_EMAIL);
    await form.getByLabel('Display name').fill('Nomsa New Maker');
    await form.getByLabel('First password').fill(NEW_PASSWORD);
    await form.getByRole('checkbox', { name: /payments maker/i }).check();
    await form.getByRole('button', { name: 'Create staff user' }).click();
    await answerStepUp(admin);
    const secretShown = a.getByTestId('totp-secret');
    await secretShown.waitFor();
    const secret = (await secretShown.textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(a, 'console-staff-created');
    expect(await axeFindings(a, { structure: true }), 'console-staff').toEqual([]);
    await a.getByRole('button', { name: 'I have handed it over' }).click();
    await expect.poll(() => a.getByTestId('totp-secret').count()).toBe(0);

    // The new user signs in with a code from the secret they were handed.
    const newcomer = await signInConsole(browser, server, {
      email: NEW_EMAIL,
      password: NEW_PASSWORD,
      totpSecret: secret,
    });
    open.push(newcomer);
    await expect
      .poll(() => newcomer.page.getByRole('navigation', { name: 'Console' }).textContent())
      .toContain('Withdrawals & payouts');
    expect(await newcomer.page.getByRole('navigation', { name: 'Console' }).textContent()).not.toContain(
      'Staff & policies',
    );
  });

  it('the auditor finds the creation with the admin’s staff id and verifies the chain; cannot administer staff', async () => {
    const auditor = await signInConsole(browser, server, 'auditor');
    open.push(auditor);
    const p = auditor.page;
    await goToArea(p, 'Audit');
    const search = p.getByRole('search', { name: 'Search the audit log' });
    await search.getByLabel('Action (or its start)').fill('staff.create');
    await search.getByRole('button', { name: 'Search' }).click();
    // The seed's staff were created by system:seed; this one by the admin, as staff:<id>.
    const entries = p.getByRole('listbox', { name: 'Audit entries' });
    const byAdmin = entries
      .getByRole('option')
      .filter({ hasText: /staff:\d+/ })
      .first();
    await byAdmin.click();
    const detail = p.locator('article[aria-label^="Entry "]');
    await expect.poll(() => detail.textContent()).toContain(NEW_EMAIL);
    expect(await detail.textContent()).toContain('staff.create');

    await p.getByRole('button', { name: 'Verify the chain' }).click();
    await expect.poll(() => p.getByText(/Intact\./).count()).toBe(1);
    await screenshot(p, 'console-audit-verified');
    expect(await axeFindings(p, { structure: true }), 'console-audit').toEqual([]);

    // Read-only everything, but no staff administration: the server refuses it with a code too.
    const refused = await p.request.post(`${server.opsUrl}/ops/v1/staff`, {
      data: { email: 'x@imali.test', displayName: 'X', password: 'another long password', roles: [] },
      headers: { origin: server.opsUrl, 'x-step-up-code': await freshCode(auditor.staff) },
    });
    expect(refused.status()).toBe(403);
  });
});
