import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestStaff, nextTotpCode } from '../../test/staff';
import { createStaffUser, signInStaff, verifyStepUp } from './staff.service';
import { requestHashOf } from './request-hash';

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.DATABASE_URL)('staff identity under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const state = async (id: number) => {
    const [row] = await t.database.query<{ failed_logins: number; locked: boolean }>(
      'select failed_logins, coalesce(locked_until > now(), false) as locked from staff_users where id = $1',
      [id],
    );
    return row!;
  };

  it('10 wrong sign-ins at once: exactly the 5th locks, the count is never lost or overshot', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        signInStaff(t.app.ctx, { email: staff.email, password: `wrong password ${i}`, totpCode: '123456' }),
      ),
    );
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'OK'));
    expect(codes.filter((c) => c === 'OK')).toEqual([]);
    // Every attempt counted until the lock; those that found it locked say so.
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS').length).toBeGreaterThanOrEqual(5);
    expect(codes.every((c) => c === 'INVALID_CREDENTIALS' || c === 'LOGIN_LOCKED')).toBe(true);
    expect(await state(staff.id)).toEqual({ failed_logins: 0, locked: true });
    const [locks] = await t.database.query<{ n: string }>(
      "select count(*)::text as n from audit_log where action = 'staff.locked' and subject_id = $1",
      [String(staff.id)],
    );
    expect(locks!.n).toBe('1');
    // Even the right password and code are refused now.
    await expect(
      signInStaff(t.app.ctx, {
        email: staff.email,
        password: staff.password,
        totpCode: await nextTotpCode(t.app.ctx, staff),
      }),
    ).rejects.toMatchObject({ code: 'LOGIN_LOCKED' });
  });

  it('4 wrong at once leave exactly 4 counted, not locked', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        signInStaff(t.app.ctx, { email: staff.email, password: 'wrong wrong wrong', totpCode: '123456' }),
      ),
    );
    expect(await state(staff.id)).toEqual({ failed_logins: 4, locked: false });
  });

  it('one code, 10 sign-ins at once: one session', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    const code = await nextTotpCode(t.app.ctx, staff);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        signInStaff(t.app.ctx, { email: staff.email, password: staff.password, totpCode: code }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [sessions] = await t.database.query<{ n: string }>(
      'select count(*)::text as n from staff_sessions where staff_id = $1',
      [staff.id],
    );
    expect(sessions!.n).toBe('1');
  });

  it('one step-up code for 10 different requests at once: one is approved', async () => {
    const staff = await createTestStaff(t.app.ctx, ['staff_admin']);
    const code = await nextTotpCode(t.app.ctx, staff);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        verifyStepUp(t.app.ctx, staff, code, requestHashOf('POST', `/ops/v1/staff/${i}/disable`, null)),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('two bootstraps at once on an empty staff table: exactly one first admin', async () => {
    // Its own database: the others above have staff users already.
    const fresh = await createTestApp();
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          createStaffUser(
            fresh.app.ctx,
            {
              email: `first${i}@imali.test`,
              displayName: `First ${i}`,
              password: 'first admin password',
              roles: ['staff_admin'],
            },
            'bootstrap',
          ),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) {
        if (r.status === 'rejected') expect(r.reason).toMatchObject({ statusCode: 409 });
      }
      const [n] = await fresh.database.query<{ n: string }>(
        'select count(*)::text as n from staff_users where not system',
      );
      expect(n!.n).toBe('1');
    } finally {
      await fresh.close();
    }
  });
});
