// The avatar drawer and its modals: logout, change password, set PIN, avatar upload, KYC details.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createApprovedClient, loginToken } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';
import {
  acceptCookiesUpFront,
  expectToast,
  openAccountPanel,
  pathOf,
  signIn,
  waitForPath,
  waitForShell,
} from './support/flows';
import { makeImage } from './support/images';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let idImage: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  idImage = await makeImage('account-id', 'png');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(viewport?: { width: number; height: number }) {
  const client = await createApprovedClient(server, idImage);
  const { page, context, errors } = await newPage(browser, server.url, viewport);
  await acceptCookiesUpFront(context);
  await signIn(page, client.mobile, client.password);
  await waitForPath(page, '/dashboard');
  await waitForShell(page);
  return { page, client, errors };
}

describe('account panel and modals', () => {
  it('shows the profile in the avatar drawer and copies the UID', async () => {
    const { page } = await signedIn();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openAccountPanel(page);
    const drawer = page.getByRole('dialog', { name: 'Account' });
    await drawer.getByText('VIP: 0').waitFor();
    // The standing rules' score, as the standing panel shows it (issue 24): KYC approved 30 and no
    // refused withdrawal 10.
    await drawer.getByText('Trust Rating: 40').waitFor();
    await drawer.getByText('Version 3.1.3229').waitFor();
    expect(await drawer.getByRole('button', { name: 'Transfer' }).isDisabled()).toBe(true);
    await page.waitForTimeout(400); // let the slide-in finish
    await screenshot(page, 'avatar-drawer');
    await drawer.getByRole('button', { name: 'Copy UID' }).click();
    await expectToast(page, 'UID has copied');

    // Withdraw opens the 'withdraw' bottom drawer.
    await drawer.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByRole('dialog', { name: 'Withdrawal' }).waitFor();
    await page.keyboard.press('Escape');

    // Bank Accounts goes to /me at the bank-section anchor.
    await openAccountPanel(page);
    await page.getByRole('button', { name: 'Bank Accounts' }).click();
    await waitForPath(page, '/me/profile');
    expect(new URL(page.url()).hash).toBe('#bank-section');
    await page.locator('#bank-section').waitFor();
  });

  it('logs out after confirming, and not after Cancel', async () => {
    const { page } = await signedIn();
    await openAccountPanel(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Logout' });
    await confirm.getByText('Are you sure you want to log out now?').waitFor();
    await screenshot(page, 'confirm-logout');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/dashboard');

    await openAccountPanel(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Logout' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await waitForPath(page, '/login');
    expect(
      await page.evaluate(() => sessionStorage.getItem('imali.auth') ?? localStorage.getItem('imali.auth')),
    ).toBeNull();
    await page.goto('/dashboard');
    await waitForPath(page, '/login');
  });

  it('says so under the field when the current password is wrong, and changes nothing', async () => {
    for (const [label, viewport] of [
      ['1280', { width: 1280, height: 860 }],
      ['375', { width: 375, height: 812 }],
    ] as const) {
      const { page, client } = await signedIn(viewport);
      await openAccountPanel(page);
      await page.getByRole('button', { name: 'Change Password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Password' });
      await dialog.getByLabel('Current Password').fill('not-my-password');
      await dialog.getByLabel('New Password').fill('brand-new-1');
      await dialog.getByLabel('Confirm Password').fill('brand-new-1');
      await dialog.getByRole('button', { name: 'Change Password' }).click();
      const current = dialog.getByLabel('Current Password');
      await dialog.getByRole('alert').filter({ hasText: 'Incorrect password' }).waitFor();
      expect(await current.getAttribute('aria-invalid')).toBe('true');
      expect(pathOf(page)).toBe('/dashboard');
      await screenshot(page, `change-password-wrong-current-${label}`);
      // Nothing changed: the old password still signs in.
      await loginToken(server, client.mobile, client.password);
      await page.context().close();
    }
  });

  it('changes the password, signs out to /login, and the new password works', async () => {
    const { page, client } = await signedIn();
    await openAccountPanel(page);
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Current password is required').waitFor();
    await dialog.getByText('New password is required').waitFor();
    await dialog.getByText('Please confirm your password').waitFor();
    await dialog.getByLabel('Current Password').fill(client.password);
    await dialog.getByLabel('New Password').fill('brand-new-1');
    await dialog.getByLabel('Confirm Password').fill('brand-new-2');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Passwords must match').waitFor();
    await dialog.getByLabel('Confirm Password').fill('brand-new-1');
    await screenshot(page, 'change-password');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Password changed successfully.');
    await waitForPath(page, '/login');

    await expect(loginToken(server, client.mobile, client.password)).rejects.toThrow();
    await signIn(page, client.mobile, 'brand-new-1');
    await waitForPath(page, '/dashboard');
  });

  it('sets a PIN in two steps: wrong password is refused, the PIN submits itself at 6 digits', async () => {
    const { page, client } = await signedIn();
    await openAccountPanel(page);
    await page.getByRole('button', { name: /Set PIN/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Set PIN' });
    await dialog.getByText('Verify Password').waitFor();
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByText('Password is required').waitFor();
    await dialog.getByLabel('Current Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByText('Incorrect password').waitFor();
    await dialog.getByLabel('Current Password').fill(client.password);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    const pin = dialog.getByLabel('New PIN');
    await pin.waitFor();
    expect(await dialog.getByRole('button', { name: 'Confirm PIN' }).isDisabled()).toBe(true);
    await pin.fill('12ab34');
    expect(await pin.inputValue()).toBe('1234');
    await screenshot(page, 'set-pin');
    await pin.pressSequentially('56');
    await expectToast(page, 'PIN has been set');
    await dialog.waitFor({ state: 'detached' });
    await openAccountPanel(page);
    await page.getByText('PIN set').waitFor();
  });

  it('uploads a cropped avatar as avatar.jpg and shows it', async () => {
    const { page, errors } = await signedIn();
    await openAccountPanel(page);
    await page.getByRole('button', { name: 'Update Avatar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Avatar' });
    await dialog.getByText('No file chosen').waitFor();
    await dialog.getByText('Avatar Preview').waitFor();
    const upload = dialog.getByRole('button', { name: 'Upload Avatar' });
    expect(await upload.isDisabled()).toBe(true);
    // The cropper's blob:/data: images pass the Content-Security-Policy (none is reported).
    await page.evaluate(() => {
      const w = window as unknown as { cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const picture = await makeImage('portrait', 'jpeg', { width: 1600, height: 1200, color: '#3f9a73' });
    await dialog.getByTestId('avatar-file').setInputFiles(picture);
    await dialog.getByText('portrait.jpg').waitFor();
    await dialog.locator('.cropper-crop-box').waitFor();
    await dialog.getByAltText('Avatar preview').waitFor();
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll('button')].find((x) =>
        x.textContent?.includes('Upload Avatar'),
      );
      return b && !b.disabled;
    });
    await screenshot(page, 'update-avatar');
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
    // Record what the app puts in the multipart body.
    await page.evaluate(() => {
      const original = window.fetch;
      const w = window as unknown as { sentFiles: Array<{ name: string; type: string; size: number }> };
      w.sentFiles = [];
      window.fetch = (input, init) => {
        const file = init?.body instanceof FormData ? init.body.get('file') : null;
        if (file instanceof File) w.sentFiles.push({ name: file.name, type: file.type, size: file.size });
        return original(input, init);
      };
    });
    await upload.click();
    await expectToast(page, 'Avatar uploaded successfully');
    await dialog.waitFor({ state: 'detached' });
    const sent = await page.evaluate(() => (window as unknown as { sentFiles: unknown[] }).sentFiles);
    expect(sent).toEqual([{ name: 'avatar.jpg', type: 'image/jpeg', size: expect.any(Number) }]);
    // The header avatar now shows the uploaded image through a blob URL.
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=avatar-button] img')?.getAttribute('src')?.startsWith('blob:'),
    );

    // Opening again shows the existing avatar.
    await openAccountPanel(page);
    await page.getByRole('button', { name: 'Update Avatar' }).click();
    await page.getByRole('dialog', { name: 'Update Avatar' }).getByText('Existing Avatar').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the KYC details with the confidentiality notice and the ID images', async () => {
    const { page } = await signedIn();
    await openAccountPanel(page);
    await page.getByRole('button', { name: 'View KYC' }).click();
    const dialog = page.getByRole('dialog', { name: 'KYC Details' });
    await dialog.getByText('Thandi Nkosi').waitFor();
    for (const label of ['Full Name', 'ID Number', 'Mobile', 'Submitted On', 'Approved On']) {
      await dialog.getByText(label, { exact: true }).waitFor();
    }
    await dialog.getByText(/confidential/).waitFor();
    await dialog.getByAltText('ID Front').waitFor();
    await dialog.getByTestId('image-placeholder').waitFor(); // no back image was uploaded
    await screenshot(page, 'kyc-details');
  });
});
