import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../plugins/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertStaff } from '../approvals/approvals-test-kit';
import type { ApprovalStaff } from '../approvals/approval-action';
import { ApprovalMessages, approve, requestApproval } from '../approvals/approvals.service';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient } from '../ledger/money-test-kit';
import { applicationPayoutOf } from './applications.approval';
import { rejectApplicationAsStaff } from './applications.service';
import { applicationsApi, fundedReference, setFlags, uploadEvidence } from './applications-test-kit';

/**
 * PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
 * (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test; createTestApp makes a database of its
 * own). Two checkers approving one compensation payout at once: the approval request's row lock
 * lets one execute; the other is told it is no longer pending; one credit, once.
 */
describe.skipIf(!process.env.DATABASE_URL)('compensation payouts under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let maker: ApprovalStaff;
  let checkers: ApprovalStaff[];

  beforeAll(async () => {
    t = await createTestApp();
    maker = await insertStaff(t, ['payments_maker'], 'maker');
    checkers = await Promise.all([0, 1].map((i) => insertStaff(t, ['payments_checker'], `checker${i}`)));
  });
  afterAll(() => t?.close());

  async function pendingClaim(amount: string) {
    const client = await createTestClient(t.app.ctx);
    await setFlags(t, client, { compensation: true });
    const res = await applicationsApi(t, client).apply({
      type: 'compensation',
      account_id: client.accounts.ZAR,
      amount,
      reason: 'Order filled late',
      related_reference: await fundedReference(t, client),
      evidence_urls: [await uploadEvidence(t, client)],
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    const id = res.json().data.id as number;
    const { action, payload } = await applicationPayoutOf(t.app.ctx, id);
    const outcome = await requestApproval(t.app.ctx, maker, action, payload);
    if (outcome.status !== 'pending') throw new Error('expected a pending request');
    return { client, id, requestId: outcome.request.id };
  }
  const state = async (id: number) =>
    (
      await t.database.query<{ status: string; entries: string; balance: string }>(
        `select a.status, (select count(*) from application_entries e where e.application_id = a.id)::text as entries,
                acc.balance_minor::text as balance
           from applications a join accounts acc on acc.id = a.account_id where a.id = $1`,
        [id],
      )
    )[0]!;
  const refusals = (settled: PromiseSettledResult<unknown>[]) =>
    settled.filter((s) => s.status === 'rejected').map((s) => (s as PromiseRejectedResult).reason as unknown);

  it('two checkers approving one compensation payout at once: one payout, one clean refusal', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { id, requestId } = await pendingClaim('60000');
      const settled = await Promise.allSettled([
        approve(t.app.ctx, checkers[0]!, requestId),
        approve(t.app.ctx, checkers[1]!, requestId),
      ]);
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
      const [loser] = refusals(settled);
      expect(loser).toBeInstanceOf(DomainError);
      expect(loser).toMatchObject({ statusCode: 409, message: ApprovalMessages.notPending('approved') });
      expect(await state(id)).toEqual({ status: 'approved', entries: '1', balance: '6100000' });
    }
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('a checker approving while a maker rejects: either paid or rejected, never both', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { id, requestId } = await pendingClaim('60000');
      const settled = await Promise.allSettled([
        approve(t.app.ctx, checkers[0]!, requestId),
        rejectApplicationAsStaff(t.app.ctx, id, 'Duplicate claim', maker),
      ]);
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
      const after = await state(id);
      if (after.status === 'approved') expect(after).toMatchObject({ entries: '1', balance: '6100000' });
      else expect(after).toEqual({ status: 'rejected', entries: '0', balance: '100000' });
    }
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
