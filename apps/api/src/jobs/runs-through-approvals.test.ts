import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { approve } from '../modules/approvals/approvals.service';
import type { ApprovalStaff } from '../modules/approvals/approval-action';
import { insertStaff } from '../modules/approvals/approvals-test-kit';
import { createTestClient, fund as deposit } from '../modules/ledger/money-test-kit';
import { fundApi, makeFund, orderIdOf, setSast } from '../modules/funds/fund-test-kit';
import { SYSTEM_STAFF_ID } from '../modules/staff/system-staff';
import { fundsValueJob } from './funds-value';
import { quantLifecycleJob } from './quant-lifecycle';
import { markPinVerified } from '../modules/session/session.service';
import { setMarketShift } from '../modules/orders/orders-test-kit';
import { DAY_MS, makeProduct, quantApi } from '../modules/quant/quant-test-kit';
import { runJob, type Job } from './runner';

// The funds.value job behind the approvals (decision 0064): the system user asks, the policy
// decides, a human approves; a rerun does nothing; a stale request of the job's is replaced.
describe('the funds.value job asks for the NAV strike as the system user', () => {
  let t: TestApp;
  let checker: ApprovalStaff;
  beforeAll(async () => {
    t = await createTestApp();
    checker = await insertStaff(t, ['product_ops'], 'checker');
  });
  afterAll(() => t?.close());

  const requestsOf = (fundId: number) =>
    t.database.query<{ id: string; status: string; maker: string; hash: string }>(
      `select id::text, status, maker_staff_id::text as maker, payload->>'valuationHash' as hash
         from approval_requests where action = 'fund.nav_strike' and item_key = $1 order by id`,
      [`fund:${fundId}`],
    );
  const summaryOf = async (job: Job) => {
    const outcome = await runJob(t.app.ctx, job);
    if (!outcome.ran) throw new Error(`${job.name} did not run`);
    return outcome.summary;
  };
  const statusOf = async (api: ReturnType<typeof fundApi>, id: number) =>
    (await api.receipt(id)).json().data.status as string;

  it('opens one request (a rerun does nothing), replaces it when stale, and values once approved', async () => {
    setSast(t.app.ctx, '2026-03-12', '09:00'); // Thursday
    const fundId = (await makeFund(t)).offering.id;
    const client = await createTestClient(t.app.ctx);
    await deposit(t.app.ctx, client, 'ZAR', '10000');
    const api = fundApi(t, client);
    const first = orderIdOf(await api.subscribe(fundId, { amount: '2000', account_id: '' }));

    setSast(t.app.ctx, '2026-03-12', '15:30'); // its request expires 24 h on: after the next run
    const run = await runJob(t.app.ctx, fundsValueJob);
    expect(run).toMatchObject({
      ran: true,
      summary: expect.stringMatching(/approval requested \(request #\d+\)/),
    });
    expect(await statusOf(api, first)).toBe('pending'); // nothing valued before the approval
    const [asked] = await requestsOf(fundId);
    expect(asked).toMatchObject({ status: 'pending', maker: String(SYSTEM_STAFF_ID) });
    const [audit] = await t.database.query<{ actor: string; staff_id: string }>(
      `select actor, staff_id::text from audit_log where action = 'approval.request' and subject_id = $1`,
      [asked!.id],
    );
    expect(audit).toEqual({ actor: 'job:funds.value', staff_id: String(SYSTEM_STAFF_ID) });

    // A rerun finds the same strike pending: nothing new.
    expect(await summaryOf(fundsValueJob)).toMatch(/waiting for approval/);
    expect(await requestsOf(fundId)).toHaveLength(1);

    // Friday's order after Friday's valuation: the strike due changed, so the job's own request is
    // stale: cancelled and asked afresh (it never blocks the run).
    setSast(t.app.ctx, '2026-03-13', '09:00');
    const second = orderIdOf(await api.subscribe(fundId, { amount: '1000', account_id: '' }));
    setSast(t.app.ctx, '2026-03-13', '15:01');
    expect(await summaryOf(fundsValueJob)).toMatch(new RegExp(`replacing stale request #${asked!.id}`));
    const [old, fresh] = await requestsOf(fundId);
    expect(old).toMatchObject({ status: 'cancelled' });
    expect(fresh).toMatchObject({ status: 'pending', maker: String(SYSTEM_STAFF_ID) });
    expect(fresh!.hash).not.toBe(old!.hash);

    // The system user never decides; a human checker approves: both orders valued, audited as the job's.
    const system: ApprovalStaff = { id: SYSTEM_STAFF_ID, permissions: ['products.approve'] };
    await expect(approve(t.app.ctx, system, Number(fresh!.id))).rejects.toMatchObject({ statusCode: 403 });
    expect(await approve(t.app.ctx, checker, Number(fresh!.id))).toMatchObject({ status: 'approved' });
    expect(await statusOf(api, first)).toBe('holding');
    expect(await statusOf(api, second)).toBe('holding');
    const [valued] = await t.database.query<{ actor: string; approved_by: string[] }>(
      `select actor, after->'approved_by' as approved_by from audit_log
        where action = 'fund.value' and subject_id = $1`,
      [String(fundId)],
    );
    expect(valued).toEqual({ actor: 'job:funds.value', approved_by: [`staff:${checker.id}`] });
    expect(await summaryOf(fundsValueJob)).toBe('No fund has orders due.');
  });

  it('withdraws its own request once the item is no longer due, instead of leaving it 24 h in the inbox', async () => {
    setSast(t.app.ctx, '2026-03-18', '09:00'); // Wednesday
    const fundId = (await makeFund(t)).offering.id;
    const client = await createTestClient(t.app.ctx);
    await deposit(t.app.ctx, client, 'ZAR', '5000');
    const id = orderIdOf(await fundApi(t, client).subscribe(fundId, { amount: '1200', account_id: '' }));
    setSast(t.app.ctx, '2026-03-18', '15:01');
    expect(await summaryOf(fundsValueJob)).toMatch(/approval requested/);
    const [asked] = await requestsOf(fundId);
    expect(asked).toMatchObject({ status: 'pending' });

    // The only order due goes (by hand here: what matters is that nothing is due for the fund).
    await t.database.query(`update orders set status = 'rejected' where id = $1`, [id]);
    expect(await summaryOf(fundsValueJob)).toBe(
      `fund:${fundId}: no longer due, request #${asked!.id} withdrawn`,
    );
    expect(await requestsOf(fundId)).toEqual([expect.objectContaining({ status: 'cancelled' })]);
    const [audit] = await t.database.query<{ actor: string }>(
      `select actor from audit_log where action = 'approval.cancel' and subject_id = $1`,
      [asked!.id],
    );
    expect(audit).toEqual({ actor: 'job:funds.value' });
    // Nothing of the job's is pending: the next pass has nothing to say.
    expect(await summaryOf(fundsValueJob)).toBe('No fund has orders due.');
  });

  it('under a policy needing no checker, values at once as before', async () => {
    setSast(t.app.ctx, '2026-03-16', '09:00'); // Monday
    const fundId = (await makeFund(t)).offering.id;
    const client = await createTestClient(t.app.ctx);
    await deposit(t.app.ctx, client, 'ZAR', '5000');
    const api = fundApi(t, client);
    const id = orderIdOf(await api.subscribe(fundId, { amount: '1500', account_id: '' }));
    await t.database.query(
      `insert into approval_policies (action, currency, min_amount_minor, checkers_required, checker_permission, effective_from, version)
       values ('fund.nav_strike', null, 0, 0, 'products.approve', '2000-01-01T00:00:00Z', 99)`,
    );
    try {
      setSast(t.app.ctx, '2026-03-16', '15:01');
      expect(await summaryOf(fundsValueJob)).toMatch(/done \(no checker needed\)/);
      expect(await statusOf(api, id)).toBe('holding');
      expect(await requestsOf(fundId)).toHaveLength(0);
    } finally {
      await t.database.query(
        `delete from approval_policies where action = 'fund.nav_strike' and version = 99`,
      );
    }
  });

  it('the quant.lifecycle job asks for a due start as the system user; the approved start is audited as the job', async () => {
    const { offering } = await makeProduct(t);
    const client = await createTestClient(t.app.ctx);
    await deposit(t.app.ctx, client, 'ZAR', '20000');
    await markPinVerified(t.app.ctx, client.sessionId);
    const api = quantApi(t, client);
    const placed = (await api.subscribe(offering.id, { amount: '10000' })).json().data.order as {
      id: number;
    };
    setMarketShift(t.app.ctx, 2 * DAY_MS);
    try {
      expect(await summaryOf(quantLifecycleJob)).toMatch(
        new RegExp(`${offering.id} start at .*\\(1 orders\\): approval requested`),
      );
      expect(await summaryOf(quantLifecycleJob)).toMatch(/waiting for approval/);
      const [asked] = await t.database.query<{ id: string; maker: string }>(
        `select id::text, maker_staff_id::text as maker from approval_requests
          where action = 'quant.start' and item_key = $1 and status = 'pending'`,
        [`quant:${offering.id}:start`],
      );
      expect(asked!.maker).toBe(String(SYSTEM_STAFF_ID));
      expect((await api.receipt(placed.id)).json().data.status).toBe('awaiting');
      await approve(t.app.ctx, checker, Number(asked!.id));
      expect((await api.receipt(placed.id)).json().data.status).toBe('holding');
      const [started] = await t.database.query<{ actor: string }>(
        `select actor from audit_log where action = 'quant.start' and subject_id = $1`,
        [String(offering.id)],
      );
      expect(started!.actor).toBe('job:quant.lifecycle');
    } finally {
      setMarketShift(t.app.ctx, 0);
    }
  });
});
