import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { defineApprovalAction, staffActorOf } from '../approvals/approval-action';
import { conflict } from '../ledger/ledger.service';
import { allotmentPlanView, type AllotmentPlan } from './allotment-plan';
import { allotIpo, previewIpoAllotment } from './ipo.service';

/**
 * `ipo.allot` as an approvable action (issue 23, decision 0058): what the maker's preview showed
 * (the rule, the lottery's seed, the final price, the lots, the hash of every application's
 * allotment and cash). The checker approves exactly that: at approval the allotment is computed
 * again and, under the allotment's own lock, must hash the same, or nothing is done.
 */
export const ipoAllotPayload = z.object({
  offeringId: z.number().int().positive(),
  rule: z.enum(['pro_rata', 'lottery']),
  seed: z.string().min(1).max(100),
  finalPrice: z.string().min(1),
  lotsOffered: z.string().regex(/^\d{1,19}$/),
  lotsAllotted: z.number().int().nonnegative(),
  applications: z.number().int().nonnegative(),
  allotmentsHash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type IpoAllotPayload = z.infer<typeof ipoAllotPayload>;

export function ipoAllotPayloadOf(plan: AllotmentPlan): IpoAllotPayload {
  const view = allotmentPlanView(plan);
  return {
    offeringId: plan.offeringId,
    rule: plan.rule,
    seed: plan.seed,
    finalPrice: plan.finalPrice,
    lotsOffered: view.lotsOffered,
    lotsAllotted: view.lotsAllotted,
    applications: plan.lines.length,
    allotmentsHash: plan.hash,
  };
}

export const ipoAllotApproval = defineApprovalAction<AppContext, IpoAllotPayload, unknown>({
  action: 'ipo.allot',
  makerPermission: 'products.request',
  checkerPermission: 'products.approve',
  payload: ipoAllotPayload,
  itemKeyOf: (p) => `ipo:${p.offeringId}`,
  amountOf: () => null,
  async recheck(ctx, p) {
    // Allotted, re-priced or an application changed meanwhile: the preview is stale.
    const plan = await previewIpoAllotment(ctx, p.offeringId, { seed: p.seed });
    if (plan.hash !== p.allotmentsHash) {
      throw conflict(`IPO ${p.offeringId}: the allotment is no longer the one previewed; preview it again.`);
    }
  },
  async execute(txCtx, p, parties) {
    const result = await allotIpo(txCtx, p.offeringId, staffActorOf({ id: parties.makerStaffId }), {
      seed: p.seed,
      expectedHash: p.allotmentsHash,
      approvedBy: parties.checkerStaffIds.map((id) => staffActorOf({ id })),
    });
    return {
      offeringId: result.offeringId,
      rule: result.rule,
      seed: result.seed,
      lotsAllotted: result.lines.reduce((s, l) => s + l.allotted, 0),
      applications: result.lines.length,
    };
  },
});
