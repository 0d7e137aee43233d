import { z } from 'zod';
import { MoneyMessages } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { defineApprovalAction, staffActorOf } from '../approvals/approval-action';
import { assertWithdrawalsAllowed } from '../client/client-flags.service';
import { conflict } from '../ledger/ledger.service';
import { findWithdrawal, payWithdrawal } from './withdrawals.service';

/**
 * `withdrawal.pay` as an approvable action (issue 23, decision 0058): what the maker saw (the
 * withdrawal's id, reference, account, amount) and the bank's payment reference. The amount picks
 * the tier (approval_policies): up to R50,000 the maker pays alone; above, one or two checkers.
 */
export const withdrawalPayPayload = z.object({
  withdrawalId: z.number().int().positive(),
  reference: z.string().min(1),
  accountId: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Minor units as decimal text (JSON has no bigint). */
  amountMinor: z.string().regex(/^\d{1,19}$/),
  paymentReference: z.string().trim().min(1).max(100),
});
export type WithdrawalPayPayload = z.infer<typeof withdrawalPayPayload>;

/** The payload for paying withdrawal `id`, from its row (never from what a form sends). */
export async function withdrawalPayPayloadOf(
  ctx: AppContext,
  id: number,
  paymentReference: string,
): Promise<WithdrawalPayPayload> {
  const w = await findWithdrawal(ctx, id);
  return {
    withdrawalId: w.id,
    reference: w.reference,
    accountId: w.accountId,
    currency: w.currency,
    amountMinor: w.amountMinor.toString(),
    paymentReference: paymentReference.trim(),
  };
}

export const withdrawalPayApproval = defineApprovalAction<AppContext, WithdrawalPayPayload, unknown>({
  action: 'withdrawal.pay',
  makerPermission: 'payouts.request',
  checkerPermission: 'payouts.approve',
  payload: withdrawalPayPayload,
  itemKeyOf: (p) => `withdrawal:${p.withdrawalId}`,
  amountOf: (p) => ({ amountMinor: BigInt(p.amountMinor), currency: p.currency }),
  async recheck(ctx, p) {
    const w = await findWithdrawal(ctx, p.withdrawalId);
    // Paid or rejected meanwhile (by the CLI, another maker): nothing to pay.
    if (w.status !== 'pending') throw conflict(MoneyMessages.withdrawalNotPending);
    if (
      w.reference !== p.reference ||
      w.accountId !== p.accountId ||
      w.currency !== p.currency ||
      w.amountMinor.toString() !== p.amountMinor
    ) {
      throw conflict('The withdrawal is not the one approved.');
    }
    // Staff blocked the client's withdrawals (decision 0065): not asked for, and not executed (the
    // re-check before executing runs in the approval's transaction; payWithdrawal checks again
    // under the withdrawal's lock).
    await assertWithdrawalsAllowed(ctx, w.clientId, 'payout');
  },
  async execute(txCtx, p, parties) {
    // The one pay path (withdrawals.service): locks the withdrawal, checks it is still pending,
    // captures the hold against bank clearing in one entry and audits it. Who decided the payment
    // is the checker whose approval executes it (the last decision), or the maker when the tier
    // needs no checker; the maker is kept as requested_by.
    const decider = parties.checkerStaffIds.at(-1) ?? parties.makerStaffId;
    const row = await payWithdrawal(txCtx, p.withdrawalId, staffActorOf({ id: decider }), {
      paymentReference: p.paymentReference,
      approvedBy: parties.checkerStaffIds.map((id) => staffActorOf({ id })),
      ...(decider === parties.makerStaffId
        ? {}
        : { requestedBy: staffActorOf({ id: parties.makerStaffId }) }),
    });
    return {
      withdrawalId: row.id,
      status: row.status,
      entryId: row.entryId,
      paymentReference: row.paymentReference,
    };
  },
});
