import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app';
import type { TestApp } from '../../test/test-app';
import {
  createTestOpsApp,
  createTestStaff,
  nextTotpCode,
  opsOriginOf,
  signInStaffCookie,
  stepUpHeaders,
  totpCodeFor,
  type TestStaff,
} from '../../test/staff';
import { bearer, createIdentityTestApp, signUp } from '../auth/auth.testing';
import { verifyAuditChain } from '../audit/audit.service';
import { auditRowHash, canonicalAuditRow } from '../audit/audit-chain';
import { requestHashOf } from './request-hash';
import { SYSTEM_STAFF_ID } from './system-staff';
import { authenticateStaff, signInStaff, verifyStepUp } from './staff.service';
import { openTotpSecret, staffSecretKey, totpCodeAtStep, totpStepAt } from './staff-secrets';

describe('staff identity on the ops app', () => {
  let t: TestApp;
  let ops: AppInstance;
  let origin: string;
  beforeAll(async () => {
    t = await createIdentityTestApp();
    ops = await createTestOpsApp(t);
    origin = opsOriginOf(ops);
  });
  afterAll(() => t.close());

  const login = async (staff: TestStaff, overrides: Partial<{ password: string; totpCode: string }> = {}) =>
    ops.inject({
      method: 'POST',
      url: '/ops/v1/auth/login',
      headers: { origin },
      payload: {
        email: staff.email,
        password: overrides.password ?? staff.password,
        totpCode: overrides.totpCode ?? (await nextTotpCode(ops.ctx, staff)),
      },
    });

  it('signs in with password and code: an httpOnly SameSite=Strict cookie, /auth/me, then logout', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    const res = await login(staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: staff.id,
      email: staff.email,
      roles: ['support'],
      permissions: expect.arrayContaining(['clients.read']),
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^imali_staff=[\w-]{43}; HttpOnly; SameSite=Strict; Path=\/; Max-Age=3599\d$/);
    const cookie = setCookie.split(';')[0]!;
    const token = cookie.split('=')[1]!;
    // Only the token's SHA-256 is stored.
    const [stored] = await t.database.query<{ token_hash: string }>(
      'select token_hash from staff_sessions where staff_id = $1',
      [staff.id],
    );
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_hash).not.toContain(token);

    const me = await ops.inject({ method: 'GET', url: '/ops/v1/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(staff.email);

    const out = await ops.inject({ method: 'POST', url: '/ops/v1/auth/logout', headers: { cookie, origin } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^imali_staff=; .*Max-Age=0/);
    const after = await ops.inject({ method: 'GET', url: '/ops/v1/auth/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_EXPIRED');
    const [entry] = await t.database.query<{ actor: string; staff_id: string }>(
      "select actor, staff_id::text from audit_log where action = 'staff.logout' and subject_id = $1",
      [
        stored
          ? (
              await t.database.query<{ id: string }>('select id from staff_sessions where staff_id = $1', [
                staff.id,
              ])
            )[0]!.id
          : '',
      ],
    );
    expect(entry).toEqual({ actor: `staff:${staff.id}`, staff_id: String(staff.id) });
  });

  it('marks the cookie Secure when the request came over https', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    const secure = await createIdentityTestApp({ TRUST_PROXY: 'true' });
    try {
      const opsApp = await createTestOpsApp(secure);
      const staffThere = await createTestStaff(secure.app.ctx, ['support']);
      const res = await opsApp.inject({
        method: 'POST',
        url: '/ops/v1/auth/login',
        headers: { origin: opsOriginOf(opsApp), 'x-forwarded-proto': 'https' },
        payload: {
          email: staffThere.email,
          password: staffThere.password,
          totpCode: await nextTotpCode(opsApp.ctx, staffThere),
        },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure$/);
    } finally {
      await secure.close();
    }
    expect(staff.id).toBeGreaterThan(0);
  });

  it('a wrong password and a wrong code get the same answer', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    const badPassword = await login(staff, { password: 'not the password at all' });
    const badCode = await login(staff, {
      totpCode: totpCodeFor(staff.totpSecret, new Date(Date.now() - 10 * 60_000)),
    });
    const unknown = await login({ ...staff, email: 'nobody@imali.test' });
    for (const res of [badPassword, badCode, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Incorrect email, password or code.',
        data: null,
      });
    }
  });

  it('a code is accepted once: the same code again is refused', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    const code = await nextTotpCode(ops.ctx, staff);
    expect((await login(staff, { totpCode: code })).statusCode).toBe(200);
    const again = await login(staff, { totpCode: code });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('locks after 5 wrong attempts for 15 minutes, even with the right password and code', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    for (let i = 0; i < 5; i += 1) {
      const res = await login(staff, { password: `wrong password ${i}` });
      expect(res.statusCode).toBe(401);
    }
    const locked = await login(staff);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'LOGIN_LOCKED', data: null });
    expect(locked.json().message).toMatch(/locked for 15 more minutes/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const [row] = await t.database.query<{ failed_logins: number; locked: boolean }>(
      'select failed_logins, locked_until > now() as locked from staff_users where id = $1',
      [staff.id],
    );
    expect(row).toEqual({ failed_logins: 0, locked: true });
    const [entry] = await t.database.query<{ n: string }>(
      "select count(*)::text as n from audit_log where action = 'staff.locked' and subject_id = $1",
      [String(staff.id)],
    );
    expect(entry!.n).toBe('1');

    t.clock.advance(15 * 60_000 + 1000);
    const res = await login(staff);
    expect(res.statusCode).toBe(200);
  });

  it('a success clears the count: 4 wrong, 1 right, 4 wrong is not locked', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    for (let i = 0; i < 4; i += 1)
      expect((await login(staff, { password: 'wrong wrong wrong' })).statusCode).toBe(401);
    expect((await login(staff)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1)
      expect((await login(staff, { password: 'wrong wrong wrong' })).statusCode).toBe(401);
    t.clock.advance(30_000);
    expect((await login(staff)).statusCode).toBe(200);
  });

  it('a session ends after 15 idle minutes, by the clock the server keeps', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    const headers = await signInStaffCookie(ops, staff);
    const me = () => ops.inject({ method: 'GET', url: '/ops/v1/auth/me', headers });
    t.clock.advance(14 * 60_000);
    expect((await me()).statusCode).toBe(200);
    t.clock.advance(14 * 60_000);
    expect((await me()).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 61_000);
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
    const [row] = await t.database.query<{ end_reason: string }>(
      'select end_reason from staff_sessions where staff_id = $1',
      [staff.id],
    );
    expect(row!.end_reason).toBe('idle');
  });

  it('a session ends 10 hours after sign-in however active it is', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    const headers = await signInStaffCookie(ops, staff);
    const me = () => ops.inject({ method: 'GET', url: '/ops/v1/auth/me', headers });
    for (let minutes = 0; minutes < 600 - 14; minutes += 14) {
      t.clock.advance(14 * 60_000);
      expect((await me()).statusCode).toBe(200);
    }
    t.clock.advance(14 * 60_000);
    expect((await me()).statusCode).toBe(401);
    const [row] = await t.database.query<{ end_reason: string }>(
      'select end_reason from staff_sessions where staff_id = $1',
      [staff.id],
    );
    expect(row!.end_reason).toBe('expired');
  });

  it('refuses a role without the permission (403, naming it)', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    const headers = await signInStaffCookie(ops, staff);
    const res = await ops.inject({ method: 'GET', url: '/ops/v1/staff', headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'Your staff role does not allow this: it needs the permission staff.read.',
      data: null,
    });
    const all = await ops.inject({ method: 'GET', url: '/ops/v1/staff/sessions?scope=all', headers });
    expect(all.statusCode).toBe(403);
    const own = await ops.inject({ method: 'GET', url: '/ops/v1/staff/sessions', headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual([expect.objectContaining({ staffId: staff.id, current: true })]);
  });

  it('refuses a state-changing request without the console’s Origin, or with another', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    const { cookie } = await signInStaffCookie(ops, staff);
    for (const headers of [
      { cookie },
      { cookie, origin: 'https://evil.example' },
      { cookie, origin: 'null' },
    ]) {
      const res = await ops.inject({ method: 'POST', url: '/ops/v1/auth/logout', headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // A sign-in is a state change too.
    const res = await ops.inject({
      method: 'POST',
      url: '/ops/v1/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: staff.email, password: staff.password, totpCode: await nextTotpCode(ops.ctx, staff) },
    });
    expect(res.statusCode).toBe(403);
    // Reads need no Origin.
    expect(
      (await ops.inject({ method: 'GET', url: '/ops/v1/auth/me', headers: { cookie } })).statusCode,
    ).toBe(200);
  });

  it('a client token is refused on /ops, a staff cookie on /api, and the client port has no /ops', async () => {
    const staff = await createTestStaff(t.app.ctx, ['auditor']);
    const headers = await signInStaffCookie(ops, staff);
    const { token } = await signUp(t);

    const withClientToken = await ops.inject({
      method: 'GET',
      url: '/ops/v1/auth/me',
      headers: bearer(token),
    });
    expect(withClientToken.statusCode).toBe(401);
    const both = await ops.inject({
      method: 'GET',
      url: '/ops/v1/staff/sessions',
      headers: { ...bearer(token), origin },
    });
    expect(both.statusCode).toBe(401);

    const clientWithCookie = await t.app.inject({ method: 'GET', url: '/api/auth/app/v1/session', headers });
    expect(clientWithCookie.statusCode).toBe(401);
    expect(clientWithCookie.json().code).toBe('UNAUTHENTICATED');

    for (const url of ['/ops/v1/auth/me', '/ops/v1/run', '/ops/v1/staff', '/ops']) {
      const res = await t.app.inject({ method: url === '/ops/v1/run' ? 'POST' : 'GET', url, headers });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('has no shared operator token: a bearer token on POST /ops/v1/run is refused (decision 0062)', async () => {
    const res = await ops.inject({
      method: 'POST',
      url: '/ops/v1/run',
      headers: { ...bearer('test-ops-token-0123456789'), origin: opsOriginOf(ops) },
      payload: { argv: ['invite', 'list'] },
    });
    expect(res.statusCode).toBe(401);
  });

  it('serves its own OpenAPI document with the staff routes', async () => {
    const res = await ops.inject({ method: 'GET', url: '/ops/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json() as {
      paths: Record<string, unknown>;
      components: { securitySchemes: object };
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/ops/v1/auth/login', '/ops/v1/staff/{id}/roles', '/ops/v1/run']),
    );
    expect(document.components.securitySchemes).toHaveProperty('staffCookie');
    const client = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(client.paths).filter((p) => p.startsWith('/ops'))).toEqual([]);
  });

  describe('staff administration with step-up', () => {
    let admin: TestStaff;
    let headers: { cookie: string; origin: string };
    beforeAll(async () => {
      admin = await createTestStaff(t.app.ctx, ['staff_admin']);
      headers = await signInStaffCookie(ops, admin);
    });
    const newStaff = (n: number) => ({
      email: `made-${n}-${Date.now()}@imali.test`,
      displayName: `Made ${n}`,
      password: 'a long enough password',
      roles: ['kyc_reviewer'],
    });

    it('creates a staff user with a fresh code: the TOTP secret and URI once, audited as the admin', async () => {
      t.clock.advance(30_000);
      const body = newStaff(1);
      const res = await ops.inject({
        method: 'POST',
        url: '/ops/v1/staff',
        headers: await stepUpHeaders(ops, admin, headers),
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.user).toMatchObject({ email: body.email, roles: ['kyc_reviewer'], disabled: false });
      expect(data.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
      expect(data.otpauthUri).toMatch(
        /^otpauth:\/\/totp\/Imali%20Ops:.*secret=[A-Z2-7]{32}.*&algorithm=SHA1&digits=6&period=30/,
      );
      // Sealed at rest: the secret is not in the database.
      const [row] = await t.database.query<{ totp_secret_sealed: string }>(
        'select totp_secret_sealed from staff_users where id = $1',
        [data.user.id],
      );
      expect(row!.totp_secret_sealed).not.toContain(data.totpSecret);
      expect(openTotpSecret(staffSecretKey(t.app.ctx.config), row!.totp_secret_sealed)).toBe(data.totpSecret);
      // The new user can sign in with it.
      const made = {
        id: data.user.id,
        email: body.email,
        password: body.password,
        totpSecret: data.totpSecret,
      };
      await signInStaffCookie(ops, made);
      const [entry] = await t.database.query<{ actor: string; staff_id: string }>(
        "select actor, staff_id::text from audit_log where action = 'staff.create' and subject_id = $1",
        [String(data.user.id)],
      );
      expect(entry).toEqual({ actor: `staff:${admin.id}`, staff_id: String(admin.id) });
      expect(await verifyAuditChain(t.app.ctx)).toMatchObject({ intact: true });
    });

    it('refuses without a code, with a wrong one, and a replayed one (for the same or another body)', async () => {
      t.clock.advance(30_000);
      const post = (extra: Record<string, string>, body: object) =>
        ops.inject({
          method: 'POST',
          url: '/ops/v1/staff',
          headers: { ...headers, ...extra },
          payload: body,
        });
      const none = await post({}, newStaff(2));
      expect(none.statusCode).toBe(401);
      expect(none.json().code).toBe('INVALID_CODE');
      const wrong = await post(
        { 'x-step-up-code': '000000' === (await nextTotpCode(ops.ctx, admin)) ? '111111' : '000000' },
        newStaff(2),
      );
      expect(wrong.statusCode).toBe(401);

      const code = await nextTotpCode(ops.ctx, admin);
      const first = newStaff(3);
      expect((await post({ 'x-step-up-code': code }, first)).statusCode).toBe(200);
      const replaySame = await post({ 'x-step-up-code': code }, first);
      expect(replaySame.statusCode).toBe(401);
      expect(replaySame.json().code).toBe('INVALID_CODE');
      const replayOther = await post({ 'x-step-up-code': code }, newStaff(4));
      expect(replayOther.statusCode).toBe(401);
      // The code was spent on the first request's hash.
      const [row] = await t.database.query<{ totp_last_request_hash: string }>(
        'select totp_last_request_hash from staff_users where id = $1',
        [admin.id],
      );
      expect(row!.totp_last_request_hash).toBe(requestHashOf('POST', '/ops/v1/staff', first));
    });

    it('verifyStepUp spends a code on one request hash only, atomically', async () => {
      t.clock.advance(30_000);
      const code = await nextTotpCode(t.app.ctx, admin);
      const hashA = requestHashOf('PUT', '/ops/v1/staff/1/roles', { roles: ['auditor'] });
      const hashB = requestHashOf('PUT', '/ops/v1/staff/1/roles', { roles: ['treasury'] });
      expect(hashA).not.toBe(hashB);
      // Key order and whitespace do not change the hash.
      expect(requestHashOf('post', '/x', { b: 1, a: [1, 2] })).toBe(
        requestHashOf('POST', '/x', { a: [1, 2], b: 1 }),
      );
      const results = await Promise.allSettled([
        verifyStepUp(t.app.ctx, admin, code, hashA),
        verifyStepUp(t.app.ctx, admin, code, hashB),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      await expect(verifyStepUp(t.app.ctx, admin, code, hashA)).rejects.toMatchObject({ statusCode: 401 });
    });

    it('sets roles with step-up, never one’s own; disables a user and ends their sessions', async () => {
      t.clock.advance(30_000);
      const other = await createTestStaff(t.app.ctx, ['support']);
      const otherHeaders = await signInStaffCookie(ops, other);
      const roles = await ops.inject({
        method: 'PUT',
        url: `/ops/v1/staff/${other.id}/roles`,
        headers: await stepUpHeaders(ops, admin, headers),
        payload: { roles: ['auditor', 'support'] },
      });
      expect(roles.statusCode).toBe(200);
      // Roles in the contract's order.
      expect(roles.json().data.roles).toEqual(['support', 'auditor']);
      const me = await ops.inject({ method: 'GET', url: '/ops/v1/auth/me', headers: otherHeaders });
      expect(me.json().data.roles).toEqual(['support', 'auditor']);

      const own = await ops.inject({
        method: 'PUT',
        url: `/ops/v1/staff/${admin.id}/roles`,
        headers: await stepUpHeaders(ops, admin, headers),
        payload: { roles: ['staff_admin', 'payments_checker'] },
      });
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toMatch(/cannot change their own roles/);

      t.clock.advance(30_000);
      const disabled = await ops.inject({
        method: 'POST',
        url: `/ops/v1/staff/${other.id}/disable`,
        headers: await stepUpHeaders(ops, admin, headers),
      });
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json().data.disabled).toBe(true);
      expect(
        (await ops.inject({ method: 'GET', url: '/ops/v1/auth/me', headers: otherHeaders })).statusCode,
      ).toBe(401);
      const signIn = await login(other);
      expect(signIn.statusCode).toBe(401);
      const [entry] = await t.database.query<{ before: unknown; after: unknown }>(
        "select before, after from audit_log where action = 'staff.roles_set' and subject_id = $1",
        [String(other.id)],
      );
      expect(entry).toEqual({ before: { roles: ['support'] }, after: { roles: ['support', 'auditor'] } });
    });

    it('lists the system user of the jobs marked system (never a person): no role can be given to it', async () => {
      const list = await ops.inject({ method: 'GET', url: '/ops/v1/staff', headers });
      expect(list.statusCode).toBe(200);
      const users = list.json().data as { id: number; system: boolean; roles: string[]; disabled: boolean }[];
      expect(users.find((u) => u.id === SYSTEM_STAFF_ID)).toMatchObject({
        system: true,
        roles: [],
        disabled: true,
      });
      expect(users.filter((u) => u.system).map((u) => u.id)).toEqual([SYSTEM_STAFF_ID]);
      expect(users.find((u) => u.id === admin.id)?.system).toBe(false);
      // A fresh TOTP window for the admin's step-up (each code is spent once).
      t.clock.advance(30_000);
      const refused = await ops.inject({
        method: 'PUT',
        url: `/ops/v1/staff/${SYSTEM_STAFF_ID}/roles`,
        headers: await stepUpHeaders(ops, admin, headers),
        payload: { roles: ['support'] },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/never signs in/);
    });

    it('lists staff and all sessions with staff.read; ends another’s session with staff.manage', async () => {
      const other = await createTestStaff(t.app.ctx, ['support']);
      const otherHeaders = await signInStaffCookie(ops, other);
      const list = await ops.inject({ method: 'GET', url: '/ops/v1/staff', headers });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((u: { id: number }) => u.id)).toEqual(
        expect.arrayContaining([admin.id, other.id]),
      );
      const sessions = await ops.inject({ method: 'GET', url: '/ops/v1/staff/sessions?scope=all', headers });
      const theirs = sessions.json().data.find((s: { staffId: number }) => s.staffId === other.id);
      expect(theirs).toMatchObject({ current: false, email: other.email });

      // The support user cannot end the admin's session (404: not theirs to see).
      const mine = (await ops.inject({ method: 'GET', url: '/ops/v1/staff/sessions', headers })).json()
        .data[0];
      const refused = await ops.inject({
        method: 'DELETE',
        url: `/ops/v1/staff/sessions/${mine.id}`,
        headers: otherHeaders,
      });
      expect(refused.statusCode).toBe(404);

      const ended = await ops.inject({
        method: 'DELETE',
        url: `/ops/v1/staff/sessions/${theirs.id}`,
        headers,
      });
      expect(ended.statusCode).toBe(200);
      expect(
        (await ops.inject({ method: 'GET', url: '/ops/v1/auth/me', headers: otherHeaders })).statusCode,
      ).toBe(401);
    });
  });

  it('service: signInStaff and authenticateStaff by token; the TOTP step is RFC 6238 (±1 step)', async () => {
    const staff = await createTestStaff(t.app.ctx, ['treasury']);
    const now = t.app.ctx.securityClock.now();
    const previous = totpCodeAtStep(staff.totpSecret, totpStepAt(now) - 1);
    const { token, principal } = await signInStaff(t.app.ctx, {
      email: staff.email.toUpperCase(),
      password: staff.password,
      totpCode: previous,
    });
    expect(principal.permissions).toContain('treasury.approve');
    expect(await authenticateStaff(t.app.ctx, token)).toMatchObject({
      id: staff.id,
      sessionId: principal.sessionId,
    });
    await expect(authenticateStaff(t.app.ctx, undefined)).rejects.toMatchObject({ statusCode: 401 });
    await expect(authenticateStaff(t.app.ctx, 'x'.repeat(43))).rejects.toMatchObject({ statusCode: 401 });
    // Two steps away is refused.
    const old = totpCodeAtStep(staff.totpSecret, totpStepAt(now) - 3);
    await expect(
      signInStaff(t.app.ctx, { email: staff.email, password: staff.password, totpCode: old }),
    ).rejects.toMatchObject({ statusCode: 401 });
  });

  it('the audit chain hashes staff_id only when present (older rows keep their hashes)', () => {
    const row = {
      seq: 7,
      prevHash: '0'.repeat(64),
      actor: 'ops:alice',
      action: 'kyc.approve',
      subjectType: 'client',
      subjectId: '1',
      before: null,
      after: null,
      createdAt: new Date('2026-11-28T10:00:00.000Z'),
    };
    expect(canonicalAuditRow({ ...row, staffId: null })).toBe(canonicalAuditRow(row));
    expect(canonicalAuditRow(row)).not.toContain('staff_id');
    expect(canonicalAuditRow({ ...row, staffId: 9001 })).toContain('"staff_id":9001');
    expect(auditRowHash({ ...row, staffId: 9001 })).not.toBe(auditRowHash(row));
  });

  it('RFC 6238 test vector (SHA-1, T = 59 s)', () => {
    // The RFC's secret "12345678901234567890" in base32; its 8-digit code 94287082 → 6 digits.
    expect(totpCodeAtStep('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', totpStepAt(new Date(59_000)))).toBe('287082');
  });
});

describe('per-IP limits on staff sign-in', () => {
  it('answers 429 RATE_LIMITED past RATE_LIMIT_PER_MINUTE sign-ins from one IP, whoever they name', async () => {
    const t = await createIdentityTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const ops = await createTestOpsApp(t);
      const origin = opsOriginOf(ops);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await ops.inject({
          method: 'POST',
          url: '/ops/v1/auth/login',
          headers: { origin },
          payload: { email: `guess${i}@imali.test`, password: 'guess guess guess', totpCode: '123456' },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().code).toBe('RATE_LIMITED');
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      // The counter is the shared store's (the database here; Redis when configured): every process sees it.
      const [row] = await t.database.query<{ hits: number }>(
        "select hits from rate_limit_counters where key like '%/ops/v1/auth/login%'",
      );
      expect(row!.hits).toBe(4);
    } finally {
      await t.close();
    }
  });
});

describe('bootstrap: the first staff admin, once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
  });
  afterAll(() => t.close());

  it('creates the first staff admin with the secret, then never again', async () => {
    const { buildOpsApp } = await import('../../app');
    let done = 0;
    const ops = await buildOpsApp({
      ctx: t.app.ctx,
      bootstrapSecret: 'bootstrap-secret-0123456789',
      onBootstrapped: () => (done += 1),
    });
    try {
      const origin = opsOriginOf(ops);
      const body = (secret: string, email: string) => ({
        bootstrapSecret: secret,
        email,
        displayName: 'First Admin',
        password: 'first admin password',
      });
      const wrong = await ops.inject({
        method: 'POST',
        url: '/ops/v1/staff/bootstrap',
        headers: { origin },
        payload: body('not-the-secret-0123456789', 'first@imali.test'),
      });
      expect(wrong.statusCode).toBe(403);
      const res = await ops.inject({
        method: 'POST',
        url: '/ops/v1/staff/bootstrap',
        headers: { origin },
        payload: body('bootstrap-secret-0123456789', 'first@imali.test'),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user).toMatchObject({ email: 'first@imali.test', roles: ['staff_admin'] });
      expect(done).toBe(1);
      const again = await ops.inject({
        method: 'POST',
        url: '/ops/v1/staff/bootstrap',
        headers: { origin },
        payload: body('bootstrap-secret-0123456789', 'second@imali.test'),
      });
      expect(again.statusCode).toBe(403);
      // The service refuses a second bootstrap whatever the secret.
      const { createStaffUser } = await import('./staff.service');
      await expect(
        createStaffUser(
          t.app.ctx,
          {
            email: 'third@imali.test',
            displayName: 'x',
            password: 'a long password',
            roles: ['staff_admin'],
          },
          'bootstrap',
        ),
      ).rejects.toMatchObject({ statusCode: 409 });
      const [entry] = await t.database.query<{ actor: string; action: string }>(
        "select actor, action from audit_log where action = 'staff.bootstrap'",
      );
      expect(entry).toEqual({ actor: `staff:${res.json().data.user.id}`, action: 'staff.bootstrap' });
    } finally {
      await ops.close();
    }
  });
});
