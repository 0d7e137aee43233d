import { z } from 'zod';
import type { Currency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { defineApprovalAction, staffActorOf } from '../approvals/approval-action';
import { checkAdjustment, postAdjustment, type AdjustmentInput } from './adjustments.service';
import { findAccount } from './ledger.repository';
import { accountNotFound, amountToMinor } from './ledger.service';

/**
 * `ledger.adjust` (issue 23, decision 0058): a manual correction of a client's cash account. Its
 * tiers (0023) always need at least one `payouts.approve` checker (the database refuses a tier of
 * none), two above R1,000,000; the amount's size (credit or debit) picks the tier.
 */
export const ledgerAdjustPayload = z.object({
  accountId: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Signed minor units as decimal text: + credits the client, − debits them. */
  amountMinor: z
    .string()
    .regex(/^-?\d{1,19}$/)
    .refine((v) => BigInt(v) !== 0n, 'An adjustment of zero moves nothing.'),
  reason: z.string().trim().min(3).max(500),
  reference: z.string().trim().min(1).max(100),
});
export type LedgerAdjustPayload = z.infer<typeof ledgerAdjustPayload>;

/** The payload of an adjustment the console asks for: the currency is the account's own. */
export async function ledgerAdjustPayloadOf(
  ctx: AppContext,
  input: { accountId: number; amount: string; reason: string; reference: string },
): Promise<LedgerAdjustPayload> {
  const account = await findAccount(ctx.db, input.accountId);
  if (!account || account.kind !== 'client') throw accountNotFound();
  const negative = input.amount.trim().startsWith('-');
  const size = amountToMinor(negative ? input.amount.trim().slice(1) : input.amount, account.currency);
  return {
    accountId: account.id,
    currency: account.currency,
    amountMinor: (negative ? -size : size).toString(),
    reason: input.reason.trim(),
    reference: input.reference.trim(),
  };
}

const inputOf = (p: LedgerAdjustPayload): AdjustmentInput => ({
  accountId: p.accountId,
  currency: p.currency as Currency,
  amountMinor: BigInt(p.amountMinor),
  reason: p.reason,
  reference: p.reference,
});

const abs = (v: bigint) => (v < 0n ? -v : v);

export const ledgerAdjustApproval = defineApprovalAction<AppContext, LedgerAdjustPayload, unknown>({
  action: 'ledger.adjust',
  makerPermission: 'ledger.adjust.request',
  checkerPermission: 'payouts.approve',
  payload: ledgerAdjustPayload,
  itemKeyOf: (p) => `adjustment:${p.accountId}:${p.reference}`,
  amountOf: (p) => ({ amountMinor: abs(BigInt(p.amountMinor)), currency: p.currency }),
  async recheck(ctx, p) {
    // The account and currency, and no adjustment of this reference posted meanwhile. The debit's
    // cover is checked when it executes, under the account's row lock.
    await checkAdjustment(ctx, inputOf(p));
  },
  async execute(txCtx, p, parties) {
    const done = await postAdjustment(txCtx, inputOf(p), staffActorOf({ id: parties.makerStaffId }), {
      approvedBy: parties.checkerStaffIds.map((id) => staffActorOf({ id })),
    });
    return {
      entryId: done.entryId,
      accountId: done.accountId,
      balanceAfterMinor: done.balanceAfterMinor.toString(),
    };
  },
});
