import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { defineApprovalAction, staffActorOf } from '../approvals/approval-action';
import { conflict } from '../ledger/ledger.service';
import { makerActorOf } from '../staff/system-staff';
import * as repo from './funds.repository';
import { previewFundValuation, valueFunds } from './valuation';

/**
 * `fund.nav_strike` as an approvable action (issue 23, decision 0058): the fund, the business day
 * (null: everything due now), the NAVs the preview showed and the hash of every order it would
 * value or pay. At approval the valuation is previewed again and must hash the same; the run
 * (valueFunds, the `fund value` command's path) checks the hash once more under its locks.
 */
export const fundNavStrikePayload = z.object({
  offeringId: z.number().int().positive(),
  code: z.string().min(1),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  navs: z.array(z.object({ date: z.string(), nav: z.string() })),
  subscriptions: z.number().int().nonnegative(),
  redemptions: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  valuationHash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FundNavStrikePayload = z.infer<typeof fundNavStrikePayload>;

export async function fundNavStrikePayloadOf(
  ctx: AppContext,
  offeringId: number,
  date?: string,
): Promise<{ payload: FundNavStrikePayload; preview: Awaited<ReturnType<typeof previewFundValuation>> }> {
  const preview = await previewFundValuation(ctx, offeringId, { date });
  return {
    preview,
    payload: {
      offeringId,
      code: preview.code,
      date: date ?? null,
      day: preview.day,
      navs: preview.navs,
      subscriptions: preview.subscriptions.length,
      redemptions: preview.redemptions.length,
      rejected: preview.rejected.length,
      valuationHash: preview.hash,
    },
  };
}

/**
 * The NAV strike of every fund with work due now (or on the business day `date`): orders to value,
 * to reject or to pay. What `fund value` without a fund and the funds.value job ask for, one
 * request per fund; a fund with nothing due is left out (its NAVs are the same pure function
 * whether struck or not, and are struck by its next approved valuation). A fund not launched by
 * then has nothing to value.
 */
export async function dueFundStrikes(ctx: AppContext, date?: string) {
  const due: Awaited<ReturnType<typeof fundNavStrikePayloadOf>>[] = [];
  for (const fund of await repo.listFunds(ctx.db)) {
    if (fund.offering.dtype !== 'fund') continue;
    let strike: Awaited<ReturnType<typeof fundNavStrikePayloadOf>>;
    try {
      strike = await fundNavStrikePayloadOf(ctx, fund.offering.id, date);
    } catch (error) {
      // Not launched by then: nothing to value (a bad or future --date is refused the same for all).
      if (error instanceof Error && /launches on/.test(error.message)) continue;
      throw error;
    }
    const p = strike.payload;
    if (p.subscriptions + p.redemptions + p.rejected > 0) due.push(strike);
  }
  return due;
}

export const fundNavStrikeApproval = defineApprovalAction<AppContext, FundNavStrikePayload, unknown>({
  action: 'fund.nav_strike',
  makerPermission: 'products.request',
  checkerPermission: 'products.approve',
  payload: fundNavStrikePayload,
  itemKeyOf: (p) => `fund:${p.offeringId}`,
  amountOf: () => null,
  async recheck(ctx, p) {
    const preview = await previewFundValuation(ctx, p.offeringId, { date: p.date ?? undefined });
    if (preview.hash !== p.valuationHash) {
      throw conflict(`Fund ${p.code}: the valuation is no longer the one previewed; preview it again.`);
    }
  },
  async execute(txCtx, p, parties) {
    const { funds } = await valueFunds(txCtx, {
      date: p.date ?? undefined,
      // A strike the funds.value job asked for (as the system user) is audited as the job's.
      actor: makerActorOf(parties.makerStaffId, 'funds.value'),
      offeringId: p.offeringId,
      expectedHash: p.valuationHash,
      approvedBy: parties.checkerStaffIds.map((id) => staffActorOf({ id })),
    });
    const f = funds[0]!;
    return {
      code: f.code,
      day: f.day,
      navs: f.navs,
      subscriptions: f.subscriptions.length,
      redemptions: f.redemptions.length,
      rejected: f.rejected.length,
    };
  },
});
