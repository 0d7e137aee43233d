import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app';
import type { TestApp } from '../../test/test-app';
import { createTestOpsApp, createTestStaff, signInStaffCookie, type TestStaff } from '../../test/staff';
import { bearer, createIdentityTestApp, makeImage, multipart, signUp } from '../auth/auth.testing';
import { fileReadersOf } from './ops.routes';

describe('POST /ops/v1/run and the ops file route, as a staff user', () => {
  let t: TestApp;
  let ops: AppInstance;
  let support: TestStaff;
  let supportHeaders: { cookie: string; origin: string };
  beforeAll(async () => {
    t = await createIdentityTestApp();
    ops = await createTestOpsApp(t);
    support = await createTestStaff(t.app.ctx, ['support']);
    supportHeaders = await signInStaffCookie(ops, support);
  });
  afterAll(() => t.close());

  const run = (argv: string[], headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
    ops.inject({ method: 'POST', url: '/ops/v1/run', headers, payload: { argv, ...extra } });

  it('refuses without a staff session, with a client token, and on the client port', async () => {
    const origin = supportHeaders.origin;
    const none = await run(['invite', 'list'], { origin });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHENTICATED', data: null });
    expect((await run(['invite', 'list'], { origin, cookie: 'imali_staff=not-a-session' })).statusCode).toBe(
      401,
    );
    const { token } = await signUp(t);
    expect((await run(['invite', 'list'], { origin, ...bearer(token) })).statusCode).toBe(401);
    // The old operator token is no credential here either.
    expect(
      (await run(['invite', 'list'], { origin, ...bearer('test-ops-token-0123456789') })).statusCode,
    ).toBe(401);
    const onClientPort = await t.app.inject({
      method: 'POST',
      url: '/ops/v1/run',
      headers: supportHeaders,
      payload: { argv: ['invite', 'list'] },
    });
    expect(onClientPort.statusCode).toBe(404);
  });

  it('runs a command as the signed-in staff user and audits it as staff:<id>', async () => {
    const res = await run(['invite', 'create', '--advisor', 'Desk One', '--code', 'DESK1'], supportHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 'OK',
      message: 'OK',
      data: { output: 'Invitation code DESK1 created for advisor Desk One.' },
    });
    const [entry] = await t.database.query<{ actor: string }>(
      "select actor from audit_log where subject_id = 'DESK1'",
    );
    expect(entry!.actor).toBe(`staff:${support.id}`);
    const list = await run(['invite', 'list'], supportHeaders);
    expect(list.json().data.output).toContain('DESK1');
  });

  it('a command outside the roles → 403 naming the permission, and nothing runs; help lists only the permitted', async () => {
    const refused = await run(['invite', 'disable', 'DESK1'], {
      ...(await signInStaffCookie(ops, await createTestStaff(t.app.ctx, ['kyc_reviewer']))),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message:
        '"invite disable" needs the permission invites.manage, which your roles (kyc_reviewer) do not grant. Nothing was done.',
      data: null,
    });
    expect((await run(['invite', 'list'], supportHeaders)).json().data.output).toMatch(
      /DESK1\s+Desk One\s+yes/,
    );
    const help = (await run(['help'], supportHeaders)).json().data.output as string;
    expect(help).toContain('client show <mobile>');
    expect(help).toContain('code show <mobile>');
    expect(help).not.toContain('deposit confirm');
    expect(help).not.toContain('audit verify');
  });

  it('returns command errors in the envelope; the body is argv only (no actor), and needs the Origin', async () => {
    const res = await run(['client', 'show', '799999999'], supportHeaders);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No client with mobile 799999999.',
      data: null,
    });
    const bad = await ops.inject({
      method: 'POST',
      url: '/ops/v1/run',
      headers: supportHeaders,
      payload: { argv: 'invite list' },
    });
    expect(bad.statusCode).toBe(400);
    // Nobody chooses the audit actor: a body with one is refused.
    expect((await run(['help'], supportHeaders, { actor: 'ops:alice' })).statusCode).toBe(400);
    const noOrigin = await run(['invite', 'list'], { cookie: supportHeaders.cookie });
    expect(noOrigin.statusCode).toBe(403);
  });

  it('files: by purpose, the read permission of the area that shows them; clients and no session refused', async () => {
    const { token } = await signUp(t);
    const body = multipart(await makeImage('png'));
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/client/app/v1/image',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    const id = (upload.json().data.url as string).split('/').pop()!;
    const get = (url: string, headers: Record<string, string>) => ops.inject({ method: 'GET', url, headers });

    const asSupport = await get(`/ops/v1/files/${id}`, supportHeaders);
    expect(asSupport.statusCode).toBe(200);
    expect(asSupport.headers['content-type']).toBe('image/png');
    expect(asSupport.headers['cache-control']).toBe('private, no-store');
    // A client image (KYC, claim evidence): kyc.read or applications.read. A product operator has neither.
    const productOps = await signInStaffCookie(ops, await createTestStaff(t.app.ctx, ['product_ops']));
    const refused = await get(`/ops/v1/files/${id}`, productOps);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This file needs the permission kyc.read or applications.read.');
    const maker = await signInStaffCookie(ops, await createTestStaff(t.app.ctx, ['payments_maker']));
    expect((await get(`/ops/v1/files/${id}`, maker)).statusCode).toBe(200);

    expect((await get(`/ops/v1/files/${id}`, bearer(token))).statusCode).toBe(401);
    expect((await get(`/ops/v1/files/${id}`, {})).statusCode).toBe(401);
    expect((await get('/ops/v1/files/not-a-uuid', supportHeaders)).statusCode).toBe(404);
    expect(fileReadersOf('deposit_proof')).toEqual(['deposits.read']);
    expect(fileReadersOf('avatar')).toEqual(['clients.read']);
    expect(fileReadersOf('something-new')).toEqual(['kyc.read']);
  });
});
