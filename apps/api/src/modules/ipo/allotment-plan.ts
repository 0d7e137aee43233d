/**
 * The allotment of an IPO's book as a plan (issue 23): who gets how many lots, who lapses, what
 * each is debited and released. Pure (no I/O, no clock): the preview shows it, the approval's
 * payload carries its hash, and `allotIpo` computes it again under its lock and executes it only
 * when the hash is the one approved (the book did not change in between). The lots come from the
 * one allotment rule (allotment.ts), the cash from the one trade pricing (orders' priceTrade).
 */
import { createHash } from 'node:crypto';
import { formatMinor, type Currency } from '@imali/money';
import type { scheduleForCountry } from '../fees/fees.service';
import type { InstrumentRow } from '../market/market.service';
import { priceTrade, type OrderRow } from '../orders/orders.service';
import { allot, lotteryRank, type AllotmentRule } from './allotment';
import type { IpoApplicationRow, IpoTermsRow } from './ipo.repository';

export interface PlannedAllotment {
  orderId: number;
  reference: string;
  clientId: number;
  lots: number;
  allotted: number;
  lapsed: boolean;
  currency: string;
  /** What the allotment captures from the hold (minor units), and what it releases. */
  debitedMinor: bigint;
  releasedMinor: bigint;
  rank: string | null;
}

export interface AllotmentPlan {
  offeringId: number;
  rule: AllotmentRule;
  seed: string;
  finalPrice: string;
  lotsOffered: bigint;
  lines: PlannedAllotment[];
  /** SHA-256 (hex) of the plan's figures: what a checker approves. */
  hash: string;
}

export interface PlanInput {
  offeringId: number;
  rule: AllotmentRule;
  seed: string;
  /** The final price, plain decimal text in the quote unit. */
  final: string;
  terms: Pick<IpoTermsRow, 'sharesOffered' | 'lotSize' | 'reconfirmRequired'>;
  instrument: InstrumentRow;
  /**
   * The fee schedule of an application: the version its client's preview showed and the order
   * was held on (decision 0063: re-priced with exactly it), not the one in force at allotment.
   */
  scheduleOf: (order: OrderRow) => ReturnType<typeof scheduleForCountry>;
  /** The awaiting applications, earliest first (the order breaks pro-rata ties). */
  rows: readonly { order: OrderRow; application: IpoApplicationRow }[];
}

export function planAllotment(input: PlanInput): AllotmentPlan {
  const { terms, rows, rule, seed } = input;
  const lotsOffered = terms.sharesOffered / BigInt(terms.lotSize);
  const isLapsed = (r: PlanInput['rows'][number]) =>
    terms.reconfirmRequired && r.application.reconfirmedAt === null;
  const eligible = rows.filter((r) => !isLapsed(r));
  const allotments = new Map(
    allot(
      rule,
      eligible.map((r) => ({ orderId: r.order.id, lots: BigInt(r.application.lots) })),
      lotsOffered,
      seed,
    ).map((a) => [a.orderId, a]),
  );
  const lines = rows.map((r): PlannedAllotment => {
    const allotted = Number(allotments.get(r.order.id)?.allotted ?? 0n);
    const debitedMinor =
      allotted === 0
        ? 0n
        : priceTrade(
            input.instrument,
            input.scheduleOf(r.order),
            'buy',
            String(allotted * terms.lotSize),
            input.final,
          ).cashMinor;
    return {
      orderId: r.order.id,
      reference: r.order.reference,
      clientId: r.order.clientId,
      lots: r.application.lots,
      allotted,
      lapsed: isLapsed(r),
      currency: r.order.currency,
      debitedMinor,
      releasedMinor: r.order.heldMinor - debitedMinor,
      rank: rule === 'lottery' ? lotteryRank(seed, r.order.id) : null,
    };
  });
  const hash = createHash('sha256')
    .update(
      JSON.stringify({
        offeringId: input.offeringId,
        rule,
        seed,
        final: input.final,
        lotsOffered: lotsOffered.toString(),
        lines: lines.map((l) => [l.orderId, l.lots, l.allotted, l.lapsed, l.debitedMinor.toString()]),
      }),
    )
    .digest('hex');
  return { offeringId: input.offeringId, rule, seed, finalPrice: input.final, lotsOffered, lines, hash };
}

/** The plan as JSON-safe text (the preview route and the CLI). */
export function allotmentPlanView(plan: AllotmentPlan) {
  const sum = (f: (l: PlannedAllotment) => bigint) => plan.lines.reduce((s, l) => s + f(l), 0n);
  const currency = (plan.lines[0]?.currency ?? 'ZAR') as Currency;
  return {
    offeringId: plan.offeringId,
    rule: plan.rule,
    seed: plan.seed,
    finalPrice: plan.finalPrice,
    lotsOffered: plan.lotsOffered.toString(),
    lotsApplied: plan.lines.reduce((s, l) => s + l.lots, 0),
    lotsAllotted: plan.lines.reduce((s, l) => s + l.allotted, 0),
    debited: formatMinor(
      sum((l) => l.debitedMinor),
      currency,
    ),
    released: formatMinor(
      sum((l) => l.releasedMinor),
      currency,
    ),
    allotmentsHash: plan.hash,
    lines: plan.lines.map((l) => ({
      orderId: l.orderId,
      reference: l.reference,
      clientId: l.clientId,
      lots: l.lots,
      allotted: l.allotted,
      lapsed: l.lapsed,
      debited: formatMinor(l.debitedMinor, l.currency as Currency),
      released: formatMinor(l.releasedMinor, l.currency as Currency),
      rank: l.rank,
    })),
  };
}
