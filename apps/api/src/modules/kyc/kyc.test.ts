import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { bearer, createIdentityTestApp, makeImage, multipart, signUp } from '../auth/auth.testing';
import * as kyc from './kyc.service';

describe('KYC: submit, detail, operator decisions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const submit = (token: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/identify/app/v1',
      headers: token ? bearer(token) : {},
      payload,
    });
  async function uploadImage(token: string) {
    const body = multipart(await makeImage('jpeg'), { filename: 'id.jpg', contentType: 'image/jpeg' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/app/v1/image',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    return res.json().data.url as string;
  }
  async function form(token: string, overrides: object = {}) {
    return {
      full_name: 'Naledi Khumalo',
      id_no: '8001015009087',
      mobile: '712345678',
      dob: '1980-01-01',
      id_front_url: await uploadImage(token),
      id_back_url: await uploadImage(token),
      ...overrides,
    };
  }

  it('detail is 404 before any submission', async () => {
    const { token } = await signUp(t);
    const res = await get('/api/identify/app/v1/detail', token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
  });

  it('submission sets pending and the name; detail shows it; a second submission is 409', async () => {
    const { token } = await signUp(t);
    const body = await form(token);
    const res = await submit(token, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ok: true });

    const profile = (await get('/api/auth/app/v1/client_info', token)).json().data;
    expect(profile).toMatchObject({ kycStatus: 'pending', verified: 'pending', name: 'Naledi Khumalo' });

    const detail = (await get('/api/identify/app/v1/detail', token)).json().data;
    expect(detail).toEqual({
      full_name: 'Naledi Khumalo',
      id_no: '8001015009087',
      mobile: '712345678',
      dob: '1980-01-01',
      status: 'pending',
      reason: '',
      create_datetime: expect.any(String),
      check_time: null,
      id_front_url: body.id_front_url,
      id_back_url: body.id_back_url,
    });
    expect((await get(detail.id_front_url, token)).statusCode).toBe(200);

    const again = await submit(token, await form(token));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('KYC_ALREADY_SUBMITTED');
  });

  it('the back image is optional', async () => {
    const { token } = await signUp(t);
    const res = await submit(token, await form(token, { id_back_url: '' }));
    expect(res.statusCode).toBe(200);
    expect((await get('/api/identify/app/v1/detail', token)).json().data.id_back_url).toBe('');
  });

  it('refuses images that are not the client’s own uploads, and changes nothing', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const alicesImage = await uploadImage(alice.token);
    for (const url of [
      alicesImage,
      '/api/files/00000000-0000-4000-8000-000000000000',
      'https://evil.example/x.jpg',
    ]) {
      const res = await submit(bob.token, await form(bob.token, { id_front_url: url }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_INPUT');
    }
    const backStolen = await submit(bob.token, await form(bob.token, { id_back_url: alicesImage }));
    expect(backStolen.statusCode).toBe(400);
    expect((await get('/api/auth/app/v1/client_info', bob.token)).json().data.kycStatus).toBe('unverified');
  });

  it('rejects bad input with the spec messages', async () => {
    const { token } = await signUp(t);
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const cases: [object, string][] = [
      [{ full_name: '' }, 'Full name is required.'],
      [{ dob: young.toISOString().slice(0, 10) }, 'You must be at least 18 years old.'],
      [{ dob: '1990-02-30' }, 'Invalid date format.'],
      [{ mobile: '123' }, 'Phone number must be 9 digits.'],
      [{ id_no: '' }, 'ID number is required.'],
    ];
    for (const [override, message] of cases) {
      const res = await submit(token, await form(token, override));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'INVALID_INPUT', message, data: null });
    }
    expect((await submit(undefined, await form(token))).statusCode).toBe(401);
    expect((await get('/api/identify/app/v1/detail')).statusCode).toBe(401);
  });

  it('a client cannot read another client’s KYC detail or images', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    await submit(alice.token, await form(alice.token));
    const aliceDetail = (await get('/api/identify/app/v1/detail', alice.token)).json().data;
    // Bob's detail is his own (none), never Alice's.
    expect((await get('/api/identify/app/v1/detail', bob.token)).statusCode).toBe(404);
    for (const url of [aliceDetail.id_front_url, aliceDetail.id_back_url]) {
      const res = await get(url, bob.token);
      expect(res.statusCode).toBe(404);
      expect(res.rawPayload.length).toBeLessThan(200);
    }
  });

  it('operator rejection shows the reason; the client may resubmit; approval is audited', async () => {
    const { mobile, token } = await signUp(t);
    await submit(token, await form(token));

    await expect(kyc.reject(t.app.ctx, mobile, '  ', 'ops:tester')).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await kyc.reject(t.app.ctx, mobile, 'ID image is blurred', 'ops:tester');
    const profile = (await get('/api/auth/app/v1/client_info', token)).json().data;
    expect(profile).toMatchObject({ kycStatus: 'rejected', kyc_reason: 'ID image is blurred' });
    const detail = (await get('/api/identify/app/v1/detail', token)).json().data;
    expect(detail).toMatchObject({ status: 'rejected', reason: 'ID image is blurred' });
    expect(detail.check_time).not.toBeNull();

    await expect(kyc.approve(t.app.ctx, mobile, 'ops:tester')).rejects.toMatchObject({ statusCode: 409 });

    expect((await submit(token, await form(token, { full_name: 'Naledi K. Khumalo' }))).statusCode).toBe(200);
    const pending = (await get('/api/auth/app/v1/client_info', token)).json().data;
    expect(pending).toMatchObject({ kycStatus: 'pending', kyc_reason: '', name: 'Naledi K. Khumalo' });

    const decided = await kyc.approve(t.app.ctx, mobile, 'ops:tester');
    expect(decided.status).toBe('approved');
    expect((await get('/api/auth/app/v1/session', token)).json().data.kycStatus).toBe('approved');
    expect((await get('/api/identify/app/v1/detail', token)).json().data).toMatchObject({
      status: 'approved',
      reason: '',
      full_name: 'Naledi K. Khumalo',
    });

    const audit = await t.database.query<{ actor: string; action: string; before: unknown; after: unknown }>(
      `select a.actor, a.action, a.before, a.after from audit_log a
         join clients c on a.subject_type = 'client' and a.subject_id = c.id::text
        where c.mobile = $1 order by a.id`,
      [mobile],
    );
    expect(audit.map((a) => [a.actor, a.action])).toEqual([
      [expect.stringMatching(/^client:\d+$/), 'kyc.submit'],
      ['ops:tester', 'kyc.reject'],
      [expect.stringMatching(/^client:\d+$/), 'kyc.submit'],
      ['ops:tester', 'kyc.approve'],
    ]);
    expect(audit[1]!.before).toMatchObject({ kycStatus: 'pending' });
    expect(audit[1]!.after).toMatchObject({ kycStatus: 'rejected', kycReason: 'ID image is blurred' });
    expect(audit[3]!.after).toMatchObject({ kycStatus: 'approved' });

    const again = await submit(token, await form(token));
    expect(again.statusCode).toBe(409);
  });

  it('decisions on unknown mobiles or without a pending submission fail clearly', async () => {
    await expect(kyc.approve(t.app.ctx, '799999999', 'ops:tester')).rejects.toMatchObject({
      statusCode: 404,
    });
    const { mobile } = await signUp(t);
    await expect(kyc.approve(t.app.ctx, mobile, 'ops:tester')).rejects.toMatchObject({ statusCode: 409 });
  });
});
