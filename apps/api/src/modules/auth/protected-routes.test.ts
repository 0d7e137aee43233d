import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../lib/md5';
import type { TestApp } from '../../test/test-app';
import { bearer, createIdentityTestApp, makeImage, multipart, signUp } from './auth.testing';

const MIN = 60_000;

/** Every identity route that needs a signed-in client, with a valid body for it. */
const ROUTES: {
  method: 'GET' | 'POST';
  url: string;
  body?: () => Promise<object | ReturnType<typeof multipart>>;
}[] = [
  { method: 'POST', url: '/api/auth/app/v1/logout' },
  { method: 'GET', url: '/api/auth/app/v1/session' },
  { method: 'GET', url: '/api/auth/app/v1/client_info' },
  {
    method: 'POST',
    url: '/api/auth/app/v1/change_pwd',
    body: async () => ({ old_password: md5('a'), new_password: md5('b') }),
  },
  { method: 'POST', url: '/api/auth/app/v2/refresh' },
  { method: 'GET', url: '/api/client/app/v1/menu' },
  { method: 'POST', url: '/api/client/app/v1/pwd_verify', body: async () => ({ password: md5('a') }) },
  { method: 'POST', url: '/api/client/app/v1/pin', body: async () => ({ pin: md5('123456') }) },
  { method: 'POST', url: '/api/client/app/v1/pin/verify', body: async () => ({ pin: md5('123456') }) },
  { method: 'POST', url: '/api/client/app/v1/image', body: async () => multipart(await makeImage('png')) },
  { method: 'POST', url: '/api/client/app/v1/avatar', body: async () => multipart(await makeImage('jpeg')) },
  { method: 'GET', url: '/api/files/00000000-0000-4000-8000-000000000000' },
  {
    method: 'POST',
    url: '/api/identify/app/v1',
    body: async () => ({
      full_name: 'A B',
      id_no: '1',
      mobile: '612345678',
      dob: '1990-01-01',
      id_front_url: '/api/files/00000000-0000-4000-8000-000000000000',
    }),
  },
  { method: 'GET', url: '/api/identify/app/v1/detail' },
];

describe('every client route refuses a missing, wrong or expired token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
  });
  afterAll(() => t.close());

  async function call(route: (typeof ROUTES)[number], headers: Record<string, string>) {
    const body = route.body ? await route.body() : undefined;
    if (body && 'payload' in body && 'headers' in body) {
      const form = body as ReturnType<typeof multipart>;
      return t.app.inject({
        method: route.method,
        url: route.url,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
    }
    return t.app.inject({
      method: route.method,
      url: route.url,
      headers,
      ...(body ? { payload: body } : {}),
    });
  }

  it.each(ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
    const none = await call(route, {});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ message: 'Session expired. Please log in again.', data: null });

    const wrong = await call(route, bearer('x'.repeat(43)));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('SESSION_EXPIRED');

    const { token } = await signUp(t);
    t.clock.advance(31 * MIN);
    const expired = await call(route, bearer(token));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      code: 'SESSION_EXPIRED',
      message: 'Session expired. Please log in again.',
      data: null,
    });
  });

  it('public routes answer without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/app/v1/code',
      payload: { username: '612345679', purpose: 'reset_pwd' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('the HEAD twin of a GET route is guarded too (access is attached per route)', async () => {
    for (const url of ['/api/client/app/v1/menu', '/api/auth/app/v1/session', '/ops/v1/files/x']) {
      // /ops is the ops app's (its own port, decision 0057).
      const res = await (url.startsWith('/ops/') ? await t.ops() : t.app).inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(401);
    }
    const { token } = await signUp(t);
    const signedIn = await t.app.inject({
      method: 'HEAD',
      url: '/api/client/app/v1/menu',
      headers: bearer(token),
    });
    expect(signedIn.statusCode).toBe(200);
  });
});
