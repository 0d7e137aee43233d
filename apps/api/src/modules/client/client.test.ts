import { DEFAULT_MENU } from '@imali/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../lib/md5';
import type { TestApp } from '../../test/test-app';
import { bearer, createIdentityTestApp, login, setKycStatus, signUp } from '../auth/auth.testing';

const MIN = 60_000;

describe('client: profile, menu, password check, PIN', () => {
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

  it('client_info returns every profile field of spec section 3 with its default', async () => {
    const { mobile, token } = await signUp(t);
    const res = await get('/api/auth/app/v1/client_info', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const profile = res.json().data;
    expect(profile).toEqual({
      id: expect.any(Number),
      name: '',
      email: '',
      mobile,
      avatar: '',
      verified: 'unverified',
      kycStatus: 'unverified',
      kyc_reason: '',
      vip: 0,
      // The standing rules' figure, as the standing panel shows it (issue 24): a newcomer has only
      // the clean-withdrawals points (standing.rules.test.ts).
      score: 10,
      order_num: 0,
      has_pin: false,
      pin_locked: false,
      allow_compensation: false,
      allow_bonus: false,
      allow_loan: false,
      service: '',
      // A new client's cash accounts: one per currency, empty.
      accounts: ['ZAR', 'USD', 'EUR', 'GBP', 'INR'].map((currency) => ({
        id: expect.any(Number),
        currency,
        balance: '0.00',
        available: '0.00',
        held: '0.00',
      })),
      country: 'ZA',
    });
  });

  it('client_info and menu refuse a missing or wrong token', async () => {
    expect((await get('/api/auth/app/v1/client_info')).statusCode).toBe(401);
    expect((await get('/api/client/app/v1/menu', 'wrong')).statusCode).toBe(401);
  });

  it('menu delivers the route list of spec section 2', async () => {
    const { token } = await signUp(t);
    const res = await get('/api/client/app/v1/menu', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(DEFAULT_MENU);
    const paths = res.json().data.map((e: { path: string }) => e.path);
    expect(paths).toEqual(['/dashboard', '/market', '/discover', '/portfolio', '/me']);
  });

  describe('pwd_verify and Set PIN', () => {
    it('wrong password gives 400 INCORRECT_PASSWORD "Incorrect password"', async () => {
      const { token } = await signUp(t);
      const res = await post('/api/client/app/v1/pwd_verify', token, { password: md5('nope') });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'INCORRECT_PASSWORD', message: 'Incorrect password', data: null });
      const bad = await post('/api/client/app/v1/pwd_verify', token, { password: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('INVALID_INPUT');
    });

    it('setting a PIN needs a password check on this session in the last 5 minutes', async () => {
      const { mobile, token } = await signUp(t);
      const without = await post('/api/client/app/v1/pin', token, { pin: md5('246810') });
      expect(without.statusCode).toBe(403);

      expect(
        (await post('/api/client/app/v1/pwd_verify', token, { password: md5('secret123') })).statusCode,
      ).toBe(200);
      // A password check on another session does not count for this one.
      const other = (await login(t, mobile)).json().data.refresh_token as string;
      expect((await post('/api/client/app/v1/pin', other, { pin: md5('246810') })).statusCode).toBe(403);

      t.clock.advance(6 * MIN);
      expect((await post('/api/client/app/v1/pin', token, { pin: md5('246810') })).statusCode).toBe(403);

      await post('/api/client/app/v1/pwd_verify', token, { password: md5('secret123') });
      const res = await post('/api/client/app/v1/pin', token, { pin: md5('246810') });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 'OK', message: 'PIN has been set', data: { ok: true } });
      expect((await get('/api/auth/app/v1/client_info', token)).json().data.has_pin).toBe(true);
      const [row] = await t.database.query<{ pin_hash: string }>(
        'select pin_hash from clients where mobile = $1',
        [mobile],
      );
      expect(row!.pin_hash).toMatch(/^\$argon2id\$/);
    });

    it('rejects a PIN that is not MD5 hex', async () => {
      const { token } = await signUp(t);
      await post('/api/client/app/v1/pwd_verify', token, { password: md5('secret123') });
      const res = await post('/api/client/app/v1/pin', token, { pin: '123456' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_INPUT');
    });
  });

  describe('PIN verification', () => {
    async function clientWithPin(pin = '135790') {
      const client = await signUp(t);
      await post('/api/client/app/v1/pwd_verify', client.token, { password: md5(client.password) });
      await post('/api/client/app/v1/pin', client.token, { pin: md5(pin) });
      return client;
    }

    it('without a PIN answers PIN_NOT_SET', async () => {
      const { token } = await signUp(t);
      const res = await post('/api/client/app/v1/pin/verify', token, { pin: md5('111111') });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('PIN_NOT_SET');
    });

    it('a right PIN marks this session PIN-verified', async () => {
      const { mobile, token } = await clientWithPin();
      const res = await post('/api/client/app/v1/pin/verify', token, { pin: md5('135790') });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ ok: true });
      const [row] = await t.database.query<{ pin_verified_at: Date | null }>(
        `select s.pin_verified_at from sessions s join clients c on c.id = s.client_id
          where c.mobile = $1 and s.ended_at is null`,
        [mobile],
      );
      expect(row!.pin_verified_at).not.toBeNull();
    });

    it('5 wrong PINs lock PIN use (423) until the next password login', async () => {
      const { mobile, token } = await clientWithPin('135790');
      for (let i = 0; i < 4; i += 1) {
        const res = await post('/api/client/app/v1/pin/verify', token, { pin: md5('000000') });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'INCORRECT_PIN', data: null });
      }
      const fifth = await post('/api/client/app/v1/pin/verify', token, { pin: md5('000000') });
      expect(fifth.statusCode).toBe(423);
      expect(fifth.json().code).toBe('PIN_LOCKED');
      // Even the right PIN is refused now, on every session, and time does not unlock it.
      t.clock.advance(20 * MIN);
      const fresh = (await login(t, mobile)).json().data.refresh_token as string;
      // That password login unlocked it.
      expect((await get('/api/auth/app/v1/client_info', fresh)).json().data.pin_locked).toBe(false);
      expect((await post('/api/client/app/v1/pin/verify', fresh, { pin: md5('135790') })).statusCode).toBe(
        200,
      );
    });

    it('stays locked while no password login happens', async () => {
      const { token } = await clientWithPin('135790');
      for (let i = 0; i < 5; i += 1)
        await post('/api/client/app/v1/pin/verify', token, { pin: md5('000000') });
      const right = await post('/api/client/app/v1/pin/verify', token, { pin: md5('135790') });
      expect(right.statusCode).toBe(423);
      expect((await get('/api/auth/app/v1/client_info', token)).json().data.pin_locked).toBe(true);
    });

    it('a right PIN resets the wrong-PIN count', async () => {
      const { token } = await clientWithPin('135790');
      for (let i = 0; i < 4; i += 1)
        await post('/api/client/app/v1/pin/verify', token, { pin: md5('000000') });
      expect((await post('/api/client/app/v1/pin/verify', token, { pin: md5('135790') })).statusCode).toBe(
        200,
      );
      for (let i = 0; i < 4; i += 1) {
        expect((await post('/api/client/app/v1/pin/verify', token, { pin: md5('000000') })).statusCode).toBe(
          400,
        );
      }
    });
  });

  it('profile reflects an approved KYC in both verified and kycStatus', async () => {
    const { mobile, token } = await signUp(t);
    await setKycStatus(t, mobile, 'approved');
    const data = (await get('/api/auth/app/v1/client_info', token)).json().data;
    expect(data.verified).toBe('approved');
    expect(data.kycStatus).toBe('approved');
    expect((await get('/api/auth/app/v1/session', token)).json().data.kycStatus).toBe('approved');
  });
});
