import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app';
import { createTestStaff, signInStaffCookie } from '../../test/staff';
import type { TestApp } from '../../test/test-app';
import { createIdentityTestApp } from '../auth/auth.testing';
import { clientWithSubmission, uniqueIdNo } from './kyc-review.testing';

describe('KYC review staff routes (/ops/v1/kyc)', () => {
  let t: TestApp;
  let ops: AppInstance;
  let reviewer: { cookie: string; origin: string };
  let reviewerId: number;
  let support: { cookie: string; origin: string };
  beforeAll(async () => {
    t = await createIdentityTestApp();
    ops = await t.ops();
    const r = await createTestStaff(t.app.ctx, ['kyc_reviewer']);
    reviewerId = r.id;
    reviewer = await signInStaffCookie(ops, r);
    // support reads KYC but may not decide (packages/contract staff.ts ROLE_PERMISSIONS).
    support = await signInStaffCookie(ops, await createTestStaff(t.app.ctx, ['support']));
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = reviewer) =>
    ops.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object, headers: Record<string, string> = reviewer) =>
    ops.inject({ method: 'POST', url, headers, payload });

  it('the queue and one submission with its images and flags', async () => {
    const idNo = uniqueIdNo();
    const a = await clientWithSubmission(t, { id_no: idNo });
    const b = await clientWithSubmission(t, { id_no: idNo, full_name: 'Bongani Dube' });
    const queue = await get('/ops/v1/kyc?status=pending&sort=newest&limit=2');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data.items.map((i: { submissionId: number }) => i.submissionId)).toEqual([
      b.submissionId,
      a.submissionId,
    ]);
    expect(queue.json().data.items[0]).toMatchObject({
      clientDisplayName: 'Bongani Dube',
      duplicateFlagCount: 1,
    });

    const detail = await get(`/ops/v1/kyc/${b.submissionId}`);
    expect(detail.statusCode).toBe(200);
    const d = detail.json().data;
    expect(d.flags).toEqual([
      expect.objectContaining({
        kind: 'id_number',
        otherClientId: a.clientId,
        link: { clientId: a.clientId },
      }),
    ]);
    expect((await get('/ops/v1/kyc/999999')).statusCode).toBe(404);
    expect((await get('/ops/v1/kyc', support)).statusCode).toBe(200);
  });

  it('the ID images open with the same staff session (GET /ops/v1/files/:id)', async () => {
    const a = await clientWithSubmission(t);
    const d = (await get(`/ops/v1/kyc/${a.submissionId}`)).json().data;
    const image = await get(d.images.idFront.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await get(d.images.idBack.url)).statusCode).toBe(200);
  });

  it('approve, then any second decision is 409; the audit actor is the staff user', async () => {
    const a = await clientWithSubmission(t);
    const res = await post(`/ops/v1/kyc/${a.submissionId}/approve`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      submissionId: a.submissionId,
      clientId: a.clientId,
      status: 'approved',
    });
    const [entry] = await t.database.query<{ actor: string; staff_id: string }>(
      "select actor, staff_id::text from audit_log where action = 'kyc.approve' and subject_id = $1",
      [String(a.clientId)],
    );
    expect(entry).toEqual({ actor: `staff:${reviewerId}`, staff_id: String(reviewerId) });
    for (const [path, body] of [
      ['approve', {}],
      ['reject', { reason: 'late' }],
      ['request-document', { document: 'id_front', reason: 'blurred' }],
    ] as const) {
      const again = await post(`/ops/v1/kyc/${a.submissionId}/${path}`, body);
      expect(again.statusCode, path).toBe(409);
      expect(again.json().code).toBe('CONFLICT');
    }
  });

  it('reject needs a reason; request-document names the image in what the client sees', async () => {
    const a = await clientWithSubmission(t);
    expect((await post(`/ops/v1/kyc/${a.submissionId}/reject`, { reason: '' })).statusCode).toBe(400);
    expect(
      (await post(`/ops/v1/kyc/${a.submissionId}/request-document`, { document: 'passport', reason: 'x' }))
        .statusCode,
    ).toBe(400);
    const res = await post(`/ops/v1/kyc/${a.submissionId}/request-document`, {
      document: 'id_back',
      reason: 'it is cut off',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'rejected',
      requestedDocument: 'id_back',
      reason: 'Please submit again with a new photo of the back of your ID: it is cut off',
    });
    const b = await clientWithSubmission(t);
    const rejected = await post(`/ops/v1/kyc/${b.submissionId}/reject`, {
      reason: 'Name does not match the ID',
    });
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      reason: 'Name does not match the ID',
      requestedDocument: null,
    });
  });

  it('refusals: no staff session 401, a role without kyc.decide 403, a client token 401', async () => {
    const a = await clientWithSubmission(t);
    const none = await ops.inject({ method: 'GET', url: '/ops/v1/kyc' });
    expect(none.statusCode).toBe(401);
    // treasury has no kyc.read (ROLE_PERMISSIONS): neither the queue nor a submission.
    const treasury = await signInStaffCookie(ops, await createTestStaff(t.app.ctx, ['treasury']));
    expect((await get('/ops/v1/kyc', treasury)).statusCode).toBe(403);
    expect((await get(`/ops/v1/kyc/${a.submissionId}`, treasury)).statusCode).toBe(403);
    const forbidden = await post(`/ops/v1/kyc/${a.submissionId}/approve`, {}, support);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    const asClient = await ops.inject({
      method: 'GET',
      url: '/ops/v1/kyc',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(asClient.statusCode).toBe(401);
    // Nothing was decided.
    const [row] = await t.database.query<{ status: string }>(
      'select status from kyc_submissions where id = $1',
      [a.submissionId],
    );
    expect(row!.status).toBe('pending');
  });
});
