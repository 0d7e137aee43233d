import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app';
import { createTestStaff, signInStaffCookie, type TestStaff } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { APPROVALS_TEST_CONFIG, pendingWithdrawal, withdrawalState } from '../approvals/approvals-test-kit';
import { approve, requestApproval } from '../approvals/approvals.service';
import { clientApi, createTestClient, expectNothingChanged, fund } from '../ledger/money-test-kit';
import { withdrawalPayPayloadOf } from '../withdrawals/withdrawals.approval';

/** Staff flags (decision 0065): withdrawals blocked, and the audited "view as client" dashboard. */
describe('client flags and view as client (/ops/v1/clients/:id)', () => {
  let t: TestApp;
  let ops: AppInstance;
  let maker: TestStaff;
  let checker: TestStaff;
  let makerH: { cookie: string; origin: string };
  let supportH: { cookie: string; origin: string };
  let auditor: TestStaff;
  let auditorH: { cookie: string; origin: string };
  beforeAll(async () => {
    t = await createTestApp(APPROVALS_TEST_CONFIG);
    ops = await t.ops();
    maker = await createTestStaff(t.app.ctx, ['payments_maker']);
    checker = await createTestStaff(t.app.ctx, ['payments_checker']);
    auditor = await createTestStaff(t.app.ctx, ['auditor']);
    makerH = await signInStaffCookie(ops, maker);
    auditorH = await signInStaffCookie(ops, auditor);
    supportH = await signInStaffCookie(ops, await createTestStaff(t.app.ctx, ['support']));
  });
  afterAll(() => t?.close());

  const setBlocked = (clientId: number, blocked: boolean, reason: string, headers = makerH) =>
    ops.inject({
      method: 'PUT',
      url: `/ops/v1/clients/${clientId}/flags/withdrawals-blocked`,
      headers,
      payload: { blocked, reason },
    });
  const get = (url: string, headers: Record<string, string>) => ops.inject({ method: 'GET', url, headers });

  async function cardOf(client: Awaited<ReturnType<typeof createTestClient>>, cardNo: string) {
    const res = await clientApi(t, client).post(
      '/api/bankcard/app/v1',
      { bank_name: 'FNB', card_no: cardNo, holder_name: 'Money Tester' },
      null,
    );
    return res.json().data.id as number;
  }

  it('payments_maker blocks with a reason; the client’s request is refused with the message and nothing is held; cleared, it goes through', async () => {
    const c = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, c, 'ZAR', '2000');
    const card = await cardOf(c, '62810000001');

    expect((await setBlocked(c.clientId, true, 'Fraud check', supportH)).statusCode).toBe(403);
    expect((await setBlocked(c.clientId, true, 'Fraud check', auditorH)).statusCode).toBe(403);
    expect((await setBlocked(c.clientId, true, '   ')).statusCode).toBe(400);
    expect((await setBlocked(999_999, true, 'x')).statusCode).toBe(404);
    const set = await setBlocked(c.clientId, true, 'Fraud check on the card');
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ flag: 'withdrawals_blocked', value: true, staffId: maker.id });
    expect((await setBlocked(c.clientId, true, 'again')).statusCode).toBe(409);

    await expectNothingChanged(t, async () => {
      const refused = await clientApi(t, c).withdraw({
        amount: '600',
        account_id: c.accounts.ZAR,
        receiver: card,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'WITHDRAWALS_BLOCKED',
        message: 'Withdrawals from your account are on hold. Please contact support.',
        data: null,
      });
    });

    const view = (await get(`/ops/v1/clients/${c.clientId}`, supportH)).json().data;
    expect(view.flags).toMatchObject({
      withdrawalsBlocked: true,
      history: [{ value: true, reason: 'Fraud check on the card', staffId: maker.id }],
    });

    expect((await setBlocked(c.clientId, false, 'Card checked with the bank')).statusCode).toBe(200);
    const ok = await clientApi(t, c).withdraw({ amount: '600', account_id: c.accounts.ZAR, receiver: card });
    expect(ok.statusCode).toBe(200);
    const after = (await get(`/ops/v1/clients/${c.clientId}`, supportH)).json().data.flags;
    expect(after.withdrawalsBlocked).toBe(false);
    expect(after.history.map((h: { value: boolean; reason: string }) => [h.value, h.reason])).toEqual([
      [false, 'Card checked with the bank'],
      [true, 'Fraud check on the card'],
    ]);
    const audit = await t.database.query<{ action: string; actor: string; staff_id: string }>(
      "select action, actor, staff_id::text from audit_log where subject_type = 'client' and subject_id = $1 and action like 'client.withdrawals%' order by seq",
      [String(c.clientId)],
    );
    expect(audit).toEqual([
      { action: 'client.withdrawals_block', actor: `staff:${maker.id}`, staff_id: String(maker.id) },
      { action: 'client.withdrawals_unblock', actor: `staff:${maker.id}`, staff_id: String(maker.id) },
    ]);
    await expect(t.database.query('delete from client_flag_events')).rejects.toThrow(/append-only/);
  });

  it('a pending withdrawal of a blocked client is not paid: neither at once, nor by an approval asked before the block', async () => {
    const small = await pendingWithdrawal(t, '1000');
    const big = await pendingWithdrawal(t, '60000');
    const asked = await requestApproval(
      t.app.ctx,
      maker.principal,
      'withdrawal.pay',
      await withdrawalPayPayloadOf(t.app.ctx, big.withdrawalId, 'BANK-REF-9'),
    );
    if (asked.status !== 'pending') throw new Error('expected a pending request');
    expect((await setBlocked(small.client.clientId, true, 'Court order')).statusCode).toBe(200);
    expect((await setBlocked(big.client.clientId, true, 'Court order')).statusCode).toBe(200);

    // The payouts queue flags it for the maker.
    const queue = (await get('/ops/v1/withdrawals?status=pending', makerH)).json().data as {
      id: number;
      flags: string[];
    }[];
    expect(queue.find((q) => q.id === small.withdrawalId)?.flags).toContain('withdrawals_blocked');

    const pay = await ops.inject({
      method: 'POST',
      url: `/ops/v1/withdrawals/${small.withdrawalId}/pay`,
      headers: makerH,
      payload: { paymentReference: 'BANK-REF-8' },
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().code).toBe('WITHDRAWALS_BLOCKED');
    expect(await withdrawalState(t, small)).toMatchObject({ status: 'pending', held: '100000' });

    await expect(
      approve(t.app.ctx, checker.principal, asked.request.id, { payloadHash: asked.request.payloadHash }),
    ).rejects.toThrow(/blocked/);
    expect(await withdrawalState(t, big)).toMatchObject({ status: 'pending', held: '6000000' });
  });

  it('an approved payout records the checker whose approval paid it as decided_by, the maker as requested_by', async () => {
    const w = await pendingWithdrawal(t, '60000');
    const asked = await requestApproval(
      t.app.ctx,
      maker.principal,
      'withdrawal.pay',
      await withdrawalPayPayloadOf(t.app.ctx, w.withdrawalId, 'BANK-REF-10'),
    );
    if (asked.status !== 'pending') throw new Error('expected a pending request');
    // The checker's inbox names the maker (email and display name from staff_users), and so does the detail.
    const checkerH = await signInStaffCookie(ops, checker);
    const inbox = (await get('/ops/v1/approvals?scope=inbox', checkerH)).json().data as {
      id: number;
      makerEmail: string;
      makerName: string;
    }[];
    expect(inbox.find((r) => r.id === asked.request.id)).toMatchObject({
      makerEmail: maker.email,
      makerName: maker.principal.displayName,
    });
    expect((await get(`/ops/v1/approvals/${asked.request.id}`, checkerH)).json().data).toMatchObject({
      makerEmail: maker.email,
    });
    await approve(t.app.ctx, checker.principal, asked.request.id, { payloadHash: asked.request.payloadHash });
    const [row] = await t.database.query<{ decided_by: string }>(
      'select decided_by from withdrawals where id = $1',
      [w.withdrawalId],
    );
    expect(row!.decided_by).toBe(`staff:${checker.id}`);
    const [entry] = await t.database.query<{ actor: string; after: { requested_by: string } }>(
      "select actor, after from audit_log where action = 'withdrawal.pay' and subject_id = $1",
      [String(w.withdrawalId)],
    );
    expect(entry).toMatchObject({
      actor: `staff:${checker.id}`,
      after: { requested_by: `staff:${maker.id}` },
    });

    // Under the first tier the maker pays alone and is the one who decided.
    const small = await pendingWithdrawal(t, '1200');
    const paid = await ops.inject({
      method: 'POST',
      url: `/ops/v1/withdrawals/${small.withdrawalId}/pay`,
      headers: makerH,
      payload: { paymentReference: 'BANK-REF-11' },
    });
    expect(paid.statusCode).toBe(200);
    const [smallRow] = await t.database.query<{ decided_by: string }>(
      'select decided_by from withdrawals where id = $1',
      [small.withdrawalId],
    );
    expect(smallRow!.decided_by).toBe(`staff:${maker.id}`);
  });

  it('view as client: the auditor gets the client’s own Dashboard figures, read-only, and each view is audited', async () => {
    const c = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, c, 'ZAR', '1500');
    expect((await get(`/ops/v1/clients/${c.clientId}/dashboard`, supportH)).statusCode).toBe(403);
    expect((await get(`/ops/v1/clients/${c.clientId}/dashboard`, makerH)).statusCode).toBe(403);
    expect((await get('/ops/v1/clients/999999/dashboard', auditorH)).statusCode).toBe(404);

    const res = await get(`/ops/v1/clients/${c.clientId}/dashboard`, auditorH);
    expect(res.statusCode).toBe(200);
    const view = res.json().data;
    const api = clientApi(t, c);
    // The same figures as the client's own routes answer (as_of: the moment each was computed).
    const { as_of: _viewedAsOf, ...portfolioSeen } = view.portfolio;
    const { as_of: _ownAsOf, ...portfolioOwn } = (await api.get('/api/stat/app/v1/portfolio')).json().data;
    expect(portfolioSeen).toEqual(portfolioOwn);
    expect(view.assets).toEqual((await api.get('/api/stat/app/v1/asset')).json().data);
    expect(view.weekProfit).toEqual((await api.get('/api/stat/app/v1/week_profit')).json().data);
    expect(view.accounts).toEqual((await api.get('/api/account/app/v1')).json().data);
    expect(view.accounts.find((a: { currency: string }) => a.currency === 'ZAR').balance).toBe('1500.00');
    expect(view.client).toMatchObject({ id: c.clientId });

    await get(`/ops/v1/clients/${c.clientId}/dashboard`, auditorH);
    const audit = await t.database.query<{ actor: string; staff_id: string }>(
      "select actor, staff_id::text from audit_log where action = 'client.view_as' and subject_type = 'client' and subject_id = $1",
      [String(c.clientId)],
    );
    expect(audit).toEqual([
      { actor: `staff:${auditor.id}`, staff_id: String(auditor.id) },
      { actor: `staff:${auditor.id}`, staff_id: String(auditor.id) },
    ]);
  });
});
