/**
 * Order views and receipts (issue 21 point 3, out of orders.service.ts): the contract receipt of an
 * order row, the client's lists and one receipt, a product's own view through its definition
 * (`ctx.wiring.products`, decision 0048). orders.service re-exports what other modules call.
 */
import { TradingMessages, type Order, type OrderList, type OrderTtype } from '@imali/contract';
import { formatMinor, profitAndRoi, type Currency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../plugins/errors';
import { quoteUnitOf, type InstrumentRow } from '../market/market.service';
import { marketPriceOf } from '../quotes/quotes.service';
import * as repo from './orders.repository';
import type { FoundOrder } from './product';
import { considerationOf, displayPrice, feesBySideOf, itemsOf, plain, summaryOf } from './pricing';

const DAY_MS = 86_400_000;
type OrderRow = repo.OrderRow;
export const orderNotFound = () => notFound(TradingMessages.orderNotFound);

export interface OrderViewOptions {
  /** For a holding: the last price (quote unit) its unrealised profit is computed at. */
  lastPrice?: string | null;
  /** Now by the app clock, for the holding period of an order not yet sold. */
  now: Date;
  /** The offering's name, for an order on an offering (default: the instrument's name). */
  name?: string | null;
}

const wholeDays = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));

/** The contract receipt (spec section 3) of an order row. */
export function toOrderView(row: OrderRow, instrument: InstrumentRow, options: OrderViewOptions): Order {
  const currency = row.currency as Currency;
  const money = (minor: bigint) => formatMinor(minor, currency);
  const price = (text: string) => displayPrice(text, instrument.priceDecimals);
  const sold = row.status === 'sold';
  const executed = row.status === 'holding' || sold;
  const buyTotalMinor = row.buyConsiderationMinor + row.buyFeesMinor;
  const sellNetMinor = (row.sellConsiderationMinor ?? 0n) - (row.sellFeesMinor ?? 0n);
  const lastPrice = row.status === 'holding' ? (options.lastPrice ?? null) : null;
  let profit = { profitMinor: 0n, roi: '0' };
  // A sale's cost is what it relieved under the position's method (decision 0040); sales from
  // before cost bases relieved the order's own cost.
  if (sold) profit = profitAndRoi({ buyTotalMinor: row.costBasisMinor ?? buyTotalMinor, sellNetMinor });
  else if (row.status === 'holding' && lastPrice !== null) {
    // Unrealised: what the shares are worth at the last price (before sell fees) against their cost.
    profit = profitAndRoi({
      buyTotalMinor,
      sellNetMinor: considerationOf(instrument, row.quantity, lastPrice),
    });
  }
  const now = options.now;
  return {
    id: row.id,
    reference: row.reference,
    account: row.accountId,
    status: row.status,
    ttype: row.ttype,
    // The web maps it to the STOCK sub-label (fo D.D., otc P.M., ipo ST, standard STD).
    display_type: row.ttype,
    name: options.name ?? instrument.name,
    symbol: instrument.symbol,
    market: instrument.market,
    country: instrument.country,
    currency,
    quote_unit: quoteUnitOf(instrument),
    offering_id: row.offeringId,
    order_time: row.orderTime.toISOString(),
    execution_time: row.executionTime?.toISOString() ?? null,
    settlement_time: row.settlementTime?.toISOString() ?? null,
    order_action: sold ? 'sell' : 'buy',
    quantity: plain(row.quantity),
    requested_quantity: plain(row.requestedQuantity),
    buy_price: price(row.buyPrice),
    buy_trade_value: money(row.buyConsiderationMinor),
    sell_trade_value: money(row.sellConsiderationMinor ?? 0n),
    order_price: price(sold ? row.sellPrice! : row.buyPrice),
    trade_value: money(sold ? sellNetMinor : buyTotalMinor),
    profit: money(profit.profitMinor),
    roi: profit.roi,
    cost_basis: sold && row.costBasisMinor !== null ? money(row.costBasisMinor) : null,
    cost_basis_method: sold ? row.costBasisMethod : null,
    holding_period: executed ? wholeDays(row.executionTime!, row.soldAt ?? now) : 0,
    outstanding: money(0n),
    // The spec's summary of the last action's side (contract feeSummary); both sides whole below.
    fees: summaryOf(sold ? row.sellFees : row.buyFees, currency),
    // Every charge the order paid: the buy's, then the sale's.
    fee_items: [...itemsOf(row.buyFees, 'buy', currency), ...itemsOf(row.sellFees, 'sell', currency)],
    fees_by_side: feesBySideOf(row, currency),
    fee_schedule: (sold ? row.sellFees?.schedule : undefined) ?? row.feeSchedule,
    locked_until: row.lockedUntil?.toISOString() ?? null,
    buy_quote_id: row.buyQuoteId,
    sell_quote_id: row.sellQuoteId,
    quoted_sell_price: row.quotedSellPrice === null ? null : price(row.quotedSellPrice),
    sell_price: row.sellPrice === null ? null : price(row.sellPrice),
    last_price: lastPrice === null ? null : price(lastPrice),
    reason: row.reason,
  };
}

/** Which statuses each list shows (contract ORDER_LISTS). */
const LIST_STATUSES: Record<OrderList, readonly repo.OrderStatus[]> = {
  holding: ['holding'],
  awaiting: ['pending', 'awaiting', 'listing'],
  history: ['sold', 'rejected'],
};

function viewWithPrice(
  ctx: AppContext,
  found: { order: OrderRow; instrument: InstrumentRow; offeringName?: string | null },
  now: Date,
  prices: Map<number, string>,
) {
  let lastPrice: string | null = null;
  if (found.order.status === 'holding') {
    // One simulated price per instrument per list: a client's orders repeat their stocks.
    lastPrice = prices.get(found.instrument.id) ?? null;
    if (lastPrice === null) {
      lastPrice = marketPriceOf(ctx, found.instrument).price;
      prices.set(found.instrument.id, lastPrice);
    }
  }
  return toOrderView(found.order, found.instrument, { now, lastPrice, name: found.offeringName });
}

// ---------- Orders of product modules (issue 13) ----------
// A product with a view of its own (ipo, fund, quant) shows its orders through it; the definitions
// come on the context (modules/wiring.ts, decision 0048), so this module imports none of them.

async function viewsOf(ctx: AppContext, rows: FoundOrder[], now: Date): Promise<Order[]> {
  const out = new Array<Order>(rows.length);
  const byProduct = new Map<OrderTtype, number[]>();
  const prices = new Map<number, string>();
  rows.forEach((r, i) => {
    if (!ctx.wiring.products[r.order.ttype].orderView) out[i] = viewWithPrice(ctx, r, now, prices);
    else {
      const indexes = byProduct.get(r.order.ttype);
      if (indexes) indexes.push(i);
      else byProduct.set(r.order.ttype, [i]);
    }
  });
  for (const [ttype, indexes] of byProduct) {
    const views = await ctx.wiring.products[ttype].orderView!(
      ctx,
      indexes.map((i) => rows[i]!),
      now,
    );
    indexes.forEach((i, k) => (out[i] = views[k]!));
  }
  return out;
}

/** GET /order/holding|awaiting|history: the client's orders in that list, newest first. */
export async function listOrders(
  ctx: AppContext,
  clientId: number,
  list: OrderList,
  dtype?: OrderTtype | 'all',
) {
  const rows = await repo.listClientOrders(
    ctx.db,
    clientId,
    LIST_STATUSES[list],
    dtype === undefined || dtype === 'all' ? undefined : dtype,
  );
  return viewsOf(ctx, rows, ctx.clock.now());
}

/** GET /order?did=&ttype=: one receipt of this client (another client's, or another ttype: 404). */
export async function orderReceipt(
  ctx: AppContext,
  clientId: number,
  orderId: number,
  ttype?: OrderTtype,
): Promise<Order> {
  const found = await repo.findClientOrder(ctx.db, clientId, orderId);
  if (!found || (ttype !== undefined && found.order.ttype !== ttype)) throw orderNotFound();
  return (await viewsOf(ctx, [found], ctx.clock.now()))[0]!;
}
