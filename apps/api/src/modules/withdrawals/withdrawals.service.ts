import {
  ApplicationMessages,
  ErrorCode,
  MoneyMessages,
  type CashAccount,
  type StaffWithdrawal,
  type Withdrawal,
} from '@imali/contract';
import { formatMinor } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import { bonusOutstandingOfClient } from '../applications/applications.service';
import { outsideTransaction } from '../../db/fixed-statement';
import {
  checkersRequiredFor,
  closePendingOfItem,
  pendingRequestsOf,
  type ApprovalStaff,
} from '../approvals/approvals.service';
import { staffActorOf } from '../approvals/approval-action';
import * as audit from '../audit/audit.service';
import { assertWithdrawalsAllowed, withdrawalsBlockedAmong } from '../client/client-flags.service';
import { lockOwnCardForUse, maskCardNo } from '../bankcards/bankcards.service';
import {
  accountNotFound,
  amountToMinor,
  captureHold,
  clientAccounts,
  conflict,
  houseAccountId,
  inTransaction,
  insufficientFunds,
  lockAccounts,
  placeHold,
  releaseHold,
  toAccountView,
  withIdempotency,
  type AccountRow,
  type IdempotencyInput,
} from '../ledger/ledger.service';
import { limitsInForce, type MoneyLimitsInForce } from '../limits/limits.service';
import { saDayStart } from '../../lib/sa-time';
import { spendFreshPin } from '../session/session.service';
import { newReference } from '../ledger/reference';
import * as repo from './withdrawals.repository';

const withdrawalNotFound = () => notFound(MoneyMessages.withdrawalNotFound);
/** A withdrawal's hold is found by its reference. */
const holdOf = (withdrawalId: number) => ({ referenceType: 'withdrawal', referenceId: withdrawalId });
export function toWithdrawalView(row: repo.WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    reference: row.reference,
    account_id: row.accountId,
    currency: row.currency,
    amount: formatMinor(row.amountMinor, row.currency),
    status: row.status,
    receiver: {
      id: row.bankCardId,
      bank_name: row.bankName,
      card_no: maskCardNo(row.cardNo),
      holder_name: row.holderName,
    },
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * What may leave an account now, and what holds the rest back (issue 24; decision 0042). THE
 * withdrawal rule: the accounts list shows it and requestWithdrawal refuses by it, so the two can
 * never disagree.
 */
export interface Withdrawable {
  /** balance − held (held: pending withdrawals, orders and subscriptions waiting for a decision). */
  availableMinor: bigint;
  /** Trial bonus still in the account: it may be invested, never paid out (decision 0035). */
  bonusMinor: bigint;
  /** What today's pending and paid withdrawals leave of the daily cap; null: the currency has none. */
  capLeftMinor: bigint | null;
  /** min(available − bonus, cap left), never below 0: the most one withdrawal may be now. */
  withdrawableMinor: bigint;
  /** available − bonus, never below 0: what may go to another currency account (the FX rule). */
  transferableMinor: bigint;
}

/**
 * What the rule reads besides the account rows: per account, the bonus in it and today's
 * withdrawals; and the money limits in force (read once per call, decision 0063).
 */
interface WithdrawalFacts {
  bonus: Map<number, bigint>;
  today: Map<number, bigint>;
  limits: MoneyLimitsInForce;
}

/**
 * The client's withdrawal facts: two fixed statements by the client's indexes, whatever the
 * history. Outside a transaction they go to the pool together (one wait); inside one (a
 * withdrawal, after locking the account) they follow each other on its connection.
 */
async function withdrawalFactsOf(ctx: AppContext, clientId: number): Promise<WithdrawalFacts> {
  const since = saDayStart(ctx.clock.now());
  if (outsideTransaction(ctx)) {
    const [bonus, today, limits] = await Promise.all([
      bonusOutstandingOfClient(ctx, clientId),
      repo.withdrawnSince(ctx, clientId, since),
      limitsInForce(ctx),
    ]);
    return { bonus, today, limits };
  }
  const bonus = await bonusOutstandingOfClient(ctx, clientId);
  const today = await repo.withdrawnSince(ctx, clientId, since);
  return { bonus, today, limits: await limitsInForce(ctx) };
}

/** The rule itself, on an account row (read under its lock when money is to move) and the facts. */
function withdrawableFrom(account: AccountRow, facts: WithdrawalFacts): Withdrawable {
  const availableMinor = account.balanceMinor - account.heldMinor;
  const bonusMinor = facts.bonus.get(account.id) ?? 0n;
  const cap = facts.limits.dailyWithdrawalCap.get(account.currency);
  const capLeftMinor = cap === undefined ? null : max0(cap - (facts.today.get(account.id) ?? 0n));
  const transferableMinor = max0(availableMinor - bonusMinor);
  let withdrawableMinor = transferableMinor;
  if (capLeftMinor !== null && capLeftMinor < withdrawableMinor) withdrawableMinor = capLeftMinor;
  return { availableMinor, bonusMinor, capLeftMinor, withdrawableMinor, transferableMinor };
}

/** The Withdrawable figures of one of the client's accounts (the row read by the caller). */
export async function withdrawableOf(ctx: AppContext, clientId: number, account: AccountRow) {
  return withdrawableFrom(account, await withdrawalFactsOf(ctx, clientId));
}

const max0 = (minor: bigint) => (minor > 0n ? minor : 0n);

/** Refuses an amount above `withdrawable` with the reason that limits it (409, nothing written). */
function refuseAboveWithdrawable(w: Withdrawable, amountMinor: bigint) {
  if (amountMinor <= w.withdrawableMinor) return;
  if (amountMinor > w.availableMinor) throw insufficientFunds();
  if (amountMinor > w.availableMinor - w.bonusMinor) {
    // Trial bonus money can be invested but never paid out (issue 14).
    throw new DomainError(ErrorCode.InsufficientFunds, ApplicationMessages.bonusNotWithdrawable, 409);
  }
  throw new DomainError(ErrorCode.LimitExceeded, MoneyMessages.dailyCapExceeded, 409);
}

/**
 * GET /account/app/v1: each cash account with what may be withdrawn from it now. The accounts and
 * the facts are read together (the facts are by client, not by account).
 */
export async function cashAccountsOf(ctx: AppContext, clientId: number): Promise<CashAccount[]> {
  const [rows, facts] = await Promise.all([clientAccounts(ctx, clientId), withdrawalFactsOf(ctx, clientId)]);
  return rows.map((row): CashAccount => {
    const w = withdrawableFrom(row, facts);
    return {
      ...toAccountView(row),
      withdrawable: formatMinor(w.withdrawableMinor, row.currency),
      bonus_not_withdrawable: formatMinor(w.bonusMinor, row.currency),
      transferable: formatMinor(w.transferableMinor, row.currency),
      daily_withdrawal_left: w.capLeftMinor === null ? null : formatMinor(w.capLeftMinor, row.currency),
    };
  });
}

/**
 * Holds `amount` on the client's account for a payout to one of its cards. Inside one
 * transaction: the account row is locked, so concurrent requests queue and each sees the
 * balance the previous one left; one that would overdraw is refused and changes nothing.
 * Every withdrawal spends a PIN verification of its own (`pinSessionId`: the client's session);
 * a replay of the same idempotency key answers without one.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: { accountId: number; amount: string; cardId: number; pinSessionId?: string },
) {
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    if (input.pinSessionId !== undefined) await spendFreshPin(txCtx, input.pinSessionId);
    const [account] = await lockAccounts(tx, [input.accountId]);
    if (!account || account.kind !== 'client' || account.clientId !== clientId) throw accountNotFound();
    // Staff blocked this client's withdrawals (decision 0065): refused before anything is held. The
    // flag is read under a SHARE lock of the client row in this transaction, so a block committed
    // first refuses this request, and a block set meanwhile waits for it (then the withdrawal
    // cannot be paid: payWithdrawal checks again).
    await assertWithdrawalsAllowed(txCtx, clientId);
    const currency = account.currency;
    const amountMinor = amountToMinor(input.amount, currency);
    // Under the account's row lock: the limits in force and today's withdrawals, read once.
    const facts = await withdrawalFactsOf(txCtx, clientId);
    const minimum = facts.limits.minWithdrawal.get(currency) ?? 0n;
    if (amountMinor < minimum) {
      throw new DomainError(
        ErrorCode.InvalidInput,
        MoneyMessages.belowMinimumWithdrawal(formatMinor(minimum, currency), currency),
        400,
      );
    }
    const card = await lockOwnCardForUse(txCtx, clientId, input.cardId);
    // What the accounts list calls withdrawable, by the same code.
    refuseAboveWithdrawable(withdrawableFrom(account, facts), amountMinor);
    const now = ctx.clock.now();
    const row = await repo.insertWithdrawal(tx, {
      reference: newReference('WDR'),
      clientId,
      accountId: account.id,
      currency,
      amountMinor,
      bankCardId: card.id,
      bankName: card.bankName,
      cardNo: card.cardNo,
      holderName: card.holderName,
      createdAt: now,
    });
    await placeHold(tx, {
      accountId: account.id,
      amountMinor,
      purpose: 'withdrawal',
      ...holdOf(row.id),
      at: now,
    });
    return toWithdrawalView(row);
  });
}

export async function listClientWithdrawals(ctx: AppContext, clientId: number) {
  return (await repo.listForClient(ctx.db, clientId)).map(toWithdrawalView);
}

export async function listWithdrawals(ctx: AppContext, status?: repo.WithdrawalStatus) {
  return repo.listAll(ctx.db, status);
}

/**
 * The payouts queue of the console (issue 23): each withdrawal with what a maker or checker wants
 * beside it: the client's account (balance, held, available), the card, the client's latest
 * withdrawals, flags, the tier that applies to paying it and the approval request waiting, if any.
 */
export async function payoutQueue(
  ctx: AppContext,
  status?: repo.WithdrawalStatus,
): Promise<StaffWithdrawal[]> {
  const rows = await repo.listAll(ctx.db, status);
  const clients = new Map<number, { accounts: AccountRow[]; history: repo.WithdrawalRow[] }>();
  for (const clientId of new Set(rows.map((r) => r.clientId))) {
    const [accounts, history] = await Promise.all([
      clientAccounts(ctx, clientId),
      repo.listForClient(ctx.db, clientId, 10),
    ]);
    clients.set(clientId, { accounts, history });
  }
  const blocked = await withdrawalsBlockedAmong(
    ctx,
    rows.map((r) => r.clientId),
  );
  const waiting = await pendingRequestsOf(
    ctx,
    'withdrawal.pay',
    rows.map((r) => `withdrawal:${r.id}`),
  );
  const queue: StaffWithdrawal[] = [];
  for (const w of rows) {
    const { accounts, history } = clients.get(w.clientId)!;
    const account = accounts.find((a) => a.id === w.accountId);
    const checkersRequired = await checkersRequiredFor(ctx, 'withdrawal.pay', {
      amountMinor: w.amountMinor,
      currency: w.currency,
    });
    const flags: string[] = [];
    if (!history.some((h) => h.id !== w.id && h.status === 'paid')) flags.push('first_withdrawal');
    if (history.filter((h) => h.status === 'pending').length > 1) flags.push('several_pending');
    if (history.some((h) => h.id !== w.id && h.bankCardId !== w.bankCardId))
      flags.push('other_card_used_before');
    if (checkersRequired > 0) flags.push('needs_approval');
    // Staff blocked the client's withdrawals (decision 0065): paying it is refused until cleared.
    if (blocked.has(w.clientId)) flags.push('withdrawals_blocked');
    queue.push({
      id: w.id,
      reference: w.reference,
      clientId: w.clientId,
      accountId: w.accountId,
      currency: w.currency,
      amount: formatMinor(w.amountMinor, w.currency),
      status: w.status,
      reason: w.reason,
      paymentReference: w.paymentReference,
      createdAt: w.createdAt.toISOString(),
      decidedAt: w.decidedAt?.toISOString() ?? null,
      decidedBy: w.decidedBy,
      // In full: the maker sends the payment to it (the console is staff only, behind payouts.read).
      bankCard: { id: w.bankCardId, bankName: w.bankName, cardNo: w.cardNo, holderName: w.holderName },
      account: account
        ? {
            balance: formatMinor(account.balanceMinor, account.currency),
            held: formatMinor(account.heldMinor, account.currency),
            available: formatMinor(account.balanceMinor - account.heldMinor, account.currency),
          }
        : { balance: '0.00', held: '0.00', available: '0.00' },
      history: history.map((h) => ({
        id: h.id,
        amount: formatMinor(h.amountMinor, h.currency),
        currency: h.currency,
        status: h.status,
        createdAt: h.createdAt.toISOString(),
      })),
      flags,
      checkersRequired,
      pendingApprovalId: waiting.get(`withdrawal:${w.id}`) ?? null,
    });
  }
  return queue;
}

/** One withdrawal as stored (the staff queue and the payout approval's re-check read it). */
export async function findWithdrawal(ctx: AppContext, id: number) {
  const row = await repo.findById(ctx.db, id);
  if (!row) throw withdrawalNotFound();
  return row;
}

/** The payout's extra facts (issue 23): the bank's payment reference, who approved it. */
export interface PayoutDetails {
  paymentReference?: string;
  /** Audit actors of the checkers who approved the payout (four-eyes, decision 0058). */
  approvedBy?: string[];
  /** Audit actor of the maker who asked for the payout, when a checker's approval decided it. */
  requestedBy?: string;
}

/**
 * Operator: the payout was sent. The held funds leave the account (posted against bank
 * clearing). The withdrawal row is locked first, so of concurrent decisions exactly one wins.
 * `actor` decided it and is recorded as `decided_by`: the maker when the tier needs no checker,
 * else the checker whose approval executed it (`details.requestedBy` names the maker). A client
 * whose withdrawals staff blocked is not paid (decision 0065), checked under the client row's lock.
 */
export async function payWithdrawal(ctx: AppContext, id: number, actor: string, details: PayoutDetails = {}) {
  return inTransaction(ctx, async (tx, txCtx) => {
    const w = await repo.lockById(tx, id);
    if (!w) throw withdrawalNotFound();
    if (w.status !== 'pending') throw conflict(MoneyMessages.withdrawalNotPending);
    await lockAccounts(tx, [w.accountId]);
    await assertWithdrawalsAllowed(txCtx, w.clientId, 'payout');
    const now = ctx.clock.now();
    // The hold's whole amount leaves the account, against bank clearing, in one entry.
    const { entry } = await captureHold(tx, holdOf(id), {
      at: now,
      entry: {
        kind: 'withdrawal',
        description: `Withdrawal ${w.reference} to ${w.bankName} ${maskCardNo(w.cardNo)}`,
        reference: w.reference,
        clientId: w.clientId,
        createdBy: actor,
      },
      counterparts: [
        {
          accountId: await houseAccountId(txCtx, 'bank_clearing', w.currency),
          currency: w.currency,
          amountMinor: w.amountMinor,
          kind: 'house',
        },
      ],
    });
    const row = await repo.updateWithdrawal(tx, id, {
      status: 'paid',
      entryId: entry.id,
      decidedAt: now,
      decidedBy: actor,
      ...(details.paymentReference ? { paymentReference: details.paymentReference } : {}),
    });
    await audit.record(txCtx, {
      actor,
      action: 'withdrawal.pay',
      subjectType: 'withdrawal',
      subjectId: String(id),
      before: { status: w.status },
      after: {
        status: row.status,
        entry_id: entry.id,
        amount: formatMinor(row.amountMinor, row.currency),
        // Only when given, so the entries of the CLI's plain `withdrawal pay` stay as they were.
        ...(details.paymentReference ? { payment_reference: details.paymentReference } : {}),
        ...(details.approvedBy?.length ? { approved_by: details.approvedBy } : {}),
        ...(details.requestedBy ? { requested_by: details.requestedBy } : {}),
      },
    });
    return row;
  });
}

/** Operator: refuse the payout; the held funds become available again. */
export async function rejectWithdrawal(ctx: AppContext, id: number, reason: string, actor: string) {
  if (!reason.trim()) throw new DomainError(ErrorCode.InvalidInput, 'A reason is required.', 400);
  return inTransaction(ctx, async (tx, txCtx) => {
    const w = await repo.lockById(tx, id);
    if (!w) throw withdrawalNotFound();
    if (w.status !== 'pending') throw conflict(MoneyMessages.withdrawalNotPending);
    await lockAccounts(tx, [w.accountId]);
    const now = ctx.clock.now();
    await releaseHold(tx, holdOf(id), now);
    const row = await repo.updateWithdrawal(tx, id, {
      status: 'rejected',
      reason: reason.trim(),
      decidedAt: now,
      decidedBy: actor,
    });
    await audit.record(txCtx, {
      actor,
      action: 'withdrawal.reject',
      subjectType: 'withdrawal',
      subjectId: String(id),
      before: { status: w.status },
      after: { status: row.status, reason: row.reason },
    });
    return row;
  });
}

/**
 * A staff user rejects a withdrawal (the console, issue 23): a payout request waiting for approval
 * is cancelled with it, in one transaction, its lock taken first (the order an approval takes).
 */
export async function rejectWithdrawalAsStaff(
  ctx: AppContext,
  id: number,
  reason: string,
  staff: ApprovalStaff,
) {
  if (!reason.trim()) throw new DomainError(ErrorCode.InvalidInput, 'A reason is required.', 400);
  return inTransaction(ctx, async (_tx, txCtx) => {
    await closePendingOfItem(txCtx, staff, 'withdrawal.pay', `withdrawal:${id}`, 'withdrawal rejected');
    return rejectWithdrawal(txCtx, id, reason, staffActorOf(staff));
  });
}
