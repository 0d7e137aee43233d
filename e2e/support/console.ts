// The operator console in Chromium: demo staff signing in on the ops origin, and fresh TOTP codes
// for step-up. The server accepts each code once and only for a later 30 s step than the last one
// it accepted for that user (decision 0057), so codes are handed out per user, waiting for the
// next step when this one's is spent.
import type { Browser, Page } from 'playwright-core';
import type { StaffRole } from '@imali/contract';
import { newPage } from './browser';
import type { RunningServer } from './server';
import { demoStaffOf, totpCodeFor, type DemoStaff } from './staff';

/** The console's desktop width (issue 23: 1280 px). */
export const CONSOLE_DESKTOP = { width: 1280, height: 860 };

const lastStepUsed = new Map<string, number>();

/** A code for `staff` the server has not seen yet: waits (≤ 30 s) for the next step if needed. */
export async function freshCode(staff: DemoStaff): Promise<string> {
  const stepOf = (ms: number) => Math.floor(ms / 30_000);
  const last = lastStepUsed.get(staff.email) ?? -1;
  let now = Date.now();
  if (stepOf(now) <= last) {
    await new Promise((r) => setTimeout(r, (last + 1) * 30_000 - now + 50));
    now = Date.now();
  }
  lastStepUsed.set(staff.email, stepOf(now));
  return totpCodeFor(staff.totpSecret, new Date(now));
}

export interface ConsolePage {
  page: Page;
  staff: DemoStaff;
  errors: string[];
  close: () => Promise<void>;
}

/** A new browser context signed in to the console as the demo staff user of `role`. */
export async function signInConsole(
  browser: Browser,
  server: RunningServer,
  who: StaffRole | DemoStaff,
  viewport = CONSOLE_DESKTOP,
): Promise<ConsolePage> {
  const staff = typeof who === 'string' ? demoStaffOf(who) : who;
  const { context, page, errors } = await newPage(browser, server.opsUrl, viewport);
  await page.goto('/');
  await page.getByLabel('Work email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByLabel('6-digit code from your authenticator app').fill(await freshCode(staff));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  return { page, staff, errors, close: () => context.close() };
}

/** Answers the console's step-up dialog with a fresh code (after an action that asks for one). */
export async function answerStepUp(console: ConsolePage): Promise<void> {
  const dialog = console.page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByLabel('6-digit code').fill(await freshCode(console.staff));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Opens an area of the console from its navigation (the link's name). */
export const goToArea = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name }).click();

/** A datetime-local input's value `offsetMs` from now, in the browser's time zone. */
export const localDateTimeInput = (page: Page, offsetMs: number) =>
  page.evaluate((ms) => {
    const d = new Date(Date.now() + ms);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, offsetMs);
