import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../lib/md5';
import type { TestApp } from '../../test/test-app';
import { bearer, createIdentityTestApp, login, newMobile, signUp } from './auth.testing';

const MIN = 60_000;

describe('verification code and password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
  });
  afterAll(() => t.close());

  const requestCode = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/client/app/v1/code',
      payload: { username, purpose: 'reset_pwd' },
    });
  const reset = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/app/v1/reset_pwd', payload });

  async function lastCode(mobile: string) {
    const rows = await t.database.query<{ body: string }>(
      'select body from outbox where recipient = $1 order by id desc limit 1',
      [mobile],
    );
    return /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
  }

  it('answers the same whether the mobile exists or not; only a client gets a message', async () => {
    const { mobile } = await signUp(t);
    const stranger = newMobile();
    const known = await requestCode(mobile);
    const unknown = await requestCode(stranger);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await lastCode(mobile)).toMatch(/^\d{6}$/);
    expect(await lastCode(stranger)).toBeUndefined();
    const [stored] = await t.database.query<{ code_hash: string }>(
      'select code_hash from verification_codes where mobile = $1',
      [mobile],
    );
    expect(stored!.code_hash).not.toContain((await lastCode(mobile))!);
  });

  it('rejects a malformed mobile', async () => {
    const res = await requestCode('12345');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_INPUT');
  });

  it('verify step, then reset step: new password works, old sessions end, code is single use', async () => {
    const { mobile, token } = await signUp(t, { password: 'forgotten' });
    await requestCode(mobile);
    const code = (await lastCode(mobile))!;

    const verify = await reset({ username: mobile, code });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data).toEqual({ ok: true });

    const done = await reset({ username: mobile, code, password: md5('remembered') });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Password reset successfully.');

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/app/v1/session', headers: bearer(token) }))
        .statusCode,
    ).toBe(401);
    expect((await login(t, mobile, 'forgotten')).statusCode).toBe(401);
    expect((await login(t, mobile, 'remembered')).statusCode).toBe(200);

    const again = await reset({ username: mobile, code, password: md5('third-one') });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'INVALID_CODE',
      message: 'Verification failed. Please try again.',
      data: null,
    });
  });

  it('a wrong code, a code for another mobile, and an unknown mobile all fail the same way', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await requestCode(a.mobile);
    const code = (await lastCode(a.mobile))!;
    const wrong = await reset({ username: a.mobile, code: code === '000000' ? '111111' : '000000' });
    const otherMobile = await reset({ username: b.mobile, code });
    const unknown = await reset({ username: newMobile(), code });
    for (const res of [wrong, otherMobile, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_CODE');
    }
    const malformed = await reset({ username: a.mobile, code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Verification failed. Please try again.');
  });

  it('a code expires after 10 minutes', async () => {
    const { mobile } = await signUp(t);
    await requestCode(mobile);
    const code = (await lastCode(mobile))!;
    t.clock.advance(10 * MIN + 1000);
    expect((await reset({ username: mobile, code })).statusCode).toBe(400);
  });

  it('a code dies after 5 wrong tries, even for the right digits', async () => {
    const { mobile } = await signUp(t);
    await requestCode(mobile);
    const code = (await lastCode(mobile))!;
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1)
      expect((await reset({ username: mobile, code: wrongCode })).statusCode).toBe(400);
    expect((await reset({ username: mobile, code })).statusCode).toBe(400);
  });

  it('sends at most 5 codes per mobile per hour, answering the same', async () => {
    const { mobile } = await signUp(t);
    for (let i = 0; i < 7; i += 1) {
      const res = await requestCode(mobile);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ ok: true });
    }
    const [sent] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from outbox where recipient = $1',
      [mobile],
    );
    expect(Number(sent!.n)).toBe(5);
    t.clock.advance(61 * MIN);
    await requestCode(mobile);
    const [later] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from outbox where recipient = $1',
      [mobile],
    );
    expect(Number(later!.n)).toBe(6);
  });

  it('a new code replaces the previous one', async () => {
    const { mobile } = await signUp(t);
    await requestCode(mobile);
    const first = (await lastCode(mobile))!;
    await requestCode(mobile);
    const second = (await lastCode(mobile))!;
    if (first !== second) expect((await reset({ username: mobile, code: first })).statusCode).toBe(400);
    expect((await reset({ username: mobile, code: second })).statusCode).toBe(200);
  });
});
