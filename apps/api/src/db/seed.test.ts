import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../lib/md5';
import { createTestApp, type TestApp } from '../test/test-app';
import { DEMO, seedDemo } from './seed';

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds once; the demo client signs in with 612345678 / demo1234 and PIN 123456', async () => {
    expect(await seedDemo(t.app.ctx)).toBe(true);
    expect(await seedDemo(t.app.ctx)).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/app/v1/login',
      payload: { username: '612345678', password: md5('demo1234'), remember: false },
    });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json().data.refresh_token}` };
    const profile = (
      await t.app.inject({ method: 'GET', url: '/api/auth/app/v1/client_info', headers })
    ).json().data;
    expect(profile).toMatchObject({
      mobile: DEMO.mobile,
      kycStatus: 'approved',
      has_pin: true,
      name: DEMO.name,
    });
    const pin = await t.app.inject({
      method: 'POST',
      url: '/api/client/app/v1/pin/verify',
      headers,
      payload: { pin: md5('123456') },
    });
    expect(pin.statusCode).toBe(200);
    const kyc = await t.app.inject({ method: 'GET', url: '/api/identify/app/v1/detail', headers });
    expect(kyc.json().data).toMatchObject({ status: 'approved', full_name: DEMO.name });
    const image = await t.app.inject({ method: 'GET', url: kyc.json().data.id_front_url, headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('registration with the demo invitation code WELCOME works', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/app/v1/register',
      payload: { username: '698765432', password: md5('secret123'), invite_code: 'WELCOME' },
    });
    expect(res.statusCode).toBe(200);
  });
});
