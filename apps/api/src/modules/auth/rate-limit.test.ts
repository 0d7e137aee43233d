import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../lib/md5';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ensureInvite, newMobile } from './auth.testing';

describe('per-IP rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3', INVITE_RATE_LIMIT_PER_HOUR: '2' });
    await ensureInvite(t);
  });
  afterAll(() => t.close());

  const loginFrom = (ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/app/v1/login',
      remoteAddress: ip,
      headers,
      payload: { username: newMobile(), password: md5('x') },
    });

  it('limits login per IP with 429 RATE_LIMITED and Retry-After; other IPs are unaffected', async () => {
    for (let i = 0; i < 3; i += 1) expect((await loginFrom('10.0.0.1')).statusCode).toBe(401);
    const limited = await loginFrom('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please try again later.',
      data: null,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await loginFrom('10.0.0.2')).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For when no trusted proxy is configured', async () => {
    for (let i = 0; i < 3; i += 1) await loginFrom('10.0.0.3', { 'x-forwarded-for': `1.1.1.${i}` });
    expect((await loginFrom('10.0.0.3', { 'x-forwarded-for': '9.9.9.9' })).statusCode).toBe(429);
  });

  it('limits code requests and reset attempts per IP', async () => {
    const code = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/client/app/v1/code',
        remoteAddress: ip,
        payload: { username: newMobile(), purpose: 'reset_pwd' },
      });
    for (let i = 0; i < 3; i += 1) expect((await code('10.0.1.1')).statusCode).toBe(200);
    expect((await code('10.0.1.1')).statusCode).toBe(429);
    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/app/v1/reset_pwd',
        remoteAddress: '10.0.1.2',
        payload: { username: newMobile(), code: '123456' },
      });
    for (let i = 0; i < 3; i += 1) expect((await reset()).statusCode).toBe(400);
    expect((await reset()).statusCode).toBe(429);
  });

  it('limits invitation-code guesses (register) more strictly, per hour', async () => {
    const guess = (invite: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/app/v1/register',
        remoteAddress: '10.0.2.1',
        payload: { username: newMobile(), password: md5('secret123'), invite_code: invite },
      });
    expect((await guess('GUESS1')).statusCode).toBe(400);
    expect((await guess('GUESS2')).statusCode).toBe(400);
    const limited = await guess('TESTCODE');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60 * 59);
  });
});

describe('per-IP rate limits behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('keys on the forwarded client address', async () => {
    const from = (client: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/app/v1/login',
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': client },
        payload: { username: newMobile(), password: md5('x') },
      });
    await from('203.0.113.1');
    await from('203.0.113.1');
    expect((await from('203.0.113.1')).statusCode).toBe(429);
    expect((await from('203.0.113.2')).statusCode).toBe(401);
  });
});
