// Steps a person takes in the app, shared by the e2e tests.
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';

/** Pretend the cookie notice was accepted earlier (the banner test covers it on its own). */
export async function acceptCookiesUpFront(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.localStorage.setItem('imali.cookie-ok', 'true'));
}

export async function signIn(
  page: Page,
  mobile: string,
  password: string,
  { remember = false } = {},
): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function waitForPath(page: Page, path: string, timeout = 30_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function toastText(page: Page): Promise<string> {
  const toast = page.locator('[data-toast-type]');
  await toast.waitFor();
  return (await toast.textContent()) ?? '';
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('[data-toast-type]', { hasText: text }).waitFor();
  expect(await toastText(page)).toContain(text);
}

export async function openAccountPanel(page: Page): Promise<void> {
  await page.getByTestId('avatar-button').click();
  await page.getByRole('dialog', { name: 'Account' }).waitFor();
}

/** Waits for the page title the app sets after a route renders. */
export async function expectTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((t) => document.title === t, title, { timeout: 10_000 }).catch(() => undefined);
  expect(await page.title()).toBe(title);
}

/** The signed-in layout is on screen (it loads lazily after the route changes). */
export async function waitForShell(page: Page): Promise<void> {
  await page.getByTestId('header-search').waitFor();
}

/** Records the text of every toast the page shows (they hide after 3 s; a slow run could miss one). */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { shownToasts: string[] };
    w.shownToasts = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-toast-type]')) {
        const text = el.textContent ?? '';
        if (w.shownToasts.at(-1) !== text) w.shownToasts.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

export async function shownToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { shownToasts?: string[] }).shownToasts ?? []);
}
