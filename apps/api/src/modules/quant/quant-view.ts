/**
 * The structured part of a quant order's receipt (`order.structured`) and its yield figures.
 * The orders module calls `withStructured` for the lists and receipts it answers (its receipts
 * know nothing of payoff formulas); this file imports nothing of the orders module, so the two
 * never form a cycle.
 *
 * While running, an order is valued by the payoff formula at the underlying's level now (what
 * maturity would pay at today's level): profit = that value − (amount + entry costs). Once sold,
 * the receipt's own sell figures (the payoff credited) give the realised profit.
 */
import type { Order, StructuredPosition } from '@imali/contract';
import { formatMinor, profitAndRoi, type Currency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { providerFor, toSim, type InstrumentRow } from '../market/market.service';
import { ticksToDecimalString } from '../market/simulator/simulator';
import { payoffMinor, pctOfMinor, underlyingReturn, type PayoffTerms } from './payoff';
import * as repo from './quant.repository';

export const EARLY_EXIT_REASON = 'Early exit';
export const MATURED_REASON = 'Matured';
export const CANCELLED_REASON = 'Cancelled';

/** The underlying's level (quote unit, exact text) as of an instant: its last price then. */
export function levelAt(ctx: AppContext, instrument: InstrumentRow, at: Date): string {
  const q = providerFor(ctx).quote(toSim(instrument), at);
  return ticksToDecimalString(q.priceTicks, instrument.priceDecimals);
}

export const termsOf = (p: repo.ProductRow): PayoffTerms => ({
  protectionPct: p.protectionPct,
  participationPct: p.participationPct,
  capPct: p.capPct,
});

/** Exact numeric text as shown: '90.0000' → '90'. */
export const pctShown = (text: string) => text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

export interface RunningValue {
  level: string;
  valueMinor: bigint;
  exitCostMinor: bigint;
}

/** A running order's value by the payoff formula at the level as of `at`, and its exit cost. */
export function runningValue(
  ctx: AppContext,
  product: repo.ProductRow,
  instrument: InstrumentRow,
  amountMinor: bigint,
  at: Date,
): RunningValue {
  const level = levelAt(ctx, instrument, at);
  return {
    level,
    valueMinor: payoffMinor(amountMinor, termsOf(product), underlyingReturn(product.startLevel!, level)),
    exitCostMinor: pctOfMinor(amountMinor, product.earlyExitCostPct),
  };
}

export function structuredPositionOf(
  ctx: AppContext,
  order: repo.OrderRow,
  product: repo.ProductRow,
  instrument: InstrumentRow,
): { position: StructuredPosition; profitMinor?: bigint; roi?: string } {
  const currency = order.currency as Currency;
  const money = (minor: bigint) => formatMinor(minor, currency);
  const amount = order.buyConsiderationMinor;
  const marketAt = ctx.clock.now();
  const running = order.status === 'holding' && product.state === 'running';
  const value = running ? runningValue(ctx, product, instrument, amount, marketAt) : undefined;
  const canExit =
    running && product.earlyExit === 'daily' && marketAt.getTime() < product.maturityAt.getTime();
  const sold = order.status === 'sold';
  const position: StructuredPosition = {
    state: product.state,
    amount: money(amount),
    entry_fee: money(order.buyFeesMinor),
    start_at: product.startAt.toISOString(),
    maturity_at: product.maturityAt.toISOString(),
    protection_pct: pctShown(product.protectionPct),
    participation_pct: pctShown(product.participationPct),
    cap_pct: product.capPct === null ? null : pctShown(product.capPct),
    start_level: product.startLevel === null ? null : pctShown(product.startLevel),
    level: value ? value.level : sold && order.quotedSellPrice ? pctShown(order.quotedSellPrice) : null,
    value: value ? money(value.valueMinor) : sold ? money(order.sellConsiderationMinor ?? 0n) : null,
    payoff: sold ? money(order.sellConsiderationMinor ?? 0n) : null,
    early_exit: product.earlyExit,
    early_exit_cost: money(pctOfMinor(amount, product.earlyExitCostPct)),
    exit_proceeds: canExit && value ? money(value.valueMinor - value.exitCostMinor) : null,
    can_cancel: order.status === 'awaiting' && product.state === 'subscription',
    can_exit: canExit,
    exited_early: sold && order.reason === EARLY_EXIT_REASON,
  };
  if (!value) return { position };
  const { profitMinor, roi } = profitAndRoi({
    buyTotalMinor: amount + order.buyFeesMinor,
    sellNetMinor: value.valueMinor,
  });
  return { position, profitMinor, roi };
}

/** Adds `structured` (and the running value's profit) to the quant orders among `views`. */
export async function withStructured(
  ctx: AppContext,
  rows: readonly { order: repo.OrderRow; instrument: InstrumentRow }[],
  views: Order[],
): Promise<Order[]> {
  const quantIds = [
    ...new Set(
      rows.filter((r) => r.order.ttype === 'quant' && r.order.offeringId).map((r) => r.order.offeringId!),
    ),
  ];
  if (quantIds.length === 0) return views;
  const products = new Map((await repo.productsOf(ctx.db, quantIds)).map((p) => [p.offeringId, p]));
  return views.map((view, i) => {
    const { order, instrument } = rows[i]!;
    const product = order.ttype === 'quant' ? products.get(order.offeringId ?? -1) : undefined;
    if (!product) return view;
    const { position, profitMinor, roi } = structuredPositionOf(ctx, order, product, instrument);
    return {
      ...view,
      structured: position,
      last_price: position.level,
      ...(profitMinor === undefined
        ? {}
        : { profit: formatMinor(profitMinor, order.currency as Currency), roi: roi! }),
    };
  });
}
