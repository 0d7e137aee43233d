// Races that matter for identity. Meaningful on PostgreSQL (DATABASE_URL set), where requests
// really run in parallel; on PGlite they serialise and must give the same answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../lib/md5';
import type { TestApp } from '../../test/test-app';
import {
  bearer,
  createIdentityTestApp,
  ensureInvite,
  makeImage,
  multipart,
  newMobile,
  signUp,
} from './auth.testing';

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe('identity under concurrent requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
    await ensureInvite(t);
  });
  afterAll(() => t.close());

  it('the same mobile registered 8 times at once: exactly one account', async () => {
    const mobile = newMobile();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/app/v1/register',
          payload: { username: mobile, password: md5('secret123'), invite_code: 'TESTCODE' },
        }),
      ),
    );
    expect(statuses(responses)).toEqual([200, ...Array(7).fill(409)]);
    const rows = await t.database.query('select id from clients where mobile = $1', [mobile]);
    expect(rows).toHaveLength(1);
  });

  it('KYC submitted 6 times at once: one submission, the rest 409', async () => {
    const { token } = await signUp(t);
    const form = multipart(await makeImage('png'));
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/client/app/v1/image',
      headers: { ...form.headers, ...bearer(token) },
      payload: form.payload,
    });
    const body = {
      full_name: 'Race Tester',
      id_no: '1',
      mobile: '612345678',
      dob: '1990-01-01',
      id_front_url: upload.json().data.url,
      id_back_url: '',
    };
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'POST', url: '/api/identify/app/v1', headers: bearer(token), payload: body }),
      ),
    );
    expect(statuses(responses)).toEqual([200, 409, 409, 409, 409, 409]);
    const [row] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from kyc_submissions where full_name = 'Race Tester'",
    );
    expect(Number(row!.n)).toBe(1);
  });

  it('10 wrong PINs at once never count past the limit and lock the PIN', async () => {
    const { token, mobile } = await signUp(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/client/app/v1/pwd_verify',
      headers: bearer(token),
      payload: { password: md5('secret123') },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/client/app/v1/pin',
      headers: bearer(token),
      payload: { pin: md5('424242') },
    });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/client/app/v1/pin/verify',
          headers: bearer(token),
          payload: { pin: md5('000000') },
        }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 400 || r.statusCode === 423)).toBe(true);
    const [row] = await t.database.query<{ pin_failed_attempts: number }>(
      'select pin_failed_attempts from clients where mobile = $1',
      [mobile],
    );
    expect(row!.pin_failed_attempts).toBe(5);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/client/app/v1/pin/verify',
      headers: bearer(token),
      payload: { pin: md5('424242') },
    });
    expect(right.statusCode).toBe(423);
  });

  it('one reset code used by 4 parallel reset requests changes the password once', async () => {
    const { mobile } = await signUp(t);
    await t.app.inject({ method: 'POST', url: '/api/client/app/v1/code', payload: { username: mobile } });
    const [msg] = await t.database.query<{ body: string }>(
      'select body from outbox where recipient = $1 order by id desc limit 1',
      [mobile],
    );
    const code = /(\d{6})/.exec(msg!.body)![1]!;
    const responses = await Promise.all(
      ['pw-a', 'pw-b', 'pw-c', 'pw-d'].map((pw) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/app/v1/reset_pwd',
          payload: { username: mobile, code, password: md5(pw) },
        }),
      ),
    );
    expect(statuses(responses)).toEqual([200, 400, 400, 400]);
  });
});
