// The console's audit routes on the ops app (decision 0060): search and chain verification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app';
import { createTestOpsApp, createTestStaff, signInStaffCookie, type TestStaff } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /ops/v1/audit and /ops/v1/audit/verify', () => {
  let t: TestApp;
  let ops: AppInstance;
  let auditor: TestStaff;
  let auditorHeaders: { cookie: string; origin: string };
  beforeAll(async () => {
    t = await createTestApp();
    ops = await createTestOpsApp(t);
    auditor = await createTestStaff(t.app.ctx, ['auditor']);
    auditorHeaders = await signInStaffCookie(ops, auditor);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = auditorHeaders) =>
    ops.inject({ method: 'GET', url, headers });

  it("finds a staff user's entries (their sign-in, by staff_id), newest first, a page at a time", async () => {
    const other = await createTestStaff(t.app.ctx, ['support']);
    await signInStaffCookie(ops, other);
    await signInStaffCookie(ops, other);

    const res = await get(`/ops/v1/audit?staffId=${other.id}&action=staff.login&limit=1`);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({
      actor: `staff:${other.id}`,
      staffId: other.id,
      action: 'staff.login',
      subjectType: 'staff_session',
    });
    expect(page.nextCursor).toBe(String(page.entries[0].seq));

    const next = (
      await get(`/ops/v1/audit?staffId=${other.id}&action=staff.login&limit=1&cursor=${page.nextCursor}`)
    ).json().data;
    expect(next.entries).toHaveLength(1);
    expect(next.entries[0].seq).toBeLessThan(page.entries[0].seq);
    // Two sign-ins: the second page is the last.
    expect(next.nextCursor).toBeNull();
  });

  it('a time range and a refused query', async () => {
    const future = new Date(t.app.ctx.clock.now().getTime() + 86_400_000).toISOString();
    const res = await get(`/ops/v1/audit?from=${encodeURIComponent(future)}`);
    expect(res.json().data).toEqual({ entries: [], nextCursor: null });
    expect((await get('/ops/v1/audit?from=yesterday')).statusCode).toBe(400);
    expect((await get('/ops/v1/audit?action=kyc%25')).statusCode).toBe(400);
    expect((await get('/ops/v1/audit?limit=201')).statusCode).toBe(400);
  });

  it('verifies the chain: intact, with its rows and head', async () => {
    const res = await get('/ops/v1/audit/verify');
    expect(res.statusCode).toBe(200);
    const verdict = res.json().data;
    expect(verdict).toMatchObject({ intact: true });
    expect(verdict.rows).toBe(verdict.headSeq);
    expect(verdict.headHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('needs audit.read: a support user is refused, no session is 401', async () => {
    const support = await createTestStaff(t.app.ctx, ['support']);
    const headers = await signInStaffCookie(ops, support);
    expect((await get('/ops/v1/audit', headers)).statusCode).toBe(403);
    expect((await get('/ops/v1/audit/verify', headers)).statusCode).toBe(403);
    expect((await get('/ops/v1/audit', {})).statusCode).toBe(401);
    // Never on the client app.
    expect(
      (await t.app.inject({ method: 'GET', url: '/ops/v1/audit', headers: auditorHeaders })).statusCode,
    ).toBe(404);
  });
});
