// A new client's first journey: sign up with WELCOME, sign in, held at /kyc, four KYC steps with
// real image files, 'Verification In Progress', the ops CLI approves, the client lands on /dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { uniqueMobile } from './support/api';
import { launchBrowser, newPage, screenshot, PHONE } from './support/browser';
import { expectTitle, expectToast, pathOf, signIn, waitForPath } from './support/flows';
import { makeFakeImage, makeImage } from './support/images';
import { runOps } from './support/ops';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('sign-up → KYC → approval → dashboard', () => {
  it('takes a new client from sign-up to the dashboard', async () => {
    const { page, errors } = await newPage(browser, server.url);
    const mobile = uniqueMobile();
    const password = 'Imali2026!';

    // Root of an unauthenticated visit is the sign-in page, with the cookie notice.
    await page.goto('/');
    await waitForPath(page, '/login');
    await expectTitle(page, 'Imali | Sign In');
    await page.getByRole('region', { name: 'Cookie notice' }).waitFor();
    await screenshot(page, 'login-desktop');
    await page.getByRole('button', { name: 'OK' }).click();
    expect(await page.getByRole('region', { name: 'Cookie notice' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('imali.cookie-ok'))).toBe('true');

    // Sign-up modal: submit stays disabled until the form is valid.
    await page.getByRole('button', { name: 'Create an account' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create your account' });
    await signUp.waitFor();
    const submit = signUp.getByRole('button', { name: 'Sign Up' });
    expect(await submit.isDisabled()).toBe(true);
    await signUp.getByLabel('Mobile number').fill(`0${mobile}99`); // digits-only, cut at 9
    expect(await signUp.getByLabel('Mobile number').inputValue()).toBe(`0${mobile}`.slice(0, 9));
    await signUp.getByLabel('Mobile number').fill(mobile);
    await signUp.getByLabel('Password', { exact: true }).fill(password);
    await signUp.getByLabel('Confirm password').fill('different');
    await signUp.getByLabel('Invitation code').fill('WELCOME');
    await signUp.getByText('Passwords must match').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await signUp.getByLabel('Confirm password').fill(password);
    await page.waitForFunction(
      () =>
        !document.querySelector<HTMLButtonElement>('form[aria-label="Sign up"] button[type=submit]')
          ?.disabled,
    );
    await screenshot(page, 'sign-up-modal');
    await submit.click();
    await expectToast(page, 'Your Account Has Been Successfully Registered');
    await signUp.waitFor({ state: 'detached' });

    // Sign in: a client without approved KYC is held at /kyc.
    await signIn(page, mobile, password);
    await waitForPath(page, '/kyc');
    await expectTitle(page, 'Imali | Identity Verification');
    await page.goto('/dashboard');
    await waitForPath(page, '/kyc');

    // Step 1, Agreement: Next only after scrolling to the end and ticking agree.
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByLabel(/I have read and agree/).check();
    expect(await next.isDisabled()).toBe(true);
    await screenshot(page, 'kyc-agreement');
    await page.getByTestId('kyc-agreement').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'Next');
      return b && !b.disabled;
    });
    await next.click();

    // Step 2, Base: the 18+ rule, then valid details.
    await page.getByLabel('Full name').fill('Thandi Nkosi');
    expect(await page.getByLabel('Phone number').inputValue()).toBe(mobile);
    const tooYoung = new Date();
    tooYoung.setFullYear(tooYoung.getFullYear() - 17);
    await page.getByLabel('Date of birth').fill(tooYoung.toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('You must be at least 18 years old.').waitFor();
    await page.getByLabel('Date of birth').fill('1990-05-17');
    await screenshot(page, 'kyc-base');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3, ID: front required; wrong files refused; real PNG and JPEG uploaded with preview.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('ID number is required.').waitFor();
    await page.getByText('ID front image is required.').waitFor();
    await page.getByLabel('ID number').fill('9005170123088');
    await page.getByTestId('kyc-id-front').setInputFiles(makeFakeImage('notes.txt'));
    await page.getByText('Only image files are allowed.').waitFor();
    // Named like an image but not one: the server sniffs the bytes and refuses it.
    await page.getByTestId('kyc-id-front').setInputFiles(makeFakeImage('disguised.png'));
    await page.getByText('Only image files are allowed.').waitFor();
    await page.getByTestId('kyc-id-front').setInputFiles(await makeImage('id-front', 'png'));
    await page.getByAltText('ID front preview').waitFor();
    await page.getByText('Uploaded').first().waitFor();
    await page
      .getByTestId('kyc-id-back')
      .setInputFiles(await makeImage('id-back', 'jpeg', { color: '#0f3d2e' }));
    await page.getByAltText('ID back preview').waitFor();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('span').length > 0 &&
        [...document.querySelectorAll('span')].filter((s) => s.textContent?.trim() === 'Uploaded').length ===
          2,
    );
    expect(await page.getByText('Only image files are allowed.').count()).toBe(0);
    await screenshot(page, 'kyc-id');
    // A new front image, and Submit pressed while it still uploads: the button waits for the
    // upload and then submits (it used to say 'ID front image is required.' and do nothing).
    await page.route('**/api/client/app/v1/image', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByTestId('kyc-id-front').setInputFiles(await makeImage('id-front-again', 'png'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByText('Your ID image is still uploading. We will submit as soon as it finishes.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Uploading...' }).isDisabled()).toBe(true);
    expect(await page.getByText('ID front image is required.').count()).toBe(0);

    // Step 4, Status.
    await page.getByText('Verification In Progress').waitFor();
    await page.getByText('Please wait while we verify your information.').waitFor();
    await screenshot(page, 'kyc-status-pending');
    // Reloading keeps a pending client on the Status step.
    await page.reload();
    await page.getByText('Verification In Progress').waitFor();

    // An operator approves through the ops CLI; the waiting page moves on by itself.
    const output = await runOps(server, 'kyc', 'approve', mobile);
    expect(output.toLowerCase()).toContain('approved');
    await waitForPath(page, '/dashboard', 20_000);
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await expectTitle(page, 'Imali | Home');
    await page.goto('/kyc');
    await waitForPath(page, '/dashboard');
    await screenshot(page, 'dashboard-desktop');
    expect(errors).toEqual([]);
  });

  it('shows the KYC page well on a 375 px phone', async () => {
    const { page } = await newPage(browser, server.url, PHONE);
    const mobile = uniqueMobile();
    await page.goto('/login');
    await page.getByRole('button', { name: 'OK' }).click();
    await screenshot(page, 'login-phone');
    await page.getByRole('button', { name: 'Create an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.getByLabel('Mobile number').fill(mobile);
    await dialog.getByLabel('Password', { exact: true }).fill('secret123');
    await dialog.getByLabel('Confirm password').fill('secret123');
    await dialog.getByLabel('Invitation code').fill('WELCOME');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await expectToast(page, 'Your Account Has Been Successfully Registered');
    await signIn(page, mobile, 'secret123');
    await waitForPath(page, '/kyc');
    await page.getByTestId('kyc-agreement').waitFor();
    await screenshot(page, 'kyc-agreement-phone');
    expect(pathOf(page)).toBe('/kyc');
  });

  it('rejects a wrong invitation code and a wrong password with the server message', async () => {
    const { page } = await newPage(browser, server.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Create an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.getByLabel('Mobile number').fill(uniqueMobile());
    await dialog.getByLabel('Password', { exact: true }).fill('secret123');
    await dialog.getByLabel('Confirm password').fill('secret123');
    await dialog.getByLabel('Invitation code').fill('NOPE-123');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    const toast = page.locator('[data-toast-type="error"]');
    await toast.waitFor();
    expect((await toast.textContent())?.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Close' }).click();

    await signIn(page, '612345678', 'wrong-password');
    const alert = page.locator('form[aria-label="Sign in"] [role=alert]');
    await alert.waitFor();
    expect(await alert.textContent()).toBeTruthy();
    expect(pathOf(page)).toBe('/login');
  });
});
