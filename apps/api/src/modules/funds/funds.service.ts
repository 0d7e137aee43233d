/**
 * Funds (issue 13 section 2; decision 0033): unit trusts bought for an amount and priced forward
 * at the next NAV. A fund is an offering of dtype 'fund' (its instrument is its benchmark index)
 * with terms in fund_terms. A subscription holds the amount (hold purpose 'subscription') and
 * waits, pending, for the valuation of its business day; the valuation strikes the NAV, turns the
 * amount into units (4 decimals, rounded down), captures their value through the ledger, releases
 * the rounding remainder and records the units as a position movement: holding. A redemption is
 * requested by the client and paid at the next valuation: units × NAV less the platform fee for
 * the days held, through the ledger: sold. Every step is one transaction, audited.
 */
import {
  ErrorCode,
  FundMessages,
  TradingMessages,
  type FundDetail,
  type FundNavHistory,
  type FundNavRange,
  type FundPosition,
  type FundPreview,
  type FundValuationSlot,
  type Order,
  type OrderResult,
} from '@imali/contract';
import { formatMinor, profitAndRoi, type Currency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import {
  accountNotFound,
  amountToMinor,
  conflict,
  lockAccounts,
  withIdempotency,
  type IdempotencyInput,
} from '../ledger/ledger.service';
import { toOrderView } from '../orders/orders.service';
import { holdSubscription, subscriptionAccountId } from '../orders/subscription-prelude';
import type { ProductServiceParts, ProductOrderView } from '../orders/product';
import { amountOf, bad, cents2, costsOn, FUND_FEE_SCHEDULE, plain, rand, ticOf } from './fund-figures';
import * as repo from './funds.repository';
import { dayToIso, lastValuationDay, minuteText, pricedOn, sastInstant, valuationDayFor } from './nav';
import { latestNavAt, strikeUntil } from './struck-navs';
import { subscribe, unitsValueMinor } from './units';
import { fundPositionValue } from './valuation';

// The valuation, the operator's actions and the shared figures live in their own files (issue 21
// point 4); what the jobs, the ops commands, the seed and wiring.ts call is re-exported here, so
// they name only the service.
export { FUND_FEE_SCHEDULE } from './fund-figures';
export { navFundOf } from './struck-navs';
export { valueFunds, type ValuationResult } from './valuation';
export {
  buildFundKeyFacts,
  createFund,
  findFundByCode,
  listFundsForOps,
  type CreateFundInput,
} from './fund-operator';

export const fundNotFound = () => notFound(TradingMessages.offeringNotFound);
export const FUND_PRICING_NOTE =
  'Funds are priced at the next NAV (forward pricing), not at a 20-second quotation: ' +
  'subscriptions and redemptions before the cut-off are priced at that day’s valuation, later ones at the next business day’s.';

/** The valuation slot of a business day. */
function slotOf(terms: repo.FundTermsRow, day: number): FundValuationSlot {
  return {
    date: dayToIso(day),
    time: minuteText(terms.valuationMinute),
    at: sastInstant(day, terms.valuationMinute).toISOString(),
    cutoff_at: sastInstant(day, terms.cutoffMinute).toISOString(),
  };
}

function termsView(fund: repo.FundRow) {
  const { terms: t, offering: o, benchmark: b } = fund;
  return {
    code: t.code,
    category: t.category,
    benchmark: { symbol: b.symbol, name: b.name, market: b.market },
    risk_profile: t.riskProfile,
    ter_percent: plain(t.terPercent),
    transaction_costs_percent: plain(t.transactionCostsPercent),
    tic_percent: ticOf(t),
    platform_fee_percent: plain(t.platformFeePercent),
    min_investment: rand(t.minInvestmentMinor),
    max_investment: rand(amountToMinor(plain(o.maxQuantity), 'ZAR')),
    cutoff_time: minuteText(t.cutoffMinute),
    valuation_time: minuteText(t.valuationMinute),
    distribution_policy: t.distributionPolicy,
    launch_date: t.launchDay,
  };
}

// ---------- Client reads ----------

async function openFund(ctx: AppContext, id: number) {
  const fund = await repo.findFund(ctx.db, id);
  if (!fund || fund.offering.dtype !== 'fund') throw fundNotFound();
  return fund;
}

/** GET /funds/app/v1/{id}: terms, key facts, costs on the minimum, latest NAV, next valuation. */
export async function fundDetail(ctx: AppContext, id: number): Promise<FundDetail> {
  const fund = await openFund(ctx, id);
  const at = ctx.clock.now();
  const latest = latestNavAt(ctx, fund, at);
  return {
    id: fund.offering.id,
    name: fund.offering.name,
    status: fund.offering.status,
    currency: fund.offering.currency,
    terms: termsView(fund),
    key_facts: fund.offering.keyFacts,
    costs_on_minimum: costsOn(fund.terms, fund.terms.minInvestmentMinor),
    latest_nav: { date: dayToIso(latest.day), nav: latest.nav },
    next_valuation: slotOf(fund.terms, valuationDayFor(at, fund.terms.cutoffMinute)),
  };
}

const RANGE_DAYS: Record<FundNavRange, number> = {
  '1m': 31,
  '3m': 92,
  '6m': 183,
  '1y': 366,
  '3y': 1096,
  all: 100_000,
};

/** GET /funds/app/v1/{id}/nav?range=: the NAVs struck in the range (the NAV table), ascending. */
export async function fundNavs(ctx: AppContext, id: number, range: FundNavRange): Promise<FundNavHistory> {
  const fund = await openFund(ctx, id);
  const to = lastValuationDay(ctx.clock.now(), fund.terms.valuationMinute);
  // Strikes the days not yet struck (a fund with no orders has no valuation run to strike them).
  await strikeUntil(ctx, ctx.db, fund, to);
  const rows = await repo.navsBetween(ctx.db, id, dayToIso(to - RANGE_DAYS[range]), dayToIso(to));
  return { range, points: rows.map((r) => ({ date: r.day, nav: cents2(r.nav) })) };
}

const accountFor = (ctx: AppContext, clientId: number, currency: Currency, accountId?: number) =>
  subscriptionAccountId(ctx, clientId, currency, accountId, () =>
    bad(TradingMessages.wrongAccountCurrency(currency)),
  );

/** GET /funds/app/v1/{id}/preview: what a subscription of `amount` holds, and when it is priced. */
export async function previewSubscription(
  ctx: AppContext,
  clientId: number,
  id: number,
  input: { amount: string; accountId?: number },
): Promise<FundPreview> {
  const fund = await openFund(ctx, id);
  const amountMinor = amountOf(input.amount);
  checkLimits(fund, amountMinor, 0n);
  await accountFor(ctx, clientId, fund.offering.currency as Currency, input.accountId);
  const at = ctx.clock.now();
  const latest = latestNavAt(ctx, fund, at);
  return {
    amount: rand(amountMinor),
    currency: fund.offering.currency,
    upfront_fee: rand(0n),
    held: rand(amountMinor),
    indicative_nav: { date: dayToIso(latest.day), nav: latest.nav },
    indicative_units: subscribe(amountMinor, latest.nav).units,
    valuation: slotOf(fund.terms, valuationDayFor(at, fund.terms.cutoffMinute)),
    costs: costsOn(fund.terms, amountMinor),
  };
}

function checkLimits(fund: repo.FundRow, amountMinor: bigint, alreadyMinor: bigint) {
  if (amountMinor < fund.terms.minInvestmentMinor) {
    throw bad(FundMessages.belowMinimum(rand(fund.terms.minInvestmentMinor)));
  }
  const max = amountToMinor(plain(fund.offering.maxQuantity), 'ZAR');
  if (alreadyMinor + amountMinor > max) {
    throw new DomainError(ErrorCode.LimitExceeded, FundMessages.aboveMaximum(rand(max)), 409);
  }
}

// ---------- Client orders ----------

export interface SubscribeInput {
  offeringId: number;
  /** Rand, validated money text (contract amountString). */
  amount: string;
  accountId?: number;
  pinSessionId?: string;
}

/**
 * POST /funds/app/v1/record/{id}: one transaction under the idempotency key: the fund's offering
 * locked FOR SHARE and checked open; the client's subscriptions to it queued on an advisory lock
 * (the maximum holds under concurrency); the account locked; the order inserted pending with the
 * amount held (purpose 'subscription'). Priced at the next valuation (forward pricing).
 */
export async function subscribeToFund(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: SubscribeInput,
): Promise<{ data: OrderResult; replayed: boolean }> {
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    const now = ctx.clock.now();
    const locked = await repo.lockOfferingShare(tx, input.offeringId);
    if (!locked || locked.dtype !== 'fund') throw fundNotFound();
    const fund = (await repo.findFund(tx, locked.id))!;
    const o = fund.offering;
    if (o.status !== 'open' || now < o.opensAt || now >= o.closesAt) throw conflict(FundMessages.notOpen);
    const amountMinor = amountOf(input.amount);
    if (amountMinor < fund.terms.minInvestmentMinor) checkLimits(fund, amountMinor, 0n);
    const currency = o.currency as Currency;
    const accountId = await accountFor(txCtx, clientId, currency, input.accountId);
    await repo.lockFundClient(tx, o.id, clientId);
    checkLimits(fund, amountMinor, await repo.investedByClient(tx, o.id, clientId));
    const [account] = await lockAccounts(tx, [accountId], clientId);
    if (!account) throw accountNotFound();
    const day = valuationDayFor(ctx.clock.now(), fund.terms.cutoffMinute);
    const order = await holdSubscription(tx, txCtx, {
      clientId,
      accountId,
      currency,
      heldMinor: amountMinor,
      pinSessionId: input.pinSessionId,
      order: {
        offeringId: o.id,
        instrumentId: o.instrumentId,
        ttype: 'fund',
        status: 'pending',
        // Amount-based until valued: units and NAV are unknown (0), the amount is what is held.
        requestedQuantity: '0',
        quantity: '0',
        buyPrice: '0',
        buyConsiderationMinor: amountMinor,
        buyFeesMinor: 0n,
        feeSchedule: FUND_FEE_SCHEDULE,
      },
      now,
    });
    const fundOrder = await repo.insertFundOrder(tx, {
      orderId: order.id,
      offeringId: o.id,
      amountMinor,
      valuationDay: dayToIso(day),
    });
    await audit.record(txCtx, {
      actor: `client:${clientId}`,
      action: 'fund.subscribe',
      subjectType: 'order',
      subjectId: String(order.id),
      before: null,
      after: {
        fund: fund.terms.code,
        amount: rand(amountMinor),
        account_id: accountId,
        valuation_day: dayToIso(day),
        status: order.status,
      },
    });
    const slot = slotOf(fund.terms, day);
    return {
      order: viewOf(ctx, fund, order, fundOrder, now),
      message: FundMessages.subscribed(o.name, slot.date, `${slot.time} SAST`),
    };
  });
}

/**
 * POST /funds/app/v1/redeem/{orderId}: marks a holding for redemption at the next valuation (the
 * same cut-off as a subscription). The order row is locked, so of concurrent requests one marks
 * it and the others are refused. Nothing moves now; the valuation pays.
 */
export async function requestRedemption(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: { orderId: number },
): Promise<{ data: OrderResult; replayed: boolean }> {
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    const now = ctx.clock.now();
    const found = await repo.lockFundOrder(tx, input.orderId);
    if (!found || found.order.clientId !== clientId) throw notFound(TradingMessages.orderNotFound);
    if (found.order.status !== 'holding') throw conflict(FundMessages.notHeld);
    if (found.fund.redemptionDay !== null) throw conflict(FundMessages.alreadyRedeeming);
    const fund = (await repo.findFund(tx, found.fund.offeringId))!;
    const day = valuationDayFor(ctx.clock.now(), fund.terms.cutoffMinute);
    const fundOrder = await repo.updateFundOrder(tx, found.order.id, {
      redemptionRequestedAt: now,
      redemptionDay: dayToIso(day),
    });
    await audit.record(txCtx, {
      actor: `client:${clientId}`,
      action: 'fund.redeem_request',
      subjectType: 'order',
      subjectId: String(found.order.id),
      before: { status: found.order.status },
      after: { redemption_day: dayToIso(day), units: plain(found.order.quantity) },
    });
    const slot = slotOf(fund.terms, day);
    return {
      order: viewOf(ctx, fund, found.order, fundOrder, now),
      message: FundMessages.redemptionRequested(fund.offering.name, slot.date, `${slot.time} SAST`),
    };
  });
}

// ---------- Receipts ----------

/** The contract receipt of a fund order: the orders module's, with units, NAV in cents and `fund`. */
function viewOf(
  ctx: AppContext,
  fund: repo.FundRow,
  order: repo.OrderRow,
  fo: repo.FundOrderRow,
  now: Date,
): Order {
  const base = toOrderView(order, fund.benchmark, { now, name: fund.offering.name });
  const currency = order.currency as Currency;
  const latest = order.status === 'holding' ? latestNavAt(ctx, fund, ctx.clock.now()) : null;
  const valueMinor = latest ? unitsValueMinor(plain(order.quantity), latest.nav) : null;
  let profit = { profit: base.profit, roi: base.roi };
  if (valueMinor !== null) {
    const p = profitAndRoi({ buyTotalMinor: order.buyConsiderationMinor, sellNetMinor: valueMinor });
    profit = { profit: formatMinor(p.profitMinor, currency), roi: p.roi };
  }
  const nav2 = (text: string | null) => (text === null || plain(text) === '0' ? '0.00' : cents2(text));
  const position: FundPosition = {
    code: fund.terms.code,
    amount: formatMinor(fo.amountMinor, currency),
    valuation: slotOf(fund.terms, pricedOn(fo.valuationDay)),
    units: fo.units === null ? null : fo.units,
    nav: fo.nav === null ? null : cents2(fo.nav),
    refund: fo.refundMinor === null ? null : formatMinor(fo.refundMinor, currency),
    latest_nav: latest ? { date: dayToIso(latest.day), nav: latest.nav } : null,
    value: valueMinor === null ? null : formatMinor(valueMinor, currency),
    redemption: fo.redemptionDay === null ? null : slotOf(fund.terms, pricedOn(fo.redemptionDay)),
    redemption_nav: fo.redemptionNav === null ? null : cents2(fo.redemptionNav),
    platform_fee: order.status === 'sold' ? formatMinor(order.sellFeesMinor ?? 0n, currency) : null,
    pricing_note: FUND_PRICING_NOTE,
  };
  return {
    ...base,
    symbol: fund.terms.code,
    quote_unit: 'ZAc',
    display_type: 'fund',
    quantity: fo.units ?? '0',
    requested_quantity: fo.units ?? '0',
    buy_price: nav2(order.buyPrice),
    order_price: nav2(order.status === 'sold' ? order.sellPrice : order.buyPrice),
    sell_price: order.sellPrice === null ? null : nav2(order.sellPrice),
    last_price: latest ? latest.nav : null,
    profit: profit.profit,
    roi: profit.roi,
    fund: position,
  };
}

// The orders module shows fund orders through this view (GET /order/holding|awaiting|history and
// the receipt); it imports nothing of this module: the view reaches it in fundProduct (below).
const fundOrderViews: ProductOrderView<AppContext> = async (ctx, rows, now) => {
  const funds = new Map<number, repo.FundRow>();
  const fundOrders = new Map(
    (
      await repo.fundOrdersByIds(
        ctx.db,
        rows.map((r) => r.order.id),
      )
    ).map((f) => [f.orderId, f]),
  );
  const out: Order[] = [];
  for (const { order } of rows) {
    const fo = fundOrders.get(order.id);
    if (!fo) throw new Error(`fund order ${order.id} has no fund_orders row`);
    let fund = funds.get(fo.offeringId);
    if (!fund) funds.set(fo.offeringId, (fund = (await repo.findFund(ctx.db, fo.offeringId))!));
    out.push(viewOf(ctx, fund, order, fo, now));
  }
  return out;
};

/** The fund, as wiring.ts hands it to orders and portfolio (decision 0048). */
export const fundProduct = {
  orderView: fundOrderViews,
  positionValuer: fundPositionValue,
  offeringListDetails: null,
} satisfies ProductServiceParts<AppContext>;
