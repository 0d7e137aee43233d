import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app';
import { stepUpHeaders, type TestStaff } from '../../test/staff';
import { makerCheckerApp, opsRequests, type StaffHeaders } from '../../test/staff-fixture';
import type { TestApp } from '../../test/test-app';
import { APPROVALS_TEST_CONFIG, pendingWithdrawal, withdrawalState } from './approvals-test-kit';

describe('payouts and approvals on the staff API (/ops/v1)', () => {
  let t: TestApp;
  let ops: AppInstance;
  let maker: TestStaff;
  let checker: TestStaff;
  let makerHeaders: StaffHeaders;
  let checkerHeaders: StaffHeaders;
  let supportHeaders: StaffHeaders;

  beforeAll(async () => {
    ({ t, ops, maker, checker, makerHeaders, checkerHeaders, supportHeaders } = await makerCheckerApp({
      maker: ['payments_maker'],
      checker: ['payments_checker'],
      config: APPROVALS_TEST_CONFIG,
    }));
  });
  afterAll(() => t?.close());

  const { get, post } = opsRequests(() => ops);

  it('the payouts queue shows each pending withdrawal with balance, card, history, flags and tier', async () => {
    const small = await pendingWithdrawal(t, '1000');
    const large = await pendingWithdrawal(t, '60000');
    const res = await get('/ops/v1/withdrawals?status=pending', makerHeaders);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: number }[];
    expect(rows.find((r) => r.id === small.withdrawalId)).toMatchObject({
      amount: '1000.00',
      currency: 'ZAR',
      status: 'pending',
      account: { balance: '1000.00', held: '1000.00', available: '0.00' },
      bankCard: { bankName: 'FNB', holderName: 'Money Tester' },
      history: [{ id: small.withdrawalId, status: 'pending' }],
      flags: ['first_withdrawal'],
      checkersRequired: 0,
      pendingApprovalId: null,
    });
    expect(rows.find((r) => r.id === large.withdrawalId)).toMatchObject({
      checkersRequired: 1,
      flags: ['first_withdrawal', 'needs_approval'],
    });
    // Support reads the queue; it cannot pay.
    expect((await get('/ops/v1/withdrawals', supportHeaders)).statusCode).toBe(200);
    const refused = await post(`/ops/v1/withdrawals/${small.withdrawalId}/pay`, supportHeaders, {
      paymentReference: 'X',
    });
    expect(refused.statusCode).toBe(403);
    // The client's port has no /ops.
    expect((await t.app.inject({ method: 'GET', url: '/ops/v1/withdrawals' })).statusCode).toBe(404);
  });

  it('under the first tier the maker pays at once (200); above it a request waits for a checker (202)', async () => {
    const small = await pendingWithdrawal(t, '1000');
    const paid = await post(`/ops/v1/withdrawals/${small.withdrawalId}/pay`, makerHeaders, {
      paymentReference: 'FNB-1',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'executed', result: { status: 'paid' } });
    expect(await withdrawalState(t, small)).toMatchObject({ status: 'paid', payment_reference: 'FNB-1' });

    const large = await pendingWithdrawal(t, '60000');
    const asked = await post(`/ops/v1/withdrawals/${large.withdrawalId}/pay`, makerHeaders, {
      paymentReference: 'FNB-2',
    });
    expect(asked.statusCode).toBe(202);
    const request = asked.json().data.request;
    expect(request).toMatchObject({ status: 'pending', checkersRequired: 1, amount: '60000.00' });
    expect((await withdrawalState(t, large)).status).toBe('pending');
    const queue = (await get('/ops/v1/withdrawals', makerHeaders)).json().data as { id: number }[];
    expect(queue.find((r) => r.id === large.withdrawalId)).toMatchObject({ pendingApprovalId: request.id });

    // The inbox: the checker's, not the maker's.
    const inbox = (await get('/ops/v1/approvals', checkerHeaders)).json().data as { id: number }[];
    expect(inbox.map((r) => r.id)).toContain(request.id);
    const makersInbox = (await get('/ops/v1/approvals', makerHeaders)).json().data as { id: number }[];
    expect(makersInbox.map((r) => r.id)).not.toContain(request.id);

    const url = `/ops/v1/approvals/${request.id}/approve`;
    const body = { payloadHash: request.payloadHash };
    // The maker cannot approve their own request, step-up or not.
    const own = await post(url, await stepUpHeaders(ops, maker, makerHeaders), body);
    expect(own.statusCode).toBe(403);
    // Without a step-up code: refused, nothing paid.
    expect((await post(url, checkerHeaders, body)).statusCode).toBe(401);
    expect((await withdrawalState(t, large)).status).toBe('pending');
    // With one: approved, paid once; the decision keeps the hash the code was bound to.
    const headers = await stepUpHeaders(ops, checker, checkerHeaders);
    const approved = await post(url, headers, body);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', outcome: { status: 'paid' } });
    expect(await withdrawalState(t, large)).toMatchObject({ status: 'paid', payment_reference: 'FNB-2' });
    const [decision] = await t.database.query<{ step_up_hash: string | null }>(
      'select step_up_hash from approval_decisions where request_id = $1',
      [request.id],
    );
    expect(decision!.step_up_hash).toMatch(/^[0-9a-f]{64}$/);
    // The same code again (a replay) is refused before anything is looked at.
    expect((await post(url, headers, body)).statusCode).toBe(401);
    // A fresh code on a consumed request: 409.
    expect((await post(url, await stepUpHeaders(ops, checker, checkerHeaders), body)).statusCode).toBe(409);
  });

  it('a step-up code is bound to the request: a code for another payload hash does not approve this one', async () => {
    // Three codes fit in the accepted window and the checker spent them: the next 30-second step.
    t.clock.advance(30_000);
    const w = await pendingWithdrawal(t, '60000');
    const request = (
      await post(`/ops/v1/withdrawals/${w.withdrawalId}/pay`, makerHeaders, { paymentReference: 'FNB-3' })
    ).json().data.request;
    const res = await post(
      `/ops/v1/approvals/${request.id}/approve`,
      await stepUpHeaders(ops, checker, checkerHeaders),
      {
        payloadHash: '0'.repeat(64),
      },
    );
    expect(res.statusCode).toBe(409);
    expect((await withdrawalState(t, w)).status).toBe('pending');
  });

  it('a checker rejects a request with a reason; the maker rejects a withdrawal with a reason', async () => {
    const w = await pendingWithdrawal(t, '60000');
    const request = (
      await post(`/ops/v1/withdrawals/${w.withdrawalId}/pay`, makerHeaders, { paymentReference: 'FNB-4' })
    ).json().data.request;
    const rejected = await post(`/ops/v1/approvals/${request.id}/reject`, checkerHeaders, {
      reason: 'Holder name does not match the client',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected' });
    expect((await withdrawalState(t, w)).status).toBe('pending');

    // Asked again, then the withdrawal rejected: the waiting request is cancelled with it.
    const again = (
      await post(`/ops/v1/withdrawals/${w.withdrawalId}/pay`, makerHeaders, { paymentReference: 'FNB-5' })
    ).json().data.request;
    const refused = await post(`/ops/v1/withdrawals/${w.withdrawalId}/reject`, makerHeaders, { reason: ' ' });
    expect(refused.statusCode).toBe(400);
    const done = await post(`/ops/v1/withdrawals/${w.withdrawalId}/reject`, makerHeaders, {
      reason: 'Card holder mismatch',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'rejected', reason: 'Card holder mismatch' });
    expect(await withdrawalState(t, w)).toMatchObject({ status: 'rejected', balance: '6000000', held: '0' });
    const closed = (await get(`/ops/v1/approvals/${again.id}`, checkerHeaders)).json().data;
    expect(closed).toMatchObject({
      status: 'cancelled',
      outcome: { item_closed: { why: 'withdrawal rejected' } },
    });
  });

  it('state-changing calls without the console Origin are refused', async () => {
    const w = await pendingWithdrawal(t, '1000');
    const res = await post(
      `/ops/v1/withdrawals/${w.withdrawalId}/pay`,
      { cookie: makerHeaders.cookie },
      {
        paymentReference: 'X',
      },
    );
    expect(res.statusCode).toBe(403);
    expect((await withdrawalState(t, w)).status).toBe('pending');
  });
});
