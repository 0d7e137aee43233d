// Staff passkeys in the operator console (issue 23, decision 0066), in Chromium with its virtual
// authenticator (DevTools protocol: WebAuthn.addVirtualAuthenticator, ctap2, internal, resident
// keys, user verification): the payments checker signs in with password + code, adds a passkey
// under Security (a code confirms it), signs out, signs in with password + passkey, and approves
// the maker's R 75,000.00 payout with a passkey step-up instead of a code → paid. The passkey is
// made for the console's host name: WebAuthn refuses an IP address as relying party, so this file
// opens the console at http://localhost:OPS_PORT (one of the server's default OPS_ORIGIN).
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { CONSOLE_DESKTOP, freshCode, signInConsole, type ConsolePage, goToArea } from './support/console';
import { startServer, type RunningServer } from './support/server';
import { demoStaffOf } from './support/staff';

let server: RunningServer;
let browser: Browser;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startServer({ SEED_DEMO_QUEUES: 'true', SKIP_WEB_BUILD: 'true' });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  for (const close of closers) await close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

const AMOUNT = /ZAR\s75,000\.00/;
const PAYMENT_REFERENCE = `FNB-PK-${Date.now().toString(36).toUpperCase()}`;

describe('console: staff passkeys', () => {
  it('checker adds a passkey, signs in with it, and approves a payout with a passkey step-up', async () => {
    // --- The maker asks to pay Lerato's R 75,000.00 (above the first tier: one checker).
    const maker: ConsolePage = await signInConsole(browser, server, 'payments_maker');
    closers.push(maker.close);
    const m = maker.page;
    await goToArea(m, 'Withdrawals & payouts');
    await m
      .getByRole('listbox', { name: 'Withdrawals' })
      .getByRole('option')
      .filter({ hasText: AMOUNT })
      .click();
    const detail = m.getByRole('article', { name: /Withdrawal/ });
    await detail.getByLabel('Payment reference').fill(PAYMENT_REFERENCE);
    await detail.getByRole('button', { name: 'Pay (ask for approval)' }).click();
    const waiting = await m.getByText(/Waiting for approval by 1 checker \(request #\d+\)\./).textContent();
    const requestId = Number(/#(\d+)/.exec(waiting ?? '')![1]);

    // --- The checker, at http://localhost:OPS_PORT, with a virtual authenticator in this page.
    const checker = demoStaffOf('payments_checker');
    const {
      context,
      page: c,
      errors,
    } = await newPage(browser, `http://localhost:${server.opsPort}`, CONSOLE_DESKTOP);
    closers.push(() => context.close());
    const cdp = await context.newCDPSession(c);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    // Password + code, as before passkeys.
    await c.goto('/');
    await c.getByLabel('Work email').fill(checker.email);
    await c.getByLabel('Password').fill(checker.password);
    await c.getByLabel('6-digit code from your authenticator app').fill(await freshCode(checker));
    await c.getByRole('button', { name: 'Sign in' }).click();
    await c.getByRole('button', { name: 'Sign out' }).waitFor();

    // Security: add a passkey; the browser makes it, a code confirms it.
    await c.getByRole('link', { name: 'My sessions & passkeys' }).click();
    const security = c.getByRole('region', { name: 'Security: passkeys' });
    await security.getByText(/No passkey yet/).waitFor();
    await security.getByLabel('Name of the new passkey').fill('This laptop');
    await security.getByRole('button', { name: 'Add a passkey' }).click();
    const addDialog = c.getByRole('dialog', { name: 'Add the passkey “This laptop”' });
    await addDialog.waitFor();
    // Adding an authenticator takes a code, never a passkey.
    expect(await addDialog.getByRole('button', { name: 'Use passkey' }).count()).toBe(0);
    await addDialog.getByLabel('6-digit code').fill(await freshCode(checker));
    await addDialog.getByRole('button', { name: 'Confirm' }).click();
    await addDialog.waitFor({ state: 'detached' });
    await security.getByText('Passkey added.').waitFor();
    await security.getByRole('cell', { name: 'This laptop', exact: true }).waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    await screenshot(c, 'console-passkeys-security');
    await c.screenshot({ path: '/tmp/passkeys.png', fullPage: true });
    expect(fs.existsSync('/tmp/passkeys.png')).toBe(true);
    expect(await axeFindings(c, { structure: true }), 'console-passkeys-security').toEqual([]);

    // Sign out; sign in again with password + passkey (no code).
    await c.getByRole('button', { name: 'Sign out' }).click();
    await c.getByText('You have signed out.').waitFor();
    await c.getByLabel('Work email').fill(checker.email);
    await c.getByLabel('Password').fill(checker.password);
    await c.getByRole('button', { name: 'Use a passkey instead of the code' }).click();
    await c.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await c.getByTestId('staff-name').textContent()).toBeTruthy();

    // Approve the maker's request with a passkey step-up.
    await goToArea(c, 'Approvals');
    const card = c.getByRole('article', { name: new RegExp(`#${requestId} Pay a withdrawal`) });
    await card.waitFor();
    expect(await card.textContent()).toContain(PAYMENT_REFERENCE);
    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = c.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByText(/Or confirm it with your passkey/).waitFor();
    expect(await axeFindings(c, { within: '[role=dialog]' }), 'step-up dialog with passkey').toEqual([]);
    await dialog.getByRole('button', { name: 'Use passkey' }).click();
    await dialog.waitFor({ state: 'detached' });
    await c.getByText(`Request #${requestId} approved and done.`).waitFor();

    // Paid, with the maker's reference; the decision keeps the hash the passkey signed for.
    const response = await c.request.get(`/ops/v1/approvals/${requestId}`);
    const approved = ((await response.json()) as { data: { status: string } }).data;
    expect(approved.status).toBe('approved');
    await goToArea(c, 'Withdrawals & payouts');
    await c.getByLabel('Status').selectOption('paid');
    await c
      .getByRole('listbox', { name: 'Withdrawals' })
      .getByRole('option')
      .filter({ hasText: AMOUNT })
      .click();
    await c
      .getByRole('article', { name: /Withdrawal/ })
      .getByText(PAYMENT_REFERENCE)
      .waitFor();
    // The passkey was used twice (sign-in, step-up): its counter moved on.
    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(after.credentials[0]!.signCount).toBeGreaterThanOrEqual(2);

    expect(maker.errors).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);
});
