import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { bearer, createIdentityTestApp, makeImage, multipart, signUp } from '../auth/auth.testing';

const OPS_TOKEN = 'test-ops-token-0123456789';

describe('POST /ops/v1/run and the operator file route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
  });
  afterAll(() => t.close());

  const run = (argv: string[], headers: Record<string, string> = {}, actor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/ops/v1/run',
      headers,
      payload: { argv, ...(actor ? { actor } : {}) },
    });

  it('refuses without the operator token or with a client token', async () => {
    const none = await run(['invite', 'list']);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHENTICATED', data: null });
    expect((await run(['invite', 'list'], bearer('wrong-token-wrong-token'))).statusCode).toBe(401);
    const { token } = await signUp(t);
    expect((await run(['invite', 'list'], bearer(token))).statusCode).toBe(401);
  });

  it('runs a command with the token and records the actor it is given', async () => {
    const res = await run(
      ['invite', 'create', '--advisor', 'Desk One', '--code', 'DESK1'],
      bearer(OPS_TOKEN),
      'ops:alice',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 'OK',
      message: 'OK',
      data: { output: 'Invitation code DESK1 created for advisor Desk One.' },
    });
    const [entry] = await t.database.query<{ actor: string }>(
      "select actor from audit_log where subject_id = 'DESK1'",
    );
    expect(entry!.actor).toBe('ops:alice');
    const list = await run(['invite', 'list'], bearer(OPS_TOKEN));
    expect(list.json().data.output).toContain('DESK1');
  });

  it('returns command errors in the envelope and validates the body', async () => {
    const res = await run(['kyc', 'approve', '799999999'], bearer(OPS_TOKEN));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No client with mobile 799999999.',
      data: null,
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/ops/v1/run',
      headers: bearer(OPS_TOKEN),
      payload: { argv: 'invite list' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await run(['help'], bearer(OPS_TOKEN), 'not an actor')).statusCode).toBe(400);
  });

  it('operators can read any client file; clients cannot use the operator route', async () => {
    const { token } = await signUp(t);
    const body = multipart(await makeImage('png'));
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/client/app/v1/image',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    const id = (upload.json().data.url as string).split('/').pop()!;
    const asOps = await t.app.inject({
      method: 'GET',
      url: `/ops/v1/files/${id}`,
      headers: bearer(OPS_TOKEN),
    });
    expect(asOps.statusCode).toBe(200);
    expect(asOps.headers['content-type']).toBe('image/png');
    expect(asOps.headers['cache-control']).toBe('private, no-store');
    expect(
      (await t.app.inject({ method: 'GET', url: `/ops/v1/files/${id}`, headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/ops/v1/files/not-a-uuid', headers: bearer(OPS_TOKEN) }))
        .statusCode,
    ).toBe(404);
  });
});
