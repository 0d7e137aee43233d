import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../lib/md5';
import type { TestApp } from '../../test/test-app';
import {
  bearer,
  createIdentityTestApp,
  ensureInvite,
  login,
  newMobile,
  register,
  signUp,
} from './auth.testing';

const MIN = 60_000;

describe('identity: register, login, logout, session, refresh, change password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const post = (url: string, token?: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  describe('register', () => {
    it('registers with an active invitation code and counts the use', async () => {
      await ensureInvite(t, 'REGONE');
      const res = await register(t, newMobile(), 'secret123', 'regone');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        code: 'OK',
        message: 'Your Account Has Been Successfully Registered',
        data: { ok: true },
      });
      const [row] = await t.database.query<{ uses: number }>(
        "select uses from invitation_codes where code = 'REGONE'",
      );
      expect(row!.uses).toBe(1);
    });

    it('rejects an unknown or inactive invitation code with INVALID_INVITATION_CODE', async () => {
      const unknown = await register(t, newMobile(), 'secret123', 'NOPE0000');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'INVALID_INVITATION_CODE', data: null });

      await ensureInvite(t, 'OLDCODE');
      await t.database.query("update invitation_codes set active = false where code = 'OLDCODE'");
      const inactive = await register(t, newMobile(), 'secret123', 'OLDCODE');
      expect(inactive.statusCode).toBe(400);
      expect(inactive.json().code).toBe('INVALID_INVITATION_CODE');
    });

    it('rejects a mobile that is already registered with 409 MOBILE_TAKEN, changing nothing', async () => {
      const mobile = newMobile();
      expect((await register(t, mobile)).statusCode).toBe(200);
      const [before] = await t.database.query<{ uses: number }>(
        "select uses from invitation_codes where code = 'TESTCODE'",
      );
      const again = await register(t, mobile, 'other-password');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'MOBILE_TAKEN', data: null });
      const [after] = await t.database.query<{ uses: number }>(
        "select uses from invitation_codes where code = 'TESTCODE'",
      );
      expect(after!.uses).toBe(before!.uses);
      // The first password still works.
      expect((await login(t, mobile)).statusCode).toBe(200);
    });

    it('rejects bad input with the first validation message', async () => {
      const badMobile = await post('/api/auth/app/v1/register', undefined, {
        username: '512345678',
        password: md5('secret123'),
        invite_code: 'TESTCODE',
      });
      expect(badMobile.statusCode).toBe(400);
      expect(badMobile.json()).toEqual({
        code: 'INVALID_INPUT',
        message: 'Must be 9 digits starting with 6, 7 or 8',
        data: null,
      });
      const plainPassword = await post('/api/auth/app/v1/register', undefined, {
        username: newMobile(),
        password: 'secret123',
        invite_code: 'TESTCODE',
      });
      expect(plainPassword.statusCode).toBe(400);
      const noCode = await post('/api/auth/app/v1/register', undefined, {
        username: newMobile(),
        password: md5('secret123'),
        invite_code: '',
      });
      expect(noCode.json().message).toBe('Invitation code is required');
    });

    it('stores argon2id of the MD5, never the MD5', async () => {
      const { mobile } = await signUp(t, { password: 'hunter22' });
      const [row] = await t.database.query<{ password_hash: string }>(
        'select password_hash from clients where mobile = $1',
        [mobile],
      );
      expect(row!.password_hash).toMatch(/^\$argon2id\$/);
      expect(row!.password_hash).not.toContain(md5('hunter22'));
    });
  });

  describe('login', () => {
    it('returns a 256-bit refresh token and the remember flag, and stores only its hash', async () => {
      const mobile = newMobile();
      await register(t, mobile);
      const res = await login(t, mobile, 'secret123', true);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.remember).toBe(true);
      expect(Buffer.from(data.refresh_token, 'base64url')).toHaveLength(32);
      const rows = await t.database.query('select 1 from session_tokens where token_hash = $1', [
        data.refresh_token,
      ]);
      expect(rows).toHaveLength(0);
      const [session] = await t.database.query<{ remember: boolean; ttl_hours: number }>(
        `select s.remember, extract(epoch from (s.absolute_expires_at - s.created_at)) / 3600 as ttl_hours
           from sessions s join clients c on c.id = s.client_id where c.mobile = $1`,
        [mobile],
      );
      expect(session!.remember).toBe(true);
      expect(Number(session!.ttl_hours)).toBe(24 * 30);
    });

    it('gives the same 401 body for an unknown user and a wrong password', async () => {
      const { mobile } = await signUp(t);
      const wrong = await login(t, mobile, 'not-it');
      const unknown = await login(t, '699999999', 'not-it');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Incorrect mobile number or password.',
        data: null,
      });
    });

    it('rejects a password that is not MD5 hex and an empty username', async () => {
      const res = await post('/api/auth/app/v1/login', undefined, {
        username: '612345678',
        password: 'demo1234',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_INPUT');
      const empty = await post('/api/auth/app/v1/login', undefined, { username: '', password: md5('x') });
      expect(empty.json().message).toBe('Email is required');
    });

    it('locks an account after 5 failures in 15 minutes with 429 and Retry-After, even for the right password', async () => {
      const { mobile } = await signUp(t);
      for (let i = 0; i < 5; i += 1) expect((await login(t, mobile, 'wrong')).statusCode).toBe(401);
      const locked = await login(t, mobile);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        code: 'LOGIN_LOCKED',
        // The owner is told when it unlocks.
        message: 'Too many failed sign-in attempts. Please try again later. Try again in 15 minutes.',
        data: null,
      });
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // After the window the right password works again.
      t.clock.advance(15 * MIN + 1000);
      expect((await login(t, mobile)).statusCode).toBe(200);
    });

    it('locks unknown usernames the same way, with the same body', async () => {
      const ghost = '799999998';
      for (let i = 0; i < 5; i += 1) expect((await login(t, ghost, 'wrong')).statusCode).toBe(401);
      const { mobile } = await signUp(t);
      for (let i = 0; i < 5; i += 1) await login(t, mobile, 'wrong');
      const ghostLocked = await login(t, ghost, 'wrong');
      const realLocked = await login(t, mobile, 'wrong');
      expect(ghostLocked.statusCode).toBe(429);
      expect(ghostLocked.json()).toEqual(realLocked.json());
      expect(ghostLocked.headers['retry-after']).toBeDefined();
    });

    it('a successful login clears the failure count', async () => {
      const { mobile } = await signUp(t);
      for (let i = 0; i < 4; i += 1) await login(t, mobile, 'wrong');
      expect((await login(t, mobile)).statusCode).toBe(200);
      for (let i = 0; i < 4; i += 1) await login(t, mobile, 'wrong');
      expect((await login(t, mobile)).statusCode).toBe(200);
    });
  });

  describe('tokens and sessions', () => {
    it('refuses a protected route without a token, with a wrong token, and with a malformed header', async () => {
      const none = await get('/api/auth/app/v1/client_info');
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Session expired. Please log in again.',
        data: null,
      });
      const wrong = await get('/api/auth/app/v1/client_info', 'not-a-real-token');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe('SESSION_EXPIRED');
      const basic = await t.app.inject({
        method: 'GET',
        url: '/api/auth/app/v1/session',
        headers: { authorization: 'Basic abc' },
      });
      expect(basic.statusCode).toBe(401);
    });

    it('verifies the session with its KYC status and expiry', async () => {
      const { token } = await signUp(t);
      const res = await get('/api/auth/app/v1/session', token);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.valid).toBe(true);
      expect(data.kycStatus).toBe('unverified');
      expect(new Date(data.expires_at).getTime()).toBeGreaterThan(Date.now());
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('ends an idle session after 30 minutes', async () => {
      const { token } = await signUp(t);
      t.clock.advance(29 * MIN);
      expect((await get('/api/auth/app/v1/session', token)).statusCode).toBe(200);
      t.clock.advance(29 * MIN);
      expect((await get('/api/auth/app/v1/session', token)).statusCode).toBe(200);
      t.clock.advance(31 * MIN);
      const expired = await get('/api/auth/app/v1/session', token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('SESSION_EXPIRED');
      // Ended for good: refresh cannot revive it either.
      expect((await post('/api/auth/app/v2/refresh', token)).statusCode).toBe(401);
    });

    it('ends a session at its absolute expiry even when active (12 h without remember)', async () => {
      const { token } = await signUp(t);
      for (let i = 0; i < 25; i += 1) {
        t.clock.advance(29 * MIN);
        const res = await get('/api/auth/app/v1/session', token);
        if (i < 24) expect(res.statusCode).toBe(200);
        else expect(res.statusCode).toBe(401);
      }
    });

    it('rotates the token on refresh; the old one works during the grace window only', async () => {
      const { token: first } = await signUp(t);
      const res = await post('/api/auth/app/v2/refresh', first);
      expect(res.statusCode).toBe(200);
      const second = res.json().data.refresh_token as string;
      expect(second).not.toBe(first);
      expect(Buffer.from(second, 'base64url')).toHaveLength(32);
      // Parallel tabs: the old token still works for a moment.
      t.clock.advance(10_000);
      expect((await get('/api/auth/app/v1/session', first)).statusCode).toBe(200);
      expect((await get('/api/auth/app/v1/session', second)).statusCode).toBe(200);
      const rotatedAgain = await post('/api/auth/app/v2/refresh', second);
      const third = rotatedAgain.json().data.refresh_token as string;
      expect((await get('/api/auth/app/v1/session', third)).statusCode).toBe(200);
    });

    it('revokes the whole session family when a rotated token is presented after the grace window', async () => {
      const { token: first } = await signUp(t);
      const second = (await post('/api/auth/app/v2/refresh', first)).json().data.refresh_token as string;
      t.clock.advance(31_000);
      const reuse = await get('/api/auth/app/v1/session', first);
      expect(reuse.statusCode).toBe(401);
      // The thief's replay also killed the legitimate successor.
      expect((await get('/api/auth/app/v1/session', second)).statusCode).toBe(401);
      expect((await post('/api/auth/app/v2/refresh', second)).statusCode).toBe(401);
    });

    it('refresh without a token or with an unknown one is 401', async () => {
      expect((await post('/api/auth/app/v2/refresh')).statusCode).toBe(401);
      const res = await post('/api/auth/app/v2/refresh', 'forged-token');
      expect(res.statusCode).toBe(401);
      expect(res.json().data).toBeNull();
    });

    it('logout ends the session server-side', async () => {
      const { token } = await signUp(t);
      const res = await post('/api/auth/app/v1/logout', token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ ok: true });
      expect((await get('/api/auth/app/v1/client_info', token)).statusCode).toBe(401);
      expect((await post('/api/auth/app/v2/refresh', token)).statusCode).toBe(401);
      expect((await post('/api/auth/app/v1/logout', token)).statusCode).toBe(401);
      expect((await post('/api/auth/app/v1/logout')).statusCode).toBe(401);
    });
  });

  it('documents every identity route in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/auth/app/v1/login',
      '/api/auth/app/v1/logout',
      '/api/auth/app/v1/register',
      '/api/auth/app/v2/refresh',
      '/api/auth/app/v1/session',
      '/api/auth/app/v1/change_pwd',
      '/api/auth/app/v1/reset_pwd',
      '/api/auth/app/v1/client_info',
      '/api/client/app/v1/code',
      '/api/client/app/v1/menu',
      '/api/client/app/v1/pwd_verify',
      '/api/client/app/v1/pin',
      '/api/client/app/v1/pin/verify',
      '/api/client/app/v1/image',
      '/api/client/app/v1/avatar',
      '/api/files/{id}',
      '/api/identify/app/v1',
      '/api/identify/app/v1/detail',
    ]) {
      expect(paths).toContain(p);
    }
  });

  describe('change password', () => {
    it('needs the current password, then ends every session of the client', async () => {
      const { mobile, token } = await signUp(t, { password: 'old-pass' });
      const other = (await login(t, mobile, 'old-pass')).json().data.refresh_token as string;

      const wrong = await post('/api/auth/app/v1/change_pwd', token, {
        old_password: md5('nope'),
        new_password: md5('new-pass'),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ code: 'INCORRECT_PASSWORD', message: 'Incorrect password', data: null });
      expect((await get('/api/auth/app/v1/session', token)).statusCode).toBe(200);

      const res = await post('/api/auth/app/v1/change_pwd', token, {
        old_password: md5('old-pass'),
        new_password: md5('new-pass'),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Password changed successfully.');
      expect((await get('/api/auth/app/v1/session', token)).statusCode).toBe(401);
      expect((await get('/api/auth/app/v1/session', other)).statusCode).toBe(401);
      expect((await login(t, mobile, 'old-pass')).statusCode).toBe(401);
      expect((await login(t, mobile, 'new-pass')).statusCode).toBe(200);
      const [entry] = await t.database.query<{ action: string; actor: string }>(
        `select a.action, a.actor from audit_log a join clients c on a.subject_id = c.id::text
          where c.mobile = $1 and a.subject_type = 'client'`,
        [mobile],
      );
      expect(entry).toMatchObject({
        action: 'client.password_change',
        actor: expect.stringMatching(/^client:/),
      });
    });

    it('rejects bad input and a missing token', async () => {
      const { token } = await signUp(t);
      const bad = await post('/api/auth/app/v1/change_pwd', token, { old_password: md5('x') });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('INVALID_INPUT');
      const anonymous = await post('/api/auth/app/v1/change_pwd', undefined, {
        old_password: md5('x'),
        new_password: md5('y'),
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
