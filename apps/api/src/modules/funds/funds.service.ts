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
  type FundCosts,
  type FundDetail,
  type FundNavHistory,
  type FundNavRange,
  type FundPosition,
  type FundPreview,
  type FundValuationSlot,
  type Order,
  type OrderResult,
} from '@imali/contract';
import {
  formatDecimal,
  formatMinor,
  FUND_FEE_SCHEDULE as FUND_NAV_FEE_SCHEDULE,
  normalizeDecimal,
  parseDecimal,
  profitAndRoi,
  rescale,
  tryParseDecimal,
  type Currency,
} from '@imali/money';
import type { Db } from '../../db/client';
import type { StoredFees, StoredKeyFact } from '../../db/schema/index';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import {
  accountNotFound,
  amountToMinor,
  captureHold,
  conflict,
  houseAccountId,
  inTransaction,
  lockAccounts,
  postEntry,
  releaseHold,
  withIdempotency,
  type IdempotencyInput,
  type PostingLine,
} from '../ledger/ledger.service';
import { instrumentByRef, toSim } from '../market/market.service';
import { MarketSimulator } from '../market/simulator/simulator';
import { insertOffering } from '../offerings/offerings.service';
import { insertPositionMovement, toOrderView, updateOrder } from '../orders/orders.service';
import { holdSubscription, subscriptionAccountId } from '../orders/subscription-prelude';
import type { PositionValuer, ProductServiceParts, ProductOrderView } from '../orders/product';
import * as repo from './funds.repository';
import {
  dayToIso,
  isBusinessDay,
  isoToDay,
  lastValuationDay,
  minuteText,
  navHistory,
  navOn,
  sastInstant,
  valuationDayFor,
  type NavFund,
} from './nav';
import { redeem, subscribe, unitsValueMinor } from './units';

const DAY_MS = 86_400_000;
const bad = (message: string) => new DomainError(ErrorCode.InvalidInput, message, 400);
export const fundNotFound = () => notFound(TradingMessages.offeringNotFound);
/** The fee schedule a fund order records: no upfront fee (costs are in the NAV; platform fee on exit). */
// The constant lives in @imali/money, whose feeScheduleTitle gives the client its readable name.
export const FUND_FEE_SCHEDULE = FUND_NAV_FEE_SCHEDULE;
export const FUND_PRICING_NOTE =
  'Funds are priced at the next NAV (forward pricing), not at a 20-second quotation: ' +
  'subscriptions and redemptions before the cut-off are priced at that day’s valuation, later ones at the next business day’s.';

/** Exact numeric text without needless zeros: '0.8500' → '0.85'. */
const plain = (text: string) => formatDecimal(normalizeDecimal(parseDecimal(text)));
/** Cents with 2 decimals: '12345.6' → '12345.60'. */
const cents2 = (text: string) => formatDecimal(rescale(normalizeDecimal(parseDecimal(text)), 2, 'DOWN'));
const rand = (minor: bigint) => formatMinor(minor, 'ZAR');

// One simulator per seed and process: the NAV is derived, so its caches are not state.
const sims = new Map<number, MarketSimulator>();
function simOf(ctx: AppContext) {
  const seed = ctx.config.MARKET_SIM_SEED;
  let sim = sims.get(seed);
  if (!sim) sims.set(seed, (sim = new MarketSimulator(seed)));
  return sim;
}

export function navFundOf({ terms, benchmark }: Pick<repo.FundRow, 'terms' | 'benchmark'>): NavFund {
  return {
    code: terms.code,
    benchmark: toSim(benchmark),
    launchDay: isoToDay(terms.launchDay),
    launchNav: terms.launchNav,
    annualCostPercent: Number(terms.terPercent) + Number(terms.transactionCostsPercent),
  };
}

/** percent (decimal text, per year) of an amount in cents, half-up to the cent. */
function percentOfMinor(amountMinor: bigint, percent: string): bigint {
  const p = rescale(normalizeDecimal(parseDecimal(percent)), 4, 'DOWN').coefficient;
  return (2n * amountMinor * p + 1_000_000n) / 2_000_000n;
}

function costsOn(terms: repo.FundTermsRow, amountMinor: bigint): FundCosts {
  const ter = percentOfMinor(amountMinor, terms.terPercent);
  const tc = percentOfMinor(amountMinor, terms.transactionCostsPercent);
  const platform = percentOfMinor(amountMinor, terms.platformFeePercent);
  return {
    amount: rand(amountMinor),
    ter: rand(ter),
    transaction_costs: rand(tc),
    tic: rand(ter + tc),
    platform_fee: rand(platform),
    total: rand(ter + tc + platform),
  };
}

const ticOf = (terms: repo.FundTermsRow) =>
  formatDecimal(
    normalizeDecimal({
      coefficient:
        rescale(parseDecimal(terms.terPercent), 4, 'DOWN').coefficient +
        rescale(parseDecimal(terms.transactionCostsPercent), 4, 'DOWN').coefficient,
      scale: 4,
    }),
  );

/** The valuation slot of a business day. */
function slotOf(terms: repo.FundTermsRow, day: number): FundValuationSlot {
  return {
    date: dayToIso(day),
    time: minuteText(terms.valuationMinute),
    at: sastInstant(day, terms.valuationMinute).toISOString(),
    cutoff_at: sastInstant(day, terms.cutoffMinute).toISOString(),
  };
}

/** The latest NAV struck by `at` (market clock): a pure function, the same as the stored strike. */
function latestNavAt(ctx: AppContext, fund: repo.FundRow, at: Date) {
  const nav = navFundOf(fund);
  const day = Math.max(lastValuationDay(at, fund.terms.valuationMinute), nav.launchDay);
  return { day, nav: navOn(simOf(ctx), nav, day) };
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

/** The key-facts sheet, generated from the terms (never typed in), shown before the client subscribes. */
export function buildFundKeyFacts(input: {
  name: string;
  category: string;
  benchmarkName: string;
  riskProfile: number;
  terPercent: string;
  transactionCostsPercent: string;
  platformFeePercent: string;
  minInvestmentMinor: bigint;
  cutoffMinute: number;
  valuationMinute: number;
  distributionPolicy: 'accumulating' | 'distributing';
}): StoredKeyFact[] {
  const terms = {
    terPercent: input.terPercent,
    transactionCostsPercent: input.transactionCostsPercent,
    platformFeePercent: input.platformFeePercent,
  } as repo.FundTermsRow;
  const c = costsOn(terms, input.minInvestmentMinor);
  const cutoff = minuteText(input.cutoffMinute);
  const valuation = minuteText(input.valuationMinute);
  return [
    {
      key: 'what_you_buy',
      label: 'What you buy',
      text:
        `Units of ${input.name}, a ${input.category} unit trust measured against the ${input.benchmarkName}. ` +
        `Risk profile ${input.riskProfile} of 7 (1 lowest, 7 highest).`,
    },
    {
      key: 'price_basis',
      label: 'How it is priced',
      text:
        `Forward pricing at the NAV (net asset value per unit), struck at ${valuation} SAST each JSE business day. ` +
        `Orders before the ${cutoff} SAST cut-off are priced at that day's valuation; later orders, and orders on ` +
        `weekends and JSE holidays, at the next business day's. You invest an amount: units = amount ÷ NAV to ` +
        `4 decimals, rounded down, and the remainder is refunded to your account. No 20-second quotation applies.`,
    },
    {
      key: 'fees',
      label: 'Costs',
      text:
        `No upfront fee. Inside the fund (already in the NAV): TER ${plain(input.terPercent)}% a year and transaction ` +
        `costs ${plain(input.transactionCostsPercent)}% a year (total investment charge ${ticOf(terms)}%). Platform fee ` +
        `${plain(input.platformFeePercent)}% a year, deducted at redemption for the days held. On the minimum of ` +
        `R ${c.amount} that is R ${c.ter} TER + R ${c.transaction_costs} transaction costs + R ${c.platform_fee} ` +
        `platform fee = R ${c.total} a year.`,
    },
    {
      key: 'early_exit',
      label: 'Redeeming',
      text:
        `Redeem any time from Order Details: paid at the next NAV by the same cut-off, units × NAV less the ` +
        `platform fee for the days held, into your account.`,
    },
    {
      key: 'allocation',
      label: 'Income',
      text:
        input.distributionPolicy === 'accumulating'
          ? 'Accumulating: income the fund earns is reinvested and shows in the NAV.'
          : 'Distributing: income is declared by the fund and shows in the NAV until paid.',
    },
    {
      key: 'maximum_loss',
      label: 'Risk',
      text: 'Not capital protected: the NAV moves with the market and you can lose part of what you invest. Past performance is no guide to the future.',
    },
  ];
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

/** Strikes the NAVs of every business day after the last one struck up to `day` (first strike wins). */
async function strikeUntil(ctx: AppContext, db: Db, fund: repo.FundRow, day: number) {
  const last = await repo.lastNav(db, fund.offering.id);
  const from = last ? isoToDay(last.day) + 1 : isoToDay(fund.terms.launchDay);
  if (from > day) return 0;
  const struckAt = ctx.clock.now();
  const rows = navHistory(simOf(ctx), navFundOf(fund), from, day).map((p) => ({
    offeringId: fund.offering.id,
    day: dayToIso(p.day),
    nav: p.nav,
    struckAt,
  }));
  await repo.strikeNavs(db, rows);
  return rows.length;
}

/** The NAV of a business day as struck (striking it if needed): the stored one is the NAV. */
async function struckNav(ctx: AppContext, db: Db, fund: repo.FundRow, day: number) {
  await strikeUntil(ctx, db, fund, day);
  const row = await repo.navOnDay(db, fund.offering.id, dayToIso(day));
  return row ? cents2(row.nav) : navOn(simOf(ctx), navFundOf(fund), day);
}

function amountOf(text: string): bigint {
  const d = tryParseDecimal(text);
  if (!d || d.coefficient <= 0n) throw bad('Enter an amount greater than 0');
  return amountToMinor(text, 'ZAR');
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

// ---------- Valuation ----------

export interface ValuationResult {
  funds: {
    code: string;
    day: string;
    navs: { date: string; nav: string }[];
    subscriptions: { orderId: number; units: string; nav: string; tradeValue: string; refund: string }[];
    rejected: number[];
    redemptions: { orderId: number; units: string; nav: string; gross: string; platformFee: string }[];
  }[];
}

/**
 * Values every fund up to the last valuation time passed (market clock), or only the business day
 * `date` (which must be due): strikes the NAVs, values the pending subscriptions priced then and
 * pays the redemptions priced then. One transaction; safe with two processes (the job's advisory
 * lock, and each order row locked FOR UPDATE and re-read: one valued by another process meanwhile
 * is no longer pending). A rerun finds nothing to do.
 */
export async function valueFunds(
  ctx: AppContext,
  options: { date?: string; actor: string },
): Promise<ValuationResult> {
  const at = ctx.clock.now();
  return inTransaction(ctx, async (tx, txCtx) => {
    const result: ValuationResult = { funds: [] };
    const funds = await repo.listFunds(tx);
    for (const fund of funds) {
      if (fund.offering.dtype !== 'fund') continue;
      const due = lastValuationDay(at, fund.terms.valuationMinute);
      let target = due;
      if (options.date !== undefined) {
        const day = isoToDay(options.date);
        if (!isBusinessDay(day)) throw bad(FundMessages.notBusinessDay(options.date));
        if (day > due)
          throw conflict(FundMessages.notYetDue(options.date, minuteText(fund.terms.valuationMinute)));
        target = day;
      }
      if (target < isoToDay(fund.terms.launchDay)) continue;
      await strikeUntil(ctx, tx, fund, due);
      const exact = options.date !== undefined;
      const navs = new Map<string, string>();
      const navFor = async (iso: string) => {
        let nav = navs.get(iso);
        if (nav === undefined) navs.set(iso, (nav = await struckNav(ctx, tx, fund, isoToDay(iso))));
        return nav;
      };
      const entry: ValuationResult['funds'][number] = {
        code: fund.terms.code,
        day: dayToIso(target),
        navs: [],
        subscriptions: [],
        rejected: [],
        redemptions: [],
      };
      for (const row of await repo.lockDueSubscriptions(tx, fund.offering.id, dayToIso(target), exact)) {
        const nav = await navFor(row.fund.valuationDay);
        const valued = await valueSubscription(txCtx, fund, row, nav, options.actor);
        if (valued) entry.subscriptions.push(valued);
        else entry.rejected.push(row.order.id);
      }
      for (const row of await repo.lockDueRedemptions(tx, fund.offering.id, dayToIso(target), exact)) {
        const nav = await navFor(row.fund.redemptionDay!);
        entry.redemptions.push(await payRedemption(txCtx, fund, row, nav, options.actor));
      }
      entry.navs = [...navs].map(([date, nav]) => ({ date, nav }));
      if (entry.subscriptions.length + entry.rejected.length + entry.redemptions.length > 0) {
        await audit.record(txCtx, {
          actor: options.actor,
          action: 'fund.value',
          subjectType: 'offering',
          subjectId: String(fund.offering.id),
          before: null,
          after: {
            day: entry.day,
            navs: entry.navs,
            subscriptions: entry.subscriptions.length,
            rejected: entry.rejected.length,
            redemptions: entry.redemptions.length,
          },
        });
      }
      result.funds.push(entry);
    }
    return result;
  });
}

type LockedFundOrder = { order: repo.OrderRow; fund: repo.FundOrderRow };

async function valueSubscription(
  ctx: AppContext,
  fund: repo.FundRow,
  { order, fund: fo }: LockedFundOrder,
  nav: string,
  actor: string,
) {
  const tx = ctx.db;
  const at = sastInstant(isoToDay(fo.valuationDay), fund.terms.valuationMinute);
  const now = ctx.clock.now();
  const s = subscribe(fo.amountMinor, nav);
  if (s.tradeValueMinor === 0n) {
    // Less than 0.0001 of a unit: nothing can be bought; the whole amount goes back.
    await releaseHold(tx, { referenceType: 'order', referenceId: order.id }, now);
    await updateOrder(
      tx,
      order.id,
      { status: 'rejected', heldMinor: 0n, reason: 'Amount below one ten-thousandth of a unit' },
      now,
    );
    return undefined;
  }
  const currency = order.currency as Currency;
  const { entry } = await captureHold(
    tx,
    { referenceType: 'order', referenceId: order.id },
    {
      at: now,
      amountMinor: s.tradeValueMinor,
      entry: {
        kind: 'trade',
        description: `Subscribe ${s.units} units ${fund.terms.code} @ NAV ${nav} c (${order.reference})`,
        reference: order.reference,
        clientId: order.clientId,
        createdBy: actor,
      },
      counterparts: [
        {
          accountId: await houseAccountId(ctx, 'securities_clearing', currency),
          currency,
          amountMinor: s.tradeValueMinor,
          kind: 'house',
        },
      ],
    },
  );
  await insertPositionMovement(tx, {
    orderId: order.id,
    clientId: order.clientId,
    instrumentId: order.instrumentId,
    quantityDelta: s.units,
    entryId: entry.id,
    createdAt: now,
  });
  await updateOrder(
    tx,
    order.id,
    {
      status: 'holding',
      requestedQuantity: s.units,
      quantity: s.units,
      buyPrice: nav,
      buyConsiderationMinor: s.tradeValueMinor,
      buyFeesMinor: 0n,
      heldMinor: 0n,
      executionTime: at,
      settlementTime: at,
      buyEntryId: entry.id,
    },
    now,
  );
  await repo.updateFundOrder(tx, order.id, {
    units: s.units,
    nav,
    refundMinor: s.refundMinor,
    valuedAt: now,
  });
  await audit.record(ctx, {
    actor,
    action: 'fund.subscription_valued',
    subjectType: 'order',
    subjectId: String(order.id),
    before: { status: order.status, amount: rand(fo.amountMinor) },
    after: {
      status: 'holding',
      valuation_day: fo.valuationDay,
      nav,
      units: s.units,
      trade_value: rand(s.tradeValueMinor),
      refund: rand(s.refundMinor),
    },
  });
  return {
    orderId: order.id,
    units: s.units,
    nav,
    tradeValue: rand(s.tradeValueMinor),
    refund: rand(s.refundMinor),
  };
}

async function payRedemption(
  ctx: AppContext,
  fund: repo.FundRow,
  { order, fund: fo }: LockedFundOrder,
  nav: string,
  actor: string,
) {
  const tx = ctx.db;
  const now = ctx.clock.now();
  const day = isoToDay(fo.redemptionDay!);
  const at = sastInstant(day, fund.terms.valuationMinute);
  const units = plain(order.quantity);
  const days = day - isoToDay(fo.valuationDay);
  const r = redeem(units, nav, fund.terms.platformFeePercent, days);
  const currency = order.currency as Currency;
  await lockAccounts(tx, [order.accountId]);
  const lines: PostingLine[] = [];
  if (r.netMinor !== 0n) {
    lines.push({ accountId: order.accountId, currency, amountMinor: r.netMinor, kind: 'client' });
  }
  if (r.grossMinor !== 0n) {
    lines.push({
      accountId: await houseAccountId(ctx, 'securities_clearing', currency),
      currency,
      amountMinor: -r.grossMinor,
      kind: 'house',
    });
  }
  if (r.platformFeeMinor !== 0n) {
    lines.push({
      accountId: await houseAccountId(ctx, 'fee_brokerage', currency),
      currency,
      amountMinor: r.platformFeeMinor,
      kind: 'house',
    });
  }
  const entry = await postEntry(
    tx,
    now,
    {
      kind: 'trade',
      description: `Redeem ${units} units ${fund.terms.code} @ NAV ${nav} c (${order.reference})`,
      reference: order.reference,
      clientId: order.clientId,
      createdBy: actor,
    },
    lines,
  );
  await insertPositionMovement(tx, {
    orderId: order.id,
    clientId: order.clientId,
    instrumentId: order.instrumentId,
    quantityDelta: `-${units}`,
    entryId: entry.id,
    createdAt: now,
  });
  const sellFees: StoredFees = {
    schedule: FUND_FEE_SCHEDULE,
    items:
      r.platformFeeMinor === 0n
        ? []
        : [
            {
              code: 'platform_fee',
              label: `Platform fee ${plain(fund.terms.platformFeePercent)}% a year × ${days} days`,
              bucket: 'brokerage',
              amountMinor: r.platformFeeMinor.toString(),
            },
          ],
  };
  await updateOrder(
    tx,
    order.id,
    {
      status: 'sold',
      sellPrice: nav,
      sellConsiderationMinor: r.grossMinor,
      sellFeesMinor: r.platformFeeMinor,
      sellFees,
      soldAt: at,
      settlementTime: at,
      sellEntryId: entry.id,
    },
    now,
  );
  await repo.updateFundOrder(tx, order.id, { redemptionNav: nav, redeemedAt: now });
  await audit.record(ctx, {
    actor,
    action: 'fund.redemption_paid',
    subjectType: 'order',
    subjectId: String(order.id),
    before: { status: order.status },
    after: {
      status: 'sold',
      redemption_day: fo.redemptionDay,
      nav,
      units,
      gross: rand(r.grossMinor),
      platform_fee: rand(r.platformFeeMinor),
      paid: rand(r.netMinor),
    },
  });
  return {
    orderId: order.id,
    units,
    nav,
    gross: rand(r.grossMinor),
    platformFee: rand(r.platformFeeMinor),
  };
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
    valuation: slotOf(fund.terms, isoToDay(fo.valuationDay)),
    units: fo.units === null ? null : fo.units,
    nav: fo.nav === null ? null : cents2(fo.nav),
    refund: fo.refundMinor === null ? null : formatMinor(fo.refundMinor, currency),
    latest_nav: latest ? { date: dayToIso(latest.day), nav: latest.nav } : null,
    value: valueMinor === null ? null : formatMinor(valueMinor, currency),
    redemption: fo.redemptionDay === null ? null : slotOf(fund.terms, isoToDay(fo.redemptionDay)),
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

// ---------- Operator ----------

export interface CreateFundInput {
  name: string;
  code: string;
  category: string;
  /** The benchmark index (or instrument) of the universe. */
  benchmarkSymbol: string;
  benchmarkCountry: string;
  riskProfile: number;
  terPercent: string;
  transactionCostsPercent: string;
  platformFeePercent: string;
  /** Rand. */
  minInvestment: string;
  maxInvestment: string;
  /** 'HH:mm' SAST; default 14:00 and 15:00. */
  cutoffTime?: string;
  valuationTime?: string;
  distributionPolicy?: 'accumulating' | 'distributing';
  /** NAV at launch, cents per unit (default 100.00); the launch is `launchDate` or the last valuation day. */
  launchNav?: string;
  launchDate?: string;
  hot?: boolean;
  /** Open at once (default true): a fund is open-ended. */
  open?: boolean;
}

const percentText = (text: string, field: string) => {
  if (!/^\d{1,2}(\.\d{1,4})?$/.test(text.trim()))
    throw bad(`${field} must be a percentage from 0 to 9.9999 (at most 4 decimals).`);
  return plain(text.trim());
};

function minuteOf(text: string, field: string) {
  const m = /^(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw bad(`${field} must be HH:mm (SAST).`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Operator: creates a fund (offering dtype 'fund' + terms), open by default, its NAV history struck. Audited. */
export async function createFund(ctx: AppContext, input: CreateFundInput, actor: string) {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 120) throw bad('The name must be 1 to 120 characters.');
  const code = input.code.trim().toUpperCase();
  if (!/^[A-Z0-9]{2,12}$/.test(code)) throw bad('The code must be 2 to 12 letters or digits.');
  const category = input.category.trim();
  if (category.length < 1 || category.length > 80) throw bad('The category must be 1 to 80 characters.');
  if (!Number.isInteger(input.riskProfile) || input.riskProfile < 1 || input.riskProfile > 7) {
    throw bad('The risk profile must be a whole number from 1 to 7.');
  }
  const benchmark = await instrumentByRef(
    ctx,
    { country: input.benchmarkCountry.toUpperCase(), symbol: input.benchmarkSymbol.toUpperCase() },
    { fresh: true },
  ).catch(() => {
    throw bad(
      `No index or instrument ${input.benchmarkSymbol.toUpperCase()} in ${input.benchmarkCountry.toUpperCase()}.`,
    );
  });
  if (benchmark.currency !== 'ZAR')
    throw bad('A fund is in rand: its benchmark must be a JSE index or share.');
  const ter = percentText(input.terPercent, 'TER');
  const tc = percentText(input.transactionCostsPercent, 'Transaction costs');
  const platform = percentText(input.platformFeePercent, 'Platform fee');
  const minMinor = amountOf(input.minInvestment);
  const maxMinor = amountOf(input.maxInvestment);
  if (maxMinor < minMinor) throw bad('The maximum investment must not be below the minimum.');
  const cutoffMinute = minuteOf(input.cutoffTime ?? '14:00', 'The cut-off');
  const valuationMinute = minuteOf(input.valuationTime ?? '15:00', 'The valuation time');
  if (valuationMinute <= cutoffMinute) throw bad('The valuation must be after the cut-off.');
  const launchNav = input.launchNav ?? '100.00';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(launchNav) || Number(launchNav) <= 0) {
    throw bad('The launch NAV must be cents per unit greater than 0 (at most 2 decimals).');
  }
  const at = ctx.clock.now();
  const launchDay = input.launchDate ? isoToDay(input.launchDate) : lastValuationDay(at, valuationMinute);
  if (
    Number.isNaN(launchDay) ||
    !isBusinessDay(launchDay) ||
    launchDay > lastValuationDay(at, valuationMinute)
  ) {
    throw bad('The launch date must be a past business day (JSE).');
  }
  const policy = input.distributionPolicy ?? 'accumulating';
  const keyFacts = buildFundKeyFacts({
    name,
    category,
    benchmarkName: benchmark.name,
    riskProfile: input.riskProfile,
    terPercent: ter,
    transactionCostsPercent: tc,
    platformFeePercent: platform,
    minInvestmentMinor: minMinor,
    cutoffMinute,
    valuationMinute,
    distributionPolicy: policy,
  });
  return inTransaction(ctx, async (tx, txCtx) => {
    const now = ctx.clock.now();
    if (await repo.findFundByCode(tx, code)) throw conflict(`A fund with code ${code} exists.`);
    const offering = await insertOffering(tx, {
      dtype: 'fund',
      name,
      instrumentId: benchmark.id,
      currency: 'ZAR',
      status: input.open === false ? 'upcoming' : 'open',
      opensAt: now,
      // Open-ended: a unit trust takes subscriptions until it is closed by the operator.
      closesAt: new Date(now.getTime() + 100 * 365 * DAY_MS),
      minQuantity: rand(minMinor),
      maxQuantity: rand(maxMinor),
      hot: input.hot ?? false,
      keyFacts,
      createdBy: actor,
      createdAt: now,
      updatedAt: now,
    });
    const terms = await repo.insertTerms(tx, {
      offeringId: offering.id,
      code,
      category,
      benchmarkId: benchmark.id,
      riskProfile: input.riskProfile,
      terPercent: ter,
      transactionCostsPercent: tc,
      platformFeePercent: platform,
      minInvestmentMinor: minMinor,
      cutoffMinute,
      valuationMinute,
      distributionPolicy: policy,
      launchDay: dayToIso(launchDay),
      launchNav,
      createdAt: now,
    });
    const struck = await strikeUntil(
      ctx,
      tx,
      { offering, terms, benchmark },
      lastValuationDay(at, valuationMinute),
    );
    await audit.record(txCtx, {
      actor,
      action: 'fund.create',
      subjectType: 'offering',
      subjectId: String(offering.id),
      before: null,
      after: {
        name,
        code,
        category,
        benchmark: benchmark.symbol,
        risk_profile: input.riskProfile,
        ter_percent: ter,
        transaction_costs_percent: tc,
        platform_fee_percent: platform,
        min_investment: rand(minMinor),
        max_investment: rand(maxMinor),
        cutoff: minuteText(cutoffMinute),
        valuation: minuteText(valuationMinute),
        distribution_policy: policy,
        launch_day: dayToIso(launchDay),
        launch_nav: launchNav,
        status: offering.status,
        navs_struck: struck,
      },
    });
    return { offering, terms, benchmark, struck };
  });
}

export async function listFundsForOps(ctx: AppContext) {
  const at = ctx.clock.now();
  return (await repo.listFunds(ctx.db)).map((f) => ({ ...f, latest: latestNavAt(ctx, f, at) }));
}

export const findFundByCode = (ctx: AppContext, code: string) => repo.findFundByCode(ctx.db, code);

// Portfolio figures value a fund position at units × the last struck NAV, in whole cents half-up.
const fundPositionValue: PositionValuer<AppContext> = async (ctx, position, marketAt) => {
  const fund = await repo.findFund(ctx.db, position.offeringId);
  if (!fund) return position.costMinor;
  return unitsValueMinor(plain(position.quantity), latestNavAt(ctx, fund, marketAt).nav);
};

/** The fund, as wiring.ts hands it to orders and portfolio (decision 0048). */
export const fundProduct = {
  orderView: fundOrderViews,
  positionValuer: fundPositionValue,
  offeringListDetails: null,
} satisfies ProductServiceParts<AppContext>;
