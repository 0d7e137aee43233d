import { ErrorCode, MoneyMessages, type Withdrawal } from '@imali/contract';
import { formatMinor } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import { assertNotBonusMoney } from '../applications/applications.service';
import * as audit from '../audit/audit.service';
import { lockOwnCardForUse, maskCardNo } from '../bankcards/bankcards.service';
import {
  accountNotFound,
  amountToMinor,
  captureHold,
  conflict,
  houseAccountId,
  inTransaction,
  insufficientFunds,
  lockAccounts,
  placeHold,
  releaseHold,
  withIdempotency,
  type IdempotencyInput,
} from '../ledger/ledger.service';
import { limitsOf } from '../ledger/limits';
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
    const currency = account.currency;
    const amountMinor = amountToMinor(input.amount, currency);
    const limits = limitsOf(ctx.config);
    const minimum = limits.minWithdrawal.get(currency) ?? 0n;
    if (amountMinor < minimum) {
      throw new DomainError(
        ErrorCode.InvalidInput,
        MoneyMessages.belowMinimumWithdrawal(formatMinor(minimum, currency), currency),
        400,
      );
    }
    const card = await lockOwnCardForUse(txCtx, clientId, input.cardId);
    if (account.balanceMinor - account.heldMinor < amountMinor) throw insufficientFunds();
    // Trial bonus money can be invested but never paid out (issue 14).
    await assertNotBonusMoney(tx, account, amountMinor);
    const now = ctx.clock.now();
    const cap = limits.dailyWithdrawalCap.get(currency);
    if (cap !== undefined) {
      const today = await repo.sumSince(tx, account.id, saDayStart(now));
      if (today + amountMinor > cap) {
        throw new DomainError(ErrorCode.LimitExceeded, MoneyMessages.dailyCapExceeded, 409);
      }
    }
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
 * Operator: the payout was sent. The held funds leave the account (posted against bank
 * clearing). The withdrawal row is locked first, so of concurrent decisions exactly one wins.
 */
export async function payWithdrawal(ctx: AppContext, id: number, actor: string) {
  return inTransaction(ctx, async (tx, txCtx) => {
    const w = await repo.lockById(tx, id);
    if (!w) throw withdrawalNotFound();
    if (w.status !== 'pending') throw conflict(MoneyMessages.withdrawalNotPending);
    await lockAccounts(tx, [w.accountId]);
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
    });
    await audit.record(txCtx, {
      actor,
      action: 'withdrawal.pay',
      subjectType: 'withdrawal',
      subjectId: String(id),
      before: { status: w.status },
      after: { status: row.status, entry_id: entry.id, amount: formatMinor(row.amountMinor, row.currency) },
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
