import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { record } from '../audit/audit.service';
import { checkLedger } from '../ledger/ledger-check.service';
import { withdrawalPayPayloadOf } from '../withdrawals/withdrawals.approval';
import { rejectWithdrawalAsStaff } from '../withdrawals/withdrawals.service';
import { defineApprovalAction, type ApprovalStaff } from './approval-action';
import { APPROVALS_TEST_CONFIG, insertStaff, pendingWithdrawal, withdrawalState } from './approvals-test-kit';
import { ApprovalMessages, approve, requestApproval } from './approvals.service';

/**
 * PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
 * (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test). Without the request row's lock
 * (approvals.repository.ts lockRequest, `for update`) they fail: two checkers of a two-checker
 * request each count only their own approval and nothing executes; of two checkers of a
 * one-checker request the second runs the action again and fails late (the withdrawal's own lock,
 * or the guarded close), instead of being told the request is no longer pending.
 */
describe.skipIf(!process.env.DATABASE_URL)('approvals under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let maker: ApprovalStaff;
  let makers: ApprovalStaff[];
  let checkers: ApprovalStaff[];

  beforeAll(async () => {
    t = await createTestApp(APPROVALS_TEST_CONFIG);
    maker = await insertStaff(t, ['payments_maker'], 'maker');
    makers = await Promise.all([0, 1, 2, 3].map((i) => insertStaff(t, ['payments_maker'], `maker${i}`)));
    checkers = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => insertStaff(t, ['payments_checker'], `checker${i}`)),
    );
  });
  afterAll(() => t?.close());

  const askPending = async (withdrawalId: number, by = maker) => {
    const outcome = await requestApproval(
      t.app.ctx,
      by,
      'withdrawal.pay',
      await withdrawalPayPayloadOf(t.app.ctx, withdrawalId, 'RACE-REF'),
    );
    if (outcome.status !== 'pending') throw new Error('expected a pending request');
    return outcome.request;
  };
  const refusals = (settled: PromiseSettledResult<unknown>[]) =>
    settled.filter((s) => s.status === 'rejected').map((s) => (s as PromiseRejectedResult).reason as unknown);
  const payoutsOf = async (clientId: number) =>
    (
      await t.database.query<{ n: string }>(
        "select count(*)::text as n from journal_entries where kind = 'withdrawal' and client_id = $1",
        [clientId],
      )
    )[0]!.n;

  it('two checkers approving one single-checker request at once: one execution, one payout, one clean refusal', async () => {
    for (let round = 0; round < 5; round += 1) {
      const w = await pendingWithdrawal(t, '60000');
      const request = await askPending(w.withdrawalId);
      const settled = await Promise.allSettled([
        approve(t.app.ctx, checkers[0]!, request.id),
        approve(t.app.ctx, checkers[1]!, request.id),
      ]);
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
      const [loser] = refusals(settled);
      expect(loser).toBeInstanceOf(DomainError);
      expect(loser).toMatchObject({ statusCode: 409, message: ApprovalMessages.notPending('approved') });
      expect(await payoutsOf(w.client.clientId)).toBe('1');
      expect(await withdrawalState(t, w)).toMatchObject({ status: 'paid', balance: '0', held: '0' });
      const [decisions] = await t.database.query<{ n: string }>(
        'select count(*)::text as n from approval_decisions where request_id = $1',
        [request.id],
      );
      expect(decisions!.n).toBe('1');
    }
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('the two checkers a two-checker request needs, approving at once: it executes, once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const w = await pendingWithdrawal(t, '1000000.01');
      const request = await askPending(w.withdrawalId);
      const settled = await Promise.allSettled([
        approve(t.app.ctx, checkers[2]!, request.id),
        approve(t.app.ctx, checkers[3]!, request.id),
      ]);
      expect(refusals(settled)).toEqual([]);
      const [row] = await t.database.query<{ status: string; executed: boolean }>(
        'select status, executed_at is not null as executed from approval_requests where id = $1',
        [request.id],
      );
      expect(row).toEqual({ status: 'approved', executed: true });
      expect(await payoutsOf(w.client.clientId)).toBe('1');
    }
  });

  it('two makers asking for the same item at once: one pending request, the other refused', async () => {
    for (let round = 0; round < 5; round += 1) {
      const w = await pendingWithdrawal(t, '60000');
      const settled = await Promise.allSettled(makers.map((m) => askPending(w.withdrawalId, m)));
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
      for (const reason of refusals(settled)) {
        expect(reason).toMatchObject({ statusCode: 409, message: ApprovalMessages.alreadyPending });
      }
      const [pending] = await t.database.query<{ n: string }>(
        "select count(*)::text as n from approval_requests where item_key = $1 and status = 'pending'",
        [`withdrawal:${w.withdrawalId}`],
      );
      expect(pending!.n).toBe('1');
    }
  });

  it('a checker approving while the maker rejects the withdrawal: no deadlock, paid or rejected, never both', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const w = await pendingWithdrawal(t, '60000');
      const request = await askPending(w.withdrawalId);
      const approving = approve(t.app.ctx, checkers[4]!, request.id);
      const rejecting = rejectWithdrawalAsStaff(t.app.ctx, w.withdrawalId, 'Client asked to stop', maker);
      const settled = await Promise.allSettled(round % 2 ? [rejecting, approving] : [approving, rejecting]);
      // Exactly one wins; the loser is a clean 409 (never a deadlock or another 5xx).
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
      for (const reason of refusals(settled)) expect(reason).toMatchObject({ statusCode: 409 });
      const state = await withdrawalState(t, w);
      const [row] = await t.database.query<{ status: string }>(
        'select status from approval_requests where id = $1',
        [request.id],
      );
      if (state.status === 'paid') {
        expect(row!.status).toBe('approved');
        expect(await payoutsOf(w.client.clientId)).toBe('1');
      } else {
        expect(state).toMatchObject({ status: 'rejected', balance: '6000000', held: '0' });
        expect(row!.status).toBe('cancelled');
        expect(await payoutsOf(w.client.clientId)).toBe('0');
      }
      outcomes.add(state.status);
    }
    expect([...outcomes].every((s) => s === 'paid' || s === 'rejected')).toBe(true);
  });

  it('five checkers at once on an action with no lock of its own: it executes exactly once', async () => {
    // An action that only counts its executions (an audit entry each): nothing but the request's
    // lock stands between concurrent approvals and a second execution.
    const counted = defineApprovalAction<AppContext, { n: number }, unknown>({
      action: 'test.count',
      makerPermission: 'payouts.request',
      checkerPermission: 'payouts.approve',
      payload: z.object({ n: z.number().int() }),
      itemKeyOf: (p) => `count:${p.n}`,
      amountOf: () => null,
      recheck: async () => {},
      async execute(txCtx, p) {
        await record(txCtx, {
          actor: 'system:test',
          action: 'test.executed',
          subjectType: 'count-test',
          subjectId: String(p.n),
          before: null,
          after: null,
        });
        await txCtx.db.execute('select pg_sleep(0.05)');
        return { n: p.n };
      },
    });
    await t.database.query(
      `insert into approval_policies (action, currency, min_amount_minor, checkers_required, checker_permission, effective_from, version)
       values ('test.count', null, 0, 1, 'payouts.approve', '2000-01-01T00:00:00Z', 1)`,
    );
    const ctx: AppContext = {
      ...t.app.ctx,
      wiring: {
        ...t.app.ctx.wiring,
        approvals: { ...t.app.ctx.wiring.approvals, [counted.action]: counted },
      },
    };
    for (let n = 0; n < 5; n += 1) {
      const outcome = await requestApproval(ctx, maker, 'test.count', { n });
      if (outcome.status !== 'pending') throw new Error('expected a pending request');
      const settled = await Promise.allSettled(checkers.map((c) => approve(ctx, c, outcome.request.id)));
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
      for (const reason of refusals(settled)) {
        expect(reason).toMatchObject({ statusCode: 409, message: ApprovalMessages.notPending('approved') });
      }
      const [executions] = await t.database.query<{ n: string }>(
        "select count(*)::text as n from audit_log where subject_type = 'count-test' and subject_id = $1",
        [String(n)],
      );
      expect(executions!.n).toBe('1');
    }
  });
});
