import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app';
import { createTestStaff, signInStaffCookie } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClient, fund } from '../ledger/money-test-kit';

describe('client 360 staff routes (/ops/v1/clients)', () => {
  let t: TestApp;
  let ops: AppInstance;
  let support: { cookie: string; origin: string };
  let auditor: { cookie: string; origin: string };
  let supportId: number;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await t.ops();
    const s = await createTestStaff(t.app.ctx, ['support']);
    supportId = s.id;
    support = await signInStaffCookie(ops, s);
    // auditor reads everything and acts on nothing (ROLE_PERMISSIONS).
    auditor = await signInStaffCookie(ops, await createTestStaff(t.app.ctx, ['auditor']));
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = support) =>
    ops.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object, headers: Record<string, string> = support) =>
    ops.inject({ method: 'POST', url, headers, payload });

  it('search and the 360 read', async () => {
    const c = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, c, 'ZAR', '1200.00');
    const found = await get(`/ops/v1/clients?query=${c.clientId}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.items.map((i: { id: number }) => i.id)).toContain(c.clientId);
    const view = await get(`/ops/v1/clients/${c.clientId}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().data).toMatchObject({
      profile: { id: c.clientId },
      kyc: { status: 'approved' },
      sessions: [{ id: c.sessionId }],
    });
    expect(view.json().data.accounts.find((a: { currency: string }) => a.currency === 'ZAR').balance).toBe(
      '1200.00',
    );
    expect((await get('/ops/v1/clients/999999')).statusCode).toBe(404);
  });

  it('ending a session (clients.sessions.end) and notes (clients.note); refusals', async () => {
    const c = await createTestClient(t.app.ctx);
    expect(
      (await post(`/ops/v1/clients/${c.clientId}/sessions/${c.sessionId}/end`, {}, auditor)).statusCode,
    ).toBe(403);
    const ended = await post(`/ops/v1/clients/${c.clientId}/sessions/${c.sessionId}/end`, {});
    expect(ended.statusCode).toBe(200);
    expect((await post(`/ops/v1/clients/${c.clientId}/sessions/${c.sessionId}/end`, {})).statusCode).toBe(
      404,
    );

    expect((await post(`/ops/v1/clients/${c.clientId}/notes`, { body: 'x' }, auditor)).statusCode).toBe(403);
    const note = await post(`/ops/v1/clients/${c.clientId}/notes`, { body: 'Asked for a statement' });
    expect(note.statusCode).toBe(200);
    expect(note.json().data).toMatchObject({
      clientId: c.clientId,
      staffId: supportId,
      body: 'Asked for a statement',
    });
    const notes = await get(`/ops/v1/clients/${c.clientId}/notes`, auditor);
    expect(notes.json().data.items.map((n: { body: string }) => n.body)).toEqual(['Asked for a statement']);
    expect((await ops.inject({ method: 'GET', url: `/ops/v1/clients/${c.clientId}` })).statusCode).toBe(401);
    // staff_admin manages staff, never clients (ROLE_PERMISSIONS): no clients.read.
    const admin = await signInStaffCookie(ops, await createTestStaff(t.app.ctx, ['staff_admin']));
    expect((await get(`/ops/v1/clients/${c.clientId}`, admin)).statusCode).toBe(403);
    expect((await get(`/ops/v1/clients?query=${c.clientId}`, admin)).statusCode).toBe(403);
  });
});
