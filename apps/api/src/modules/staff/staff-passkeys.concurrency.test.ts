import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assertionHeader, SoftAuthenticator } from '../../test/soft-authenticator';
import { createTestStaff } from '../../test/staff';
import { requestHashOf } from './request-hash';
import {
  passkeyLoginOptions,
  passkeyRegistrationOptions,
  passkeyStepUpOptions,
  registerPasskey,
} from './staff-passkeys';
import { signInStaffWithPasskey, verifyStepUp } from './staff.service';

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.DATABASE_URL)('staff passkeys under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp();
    origin = t.app.ctx.config.opsOrigins[0]!;
  });
  // The pool opens connections on demand: with one open, "8 at once" would queue behind its
  // first query. Holding 9 at the same time leaves them open, so the uses below truly overlap.
  beforeEach(async () => {
    await Promise.all(Array.from({ length: 9 }, () => t.database.query('select pg_sleep(0.05)')));
  });
  afterAll(() => t?.close());

  // Counterless (as synced passkeys are): the signature counter cannot stop the second use, so
  // these races show the challenge's one conditional DELETE alone.
  async function staffWithPasskey() {
    const staff = await createTestStaff(t.app.ctx, ['payments_checker']);
    const auth = new SoftAuthenticator(origin, true);
    const options = await passkeyRegistrationOptions(t.app.ctx, staff.principal, origin);
    await registerPasskey(t.app.ctx, staff, { name: 'Laptop', credential: auth.register(options) }, origin);
    return { staff, auth };
  }

  it('one step-up challenge used 8 times at once approves exactly one request', async () => {
    const { staff, auth } = await staffWithPasskey();
    const body = { payloadHash: 'a'.repeat(64) };
    const path = '/ops/v1/approvals/1/approve';
    const options = await passkeyStepUpOptions(t.app.ctx, staff, { method: 'POST', path, body }, origin);
    const header = assertionHeader(auth.assert(options));
    const hash = requestHashOf('POST', path, body);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => verifyStepUp(t.app.ctx, staff, { assertion: header, origin }, hash)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ statusCode: 401, code: 'INVALID_CODE' });
    }
    const [left] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from staff_webauthn_challenges where staff_user_id = $1',
      [staff.id],
    );
    expect(left!.n).toBe(0);
  });

  it('one sign-in assertion sent 5 times at once opens one session', async () => {
    const { staff, auth } = await staffWithPasskey();
    const credential = auth.assert(await passkeyLoginOptions(t.app.ctx, staff.email, origin));
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        signInStaffWithPasskey(
          t.app.ctx,
          { email: staff.email, password: staff.password, credential },
          origin,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [sessions] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from staff_sessions where staff_id = $1',
      [staff.id],
    );
    expect(sessions!.n).toBe(1);
  });
});
