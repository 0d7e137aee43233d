import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DomainError } from '../../plugins/errors';
import { checkLedger } from '../ledger/ledger-check.service';
import { rejectWithdrawal } from '../withdrawals/withdrawals.service';
import { withdrawalPayPayloadOf } from '../withdrawals/withdrawals.approval';
import type { ApprovalStaff } from './approval-action';
import {
  APPROVALS_TEST_CONFIG,
  insertStaff,
  pendingWithdrawal,
  withdrawalState,
  type PendingWithdrawal,
} from './approvals-test-kit';
import {
  APPROVAL_TTL_MS,
  approve,
  cancel,
  listRequests,
  policyFor,
  reject,
  requestApproval,
  selectTier,
} from './approvals.service';

const zar = (amountMinor: bigint) => ({ amountMinor, currency: 'ZAR' });

/** What a refusal says: its HTTP status and message. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('selectTier (pure)', () => {
  const tiers = [
    { id: 1, currency: 'ZAR', minAmountMinor: 0n },
    { id: 2, currency: 'ZAR', minAmountMinor: 5_000_001n },
    { id: 3, currency: 'ZAR', minAmountMinor: 100_000_001n },
    { id: 4, currency: null, minAmountMinor: 0n },
  ];
  it('picks the highest threshold at or below the amount, in the amount currency', () => {
    expect(selectTier(tiers, zar(5_000_000n))?.id).toBe(1);
    expect(selectTier(tiers, zar(5_000_001n))?.id).toBe(2);
    expect(selectTier(tiers, zar(100_000_000n))?.id).toBe(2);
    expect(selectTier(tiers, zar(100_000_001n))?.id).toBe(3);
  });
  it('falls back to the currency-less tier for another currency or no amount, and to none at all', () => {
    expect(selectTier(tiers, { amountMinor: 10n ** 12n, currency: 'USD' })?.id).toBe(4);
    expect(selectTier(tiers, null)?.id).toBe(4);
    expect(selectTier(tiers.slice(0, 3), null)).toBeUndefined();
  });
});

describe('four-eyes approvals', () => {
  let t: TestApp;
  let maker: ApprovalStaff;
  let maker2: ApprovalStaff;
  let checker: ApprovalStaff;
  let checker2: ApprovalStaff;
  let treasury: ApprovalStaff;
  let treasury2: ApprovalStaff;

  beforeAll(async () => {
    t = await createTestApp(APPROVALS_TEST_CONFIG);
    maker = await insertStaff(t, ['payments_maker'], 'maker');
    maker2 = await insertStaff(t, ['payments_maker'], 'maker2');
    checker = await insertStaff(t, ['payments_checker'], 'checker');
    checker2 = await insertStaff(t, ['payments_checker'], 'checker2');
    treasury = await insertStaff(t, ['treasury'], 'treasury');
    treasury2 = await insertStaff(t, ['treasury'], 'treasury2');
  });
  afterAll(() => t?.close());

  const askToPay = async (w: PendingWithdrawal, by = maker, paymentReference = 'BANK-REF-1') =>
    requestApproval(
      t.app.ctx,
      by,
      'withdrawal.pay',
      await withdrawalPayPayloadOf(t.app.ctx, w.withdrawalId, paymentReference),
    );
  const askPending = async (w: PendingWithdrawal, by = maker) => {
    const outcome = await askToPay(w, by);
    if (outcome.status !== 'pending') throw new Error('expected a pending request');
    return outcome.request;
  };
  const requestRow = async (id: number) =>
    (
      await t.database.query<{ status: string; executed_at: string | null }>(
        'select status, executed_at::text from approval_requests where id = $1',
        [id],
      )
    )[0]!;

  it('the seeded tiers: R50,000.00 exactly needs no checker, one cent over needs one, over R1,000,000 two', async () => {
    const tier = async (minor: bigint) =>
      (await policyFor(t.app.ctx, 'withdrawal.pay', zar(minor))).checkersRequired;
    expect(await tier(1n)).toBe(0);
    expect(await tier(5_000_000n)).toBe(0);
    expect(await tier(5_000_001n)).toBe(1);
    expect(await tier(100_000_000n)).toBe(1);
    expect(await tier(100_000_001n)).toBe(2);
    // Another currency falls back to one checker, whatever the amount (fail closed).
    expect(
      (await policyFor(t.app.ctx, 'withdrawal.pay', { amountMinor: 100n, currency: 'USD' })).checkersRequired,
    ).toBe(1);
    // A manual ledger adjustment always needs one; product runs and treasury their own permission.
    expect((await policyFor(t.app.ctx, 'ledger.adjust', zar(1n))).checkersRequired).toBe(1);
    expect(await policyFor(t.app.ctx, 'ipo.allot', null)).toMatchObject({
      checkersRequired: 1,
      checkerPermission: 'products.approve',
    });
    expect(await policyFor(t.app.ctx, 'fx.rate_publish', null)).toMatchObject({
      checkersRequired: 1,
      checkerPermission: 'treasury.approve',
    });
    expect(await refusal(policyFor(t.app.ctx, 'nothing.known', null))).toMatchObject({ status: 409 });
  });

  it('the database refuses a tier of no checker for a ledger adjustment', async () => {
    await expect(
      t.database.query(
        `insert into approval_policies (action, currency, min_amount_minor, checkers_required, checker_permission, effective_from, version)
         values ('ledger.adjust', 'ZAR', 0, 0, 'payouts.approve', now(), 99)`,
      ),
    ).rejects.toThrow();
  });

  it('R50,000.00 exactly: the maker pays at once through the pay path, with the payment reference', async () => {
    const w = await pendingWithdrawal(t, '50000.00');
    const outcome = await askToPay(w, maker, 'FNB-000123');
    expect(outcome).toMatchObject({
      status: 'executed',
      result: { status: 'paid', paymentReference: 'FNB-000123' },
    });
    expect(await withdrawalState(t, w)).toEqual({
      status: 'paid',
      payment_reference: 'FNB-000123',
      balance: '0',
      held: '0',
    });
    const [requests] = await t.database.query<{ n: string }>(
      'select count(*)::text as n from approval_requests where item_key = $1',
      [`withdrawal:${w.withdrawalId}`],
    );
    expect(requests!.n).toBe('0');
    const audit = await t.database.query<{ action: string; actor: string }>(
      "select action, actor from audit_log where (subject_type = 'withdrawal' and subject_id = $1) or (subject_type = 'approval_item' and subject_id = $2) order by seq",
      [String(w.withdrawalId), `withdrawal:${w.withdrawalId}`],
    );
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.pay', 'approval.not_needed']);
    expect(audit[0]!.actor).toBe(`staff:${maker.id}`);
  });

  it('one cent over: a pending request with the canonical payload and its hash; nothing paid yet', async () => {
    const w = await pendingWithdrawal(t, '50000.01');
    const request = await askPending(w);
    expect(request).toMatchObject({
      action: 'withdrawal.pay',
      itemKey: `withdrawal:${w.withdrawalId}`,
      amount: '50000.01',
      currency: 'ZAR',
      makerStaffId: maker.id,
      checkersRequired: 1,
      checkerPermission: 'payouts.approve',
      policyVersion: 1,
      status: 'pending',
    });
    const text = canonicalize(request.payload)!;
    expect(request.payloadHash).toBe(createHash('sha256').update(text).digest('hex'));
    expect(Date.parse(request.expiresAt) - Date.parse(request.createdAt)).toBe(APPROVAL_TTL_MS);
    expect((await withdrawalState(t, w)).status).toBe('pending');
    // One pending request per item: another maker (or the same) is refused.
    expect(await refusal(askToPay(w, maker2))).toMatchObject({ status: 409 });
    // Nor may the maker pay it alone meanwhile under a lower figure: the tier is the amount's.
  });

  it('maker ≠ checker: the service refuses the maker, and so does the database', async () => {
    const w = await pendingWithdrawal(t, '60000');
    const request = await askPending(w);
    expect(await refusal(approve(t.app.ctx, maker, request.id))).toMatchObject({ status: 403 });
    // Even a staff user with both roles cannot approve their own request.
    const both = await insertStaff(t, ['payments_maker', 'payments_checker'], 'both');
    const own = await askPending(await pendingWithdrawal(t, '60000'), both);
    expect(await refusal(approve(t.app.ctx, both, own.id))).toMatchObject({ status: 403 });
    // The database: a decision by the maker is refused by the CHECK…
    await expect(
      t.database.query(
        `insert into approval_decisions (request_id, maker_staff_id, checker_staff_id, decision, decided_at)
         values ($1, $2, $2, 'approve', now())`,
        [request.id, maker.id],
      ),
    ).rejects.toThrow(/approval_decisions_maker_is_not_checker/);
    // …and one that copies a wrong maker by the composite foreign key.
    await expect(
      t.database.query(
        `insert into approval_decisions (request_id, maker_staff_id, checker_staff_id, decision, decided_at)
         values ($1, $2, $3, 'approve', now())`,
        [request.id, checker2.id, maker.id],
      ),
    ).rejects.toThrow(/foreign key/);
    expect((await withdrawalState(t, w)).status).toBe('pending');
  });

  it('a checker without the permission is refused; a maker cannot ask without theirs', async () => {
    const w = await pendingWithdrawal(t, '60000');
    const request = await askPending(w);
    expect(await refusal(approve(t.app.ctx, maker2, request.id))).toMatchObject({ status: 403 });
    expect(await refusal(approve(t.app.ctx, treasury, request.id))).toMatchObject({ status: 403 });
    expect(await refusal(askToPay(await pendingWithdrawal(t, '1000'), checker))).toMatchObject({
      status: 403,
    });
  });

  it('approved: paid exactly once, the request consumed; approving again is refused', async () => {
    const w = await pendingWithdrawal(t, '75000');
    const request = await askPending(w);
    expect(
      await refusal(approve(t.app.ctx, checker, request.id, { payloadHash: '0'.repeat(64) })),
    ).toMatchObject({
      status: 409,
    });
    const approved = await approve(t.app.ctx, checker, request.id, { payloadHash: request.payloadHash });
    expect(approved).toMatchObject({
      status: 'approved',
      outcome: { withdrawalId: w.withdrawalId, status: 'paid', paymentReference: 'BANK-REF-1' },
      decisions: [{ checkerStaffId: checker.id, decision: 'approve' }],
    });
    expect(approved.executedAt).not.toBeNull();
    expect(await withdrawalState(t, w)).toMatchObject({ status: 'paid', balance: '0', held: '0' });
    expect(await refusal(approve(t.app.ctx, checker, request.id))).toMatchObject({ status: 409 });
    expect(await refusal(approve(t.app.ctx, checker2, request.id))).toMatchObject({ status: 409 });
    const [entries] = await t.database.query<{ n: string }>(
      "select count(*)::text as n from journal_entries where kind = 'withdrawal' and client_id = $1",
      [w.client.clientId],
    );
    expect(entries!.n).toBe('1');
    const audit = await t.database.query<{ action: string; after: { approved_by?: string[] } }>(
      "select action, after from audit_log where (subject_type = 'approval_request' and subject_id = $1) or (subject_type = 'withdrawal' and subject_id = $2) order by seq",
      [String(request.id), String(w.withdrawalId)],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'approval.request',
      'approval.approve',
      'withdrawal.pay',
      'approval.execute',
    ]);
    expect(audit[2]!.after.approved_by).toEqual([`staff:${checker.id}`]);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('an expired request is refused and marked expired; nothing is paid and a new request may be made', async () => {
    const w = await pendingWithdrawal(t, '60000');
    const request = await askPending(w);
    t.clock.advance(APPROVAL_TTL_MS + 1000);
    try {
      expect(await refusal(approve(t.app.ctx, checker, request.id))).toMatchObject({ status: 409 });
      expect(await requestRow(request.id)).toMatchObject({ status: 'expired', executed_at: null });
      expect((await withdrawalState(t, w)).status).toBe('pending');
      const again = await askPending(w);
      expect(again.id).not.toBe(request.id);
    } finally {
      t.clock.advance(-(APPROVAL_TTL_MS + 1000));
    }
  });

  it('the item is re-checked: a withdrawal rejected meanwhile is not paid, and the request is closed', async () => {
    const w = await pendingWithdrawal(t, '60000');
    const request = await askPending(w);
    await rejectWithdrawal(t.app.ctx, w.withdrawalId, 'Client asked to cancel', 'ops:cli');
    const refused = await refusal(approve(t.app.ctx, checker, request.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/changed/);
    expect(await withdrawalState(t, w)).toMatchObject({ status: 'rejected', balance: '6000000', held: '0' });
    expect(await requestRow(request.id)).toMatchObject({ status: 'cancelled', executed_at: null });
  });

  it('the two-checker tier needs two distinct checkers', async () => {
    const w = await pendingWithdrawal(t, '1000000.01');
    const request = await askPending(w);
    expect(request.checkersRequired).toBe(2);
    const first = await approve(t.app.ctx, checker, request.id);
    expect(first).toMatchObject({ status: 'pending', decisions: [{ checkerStaffId: checker.id }] });
    expect((await withdrawalState(t, w)).status).toBe('pending');
    // The same checker twice is one approval, not two.
    expect(await refusal(approve(t.app.ctx, checker, request.id))).toMatchObject({ status: 409 });
    // The first checker's inbox no longer shows it; the second's does.
    expect((await listRequests(t.app.ctx, checker)).map((r) => r.id)).not.toContain(request.id);
    expect((await listRequests(t.app.ctx, checker2)).map((r) => r.id)).toContain(request.id);
    const second = await approve(t.app.ctx, checker2, request.id);
    expect(second.status).toBe('approved');
    expect(await withdrawalState(t, w)).toMatchObject({ status: 'paid', balance: '0', held: '0' });
  });

  it('a checker rejects with a reason: nothing paid; the maker may ask again; the maker may cancel their own', async () => {
    const w = await pendingWithdrawal(t, '60000');
    const request = await askPending(w);
    expect(await refusal(reject(t.app.ctx, checker, request.id, '  '))).toMatchObject({ status: 400 });
    expect(await refusal(reject(t.app.ctx, maker, request.id, 'mine'))).toMatchObject({ status: 403 });
    const rejected = await reject(t.app.ctx, checker, request.id, 'Card holder does not match');
    expect(rejected).toMatchObject({
      status: 'rejected',
      decisions: [{ decision: 'reject', reason: 'Card holder does not match' }],
    });
    expect((await withdrawalState(t, w)).status).toBe('pending');
    const again = await askPending(w);
    expect(await refusal(cancel(t.app.ctx, maker2, again.id))).toMatchObject({ status: 403 });
    expect(await cancel(t.app.ctx, maker, again.id)).toMatchObject({ status: 'cancelled' });
    expect(await refusal(approve(t.app.ctx, checker, again.id))).toMatchObject({ status: 409 });
  });

  it('the inbox: pending, not made by me, of a permission I hold', async () => {
    const w = await pendingWithdrawal(t, '60000');
    const request = await askPending(w);
    expect((await listRequests(t.app.ctx, checker)).map((r) => r.id)).toContain(request.id);
    expect((await listRequests(t.app.ctx, maker)).map((r) => r.id)).not.toContain(request.id);
    expect((await listRequests(t.app.ctx, treasury)).map((r) => r.id)).not.toContain(request.id);
    expect((await listRequests(t.app.ctx, maker, { scope: 'mine' })).map((r) => r.id)).toContain(request.id);
  });

  it('tiers change only through an approval (policy.change, treasury): the new version applies', async () => {
    const change = {
      action: 'withdrawal.pay',
      effectiveFrom: new Date(t.clock.now().getTime() - 1000).toISOString(),
      tiers: [
        { currency: 'ZAR', minAmount: '0', checkersRequired: 0, checkerPermission: 'payouts.approve' },
        { currency: 'ZAR', minAmount: '10000.01', checkersRequired: 1, checkerPermission: 'payouts.approve' },
        {
          currency: 'ZAR',
          minAmount: '1000000.01',
          checkersRequired: 2,
          checkerPermission: 'payouts.approve',
        },
        { currency: null, minAmount: '0', checkersRequired: 1, checkerPermission: 'payouts.approve' },
      ],
    };
    // A payments maker cannot ask for it; treasury can, and it waits for another treasury user.
    expect(await refusal(requestApproval(t.app.ctx, maker, 'policy.change', change))).toMatchObject({
      status: 403,
    });
    const outcome = await requestApproval(t.app.ctx, treasury, 'policy.change', change);
    expect(outcome.status).toBe('pending');
    if (outcome.status !== 'pending') return;
    expect((await policyFor(t.app.ctx, 'withdrawal.pay', zar(2_000_000n))).checkersRequired).toBe(0);
    expect(await refusal(approve(t.app.ctx, treasury, outcome.request.id))).toMatchObject({ status: 403 });
    const approved = await approve(t.app.ctx, treasury2, outcome.request.id);
    expect(approved.outcome).toMatchObject({ action: 'withdrawal.pay', version: 2 });
    const tier = await policyFor(t.app.ctx, 'withdrawal.pay', zar(2_000_000n));
    expect(tier).toMatchObject({
      checkersRequired: 1,
      version: 2,
      createdBy: treasury.id,
      approvedBy: treasury2.id,
    });
    // A request made under version 1 keeps the tier it was made under.
    const w = await pendingWithdrawal(t, '20000');
    expect((await askToPay(w)).status).toBe('pending');
  });

  it('a policy that leaves some amount without a tier is refused', async () => {
    const change = {
      action: 'withdrawal.pay',
      effectiveFrom: t.clock.now().toISOString(),
      tiers: [{ currency: 'ZAR', minAmount: '0', checkersRequired: 0, checkerPermission: 'payouts.approve' }],
    };
    expect(await refusal(requestApproval(t.app.ctx, treasury, 'policy.change', change))).toMatchObject({
      status: 400,
    });
  });
});
