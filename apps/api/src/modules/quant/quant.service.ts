/**
 * Structured products (issue 13 section 3; docs/decisions/0034-structured.md): an offering of
 * dtype `quant` on an underlying of the universe, its terms and computed KID (kid.ts), client
 * subscriptions (orders of ttype `quant` for an amount, backed by a 'subscription' hold), and the
 * product's life by the market clock: start (holds captured, start level fixed), daily valuation
 * by the payoff formula (quant-view.ts), maturity (payoff credited) or early exit at its cost.
 *
 * Orders: the orders module places share orders at a price and cannot price an amount on an
 * index, so this module writes its own order rows (the orders table's rules are kept: a quant
 * order's quantity is its nominal in currency units at buy_price 1, buy consideration = amount,
 * buy fees = entry cost; sell consideration = payoff, sell fees = early-exit cost). Every money
 * movement goes through the ledger service (placeHold / releaseHold / captureHold / postEntry,
 * journal kind 'trade') in the transaction that changes the order, with its position movement
 * naming the entry, and an audit record.
 *
 * Money: the amount and the structured-products house account ('structured_products'): the
 * subscription goes in at the start, payoffs come out at maturity or exit; entry and exit costs
 * go to fee_brokerage (Imali's revenue).
 */
import {
  ErrorCode,
  QuantMessages,
  TradingMessages,
  type EarlyExitRule,
  type Offering,
  type OrderResult,
} from '@imali/contract';
import {
  CURRENCY_EXPONENT,
  formatDecimal,
  formatMinor,
  normalizeDecimal,
  parseDecimal,
  rescale,
  STRUCTURED_TERMS_FEE_SCHEDULE,
  tryParseDecimal,
  type Currency,
} from '@imali/money';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import type { StoredFees, StoredKeyFact } from '../../db/schema/index';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import {
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
import { orderNeedsOwnPin } from '../ledger/limits';
import { instrumentByRef, providerFor, toSim } from '../market/market.service';
import { insertOffering, toOfferingView, updateOffering } from '../offerings/offerings.service';
import {
  findOrder,
  insertPositionMovement,
  lockOrder,
  toOrderView,
  updateOrder,
} from '../orders/orders.service';
import { holdSubscription, subscriptionAccountId } from '../orders/subscription-prelude';
import type { PositionValuer, ProductServiceParts, ProductOrderView } from '../orders/product';
import { spendFreshPin } from '../session/session.service';
import { computeKid, historyStats, kidForDisplay } from './kid';
import { payoffMinor, pctOfMinor, ratioOf, ratioText, underlyingReturn, type Ratio } from './payoff';
import {
  CANCELLED_REASON,
  EARLY_EXIT_REASON,
  MATURED_REASON,
  levelAt,
  pctShown,
  runningValue,
  termsOf,
  withStructured,
} from './quant-view';
import * as repo from './quant.repository';

export type { ProductWithOffering } from './quant.repository';

const DAY_MS = 86_400_000;
/**
 * What the orders' fee_schedule names for a quant order: its fees come from the product's terms
 * (the constant lives in @imali/money, whose feeScheduleTitle gives the client its readable name).
 */
const TERMS_SCHEDULE = STRUCTURED_TERMS_FEE_SCHEDULE;

const bad = (message: string) => new DomainError(ErrorCode.InvalidInput, message, 400);
export const productNotFound = () => notFound(QuantMessages.productNotFound);
const holdOf = (orderId: number) => ({ referenceType: 'order', referenceId: orderId });

/** Minor units as the currency's major-unit decimal text: 1000000n ZAR → '10000'. */
function majorText(minor: bigint, currency: Currency): string {
  return formatDecimal(normalizeDecimal({ coefficient: minor, scale: CURRENCY_EXPONENT[currency] }));
}

const storedFees = (code: string, label: string, minor: bigint): StoredFees => ({
  schedule: TERMS_SCHEDULE,
  items: minor > 0n ? [{ code, label, bucket: 'brokerage', amountMinor: minor.toString() }] : [],
});

/** A ratio as a 6-decimal price (the payoff per unit of nominal), never 0 for a positive ratio. */
function multipleText(r: Ratio): string {
  const text = ratioText(r, 6);
  return text === '0.000000' ? '0.000001' : text;
}

// ---------- Views ----------

function structuredOfferingView(ctx: AppContext, found: repo.ProductWithOffering): Offering {
  const { product: p, offering: o, instrument: i } = found;
  const currency = o.currency as Currency;
  const money = (minor: bigint) => formatMinor(minor, currency);
  return {
    ...toOfferingView(ctx, { offering: o, instrument: i }),
    structured: {
      state: p.state,
      start_at: p.startAt.toISOString(),
      maturity_at: p.maturityAt.toISOString(),
      term_days: Math.round((p.maturityAt.getTime() - p.startAt.getTime()) / DAY_MS),
      protection_pct: pctShown(p.protectionPct),
      participation_pct: pctShown(p.participationPct),
      cap_pct: p.capPct === null ? null : pctShown(p.capPct),
      min_amount: money(p.minAmountMinor),
      max_amount: money(p.maxAmountMinor),
      entry_fee_pct: pctShown(p.entryFeePct),
      early_exit: p.earlyExit,
      early_exit_cost_pct: pctShown(p.earlyExitCostPct),
      start_level: p.startLevel === null ? null : pctShown(p.startLevel),
      final_level: p.finalLevel === null ? null : pctShown(p.finalLevel),
      current_level: levelAt(ctx, i, ctx.clock.now()),
      kid: kidForDisplay(p.kid, Math.round((p.maturityAt.getTime() - p.startAt.getTime()) / DAY_MS)),
    },
  };
}

/** GET /qt/app/v1/{id}: the product's terms and KID; another dtype or unknown → 404. */
export async function productDetail(ctx: AppContext, offeringId: number): Promise<Offering> {
  const found = await repo.findProduct(ctx.db, offeringId);
  if (!found || found.offering.dtype !== 'quant') throw productNotFound();
  return structuredOfferingView(ctx, found);
}

async function orderResult(
  ctx: AppContext,
  row: repo.OrderRow,
  found: { offering: repo.OfferingRow; instrument: repo.InstrumentRow },
  message: string,
): Promise<OrderResult> {
  const now = ctx.clock.now();
  const view = toOrderView(row, found.instrument, { now, name: found.offering.name });
  const [order] = await withStructured(ctx, [{ order: row, instrument: found.instrument }], [view]);
  return { order: order!, message };
}

// ---------- Client: subscribe, cancel, exit ----------

export interface SubscribeInput {
  offeringId: number;
  /** Validated amount text (contract amountString); undefined → 400 'Enter an amount.'. */
  amount?: string;
  accountId?: number;
  pinSessionId?: string;
}

/**
 * POST /qt/app/v1/record/{id}: holds amount + entry costs ('subscription' hold) for an order
 * awaiting the start. One transaction under the idempotency key: the offering locked FOR SHARE
 * (a concurrent start waits, or is seen), open, inside its window and not started; the amount at
 * least the minimum and, with the client's earlier subscriptions (under a per-client advisory
 * lock), at most the maximum; the account the client's, in the product's currency; funds held.
 */
export async function subscribe(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: SubscribeInput,
): Promise<{ data: OrderResult; replayed: boolean }> {
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    const now = ctx.clock.now();
    const locked = await repo.lockOffering(tx, input.offeringId, 'share');
    if (!locked || locked.dtype !== 'quant') throw productNotFound();
    const found = (await repo.findProduct(tx, locked.id))!;
    const { product, offering, instrument } = found;
    if (
      offering.status !== 'open' ||
      product.state !== 'subscription' ||
      now < offering.opensAt ||
      now >= offering.closesAt ||
      ctx.clock.now() >= product.startAt
    ) {
      throw conflict(TradingMessages.offeringNotOpen);
    }
    const currency = offering.currency as Currency;
    if (input.amount === undefined) throw bad(QuantMessages.amountRequired);
    const amountMinor = amountToMinor(input.amount, currency);
    const money = (minor: bigint) => formatMinor(minor, currency);
    if (amountMinor < product.minAmountMinor) {
      throw bad(QuantMessages.belowMinimum(money(product.minAmountMinor), currency));
    }
    const accountId = await subscriptionAccountId(txCtx, clientId, currency, input.accountId, () =>
      bad(QuantMessages.wrongAccountCurrency(currency)),
    );
    await repo.lockProductClient(tx, offering.id, clientId);
    const already = await repo.subscribedByClient(tx, offering.id, clientId);
    if (already + amountMinor > product.maxAmountMinor) {
      throw new DomainError(
        ErrorCode.LimitExceeded,
        QuantMessages.aboveMaximum(money(product.maxAmountMinor), currency),
        409,
      );
    }
    const entryFeeMinor = pctOfMinor(amountMinor, product.entryFeePct);
    const heldMinor = amountMinor + entryFeeMinor;
    await lockAccounts(tx, [accountId], clientId);
    const nominal = majorText(amountMinor, currency);
    // The hold refuses with INSUFFICIENT_FUNDS (and everything rolls back) when less is available.
    const row = await holdSubscription(tx, txCtx, {
      clientId,
      accountId,
      currency,
      heldMinor,
      pinSessionId: input.pinSessionId,
      order: {
        offeringId: offering.id,
        instrumentId: instrument.id,
        ttype: 'quant',
        status: 'awaiting',
        requestedQuantity: nominal,
        quantity: nominal,
        buyPrice: '1',
        buyConsiderationMinor: amountMinor,
        buyFeesMinor: entryFeeMinor,
        buyFees: storedFees('entry', 'Entry cost', entryFeeMinor),
        feeSchedule: TERMS_SCHEDULE,
      },
      now,
    });
    await audit.record(txCtx, {
      actor: `client:${clientId}`,
      action: 'quant.subscribe',
      subjectType: 'order',
      subjectId: String(row.id),
      before: null,
      after: {
        status: row.status,
        reference: row.reference,
        offering_id: offering.id,
        amount: money(amountMinor),
        entry_fee: money(entryFeeMinor),
        held: money(heldMinor),
      },
    });
    return orderResult(txCtx, row, found, QuantMessages.subscribed(offering.name));
  });
}

/**
 * One client's quant order with its product, locked in the start's order: the product row first
 * (share: cancel and exit leave the product as it is; a start or maturity, which takes it FOR
 * UPDATE, waits or went first), then the order row. Another client's order, or not quant: 404.
 */
async function lockClientOrder(tx: Db, clientId: number, orderId: number) {
  const peek = await findOrder(tx, orderId);
  if (!peek || peek.clientId !== clientId || peek.ttype !== 'quant' || peek.offeringId === null) {
    throw notFound(TradingMessages.orderNotFound);
  }
  await repo.lockProduct(tx, peek.offeringId, 'share');
  const found = (await repo.findProduct(tx, peek.offeringId))!;
  const order = (await lockOrder(tx, orderId))!;
  return { order, found };
}

/**
 * POST /qt/app/v1/cancel/{orderId}: before the start, the subscription is cancelled and its hold
 * released (status rejected, reason 'Cancelled').
 */
export async function cancelSubscription(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  orderId: number,
): Promise<{ data: OrderResult; replayed: boolean }> {
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    const now = ctx.clock.now();
    const { order, found } = await lockClientOrder(tx, clientId, orderId);
    if (order.status !== 'awaiting' || found.product.state !== 'subscription') {
      throw conflict(QuantMessages.notCancellable);
    }
    await releaseHold(tx, holdOf(order.id), now);
    const row = await updateOrder(
      tx,
      order.id,
      { status: 'rejected', heldMinor: 0n, reason: CANCELLED_REASON },
      now,
    );
    const currency = order.currency as Currency;
    await audit.record(txCtx, {
      actor: `client:${clientId}`,
      action: 'quant.cancel',
      subjectType: 'order',
      subjectId: String(order.id),
      before: { status: order.status, held: formatMinor(order.heldMinor, currency) },
      after: { status: row.status, released: formatMinor(order.heldMinor, currency) },
    });
    return orderResult(txCtx, row, found, QuantMessages.cancelled);
  });
}

/**
 * Pays a holding quant order `payoffMinor` (its sell consideration) less `costMinor` (the
 * early-exit cost, 0 at maturity) in one entry: structured_products − payoff, client + (payoff −
 * cost), fee_brokerage + cost; the −nominal position movement names it; the order is sold.
 */
async function payOut(
  tx: Db,
  ctx: AppContext,
  order: repo.OrderRow,
  instrument: repo.InstrumentRow,
  pay: { payoffMinor: bigint; costMinor: bigint; level: string; reason: string; at: Date; actor: string },
) {
  const currency = order.currency as Currency;
  const { payoffMinor: payoff, costMinor: cost, at } = pay;
  const lines: PostingLine[] = [
    {
      accountId: await houseAccountId(ctx, 'structured_products', currency),
      currency,
      amountMinor: -payoff,
      kind: 'house' as const,
    },
  ];
  if (payoff - cost !== 0n) {
    lines.push({ accountId: order.accountId, currency, amountMinor: payoff - cost, kind: 'client' as const });
  }
  if (cost !== 0n) {
    lines.push({
      accountId: await houseAccountId(ctx, 'fee_brokerage', currency),
      currency,
      amountMinor: cost,
      kind: 'house' as const,
    });
  }
  await lockAccounts(tx, [order.accountId]);
  const entry = await postEntry(
    tx,
    at,
    {
      kind: 'trade',
      description: `${pay.reason}: ${instrument.symbol} structured product, ${formatMinor(order.buyConsiderationMinor, currency)} ${currency} (${order.reference})`,
      reference: order.reference,
      clientId: order.clientId,
      createdBy: pay.actor,
    },
    lines,
  );
  await insertPositionMovement(tx, {
    orderId: order.id,
    clientId: order.clientId,
    instrumentId: order.instrumentId,
    quantityDelta: `-${order.quantity}`,
    entryId: entry.id,
    createdAt: at,
  });
  return updateOrder(
    tx,
    order.id,
    {
      status: 'sold',
      sellPrice: multipleText({ num: payoff, den: order.buyConsiderationMinor }),
      // The underlying's level the payout was computed at (maturity fixing or exit level).
      quotedSellPrice: pay.level,
      sellConsiderationMinor: payoff,
      sellFeesMinor: cost,
      sellFees: storedFees('early_exit', 'Early-exit cost', cost),
      soldAt: at,
      settlementTime: at,
      sellEntryId: entry.id,
      reason: pay.reason,
    },
    at,
  );
}

/**
 * POST /qt/app/v1/exit/{orderId}: where the terms allow (early_exit 'daily'), a running holding is
 * paid the payoff formula at the underlying's level now less the early-exit cost (a % of the
 * amount), as the KID discloses.
 */
export async function exitEarly(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: { orderId: number; pinSessionId?: string },
): Promise<{ data: OrderResult; replayed: boolean }> {
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    const now = ctx.clock.now();
    const { order, found } = await lockClientOrder(tx, clientId, input.orderId);
    const { product, instrument, offering } = found;
    if (product.earlyExit === 'none') throw conflict(QuantMessages.noEarlyExit);
    const at = ctx.clock.now();
    if (order.status !== 'holding' || product.state !== 'running' || at >= product.maturityAt) {
      throw conflict(QuantMessages.notExitable);
    }
    const currency = order.currency as Currency;
    const value = runningValue(ctx, product, instrument, order.buyConsiderationMinor, at);
    if (input.pinSessionId !== undefined && orderNeedsOwnPin(ctx.config, currency, value.valueMinor)) {
      await spendFreshPin(txCtx, input.pinSessionId);
    }
    const row = await payOut(tx, txCtx, order, instrument, {
      payoffMinor: value.valueMinor,
      costMinor: value.exitCostMinor,
      level: value.level,
      reason: EARLY_EXIT_REASON,
      at: now,
      actor: `client:${clientId}`,
    });
    await audit.record(txCtx, {
      actor: `client:${clientId}`,
      action: 'quant.exit',
      subjectType: 'order',
      subjectId: String(order.id),
      before: { status: order.status },
      after: {
        status: row.status,
        level: value.level,
        start_level: product.startLevel,
        value: formatMinor(value.valueMinor, currency),
        exit_cost: formatMinor(value.exitCostMinor, currency),
        credited: formatMinor(value.valueMinor - value.exitCostMinor, currency),
      },
    });
    return orderResult(txCtx, row, found, QuantMessages.exited(offering.name));
  });
}

// ---------- Operator: create ----------

export interface CreateProductInput {
  name: string;
  symbol: string;
  country: string;
  opensAt: Date;
  startAt: Date;
  maturityAt: Date;
  protectionPct: string;
  participationPct: string;
  capPct: string | null;
  minAmount: string;
  maxAmount: string;
  entryFeePct?: string;
  earlyExit: string;
  earlyExitCostPct?: string;
  hot?: boolean;
  /** Open it for subscriptions at once (else upcoming; `offering open <id>` opens it). */
  open?: boolean;
  /**
   * The issuer's credit quality step 0–6 for the KID's credit risk class (PRIIPs Annex II Part 2;
   * decision 0054); default ISSUER_CREDIT_QUALITY_STEP.
   */
  creditQualityStep?: number;
}

/** A percentage within [min, max] with at most 4 decimals, as canonical text, or a 400 naming it. */
function pctArg(
  text: string | undefined,
  field: string,
  min: number,
  max: number,
  minExclusive = false,
): string {
  const d = text === undefined ? undefined : tryParseDecimal(text.trim());
  const value = d ? Number(formatDecimal(d)) : NaN;
  if (
    !d ||
    !/^\d{1,3}(\.\d{1,4})?$/.test(text!.trim()) ||
    value > max ||
    value < min ||
    (minExclusive && value === min)
  ) {
    throw bad(
      `${field} must be a percentage ${minExclusive ? 'above' : 'from'} ${min} to ${max} (at most 4 decimals).`,
    );
  }
  return formatDecimal(normalizeDecimal(d));
}

/** The underlying's daily closes (5 years) before `at`, for the KID's statistics. */
function dailyCloses(ctx: AppContext, instrument: repo.InstrumentRow, at: Date): number[] {
  return providerFor(ctx)
    .candles(toSim(instrument), '1d', at)
    .map((c) => c.close);
}

function keyFactsOf(kid: ReturnType<typeof computeKid>, p: { earlyExit: EarlyExitRule }): StoredKeyFact[] {
  return [
    { key: 'what_you_buy', label: 'What you buy', text: kid.what_it_is },
    { key: 'maximum_loss', label: 'Maximum loss', text: kid.max_loss_text },
    { key: 'early_exit', label: 'Early exit', text: kid.early_exit_text },
    {
      key: 'fees',
      label: 'Costs',
      text: kid.costs_over_time.map((c) => `${c.label}: ${c.total_costs} ${kid.currency}`).join('; '),
    },
    {
      key: 'lock_up',
      label: 'Holding period',
      text: p.earlyExit === 'none' ? kid.liquidity_text : kid.holding_period,
    },
  ];
}

/**
 * Operator: creates a structured product (offering dtype quant, upcoming or open) on an index or
 * share of the universe, in its currency, with its terms checked and its KID computed from them
 * and the underlying's last 5 years of simulated daily closes. The subscription window runs from
 * `opensAt` to the start. Audited.
 */
export async function createProduct(ctx: AppContext, input: CreateProductInput, actor: string) {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 120) throw bad('The name must be 1 to 120 characters.');
  const instrument = await instrumentByRef(
    ctx,
    { country: input.country.toUpperCase(), symbol: input.symbol.toUpperCase() },
    { fresh: true },
  ).catch(() => {
    throw bad(`No index or stock ${input.symbol.toUpperCase()} in ${input.country.toUpperCase()}.`);
  });
  for (const [label, at] of [
    ['opens', input.opensAt],
    ['start', input.startAt],
    ['maturity', input.maturityAt],
  ] as const) {
    if (Number.isNaN(at.getTime())) throw bad(`${label} must be a date (ISO 8601).`);
  }
  const now = ctx.clock.now();
  if (input.startAt <= input.opensAt) throw bad('The start must come after subscriptions open.');
  if (input.startAt <= now) throw bad('The start must be in the future.');
  const termDays = (input.maturityAt.getTime() - input.startAt.getTime()) / DAY_MS;
  if (termDays < 1 || termDays > 3650) throw bad('The term (start to maturity) must be 1 to 3650 days.');
  const protectionPct = pctArg(input.protectionPct, 'protection', 1, 100);
  const participationPct = pctArg(input.participationPct, 'participation', 0, 500, true);
  const capPct = input.capPct === null ? null : pctArg(input.capPct, 'cap', 100, 999, true);
  const entryFeePct = pctArg(input.entryFeePct ?? '0', 'entry fee', 0, 10);
  const earlyExitCostPct = pctArg(input.earlyExitCostPct ?? '0', 'early-exit cost', 0, 10);
  if (input.earlyExit !== 'none' && input.earlyExit !== 'daily')
    throw bad('early exit must be none or daily.');
  const earlyExit = input.earlyExit;
  if (Number(earlyExitCostPct) >= Number(protectionPct)) {
    throw bad('The early-exit cost must be below the protection.');
  }
  const currency = instrument.currency as Currency;
  const minAmountMinor = amountToMinor(input.minAmount, currency);
  const maxAmountMinor = amountToMinor(input.maxAmount, currency);
  if (minAmountMinor <= 0n) throw bad('min must be greater than 0.');
  if (maxAmountMinor < minAmountMinor) throw bad('max must not be below min.');

  const wholeDays = Math.round(termDays);
  const cqs = input.creditQualityStep;
  if (cqs !== undefined && !(Number.isInteger(cqs) && cqs >= 0 && cqs <= 6))
    throw bad('The credit quality step must be a whole number from 0 to 6.');
  const kid = computeKid({
    name,
    underlying: { symbol: instrument.symbol, name: instrument.name },
    currency,
    terms: { protectionPct, participationPct, capPct, entryFeePct, earlyExit, earlyExitCostPct },
    termDays: wholeDays,
    stats: historyStats(dailyCloses(ctx, instrument, ctx.clock.now())),
    computedAt: now,
    issuerCreditQualityStep: cqs,
  });
  return inTransaction(ctx, async (tx, txCtx) => {
    const offering = await insertOffering(tx, {
      dtype: 'quant',
      name,
      instrumentId: instrument.id,
      currency,
      status: input.open ? 'open' : 'upcoming',
      opensAt: input.opensAt,
      closesAt: input.startAt,
      // Per client, in currency units (a quant order's nominal).
      minQuantity: majorText(minAmountMinor, currency),
      maxQuantity: majorText(maxAmountMinor, currency),
      hot: input.hot ?? false,
      keyFacts: keyFactsOf(kid, { earlyExit }),
      createdBy: actor,
      createdAt: now,
      updatedAt: now,
    });
    const product = await repo.insertProduct(tx, {
      offeringId: offering.id,
      startAt: input.startAt,
      maturityAt: input.maturityAt,
      protectionPct,
      participationPct,
      capPct,
      minAmountMinor,
      maxAmountMinor,
      entryFeePct,
      earlyExit,
      earlyExitCostPct,
      kid,
      createdAt: now,
    });
    await audit.record(txCtx, {
      actor,
      action: 'quant.create',
      subjectType: 'offering',
      subjectId: String(offering.id),
      before: null,
      after: {
        name,
        underlying: `${instrument.symbol} (${instrument.country})`,
        status: offering.status,
        opens_at: input.opensAt.toISOString(),
        start_at: input.startAt.toISOString(),
        maturity_at: input.maturityAt.toISOString(),
        protection_pct: protectionPct,
        participation_pct: participationPct,
        cap_pct: capPct,
        min: formatMinor(minAmountMinor, currency),
        max: formatMinor(maxAmountMinor, currency),
        entry_fee_pct: entryFeePct,
        early_exit: earlyExit,
        early_exit_cost_pct: earlyExitCostPct,
        kid_version: kid.version,
        risk_score: kid.risk_score,
      },
    });
    return { offering, product, instrument };
  });
}

// ---------- Operator and job: start, mature ----------

export interface LifecycleOptions {
  /**
   * The underlying's fixing at an instant (default: its simulated last price then). Tests inject
   * one to put the underlying at a KID scenario's return exactly.
   */
  fixing?: (instrument: repo.InstrumentRow, at: Date) => string;
  /** The preview's hash (lifecycleHash) the run must match, or nothing is done (an approved run). */
  expectedHash?: string;
  approvedBy?: string[];
}

/** One order of a start (its capture) or a maturity (its payoff), in minor units. */
export interface LifecycleLine {
  orderId: number;
  reference: string;
  amountMinor: bigint;
}

/** SHA-256 (hex) of what a start or maturity does: the level and every order's amount. */
export function lifecycleHash(
  offeringId: number,
  step: 'start' | 'mature',
  level: string,
  lines: LifecycleLine[],
) {
  return createHash('sha256')
    .update(
      JSON.stringify({
        offeringId,
        step,
        level,
        lines: lines.map((l) => [l.orderId, l.amountMinor.toString()]),
      }),
    )
    .digest('hex');
}

const startLineOf = (order: repo.OrderRow): LifecycleLine => ({
  orderId: order.id,
  reference: order.reference,
  amountMinor: order.buyConsiderationMinor + order.buyFeesMinor,
});

function hashMismatch(offeringId: number, step: string) {
  return conflict(
    `Structured product ${offeringId}: the ${step} is no longer the one previewed (orders changed); preview it again.`,
  );
}

/**
 * What starting (capturing the subscriptions at the start level) or maturing (paying each holding
 * its payoff at the final level) a product would do now, writing nothing (issue 23): the level
 * by the same fixing, the amounts by the same payoff maths (payoff.ts), and their hash.
 * Refused (409) when the step is not due or already done.
 */
export async function previewLifecycle(
  ctx: AppContext,
  offeringId: number,
  step: 'start' | 'mature',
  options: LifecycleOptions = {},
) {
  const found = await repo.findProduct(ctx.db, offeringId);
  if (!found || found.offering.dtype !== 'quant') throw productNotFound();
  const { offering, product, instrument } = found;
  const now = ctx.clock.now();
  const currency = offering.currency as Currency;
  // One at a time: inside a transaction (the quant.lifecycle job's) ctx.db is one connection.
  const ordersIn = async (status: repo.OrderRow['status']) => {
    const orders = [];
    for (const id of await repo.orderIdsOf(ctx.db, offeringId, status))
      orders.push((await findOrder(ctx.db, id))!);
    return orders;
  };
  let level: string;
  let underlying: string | null = null;
  let lines: LifecycleLine[];
  if (step === 'start') {
    if (product.state !== 'subscription')
      throw conflict(`Structured product ${offeringId} is ${product.state}.`);
    if (now < product.startAt) {
      throw conflict(
        `Structured product ${offeringId} starts at ${product.startAt.toISOString()}; not due yet.`,
      );
    }
    level = fixingOf(ctx, options)(instrument, product.startAt);
    lines = (await ordersIn('awaiting')).map(startLineOf);
  } else {
    if (product.state !== 'running') {
      throw conflict(`Structured product ${offeringId} is ${product.state}; only a running product matures.`);
    }
    if (now < product.maturityAt) {
      throw conflict(
        `Structured product ${offeringId} matures at ${product.maturityAt.toISOString()}; not due yet.`,
      );
    }
    level = fixingOf(ctx, options)(instrument, product.maturityAt);
    const r = underlyingReturn(product.startLevel!, level);
    underlying = ratioText(r, 6);
    lines = (await ordersIn('holding')).map((order) => ({
      orderId: order.id,
      reference: order.reference,
      amountMinor: payoffMinor(order.buyConsiderationMinor, termsOf(product), r),
    }));
  }
  return {
    offeringId,
    step,
    level,
    underlyingReturn: underlying,
    currency,
    lines,
    totalMinor: lines.reduce((sum, l) => sum + l.amountMinor, 0n),
    hash: lifecycleHash(offeringId, step, level, lines),
  };
}

export type StartOutcome =
  | { kind: 'started'; startLevel: string; orders: number; capturedMinor: bigint }
  | { kind: 'not_due'; startAt: Date }
  | { kind: 'already'; state: string };

export type MatureOutcome =
  | {
      kind: 'matured';
      finalLevel: string;
      underlyingReturn: string;
      orders: number;
      paidMinor: bigint;
      currency: Currency;
      started?: StartOutcome;
    }
  | { kind: 'not_due'; maturityAt: Date }
  | { kind: 'not_started'; startAt: Date }
  | { kind: 'already' };

const fixingOf = (ctx: AppContext, options: LifecycleOptions) =>
  options.fixing ?? ((instrument: repo.InstrumentRow, at: Date) => levelAt(ctx, instrument, at));

/**
 * Starts a product once the market clock reaches its start: the offering and the product rows are
 * locked FOR UPDATE (a concurrent start or maturity waits and then finds it started: a rerun is a
 * no-op), the start level is fixed at the start instant, and each awaiting subscription's hold is
 * captured (amount into structured_products, entry cost into fee_brokerage) with its +nominal
 * position movement; status holding. The offering closes to subscriptions.
 */
export async function startProduct(
  ctx: AppContext,
  offeringId: number,
  actor: string,
  options: LifecycleOptions = {},
): Promise<StartOutcome> {
  return inTransaction(ctx, async (tx, txCtx) => {
    const offering = await repo.lockOffering(tx, offeringId, 'update');
    if (!offering || offering.dtype !== 'quant') throw productNotFound();
    const product = (await repo.lockProduct(tx, offeringId, 'update'))!;
    if (product.state !== 'subscription') return { kind: 'already', state: product.state };
    if (ctx.clock.now() < product.startAt) return { kind: 'not_due', startAt: product.startAt };
    const now = ctx.clock.now();
    const { instrument } = (await repo.findProduct(tx, offeringId))!;
    const startLevel = fixingOf(ctx, options)(instrument, product.startAt);
    const currency = offering.currency as Currency;
    let capturedMinor = 0n;
    const ids = await repo.orderIdsOf(tx, offeringId, 'awaiting');
    const locked: repo.OrderRow[] = [];
    for (const id of ids) locked.push((await lockOrder(tx, id))!);
    const hash = lifecycleHash(offeringId, 'start', startLevel, locked.map(startLineOf));
    if (options.expectedHash !== undefined && hash !== options.expectedHash)
      throw hashMismatch(offeringId, 'start');
    for (const order of locked) {
      await lockAccounts(tx, [order.accountId]);
      const counterparts = [
        {
          accountId: await houseAccountId(txCtx, 'structured_products', currency),
          currency,
          amountMinor: order.buyConsiderationMinor,
          kind: 'house' as const,
        },
      ];
      if (order.buyFeesMinor > 0n) {
        counterparts.push({
          accountId: await houseAccountId(txCtx, 'fee_brokerage', currency),
          currency,
          amountMinor: order.buyFeesMinor,
          kind: 'house' as const,
        });
      }
      const { entry, capturedMinor: captured } = await captureHold(tx, holdOf(order.id), {
        at: now,
        amountMinor: order.buyConsiderationMinor + order.buyFeesMinor,
        entry: {
          kind: 'trade',
          description: `Start: ${instrument.symbol} structured product at ${pctShown(startLevel)}, ${formatMinor(order.buyConsiderationMinor, currency)} ${currency} (${order.reference})`,
          reference: order.reference,
          clientId: order.clientId,
          createdBy: actor,
        },
        counterparts,
      });
      await insertPositionMovement(tx, {
        orderId: order.id,
        clientId: order.clientId,
        instrumentId: order.instrumentId,
        quantityDelta: order.quantity,
        entryId: entry.id,
        createdAt: now,
      });
      await updateOrder(
        tx,
        order.id,
        { status: 'holding', heldMinor: 0n, executionTime: now, settlementTime: now, buyEntryId: entry.id },
        now,
      );
      capturedMinor += captured;
    }
    await repo.updateProduct(tx, offeringId, { state: 'running', startLevel, startedAt: now });
    if (offering.status === 'open' || offering.status === 'upcoming') {
      await updateOffering(tx, offeringId, { status: 'closed', updatedAt: now });
    }
    await audit.record(txCtx, {
      actor,
      action: 'quant.start',
      subjectType: 'offering',
      subjectId: String(offeringId),
      before: { state: product.state, status: offering.status },
      after: {
        state: 'running',
        start_level: startLevel,
        start_at: product.startAt.toISOString(),
        orders: ids.length,
        captured: formatMinor(capturedMinor, currency),
        ...(options.approvedBy ? { approved_by: options.approvedBy, lifecycle_hash: hash } : {}),
      },
    });
    return { kind: 'started', startLevel, orders: ids.length, capturedMinor };
  });
}

/**
 * Matures a running product once the market clock reaches its maturity (starting it first when
 * its start is due and it has not started): the rows are locked FOR UPDATE (of two concurrent
 * callers one pays, the other finds it matured: a no-op), the final level is fixed at the
 * maturity instant, and every holding order is paid amount × max(protection, min(cap, 1 +
 * participation × return)) from structured_products (status sold, reason 'Matured').
 */
export async function matureProduct(
  ctx: AppContext,
  offeringId: number,
  actor: string,
  options: LifecycleOptions = {},
): Promise<MatureOutcome> {
  let started: StartOutcome | undefined;
  const first = await repo.findProduct(ctx.db, offeringId);
  if (!first || first.offering.dtype !== 'quant') throw productNotFound();
  if (first.product.state === 'subscription') {
    started = await startProduct(ctx, offeringId, actor, options);
    if (started.kind === 'not_due') return { kind: 'not_started', startAt: started.startAt };
  }
  return inTransaction(ctx, async (tx, txCtx) => {
    const offering = (await repo.lockOffering(tx, offeringId, 'update'))!;
    const product = (await repo.lockProduct(tx, offeringId, 'update'))!;
    if (product.state === 'matured') return { kind: 'already' };
    if (product.state !== 'running') return { kind: 'not_started', startAt: product.startAt };
    if (ctx.clock.now() < product.maturityAt) return { kind: 'not_due', maturityAt: product.maturityAt };
    const now = ctx.clock.now();
    const { instrument } = (await repo.findProduct(tx, offeringId))!;
    const finalLevel = fixingOf(ctx, options)(instrument, product.maturityAt);
    const r = underlyingReturn(product.startLevel!, finalLevel);
    const currency = offering.currency as Currency;
    let paidMinor = 0n;
    const ids = await repo.orderIdsOf(tx, offeringId, 'holding');
    const locked: repo.OrderRow[] = [];
    for (const id of ids) locked.push((await lockOrder(tx, id))!);
    const hash = lifecycleHash(
      offeringId,
      'mature',
      finalLevel,
      locked.map((order) => ({
        orderId: order.id,
        reference: order.reference,
        amountMinor: payoffMinor(order.buyConsiderationMinor, termsOf(product), r),
      })),
    );
    if (options.expectedHash !== undefined && hash !== options.expectedHash)
      throw hashMismatch(offeringId, 'maturity');
    for (const order of locked) {
      const payoff = payoffMinor(order.buyConsiderationMinor, termsOf(product), r);
      await payOut(tx, txCtx, order, instrument, {
        payoffMinor: payoff,
        costMinor: 0n,
        level: finalLevel,
        reason: MATURED_REASON,
        at: now,
        actor,
      });
      paidMinor += payoff;
    }
    await repo.updateProduct(tx, offeringId, { state: 'matured', finalLevel, maturedAt: now });
    await updateOffering(tx, offeringId, { status: 'settled', settledAt: now, updatedAt: now });
    const returnText = ratioText(r, 6);
    await audit.record(txCtx, {
      actor,
      action: 'quant.mature',
      subjectType: 'offering',
      subjectId: String(offeringId),
      before: { state: product.state, status: offering.status },
      after: {
        state: 'matured',
        start_level: product.startLevel,
        final_level: finalLevel,
        underlying_return: returnText,
        orders: ids.length,
        paid: formatMinor(paidMinor, currency),
        ...(options.approvedBy ? { approved_by: options.approvedBy, lifecycle_hash: hash } : {}),
      },
    });
    return {
      kind: 'matured',
      finalLevel,
      underlyingReturn: returnText,
      orders: ids.length,
      paidMinor,
      currency,
      started,
    };
  });
}

/**
 * The job's work (and `quant run`): starts every product whose start is due and matures every
 * one whose maturity is due, by the market clock. Each product is its own transaction with its
 * rows locked, so with two processes (and the job's advisory lock) each is done once; a rerun
 * finds nothing due.
 */
export async function runDue(ctx: AppContext, actor: string, options: LifecycleOptions = {}) {
  const due = await repo.dueProducts(ctx.db, ctx.clock.now());
  const done: string[] = [];
  for (const d of due) {
    if (d.state === 'subscription') {
      const s = await startProduct(ctx, d.offeringId, actor, options);
      if (s.kind === 'started')
        done.push(`${d.offeringId} started at ${pctShown(s.startLevel)} (${s.orders} orders)`);
    }
    const m = await matureProduct(ctx, d.offeringId, actor, options);
    if (m.kind === 'matured')
      done.push(`${d.offeringId} matured at ${pctShown(m.finalLevel)} (${m.orders} orders paid)`);
  }
  return done;
}

export async function findProductByName(ctx: AppContext, name: string) {
  return repo.findProductByName(ctx.db, name);
}

export async function listProducts(ctx: AppContext) {
  return repo.listProducts(ctx.db);
}

/** The KID payoff of a scenario return for an amount (the same formula maturity applies). */
export function scenarioPayoffMinor(
  product: repo.ProductRow,
  amountMinor: bigint,
  underlyingReturnText: string,
) {
  return payoffMinor(amountMinor, termsOf(product), ratioOf(underlyingReturnText));
}

// The orders module shows quant orders (lists, receipts) through this view (quantProduct, below):
// the receipt plus `structured` (amount, levels, value by the payoff formula, payoff, early exit).
const quantOrderViews: ProductOrderView<AppContext> = async (ctx, rows, now) =>
  withStructured(
    ctx,
    rows,
    rows.map((r) => toOrderView(r.order, r.instrument, { now, name: r.offeringName })),
  );

// Portfolio figures value a running product by the payoff formula at the underlying's level now:
// the position's quantity is the amount invested in currency units (buy price 1).
const quantPositionValue: PositionValuer<AppContext> = async (ctx, position, marketAt) => {
  const found = await repo.findProduct(ctx.db, position.offeringId);
  if (!found || found.product.startLevel === null) return position.costMinor;
  const amountMinor = rescale(
    parseDecimal(position.quantity),
    CURRENCY_EXPONENT[position.currency],
    'DOWN',
  ).coefficient;
  return runningValue(ctx, found.product, found.instrument, amountMinor, marketAt).valueMinor;
};

/** The structured product, as wiring.ts hands it to orders and portfolio (decision 0048). */
export const quantProduct = {
  orderView: quantOrderViews,
  positionValuer: quantPositionValue,
  offeringListDetails: null,
} satisfies ProductServiceParts<AppContext>;
