/**
 * Offerings (issue 12; decision 0031): what Discover lists. fo (fixed-term "DD Trading": bought at
 * a live quote, locked for a term) and otc (block trading: a fixed block price, allocated pro rata
 * when oversubscribed). Operators create them and move them forward (upcoming → open → closed →
 * settled); clients buy (fo) or request an allocation (otc) through the orders module, which owns
 * the order, its money and its position.
 */
import { createHash } from 'node:crypto';
import {
  ErrorCode,
  TradingMessages,
  type Offering,
  type OrderPreview,
  type OrderResult,
} from '@imali/contract';
import {
  compareDecimal,
  formatDecimal,
  normalizeDecimal,
  parseDecimal,
  pow10,
  tryParseDecimal,
  type Decimal,
} from '@imali/money';
import type { Db } from '../../db/client';
import { OFFERING_DTYPES } from '../../db/schema/index';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import { scheduleForCountry } from '../fees/fees.service';
import {
  conflict,
  inTransaction,
  ownAccount,
  withIdempotency,
  type IdempotencyInput,
} from '../ledger/ledger.service';
import { instrumentByRef, quoteUnitOf } from '../market/market.service';
import {
  assertMarketOpen,
  placeOrder,
  previewBuy,
  settleAwaitingOrder,
  toOrderView,
} from '../orders/orders.service';
import { canonicalPrice, consumeQuote, marketPriceOf, peekQuote } from '../quotes/quotes.service';
import { allocateProRata, type Allocation } from './allocation';
import { buildKeyFacts } from './key-facts';
import * as repo from './offerings.repository';

export type { OfferingRow, OfferingStatus, OfferingWithInstrument } from './offerings.repository';
/**
 * The only writers of the offerings table (this module owns it, decision 0047): ipo, funds and
 * quant create and change their offerings through these.
 */
export { insertOffering, updateOffering } from './offerings.repository';

const DAY_MS = 86_400_000;
/** The dtypes this module trades; ipo, fund and quant belong to the subscriptions issue. */
export const TRADED_DTYPES = ['fo', 'otc'] as const;
export type TradedDtype = (typeof TRADED_DTYPES)[number];

const bad = (message: string) => new DomainError(ErrorCode.InvalidInput, message, 400);
export const offeringNotFound = () => notFound(TradingMessages.offeringNotFound);
const offeringNotOpen = () => conflict(TradingMessages.offeringNotOpen);

/** Exact numeric text as shown: '100.000000' → '100'. */
const plain = (text: string) => formatDecimal(normalizeDecimal(parseDecimal(text)));
const isWhole = (d: Decimal) => normalizeDecimal(d).scale === 0;
function addDecimal(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return {
    coefficient: a.coefficient * pow10(scale - a.scale) + b.coefficient * pow10(scale - b.scale),
    scale,
  };
}

/** The instrument's last price in its quote unit, exact (simulated market data). */
const lastPriceOf = (ctx: AppContext, instrument: repo.InstrumentRow) => marketPriceOf(ctx, instrument).price;

export function toOfferingView(
  ctx: AppContext,
  { offering: o, instrument: i }: repo.OfferingWithInstrument,
  requested?: string,
): Offering {
  return {
    id: o.id,
    dtype: o.dtype,
    name: o.name,
    symbol: i.symbol,
    instrument_name: i.name,
    market: i.market,
    country: i.country,
    currency: o.currency,
    quote_unit: quoteUnitOf(i),
    status: o.status,
    opens_at: o.opensAt.toISOString(),
    closes_at: o.closesAt.toISOString(),
    min_quantity: plain(o.minQuantity),
    max_quantity: plain(o.maxQuantity),
    hot: o.hot,
    term_days: o.termDays,
    block_price: o.blockPrice === null ? null : plain(o.blockPrice),
    block_size: o.blockSize === null ? null : plain(o.blockSize),
    requested_quantity: o.dtype === 'otc' ? plain(requested ?? '0') : null,
    allocation_rule: o.allocationRule,
    // An IPO's instrument before listing has no market price: its offer price stands in.
    last_price: i.listingState === 'pending' ? plain(i.basePrice) : lastPriceOf(ctx, i),
    key_facts: o.keyFacts,
  };
}

// ---------- Client reads ----------

/** Discover: open and upcoming offerings (of one dtype, or hot ones only), hot first, then closing soonest. */
export async function listTradingOfferings(
  ctx: AppContext,
  filter: { dtype?: string; hotOnly?: boolean },
): Promise<Offering[]> {
  const dtype = filter.dtype && filter.dtype !== 'all' ? (filter.dtype as repo.OfferingDtype) : undefined;
  const rows = await repo.listListed(ctx.db, { dtype, hotOnly: filter.hotOnly });
  const idsOf = (d: repo.OfferingDtype) =>
    rows.filter((r) => r.offering.dtype === d).map((r) => r.offering.id);
  const [requested, ...details] = await Promise.all([
    repo.requestedByOffering(ctx.db, idsOf('otc')),
    // What a product adds to its entries (the IPO: its offer's price basis), from its definition
    // (modules/wiring.ts), so this module reads no product's tables.
    ...OFFERING_DTYPES.map((d) => {
      const provide = ctx.wiring.products[d].offeringListDetails;
      const ids = provide ? idsOf(d) : [];
      return provide && ids.length ? provide(ctx, ids) : new Map<number, Partial<Offering>>();
    }),
  ]);
  return rows.map((r) => {
    const view = toOfferingView(ctx, r, requested.get(r.offering.id));
    for (const found of details) Object.assign(view, found.get(r.offering.id));
    return view;
  });
}

/** One offering of the given dtype (GET /fo/app/v1/{id}, /otc/app/v1/{id}); another dtype → 404. */
export async function offeringDetail(ctx: AppContext, dtype: TradedDtype, id: number): Promise<Offering> {
  const row = await repo.findById(ctx.db, id);
  if (!row || row.offering.dtype !== dtype) throw offeringNotFound();
  const requested = await repo.requestedByOffering(ctx.db, [id]);
  return toOfferingView(ctx, row, requested.get(id));
}

// ---------- Client orders ----------

export interface OfferingOrderInput {
  offeringId: number;
  /** Shares, validated decimal text (contract quantityString). */
  quantity: string;
  accountId: number;
  /** fo: the quotation the buy is priced at. */
  quoteId?: string;
  /** The client's session: an order above PIN_EACH_ORDER_ABOVE spends its PIN verification. */
  pinSessionId?: string;
  /** The fee schedule version the preview showed (optional): another in force now → 409 (placeOrder). */
  feeSchedule?: string;
}

/**
 * The checks every order on an offering passes, inside the order's transaction: the offering row
 * is locked FOR SHARE (a concurrent close or settle waits, and one that came first is seen), it is
 * of the dtype asked for, open and inside its window; the quantity is whole shares, at least the
 * minimum, and, counted with the client's earlier orders on it that were not rejected, at most
 * the per-client maximum. The maximum is checked under an advisory lock per (offering, client),
 * so a burst of one client's requests queues there and each sees the ones before it.
 */
async function checkOrderOnOffering(
  tx: Db,
  dtype: TradedDtype,
  clientId: number,
  input: OfferingOrderInput,
  now: Date,
): Promise<repo.OfferingWithInstrument> {
  const locked = await repo.lockById(tx, input.offeringId, 'share');
  if (!locked || locked.dtype !== dtype) throw offeringNotFound();
  const row = (await repo.findById(tx, locked.id))!;
  const o = row.offering;
  if (o.status !== 'open' || now < o.opensAt || now >= o.closesAt) throw offeringNotOpen();
  const quantity = parseDecimal(input.quantity);
  if (!isWhole(quantity)) throw bad(TradingMessages.wholeShares);
  if (compareDecimal(quantity, parseDecimal(o.minQuantity)) < 0) {
    throw bad(TradingMessages.belowMinimum(plain(o.minQuantity)));
  }
  await repo.lockOfferingClient(tx, o.id, clientId);
  const already = parseDecimal(await repo.requestedByClient(tx, o.id, clientId));
  if (compareDecimal(addDecimal(already, quantity), parseDecimal(o.maxQuantity)) > 0) {
    throw new DomainError(ErrorCode.LimitExceeded, TradingMessages.aboveMaximum(plain(o.maxQuantity)), 409);
  }
  return row;
}

/**
 * POST /fo/app/v1/buy: a fixed-term buy at the client's quotation, executed at once (funds
 * debited, position held) and locked for the offering's term. One transaction under the
 * idempotency key: the offering checks, the quote consumed (bound to this client and instrument,
 * unexpired, once), the order placed; any refusal rolls all of it back.
 */
export async function buyFixedTerm(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: OfferingOrderInput,
): Promise<{ data: OrderResult; replayed: boolean }> {
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    const now = ctx.clock.now();
    const { offering, instrument } = await checkOrderOnOffering(tx, 'fo', clientId, input, now);
    if (!input.quoteId) throw bad(TradingMessages.quoteNotFound);
    // The orders module's trading-hours rule (the simulated market's clock), as for a stock buy.
    assertMarketOpen(ctx, instrument);
    const quote = await consumeQuote(tx, {
      quoteId: input.quoteId,
      clientId,
      instrumentId: instrument.id,
      at: now,
    });
    // S1 = 0 when the quote was given, or since (the instrument row was read in this transaction).
    if (!quote.tradable || !instrument.tradable) throw conflict(TradingMessages.restricted);
    const row = await placeOrder(tx, txCtx, {
      clientId,
      accountId: input.accountId,
      instrument,
      ttype: 'fo',
      offeringId: offering.id,
      quantity: input.quantity,
      price: quote.price,
      quoteId: input.quoteId,
      lockedUntil: new Date(now.getTime() + offering.termDays! * DAY_MS),
      execute: true,
      at: now,
      actor: `client:${clientId}`,
      pinSessionId: input.pinSessionId,
      feeSchedule: input.feeSchedule,
    });
    return {
      order: toOrderView(row, instrument, { now, lastPrice: quote.price, name: offering.name }),
      message: TradingMessages.buyReceived(instrument.symbol),
    };
  });
}

/**
 * POST /otc/app/v1/record/allocate/{id}: a request for shares of the block at the block price.
 * The funds (consideration + fees) are held and the order awaits the operator's settlement.
 * Nothing executes on the market now, so trading hours do not apply (decision 0031).
 */
export async function requestAllocation(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: OfferingOrderInput,
): Promise<{ data: OrderResult; replayed: boolean }> {
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    const now = ctx.clock.now();
    const { offering, instrument } = await checkOrderOnOffering(tx, 'otc', clientId, input, now);
    const row = await placeOrder(tx, txCtx, {
      clientId,
      accountId: input.accountId,
      instrument,
      ttype: 'otc',
      offeringId: offering.id,
      quantity: input.quantity,
      price: plain(offering.blockPrice!),
      execute: false,
      at: now,
      actor: `client:${clientId}`,
      pinSessionId: input.pinSessionId,
      feeSchedule: input.feeSchedule,
    });
    return {
      order: toOrderView(row, instrument, { now, name: offering.name }),
      message: TradingMessages.allocationReceived(instrument.symbol),
    };
  });
}

/**
 * The fee preview of an fo buy or otc allocation (GET /client/app/v1/order/preview with ttype fo
 * or otc and offering_id, routed by the orders module): exactly what the order would store now
 * (the orders module's previewBuy, the same pricing as placeOrder). fo is priced at the client's
 * quote when one is given (as the buy will be), else at the market price now (quote_id null); otc
 * at the block price. With `dtype`, an offering of another type is not found.
 */
export async function previewOfferingOrder(
  ctx: AppContext,
  clientId: number,
  input: { offeringId: number; quantity: string; accountId?: number; quoteId?: string; dtype?: TradedDtype },
): Promise<OrderPreview> {
  const row = await repo.findById(ctx.db, input.offeringId);
  if (!row || !(TRADED_DTYPES as readonly string[]).includes(row.offering.dtype)) throw offeringNotFound();
  if (input.dtype !== undefined && row.offering.dtype !== input.dtype) throw offeringNotFound();
  const { offering, instrument } = row;
  if (!isWhole(parseDecimal(input.quantity))) throw bad(TradingMessages.wholeShares);
  if (input.accountId !== undefined) {
    const account = await ownAccount(ctx, clientId, input.accountId);
    if (account.currency !== instrument.currency) {
      throw bad(TradingMessages.wrongAccountCurrency(instrument.currency));
    }
  }
  const now = ctx.clock.now();
  if (offering.dtype === 'otc') {
    return previewBuy(ctx, {
      instrument,
      ttype: 'otc',
      quantity: input.quantity,
      price: plain(offering.blockPrice!),
    });
  }
  const quote = input.quoteId
    ? await peekQuote(ctx.db, { quoteId: input.quoteId, clientId, instrumentId: instrument.id, at: now })
    : undefined;
  return previewBuy(ctx, {
    instrument,
    ttype: 'fo',
    quantity: input.quantity,
    price: quote ? canonicalPrice(quote.price) : marketPriceOf(ctx, instrument).price,
    quoteId: quote?.id ?? null,
    quoteExpiresAt: quote?.expiresAt ?? null,
    lockedUntil: new Date(now.getTime() + offering.termDays! * DAY_MS),
  });
}

// ---------- Operator ----------

export interface CreateOfferingInput {
  dtype: string;
  name: string;
  symbol: string;
  country: string;
  opensAt: Date;
  closesAt: Date;
  minQuantity: string;
  maxQuantity: string;
  hot?: boolean;
  termDays?: number;
  blockPrice?: string;
  blockSize?: string;
}

/** Positive whole shares, or a 400 naming the field. */
function wholeShares(text: string, field: string): Decimal {
  const d = tryParseDecimal(text);
  if (!d || !/^\d{1,12}(\.0+)?$/.test(text.trim()) || d.coefficient <= 0n) {
    throw bad(`${field} must be a whole number of shares greater than 0.`);
  }
  return normalizeDecimal(d);
}

/**
 * Operator: creates an offering (status upcoming) on an instrument of the universe, in the
 * instrument's currency, with its terms checked per dtype and its key-facts sheet generated from
 * them and the country's fee schedule in force. Audited.
 */
export async function createOffering(ctx: AppContext, input: CreateOfferingInput, actor: string) {
  if (!(TRADED_DTYPES as readonly string[]).includes(input.dtype)) throw bad('dtype must be fo or otc.');
  const dtype = input.dtype as TradedDtype;
  const name = input.name.trim();
  if (name.length < 1 || name.length > 120) throw bad('The name must be 1 to 120 characters.');
  const instrument = await instrumentByRef(
    ctx,
    { country: input.country.toUpperCase(), symbol: input.symbol.toUpperCase() },
    { fresh: true },
  ).catch(() => {
    throw bad(`No stock ${input.symbol.toUpperCase()} in ${input.country.toUpperCase()}.`);
  });
  if (instrument.type !== 'stock') throw bad(`${instrument.symbol} is an index; offerings are on stocks.`);
  if (Number.isNaN(input.opensAt.getTime()) || Number.isNaN(input.closesAt.getTime())) {
    throw bad('opens and closes must be dates (ISO 8601).');
  }
  if (input.closesAt <= input.opensAt) throw bad('An offering must close after it opens.');
  if (input.closesAt <= ctx.clock.now()) throw bad('An offering must close in the future.');
  const min = wholeShares(input.minQuantity, 'min');
  const max = wholeShares(input.maxQuantity, 'max');
  if (compareDecimal(min, max) > 0) throw bad('min must not be above max.');

  let termDays: number | null = null;
  let blockPrice: string | null = null;
  let blockSize: string | null = null;
  if (dtype === 'fo') {
    if (input.blockPrice !== undefined || input.blockSize !== undefined) {
      throw bad('A fixed-term (fo) offering has no block price or size.');
    }
    if (
      input.termDays === undefined ||
      !Number.isInteger(input.termDays) ||
      input.termDays < 1 ||
      input.termDays > 3650
    ) {
      throw bad('A fixed-term (fo) offering needs term days: a whole number from 1 to 3650.');
    }
    termDays = input.termDays;
  } else {
    if (input.termDays !== undefined) throw bad('A block (otc) offering has no term.');
    const price = input.blockPrice === undefined ? undefined : tryParseDecimal(input.blockPrice);
    if (
      !price ||
      !/^\d{1,14}(\.\d+)?$/.test(input.blockPrice!.trim()) ||
      price.coefficient <= 0n ||
      normalizeDecimal(price).scale > instrument.priceDecimals
    ) {
      throw bad(
        `A block (otc) offering needs a block price greater than 0 in ${quoteUnitOf(instrument)} ` +
          `with at most ${instrument.priceDecimals} decimals.`,
      );
    }
    if (input.blockSize === undefined) throw bad('A block (otc) offering needs a block size.');
    const size = wholeShares(input.blockSize, 'block size');
    if (compareDecimal(min, size) > 0) throw bad('min must not be above the block size.');
    blockPrice = formatDecimal(normalizeDecimal(price));
    blockSize = formatDecimal(size);
  }

  const schedule = scheduleForCountry(ctx, instrument.country);
  const keyFacts = buildKeyFacts({
    dtype,
    symbol: instrument.symbol,
    instrumentName: instrument.name,
    market: instrument.market,
    country: instrument.country,
    currency: instrument.currency,
    quoteUnit: quoteUnitOf(instrument),
    opensAt: input.opensAt,
    termDays,
    blockPrice,
    blockSize,
    marketPrice: lastPriceOf(ctx, instrument),
    schedule,
  });
  return inTransaction(ctx, async (tx, txCtx) => {
    const now = ctx.clock.now();
    const row = await repo.insertOffering(tx, {
      dtype,
      name,
      instrumentId: instrument.id,
      currency: instrument.currency,
      status: 'upcoming',
      opensAt: input.opensAt,
      closesAt: input.closesAt,
      minQuantity: formatDecimal(min),
      maxQuantity: formatDecimal(max),
      hot: input.hot ?? false,
      termDays,
      blockPrice,
      blockSize,
      allocationRule: dtype === 'otc' ? 'pro_rata' : null,
      keyFacts,
      createdBy: actor,
      createdAt: now,
      updatedAt: now,
    });
    await audit.record(txCtx, {
      actor,
      action: 'offering.create',
      subjectType: 'offering',
      subjectId: String(row.id),
      before: null,
      after: {
        dtype,
        name,
        symbol: instrument.symbol,
        country: instrument.country,
        status: row.status,
        opens_at: row.opensAt.toISOString(),
        closes_at: row.closesAt.toISOString(),
        min: formatDecimal(min),
        max: formatDecimal(max),
        hot: row.hot,
        term_days: termDays,
        block_price: blockPrice,
        block_size: blockSize,
        fee_schedule: schedule.version,
      },
    });
    return { offering: row, instrument };
  });
}

/** The one status each operator action moves an offering from (forward only). */
const FROM: Record<'open' | 'closed', repo.OfferingStatus> = { open: 'upcoming', closed: 'open' };

async function moveForward(ctx: AppContext, id: number, to: 'open' | 'closed', actor: string) {
  return inTransaction(ctx, async (tx, txCtx) => {
    const o = await repo.lockById(tx, id, 'update');
    if (!o) throw offeringNotFound();
    if (o.status !== FROM[to]) {
      throw conflict(
        `Offering ${id} is ${o.status}; only an offering that is ${FROM[to]} can be ${to === 'open' ? 'opened' : 'closed'}.`,
      );
    }
    const row = await repo.updateOffering(tx, id, { status: to, updatedAt: ctx.clock.now() });
    await audit.record(txCtx, {
      actor,
      action: to === 'open' ? 'offering.open' : 'offering.close',
      subjectType: 'offering',
      subjectId: String(id),
      before: { status: o.status },
      after: { status: row.status },
    });
    return row;
  });
}

/** Operator: upcoming → open (clients may order inside its opens/closes window). */
export const openOffering = (ctx: AppContext, id: number, actor: string) =>
  moveForward(ctx, id, 'open', actor);
/** Operator: open → closed (no more orders; an otc block then waits for settlement). */
export const closeOffering = (ctx: AppContext, id: number, actor: string) =>
  moveForward(ctx, id, 'closed', actor);

export interface SettlementResult {
  offering: repo.OfferingRow;
  allocations: Allocation[];
  blockSize: bigint | null;
}

/**
 * Operator: closed → settled, in one transaction. otc: the offering row is locked (no allocation
 * request can be in flight: each holds it FOR SHARE), its awaiting orders are allocated by the
 * pro-rata rule (allocation.ts) and each is settled through the orders module (executed for its
 * allocation, the rest of its hold released; 0 shares → rejected, hold released). fo: its buys
 * executed when they were made, so settling only records that the offering is finished. Audited.
 */
/**
 * The pro-rata allocation of an otc block over its awaiting orders (earliest first), and the
 * SHA-256 (hex) of it: what the settlement preview shows and an approved settlement must match.
 */
export function settlementPlan(
  offeringId: number,
  blockSize: bigint,
  awaiting: readonly { id: number; requestedQuantity: string }[],
) {
  const allocations = allocateProRata(
    awaiting.map((r) => {
      const q = normalizeDecimal(parseDecimal(r.requestedQuantity));
      if (q.scale !== 0) throw new Error(`order ${r.id}: fractional request ${r.requestedQuantity}`);
      return { orderId: r.id, requested: q.coefficient };
    }),
    blockSize,
  );
  const hash = createHash('sha256')
    .update(
      JSON.stringify({
        offeringId,
        blockSize: blockSize.toString(),
        allocations: allocations.map((a) => [a.orderId, a.requested.toString(), a.allocated.toString()]),
      }),
    )
    .digest('hex');
  return { allocations, hash };
}

/**
 * What settling a closed offering would do now, writing nothing (issue 23): for an otc block the
 * pro-rata allocation of each awaiting order (the same settlementPlan the settlement runs) and its
 * hash; a fixed offering (fo) has nothing to allocate.
 */
export async function previewOfferingSettlement(ctx: AppContext, id: number) {
  const found = await repo.findById(ctx.db, id);
  if (!found) throw offeringNotFound();
  const o = found.offering;
  if (o.status !== 'closed') throw conflict(`Offering ${id} is ${o.status}; close it before settling it.`);
  const blockSize = o.dtype === 'otc' ? parseDecimal(plain(o.blockSize!)).coefficient : null;
  const { allocations, hash } =
    blockSize === null
      ? settlementPlan(id, 1n, [])
      : settlementPlan(id, blockSize, await repo.awaitingOrders(ctx.db, id));
  return {
    offering: o,
    blockSize,
    blockPrice: o.blockPrice === null ? null : plain(o.blockPrice),
    allocations,
    requested: allocations.reduce((s, a) => s + a.requested, 0n),
    allocated: allocations.reduce((s, a) => s + a.allocated, 0n),
    hash,
  };
}

export async function settleOffering(
  ctx: AppContext,
  id: number,
  actor: string,
  options: { expectedHash?: string; approvedBy?: string[] } = {},
): Promise<SettlementResult> {
  return inTransaction(ctx, async (tx, txCtx) => {
    const o = await repo.lockById(tx, id, 'update');
    if (!o) throw offeringNotFound();
    if (o.status !== 'closed') {
      throw conflict(`Offering ${id} is ${o.status}; close it before settling it.`);
    }
    const now = ctx.clock.now();
    let allocations: Allocation[] = [];
    let blockSize: bigint | null = null;
    let hash = settlementPlan(id, 1n, []).hash;
    if (o.dtype === 'otc') {
      blockSize = parseDecimal(plain(o.blockSize!)).coefficient;
      ({ allocations, hash } = settlementPlan(id, blockSize, await repo.awaitingOrders(tx, id)));
    }
    // An approved settlement executes only the allocation its checker saw.
    if (options.expectedHash !== undefined && hash !== options.expectedHash) {
      throw conflict(
        `Offering ${id}: the orders changed since the settlement was previewed; preview it again.`,
      );
    }
    for (const a of allocations) {
      await settleAwaitingOrder(tx, txCtx, {
        orderId: a.orderId,
        allocatedQuantity: a.allocated.toString(),
        at: now,
        actor,
      });
    }
    const row = await repo.updateOffering(tx, id, { status: 'settled', settledAt: now, updatedAt: now });
    const allocated = allocations.reduce((s, a) => s + a.allocated, 0n);
    const requested = allocations.reduce((s, a) => s + a.requested, 0n);
    await audit.record(txCtx, {
      actor,
      action: 'offering.settle',
      subjectType: 'offering',
      subjectId: String(id),
      before: { status: o.status },
      after: {
        status: row.status,
        orders: allocations.length,
        requested: requested.toString(),
        allocated: allocated.toString(),
        block_size: blockSize?.toString() ?? null,
        ...(options.approvedBy ? { approved_by: options.approvedBy, allocations_hash: hash } : {}),
        allocations: allocations.map((a) => ({
          order_id: a.orderId,
          requested: a.requested.toString(),
          allocated: a.allocated.toString(),
        })),
      },
    });
    return { offering: row, allocations, blockSize };
  });
}

export async function findOfferingByName(ctx: AppContext, name: string) {
  return repo.findByName(ctx.db, name);
}

export async function listOfferings(
  ctx: AppContext,
  status?: repo.OfferingStatus,
  dtypes?: readonly repo.OfferingDtype[],
) {
  return repo.listAll(ctx.db, status, dtypes);
}

export async function listOrdersForOps(
  ctx: AppContext,
  filter: { clientId?: number; status?: Parameters<typeof repo.listOrdersForOps>[1]['status'] },
) {
  return repo.listOrdersForOps(ctx.db, filter);
}
