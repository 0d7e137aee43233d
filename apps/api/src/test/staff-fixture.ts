// The setup the staff-route tests share (issue 23): a test app, its ops app, a maker and a checker
// (four eyes) and a support user who may read but not ask, each signed in on the ops app.
import type { StaffRole } from '@imali/contract';
import type { AppInstance } from '../app';
import { createTestOpsApp, createTestStaff, signInStaffCookie, type TestStaff } from './staff';
import { createTestApp, type TestApp } from './test-app';

/** The headers of a signed-in staff request: the session cookie and the console's Origin. */
export type StaffHeaders = { cookie: string; origin: string };

export interface MakerCheckerApp {
  t: TestApp;
  ops: AppInstance;
  maker: TestStaff;
  checker: TestStaff;
  /** A `support` user: reads the queues, may neither ask nor approve. */
  support: TestStaff;
  makerHeaders: StaffHeaders;
  checkerHeaders: StaffHeaders;
  supportHeaders: StaffHeaders;
}

/**
 * A test app (with `config` overrides) and its ops app, a maker and a checker of the roles given
 * (two distinct users: the database refuses a maker approving their own request) and a support
 * user, all three signed in. Call it in `beforeAll` and close `t` in `afterAll`.
 */
export async function makerCheckerApp(opts: {
  maker: readonly StaffRole[];
  checker: readonly StaffRole[];
  config?: Record<string, string>;
}): Promise<MakerCheckerApp> {
  const t = await createTestApp(opts.config);
  const ops = await createTestOpsApp(t);
  const maker = await createTestStaff(t.app.ctx, opts.maker);
  const checker = await createTestStaff(t.app.ctx, opts.checker);
  const support = await createTestStaff(t.app.ctx, ['support']);
  return {
    t,
    ops,
    maker,
    checker,
    support,
    makerHeaders: await signInStaffCookie(ops, maker),
    checkerHeaders: await signInStaffCookie(ops, checker),
    supportHeaders: await signInStaffCookie(ops, support),
  };
}

/**
 * GET and POST on the ops app as a signed-in staff user. `ops` is a getter: the app is made in
 * `beforeAll`, after the test file has built these.
 */
export function opsRequests(ops: () => AppInstance) {
  return {
    get: (url: string, headers: StaffHeaders) => ops().inject({ method: 'GET', url, headers }),
    post: (url: string, headers: Record<string, string>, payload: object = {}) =>
      ops().inject({ method: 'POST', url, headers, payload }),
  };
}
