import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { defineApprovalAction, staffActorOf } from '../approvals/approval-action';
import { conflict } from '../ledger/ledger.service';
import { previewRate, setRate, type RatePublication } from './fx.service';

/**
 * `fx.rate_publish` as an approvable action (issue 23, decision 0058): the pair, the rate and mid
 * the maker's preview showed with its spread, and the pair as it was published then. At approval
 * the pair must still be as it was (another publication meanwhile: the preview is stale) and the
 * publication pass the same checks (setRate checks them again under its publishing lock).
 */
const rateText = z.string().regex(/^\d{1,18}(\.\d{1,12})?$/);
export const fxRatePublishPayload = z.object({
  from: z.string().regex(/^[A-Z]{3}$/),
  to: z.string().regex(/^[A-Z]{3}$/),
  rate: rateText,
  mid: rateText,
  spread: z.string(),
  before: z.object({ rate: rateText, mid: rateText }).nullable(),
});
export type FxRatePublishPayload = z.infer<typeof fxRatePublishPayload>;

export const fxRatePublishPayloadOf = (p: RatePublication): FxRatePublishPayload => ({ ...p });

export const fxRatePublishApproval = defineApprovalAction<AppContext, FxRatePublishPayload, unknown>({
  action: 'fx.rate_publish',
  makerPermission: 'treasury.request',
  checkerPermission: 'treasury.approve',
  payload: fxRatePublishPayload,
  itemKeyOf: (p) => `fx:${p.from}/${p.to}`,
  amountOf: () => null,
  async recheck(ctx, p) {
    const now = await previewRate(ctx, { from: p.from, to: p.to, rate: p.rate, mid: p.mid });
    const same = (a: { rate: string; mid: string } | null, b: { rate: string; mid: string } | null) =>
      a === b || (a !== null && b !== null && a.rate === b.rate && a.mid === b.mid);
    if (!same(now, p) || now.spread !== p.spread || !same(now.before, p.before)) {
      throw conflict(`The ${p.from}/${p.to} rate changed since it was previewed; preview it again.`);
    }
  },
  async execute(txCtx, p, parties) {
    const row = await setRate(
      txCtx,
      { from: p.from, to: p.to, rate: p.rate, mid: p.mid },
      staffActorOf({ id: parties.makerStaffId }),
      { approvedBy: parties.checkerStaffIds.map((id) => staffActorOf({ id })) },
    );
    return { from: row.fromCurrency, to: row.toCurrency, rate: p.rate, mid: p.mid };
  },
});
