import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { defineApprovalAction, staffActorOf } from '../approvals/approval-action';
import { conflict } from '../ledger/ledger.service';
import { previewOfferingSettlement, settleOffering } from './offerings.service';

/**
 * `offering.settle` as an approvable action (issue 23, decision 0058): the offering, its block,
 * the totals the preview showed and the hash of every order's pro-rata allocation. At approval the
 * settlement is previewed again and must hash the same; settleOffering checks it once more under
 * the offering's lock.
 */
export const offeringSettlePayload = z.object({
  offeringId: z.number().int().positive(),
  dtype: z.string(),
  blockSize: z
    .string()
    .regex(/^\d{1,19}$/)
    .nullable(),
  orders: z.number().int().nonnegative(),
  requested: z.string().regex(/^\d{1,19}$/),
  allocated: z.string().regex(/^\d{1,19}$/),
  allocationsHash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type OfferingSettlePayload = z.infer<typeof offeringSettlePayload>;

export function offeringSettlePayloadOf(
  preview: Awaited<ReturnType<typeof previewOfferingSettlement>>,
): OfferingSettlePayload {
  return {
    offeringId: preview.offering.id,
    dtype: preview.offering.dtype,
    blockSize: preview.blockSize?.toString() ?? null,
    orders: preview.allocations.length,
    requested: preview.requested.toString(),
    allocated: preview.allocated.toString(),
    allocationsHash: preview.hash,
  };
}

export const offeringSettleApproval = defineApprovalAction<AppContext, OfferingSettlePayload, unknown>({
  action: 'offering.settle',
  makerPermission: 'products.request',
  checkerPermission: 'products.approve',
  payload: offeringSettlePayload,
  itemKeyOf: (p) => `offering:${p.offeringId}`,
  amountOf: () => null,
  async recheck(ctx, p) {
    const preview = await previewOfferingSettlement(ctx, p.offeringId);
    if (preview.hash !== p.allocationsHash) {
      throw conflict(
        `Offering ${p.offeringId}: the settlement is no longer the one previewed; preview it again.`,
      );
    }
  },
  async execute(txCtx, p, parties) {
    const r = await settleOffering(txCtx, p.offeringId, staffActorOf({ id: parties.makerStaffId }), {
      expectedHash: p.allocationsHash,
      approvedBy: parties.checkerStaffIds.map((id) => staffActorOf({ id })),
    });
    return {
      offeringId: r.offering.id,
      status: r.offering.status,
      orders: r.allocations.length,
      allocated: r.allocations.reduce((s, a) => s + a.allocated, 0n).toString(),
    };
  },
});
