import { ErrorCode, MoneyMessages, type ClientFlagEvent } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import * as repo from './client.repository';

/**
 * Staff flags on a client (issue 23 screen 6, decision 0065): "withdrawals blocked". The state is
 * `clients.withdrawals_blocked`; who set or cleared it and why is `client_flag_events`
 * (append-only). Imports only this module's repository and the audit service, so the withdrawals
 * module calls it inside its own transactions without an import cycle.
 */

const blocked = (code: 'request' | 'payout') =>
  new DomainError(
    ErrorCode.WithdrawalsBlocked,
    code === 'request' ? MoneyMessages.withdrawalsBlocked : MoneyMessages.withdrawalsBlockedPayout,
    409,
  );

/**
 * Refuses (409, WITHDRAWALS_BLOCKED) when staff blocked the client's withdrawals. Call it inside the
 * transaction that holds or pays the funds: it reads the flag under a SHARE lock of the client row,
 * which a concurrent flag change (an UPDATE of that row) serialises against, so no withdrawal is
 * held or paid on a flag read before a block committed. `what` picks the message: the client's
 * request, or a staff payout.
 */
export async function assertWithdrawalsAllowed(
  txCtx: AppContext,
  clientId: number,
  what: 'request' | 'payout' = 'request',
) {
  const isBlocked = await repo.lockWithdrawalsBlocked(txCtx.db, clientId);
  if (isBlocked === undefined) throw notFound('No such client.');
  if (isBlocked) throw blocked(what);
}

/** Which of these clients have their withdrawals blocked (the payouts queue's flag; no lock). */
export const withdrawalsBlockedAmong = (ctx: AppContext, clientIds: number[]) =>
  repo.withWithdrawalsBlocked(ctx.db, [...new Set(clientIds)]);

export const flagEventView = (
  e: Awaited<ReturnType<typeof repo.listFlagEvents>>[number],
): ClientFlagEvent => ({
  id: e.id,
  flag: e.flag,
  value: e.value,
  reason: e.reason,
  staffId: e.staffId,
  createdAt: e.createdAt.toISOString(),
});

/**
 * A staff user sets or clears "withdrawals blocked" with a reason: the client row is locked
 * (FOR UPDATE), the change is appended to client_flag_events and audited as the staff user, in one
 * transaction. Setting it to what it already is changes nothing and is refused (409), so the
 * history holds only real changes.
 */
export async function setWithdrawalsBlocked(
  ctx: AppContext,
  input: { clientId: number; blocked: boolean; reason: string; staffId: number; actor: string },
) {
  const reason = input.reason.trim();
  if (!reason) throw new DomainError(ErrorCode.InvalidInput, 'A reason is required.', 400);
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const before = await repo.setWithdrawalsBlocked(tx, input.clientId, input.blocked);
    if (before === undefined) throw notFound('No such client.');
    if (before === input.blocked) {
      throw new DomainError(
        ErrorCode.Conflict,
        input.blocked
          ? 'Withdrawals of this client are already blocked.'
          : 'Withdrawals of this client are not blocked.',
        409,
      );
    }
    const event = await repo.insertFlagEvent(tx, {
      clientId: input.clientId,
      flag: 'withdrawals_blocked',
      value: input.blocked,
      reason,
      staffId: input.staffId,
      createdAt: ctx.clock.now(),
    });
    await audit.record(txCtx, {
      actor: input.actor,
      staffId: input.staffId,
      action: input.blocked ? 'client.withdrawals_block' : 'client.withdrawals_unblock',
      subjectType: 'client',
      subjectId: String(input.clientId),
      before: { withdrawalsBlocked: before },
      after: { withdrawalsBlocked: input.blocked, reason, flagEventId: event.id },
    });
    return flagEventView(event);
  });
}

export const flagEventsOf = async (ctx: AppContext, clientId: number, limit = 50) =>
  (await repo.listFlagEvents(ctx.db, clientId, limit)).map(flagEventView);
