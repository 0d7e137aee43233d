import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { defineApprovalAction, staffActorOf, type ApprovalParties } from '../approvals/approval-action';
import { conflict } from '../ledger/ledger.service';
import { makerActorOf } from '../staff/system-staff';
import * as repo from './quant.repository';
import { matureProduct, previewLifecycle, startProduct } from './quant.service';

/**
 * `quant.start` and `quant.mature` as approvable actions (issue 23, decision 0058): the product,
 * the level the preview fixed, the number of orders and their total (captured at the start, paid
 * at maturity) and the hash of every order's amount. At approval the step is previewed again and
 * must hash the same; startProduct / matureProduct check it once more under their locks.
 */
export const quantLifecyclePayload = z.object({
  offeringId: z.number().int().positive(),
  level: z.string().min(1),
  underlyingReturn: z.string().nullable(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  orders: z.number().int().nonnegative(),
  totalMinor: z.string().regex(/^\d{1,19}$/),
  lifecycleHash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type QuantLifecyclePayload = z.infer<typeof quantLifecyclePayload>;

export function quantLifecyclePayloadOf(
  preview: Awaited<ReturnType<typeof previewLifecycle>>,
): QuantLifecyclePayload {
  return {
    offeringId: preview.offeringId,
    level: preview.level,
    underlyingReturn: preview.underlyingReturn,
    currency: preview.currency,
    orders: preview.lines.length,
    totalMinor: preview.totalMinor.toString(),
    lifecycleHash: preview.hash,
  };
}

function lifecycleApproval(step: 'start' | 'mature') {
  const runOptions = (p: QuantLifecyclePayload, parties: ApprovalParties) => ({
    expectedHash: p.lifecycleHash,
    approvedBy: parties.checkerStaffIds.map((id) => staffActorOf({ id })),
  });
  return defineApprovalAction<AppContext, QuantLifecyclePayload, unknown>({
    action: `quant.${step}`,
    makerPermission: 'products.request',
    checkerPermission: 'products.approve',
    payload: quantLifecyclePayload,
    // One pending lifecycle request per product and step.
    itemKeyOf: (p) => `quant:${p.offeringId}:${step}`,
    amountOf: () => null,
    async recheck(ctx, p) {
      const preview = await previewLifecycle(ctx, p.offeringId, step);
      if (preview.hash !== p.lifecycleHash) {
        throw conflict(`Structured product ${p.offeringId}: the ${step} is no longer the one previewed.`);
      }
    },
    async execute(txCtx, p, parties) {
      // A step the quant.lifecycle job asked for (as the system user) is audited as the job's.
      const actor = makerActorOf(parties.makerStaffId, 'quant.lifecycle');
      const outcome =
        step === 'start'
          ? await startProduct(txCtx, p.offeringId, actor, runOptions(p, parties))
          : await matureProduct(txCtx, p.offeringId, actor, runOptions(p, parties));
      if (outcome.kind !== (step === 'start' ? 'started' : 'matured')) {
        throw conflict(
          `Structured product ${p.offeringId}: not ${step === 'start' ? 'started' : 'matured'} (${outcome.kind}).`,
        );
      }
      return { offeringId: p.offeringId, step, level: p.level, orders: p.orders, totalMinor: p.totalMinor };
    },
  });
}

export const quantStartApproval = lifecycleApproval('start');
export const quantMatureApproval = lifecycleApproval('mature');

/**
 * The lifecycle step due now of every structured product (by the market clock), previewed: the
 * start of one in subscription whose start has come, else the maturity of a running one whose
 * maturity has come. What `quant run` and the quant.lifecycle job ask for, one request each; a
 * product due for both is started first, and matured by the next run once the start is done.
 */
export async function dueLifecycleSteps(ctx: AppContext) {
  const steps: Awaited<ReturnType<typeof previewLifecycle>>[] = [];
  for (const d of await repo.dueProducts(ctx.db, ctx.clock.now())) {
    steps.push(await previewLifecycle(ctx, d.offeringId, d.state === 'subscription' ? 'start' : 'mature'));
  }
  return steps;
}

/** A product's lifecycle state and dates (the ops commands say what is due, or why not). */
export async function lifecycleStatusOf(ctx: AppContext, offeringId: number) {
  const found = await repo.findProduct(ctx.db, offeringId);
  if (!found || found.offering.dtype !== 'quant') return undefined;
  const { state, startAt, maturityAt } = found.product;
  return { state, startAt, maturityAt };
}
