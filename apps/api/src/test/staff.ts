// Staff test helpers (issue 23, decision 0057): staff users, their codes, and a signed-in ops app.
import { randomBytes } from 'node:crypto';
import { permissionsOf, type StaffRole } from '@imali/contract';
import type { AppInstance } from '../app';
import type { AppContext } from '../lib/context';
import { createStaffUser, type StaffPrincipal } from '../modules/staff/staff.service';
import { newTotpSecret, totpCodeAtStep, totpStepAt, TOTP_WINDOW } from '../modules/staff/staff-secrets';
import type { TestApp } from './test-app';

export interface TestStaff {
  id: number;
  email: string;
  password: string;
  totpSecret: string;
  /**
   * A principal for service-level calls (no session row: its sessionId is a made-up uuid). For a
   * real session use `signInStaffCookie`.
   */
  principal: StaffPrincipal;
}

/** The test staff password (12+ characters, as staff passwords must be). */
export const TEST_STAFF_PASSWORD = 'correct horse battery staple';

/**
 * A staff user with `roles`, created as the demo seed creates them (actor `system:seed`). Its
 * TOTP secret is returned for `totpCodeFor`.
 */
export async function createTestStaff(
  ctx: AppContext,
  roles: readonly StaffRole[],
  opts: { email?: string; displayName?: string; password?: string; totpSecret?: string } = {},
): Promise<TestStaff> {
  const email = (opts.email ?? `staff-${randomBytes(5).toString('hex')}@imali.test`).toLowerCase();
  const password = opts.password ?? TEST_STAFF_PASSWORD;
  const displayName = opts.displayName ?? `Staff ${roles.join(' ') || 'none'}`;
  const { id, totpSecret } = await createStaffUser(
    ctx,
    { email, displayName, password, roles, totpSecret: opts.totpSecret ?? newTotpSecret() },
    'seed',
  );
  return {
    id,
    email,
    password,
    totpSecret,
    principal: {
      id,
      email,
      displayName,
      roles: [...roles],
      permissions: permissionsOf(roles),
      sessionId: '00000000-0000-4000-8000-000000000000',
      sessionExpiresAt: new Date(ctx.securityClock.now().getTime() + 10 * 3_600_000),
    },
  };
}

/** The TOTP code of `secret` at `at` (default: the machine's now; pass `t.clock.now()` when a test moved its clock). */
export const totpCodeFor = (secret: string, at: Date = new Date()) => totpCodeAtStep(secret, totpStepAt(at));

/**
 * A code the server will accept now for `staff`: the current step or the next (the accepted window
 * is now ±1), later than the last step they spent. Each sign-in and step-up spends one, so two fit
 * in one 30-second step; a third waits for the next step (or the test moves its clock first:
 * `t.clock.advance(30_000)`).
 */
export async function nextTotpCode(
  ctx: AppContext,
  staff: Pick<TestStaff, 'id' | 'totpSecret'>,
): Promise<string> {
  for (;;) {
    const [row] = await ctx.database.query<{ last: string }>(
      'select totp_last_step::text as last from staff_users where id = $1',
      [staff.id],
    );
    const now = totpStepAt(ctx.securityClock.now());
    // Never the step before this one: the clock runs on real time, and a request that crosses a
    // 30 s boundary on its way would find that code one step too old (a flaky 401).
    const step = Math.max(Number(row?.last ?? 0) + 1, now);
    if (step <= now + TOTP_WINDOW) return totpCodeAtStep(staff.totpSecret, step);
    // This window's codes are spent: wait for the next step (as a person would).
    const msIntoStep = ctx.securityClock.now().getTime() % 30_000;
    await new Promise((resolve) => setTimeout(resolve, 30_000 - msIntoStep + 50));
  }
}

/** The ops app of a test app (built once, on the same database and clock). */
export const createTestOpsApp = (t: TestApp): Promise<AppInstance> => t.ops();

/** The Origin a state-changing staff request must carry (the console's). */
export const opsOriginOf = (opsApp: AppInstance) => opsApp.ctx.config.opsOrigins[0]!;

/**
 * Signs `staff` in on the ops app (POST /ops/v1/auth/login) and returns the headers of their
 * requests: the session cookie and the console's Origin.
 */
export async function signInStaffCookie(
  opsApp: AppInstance,
  staff: Pick<TestStaff, 'id' | 'email' | 'password' | 'totpSecret'>,
): Promise<{ cookie: string; origin: string }> {
  const origin = opsOriginOf(opsApp);
  const res = await opsApp.inject({
    method: 'POST',
    url: '/ops/v1/auth/login',
    headers: { origin },
    payload: {
      email: staff.email,
      password: staff.password,
      totpCode: await nextTotpCode(opsApp.ctx, staff),
    },
  });
  if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.statusCode} ${res.body}`);
  const setCookie = [res.headers['set-cookie']].flat()[0] ?? '';
  return { cookie: setCookie.split(';')[0]!, origin };
}

/** Headers of a step-up request: the signed-in headers plus a fresh code (x-step-up-code). */
export async function stepUpHeaders(
  opsApp: AppInstance,
  staff: Pick<TestStaff, 'id' | 'totpSecret'>,
  headers: { cookie: string; origin: string },
): Promise<Record<string, string>> {
  return { ...headers, 'x-step-up-code': await nextTotpCode(opsApp.ctx, staff) };
}
