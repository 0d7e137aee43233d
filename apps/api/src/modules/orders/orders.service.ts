/**
 * Orders (issue 12): one row per buy; a sell closes it. Status pending → awaiting (funds held) →
 * holding (executed) → sold, or rejected (hold released). Every transition is one transaction
 * with its ledger entry (journal kind 'trade', through captureHold/postEntry), its position
 * movement naming that entry, and an audit record.
 *
 * What other modules call (offerings, for the fo buy and the otc allocate/settle):
 *
 * - `placeOrder(tx, ctx, input: PlaceOrderInput): Promise<OrderRow>` — inside the caller's
 *   transaction: locks the client's account (another client's account: 404; an account in another
 *   currency than the instrument's: 400 wrongAccountCurrency), checks the quantity (whole shares),
 *   prices the order (consideration = quantity × price, fees from the country's schedule), refuses
 *   with INSUFFICIENT_FUNDS when available < consideration + fees. `execute: true` posts the buy
 *   entry, inserts the order holding, records its hold as captured by that entry and adds the
 *   +quantity position movement; `execute: false` inserts the order awaiting and holds
 *   consideration + fees (held_minor = the hold). The quote, if any, must already be consumed by the caller
 *   (quotes.service consumeQuote); placeOrder links it to the order. With `pinSessionId`, an order
 *   above PIN_EACH_ORDER_ABOVE spends the session's PIN verification. Audited. Throws DomainError
 *   on bad input (the caller's transaction rolls back: nothing is written).
 * - `settleAwaitingOrder(tx, ctx, { orderId, allocatedQuantity, at, actor }): Promise<OrderRow>` —
 *   allocated '0' → rejected (hold released, reason 'Not allocated'); otherwise fees are
 *   recomputed on the allocated consideration (same schedule version), the hold is captured for
 *   consideration + fees (the rest released), quantity = allocated, status holding, +allocated
 *   position movement. Audited.
 * - `previewBuy(ctx, input: BuyPreviewInput): OrderPreview` — the figures a buy will store
 *   (the same pricing as placeOrder).
 * - `assertMarketOpen(ctx, instrument)` — 409 marketClosed (saying when it opens) outside the
 *   exchange's trading hours by the app clock (MARKET_TIME_SHIFT_MS moves it, decision 0044).
 * - `toOrderView(row, instrument, options): Order` — the contract receipt of an order row.
 * - `orderReceipt(ctx, clientId, orderId)` — one client's receipt (404 otherwise).
 */ import {
  ErrorCode,
  FundMessages,
  QuantMessages,
  TradingMessages,
  type OrderPreview,
  type OrderResult,
  type OrderTtype,
} from '@imali/contract';
import {
  compareDecimal,
  formatDecimal,
  formatMinor,
  normalizeDecimal,
  parseDecimal,
  tryParseDecimal,
  type Currency,
  type Decimal,
} from '@imali/money';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import { relieveSale, saleCostOf } from '../cost-basis/cost-basis.service';
import { scheduleAsPreviewed, scheduleForCountry } from '../fees/fees.service';
import {
  accountNotFound,
  captureHold,
  conflict,
  insufficientFunds,
  lockAccounts,
  ownAccount,
  placeHold,
  postEntry,
  recordCapturedHold,
  releaseHold,
  withIdempotency,
  type IdempotencyInput,
} from '../ledger/ledger.service';
import { orderNeedsOwnPin } from '../ledger/limits';
import { instrumentByRef, quoteUnitOf, type InstrumentRow } from '../market/market.service';
import type { ExchangeCode } from '../market/simulator/calendar';
import { exchangeTimeText, marketClosedMessage } from '../market/trading-hours';
import { newReference } from '../ledger/reference';
import { consumeQuote, linkQuoteToOrder, marketPriceOf, peekQuote } from '../quotes/quotes.service';
import { spendFreshPin } from '../session/session.service';
import * as repo from './orders.repository';
import {
  considerationOf,
  displayPrice,
  feesBySideOf,
  houseLines,
  plain,
  priceTrade,
  scheduleOfOrder,
  sharesOf,
  summaryOf,
  itemsOf,
  toStoredFees,
  type Priced,
} from './pricing';
import { orderNotFound, toOrderView } from './order-views';

// What other modules call, from the files orders.service was split into (issue 21 point 3).
export { considerationOf, displayPrice, feesBySideOf, houseLines, priceTrade, toStoredFees, type Priced };
export { listOrders, orderNotFound, orderReceipt, toOrderView, type OrderViewOptions } from './order-views';

export type { OrderRow } from './orders.repository';
/**
 * The only writers of the orders and position_movements tables (this module owns them, decision
 * 0047): the product modules (ipo, funds, quant) insert their orders, change their status and
 * record their movements through these, never with statements of their own.
 */
export { findOrder, findOrders, insertOrder, lockOrder, updateOrder } from './orders.repository';
type OrderRow = repo.OrderRow;

export type PositionMovementInsert = Omit<repo.PositionMovementInsert, 'costMinor'>;

/**
 * Records a position movement: the one path every flow that moves shares or units takes (buys,
 * sells, IPO allotments, fund subscriptions and redemptions, structured entries and exits). A
 * sale first has the cost basis relieve the position (position and lots locked, lots consumed)
 * and carries the cost it relieved; the movement trigger adds or subtracts the figures it is
 * given (decision 0050).
 */
export async function insertPositionMovement(tx: Db, values: PositionMovementInsert) {
  const delta = parseDecimal(values.quantityDelta);
  if (delta.coefficient >= 0n) return repo.insertMovementRow(tx, values);
  const order = await repo.findOrder(tx, values.orderId);
  if (!order) throw new Error(`orders: no order ${values.orderId} for a position movement`);
  const relief = await relieveSale(tx, {
    orderId: order.id,
    accountId: order.accountId,
    ttype: order.ttype,
    offeringId: order.offeringId,
    instrumentId: values.instrumentId,
    quantity: formatDecimal({ coefficient: -delta.coefficient, scale: delta.scale }),
  });
  return repo.insertMovementRow(tx, { ...values, costMinor: relief.costMinor });
}

const bad = (message: string) => new DomainError(ErrorCode.InvalidInput, message, 400);
const restricted = () => conflict(TradingMessages.restricted);

/** The ledger's hold of an order is found by its reference. */
const holdOf = (orderId: number) => ({ referenceType: 'order', referenceId: orderId });

// ---------- Trading hours ----------

/**
 * Refuses (409) an order outside the exchange's trading hours by the app clock, saying when it
 * opens in the exchange's local time (and, outside production, how to try the demo).
 */
export function assertMarketOpen(ctx: AppContext, instrument: InstrumentRow) {
  const closed = marketClosedMessage(ctx.config, instrument.market as ExchangeCode, ctx.clock.now());
  if (closed) throw conflict(closed);
}

/** 'YYYY-MM-DD' of an instant in the exchange's local time (the unlock date of a position). */
const exchangeDate = (exchange: ExchangeCode, at: Date) => exchangeTimeText(exchange, at).slice(0, 10);

// ---------- Placing and settling ----------

export interface PlaceOrderInput {
  clientId: number;
  /** The client's cash account to book the order on (its currency must be the instrument's). */
  accountId: number;
  instrument: InstrumentRow;
  ttype: 'standard' | 'fo' | 'otc';
  offeringId?: number | null;
  /** Shares, decimal text ('10'); stocks trade in whole shares. */
  quantity: string;
  /** Price in the instrument's quote unit (ZAc for JSE shares), decimal text. */
  price: string;
  /** The (already consumed) quotation this order is priced at. */
  quoteId?: string | null;
  /** fo: the position cannot be sold before this instant. */
  lockedUntil?: Date | null;
  /** true: executed now (holding); false: funds held, awaiting settlement (otc). */
  execute: boolean;
  at: Date;
  /** Audit actor: `client:<id>` or `ops:<user>`. */
  actor: string;
  /** The client's session: an order above PIN_EACH_ORDER_ABOVE spends its PIN verification. */
  pinSessionId?: string;
  /** The fee schedule version the client's preview showed: another in force now → 409. */
  feeSchedule?: string;
}

export interface SettleInput {
  orderId: number;
  /** Shares allocated, decimal text; '0' rejects the order. */
  allocatedQuantity: string;
  at: Date;
  actor: string;
}

const entryText = (
  action: string,
  order: Pick<OrderRow, 'reference'>,
  quantity: string,
  instrument: InstrumentRow,
  price: string,
) =>
  `${action} ${plain(quantity)} ${instrument.symbol} @ ${plain(price)} ${quoteUnitOf(instrument)} (${order.reference})`;

/**
 * Executes a pending or awaiting order's hold: the buy entry (client −(consideration + fees),
 * clearing + consideration, fee accounts + fees) captures `cashMinor` of it (the rest is released),
 * the position rises by `quantity` naming that entry, and the order becomes holding.
 */
async function execute(
  tx: Db,
  ctx: AppContext,
  order: OrderRow,
  instrument: InstrumentRow,
  priced: Priced,
  quantity: string,
  at: Date,
  actor: string,
) {
  const currency = order.currency as Currency;
  const { entry } = await captureHold(tx, holdOf(order.id), {
    at,
    amountMinor: priced.cashMinor,
    entry: {
      kind: 'trade',
      description: entryText('Buy', order, quantity, instrument, order.buyPrice),
      reference: order.reference,
      clientId: order.clientId,
      createdBy: actor,
    },
    counterparts: await houseLines(ctx, currency, 'buy', priced.considerationMinor, priced.fees),
  });
  await insertPositionMovement(tx, {
    orderId: order.id,
    clientId: order.clientId,
    instrumentId: order.instrumentId,
    quantityDelta: quantity,
    entryId: entry.id,
    createdAt: at,
  });
  return repo.updateOrder(
    tx,
    order.id,
    {
      status: 'holding',
      quantity,
      buyConsiderationMinor: priced.considerationMinor,
      buyFeesMinor: priced.fees.totalMinor,
      buyFees: toStoredFees(priced.fees),
      heldMinor: 0n,
      executionTime: at,
      // The simulated market settles at once; a real one would settle T+3 (JSE) later, on the day
      // market/simulator/calendar.ts's settlementDay gives (declared closures included).
      settlementTime: at,
      buyEntryId: entry.id,
    },
    at,
  );
}

interface NewOrder {
  input: PlaceOrderInput;
  reference: string;
  account: { id: number };
  currency: Currency;
  priced: Priced;
  quantity: string;
  scheduleVersion: string;
}

/** The order row's fields common to both ways of placing it. */
function orderValues({ input, reference, account, currency, priced, quantity, scheduleVersion }: NewOrder) {
  return {
    reference,
    clientId: input.clientId,
    accountId: account.id,
    offeringId: input.offeringId ?? null,
    instrumentId: input.instrument.id,
    ttype: input.ttype,
    currency,
    requestedQuantity: quantity,
    // Until it executes, an order shows the shares it asks for; its position stays 0.
    quantity,
    buyPrice: plain(input.price),
    buyQuoteId: input.quoteId ?? null,
    buyConsiderationMinor: priced.considerationMinor,
    buyFeesMinor: priced.fees.totalMinor,
    buyFees: toStoredFees(priced.fees),
    feeSchedule: scheduleVersion,
    lockedUntil: input.lockedUntil ?? null,
    orderTime: input.at,
    updatedAt: input.at,
  };
}

/** Funds held for a later allocation or settlement: status awaiting, held_minor = the hold. */
async function placeAwaiting(tx: Db, order: NewOrder) {
  const { input, priced } = order;
  const row = await repo.insertOrder(tx, {
    ...orderValues(order),
    status: 'awaiting',
    heldMinor: priced.cashMinor,
  });
  // The quote row names the order it priced (quotes.order_id), for the audit trail.
  if (input.quoteId) await linkQuoteToOrder(tx, input.quoteId, row.id);
  await placeHold(tx, {
    accountId: order.account.id,
    amountMinor: priced.cashMinor,
    purpose: 'order',
    ...holdOf(row.id),
    at: input.at,
  });
  return row;
}

/**
 * An order executed in the transaction that places it (a buy at a quotation): the buy entry
 * first (it needs only the order's reference), then the order row already holding and naming it,
 * its hold written captured (postCapturedHold), its +quantity position movement. The same rows a
 * hold placed and captured later leaves, in fewer statements (the buy is the hot path).
 */
async function executeAtOnce(tx: Db, txCtx: AppContext, order: NewOrder) {
  const { input, priced, quantity, currency } = order;
  const { instrument, at } = input;
  const entry = await postEntry(
    tx,
    at,
    {
      kind: 'trade',
      description: entryText('Buy', order, quantity, instrument, input.price),
      reference: order.reference,
      clientId: input.clientId,
      createdBy: input.actor,
    },
    [
      { accountId: order.account.id, currency, amountMinor: -priced.cashMinor, kind: 'client' },
      ...(await houseLines(txCtx, currency, 'buy', priced.considerationMinor, priced.fees)),
    ],
  );
  const row = await repo.insertOrder(tx, {
    ...orderValues(order),
    status: 'holding',
    heldMinor: 0n,
    executionTime: at,
    // The simulated market settles at once; a real one would settle T+3 (JSE) later, on the day
    // market/simulator/calendar.ts's settlementDay gives (declared closures included).
    settlementTime: at,
    buyEntryId: entry.id,
  });
  await recordCapturedHold(tx, {
    accountId: order.account.id,
    amountMinor: priced.cashMinor,
    purpose: 'order',
    ...holdOf(row.id),
    entryId: entry.id,
    at,
  });
  await insertPositionMovement(tx, {
    orderId: row.id,
    clientId: row.clientId,
    instrumentId: row.instrumentId,
    quantityDelta: quantity,
    entryId: entry.id,
    createdAt: at,
  });
  if (input.quoteId) await linkQuoteToOrder(tx, input.quoteId, row.id);
  return row;
}

/** See the file comment. */
export async function placeOrder(tx: Db, ctx: AppContext, input: PlaceOrderInput): Promise<OrderRow> {
  const txCtx: AppContext = { ...ctx, db: tx };
  const { instrument } = input;
  if (instrument.type !== 'stock') throw notFound(TradingMessages.instrumentNotFound);
  const quantity = formatDecimal(sharesOf(input.quantity));
  const priceDecimal = tryParseDecimal(input.price);
  if (!priceDecimal || priceDecimal.coefficient <= 0n)
    throw new Error(`order price ${input.price} is not > 0`);
  const [account] = await lockAccounts(tx, [input.accountId], input.clientId);
  if (!account) throw accountNotFound();
  if (account.currency !== instrument.currency) {
    throw bad(TradingMessages.wrongAccountCurrency(instrument.currency));
  }
  const currency = account.currency;
  // Preview equals receipt (decision 0063): fees published between the preview and the confirm → 409.
  const schedule = scheduleAsPreviewed(ctx, instrument.country, input.feeSchedule, input.at);
  const priced = priceTrade(instrument, schedule, 'buy', quantity, input.price);
  if (input.pinSessionId !== undefined && orderNeedsOwnPin(ctx.config, currency, priced.cashMinor)) {
    await spendFreshPin(txCtx, input.pinSessionId);
  }
  if (account.balanceMinor - account.heldMinor < priced.cashMinor) throw insufficientFunds();

  const reference = newReference('ORD');
  const newOrder: NewOrder = {
    input,
    reference,
    account,
    currency,
    priced,
    quantity,
    scheduleVersion: schedule.version,
  };
  const row = input.execute ? await executeAtOnce(tx, txCtx, newOrder) : await placeAwaiting(tx, newOrder);
  await audit.record(txCtx, {
    actor: input.actor,
    action: input.execute ? 'order.buy' : 'order.request',
    subjectType: 'order',
    subjectId: String(row.id),
    before: null,
    after: {
      status: row.status,
      reference: row.reference,
      ttype: row.ttype,
      symbol: instrument.symbol,
      quantity,
      price: row.buyPrice,
      quote_id: row.buyQuoteId,
      total: formatMinor(priced.cashMinor, currency),
    },
  });
  return row;
}

/** See the file comment. */
export async function settleAwaitingOrder(tx: Db, ctx: AppContext, input: SettleInput): Promise<OrderRow> {
  const txCtx: AppContext = { ...ctx, db: tx };
  const order = await repo.lockOrder(tx, input.orderId);
  if (!order) throw orderNotFound();
  if (order.status !== 'awaiting')
    throw conflict(`Order ${order.reference} is ${order.status}, not awaiting.`);
  const instrument = (await repo.instrumentById(tx, order.instrumentId))!;
  await lockAccounts(tx, [order.accountId]);
  const allocated = tryParseDecimal(input.allocatedQuantity);
  if (!allocated || allocated.coefficient < 0n || normalizeDecimal(allocated).scale !== 0) {
    throw bad(TradingMessages.wholeShares);
  }
  if (compareDecimal(allocated, parseDecimal(order.requestedQuantity)) > 0) {
    throw bad(`Order ${order.reference} asked for ${plain(order.requestedQuantity)} shares.`);
  }
  let row: OrderRow;
  if (allocated.coefficient === 0n) {
    await releaseHold(tx, holdOf(order.id), input.at);
    row = await repo.updateOrder(
      tx,
      order.id,
      { status: 'rejected', quantity: '0', heldMinor: 0n, reason: 'Not allocated' },
      input.at,
    );
  } else {
    const quantity = formatDecimal(normalizeDecimal(allocated));
    const priced = priceTrade(
      instrument,
      scheduleOfOrder(ctx, order, instrument),
      'buy',
      quantity,
      order.buyPrice,
    );
    // Fees only grow with the consideration, so fewer shares never cost more than was held.
    if (priced.cashMinor > order.heldMinor) {
      throw new Error(`order ${order.id}: allocation costs ${priced.cashMinor}, held ${order.heldMinor}`);
    }
    row = await execute(tx, txCtx, order, instrument, priced, quantity, input.at, input.actor);
  }
  await audit.record(txCtx, {
    actor: input.actor,
    action: 'order.settle',
    subjectType: 'order',
    subjectId: String(order.id),
    before: {
      status: order.status,
      quantity: plain(order.requestedQuantity),
      held: formatMinor(order.heldMinor, order.currency as Currency),
    },
    after: {
      status: row.status,
      quantity: plain(row.quantity),
      debited:
        row.status === 'holding'
          ? formatMinor(row.buyConsiderationMinor + row.buyFeesMinor, row.currency as Currency)
          : '0.00',
    },
  });
  return row;
}

// ---------- Preview ----------

export interface BuyPreviewInput {
  instrument: InstrumentRow;
  ttype: 'standard' | 'fo' | 'otc' | 'ipo';
  quantity: string;
  /** Quote unit. */
  price: string;
  quoteId?: string | null;
  quoteExpiresAt?: Date | null;
  lockedUntil?: Date | null;
}

function previewOf(
  instrument: InstrumentRow,
  side: 'buy' | 'sell',
  ttype: OrderTtype,
  quantity: string,
  price: string,
  priced: Priced,
  extra: { quoteId?: string | null; expiresAt?: Date | null; lockedUntil?: Date | null },
): OrderPreview {
  const currency = instrument.currency as Currency;
  return {
    side,
    ttype,
    symbol: instrument.symbol,
    currency,
    quote_unit: quoteUnitOf(instrument),
    quantity: plain(quantity),
    price: displayPrice(price, instrument.priceDecimals),
    trade_value: formatMinor(priced.considerationMinor, currency),
    fees: summaryOf(toStoredFees(priced.fees), currency),
    fee_items: itemsOf(toStoredFees(priced.fees), side, currency),
    fee_schedule: priced.fees.scheduleVersion,
    total: formatMinor(priced.cashMinor, currency),
    quote_id: extra.quoteId ?? null,
    expires_at: extra.expiresAt?.toISOString() ?? null,
    locked_until: extra.lockedUntil?.toISOString() ?? null,
  };
}

/** The figures a buy of `quantity` at `price` will store (fees of the schedule in force). */
export function previewBuy(ctx: AppContext, input: BuyPreviewInput): OrderPreview {
  if (input.instrument.type !== 'stock') throw notFound(TradingMessages.instrumentNotFound);
  const quantity = formatDecimal(sharesOf(input.quantity));
  const priced = priceTrade(
    input.instrument,
    scheduleForCountry(ctx, input.instrument.country),
    'buy',
    quantity,
    input.price,
  );
  return previewOf(input.instrument, 'buy', input.ttype, quantity, input.price, priced, {
    quoteId: input.quoteId,
    expiresAt: input.quoteExpiresAt,
    lockedUntil: input.lockedUntil,
  });
}

/**
 * The figures selling the whole of a holding at `price` will store, with the cost the sale would
 * relieve now under its position's method and the profit that leaves (the receipt's, unless
 * another trade of the same position lands first).
 */
export async function previewSell(
  ctx: AppContext,
  order: OrderRow,
  instrument: InstrumentRow,
  price: string,
  quote?: { id: string; expiresAt: Date },
): Promise<OrderPreview> {
  const priced = priceTrade(
    instrument,
    scheduleForCountry(ctx, instrument.country),
    'sell',
    order.quantity,
    price,
  );
  const preview = previewOf(instrument, 'sell', order.ttype, order.quantity, price, priced, {
    quoteId: quote?.id,
    expiresAt: quote?.expiresAt,
    lockedUntil: order.lockedUntil,
  });
  const basis = await saleCostOf(ctx.db, order);
  if (!basis) return preview;
  const currency = instrument.currency as Currency;
  return {
    ...preview,
    cost_basis: {
      method: basis.method,
      amount: formatMinor(basis.costMinor, currency),
      profit: formatMinor(priced.cashMinor - basis.costMinor, currency),
    },
  };
}

/**
 * GET /order/preview for a standard buy or a sell. A buy is priced at the client's quote_id (or,
 * without one, the market price now, with quote_id null); a sell at the quote_id given, else the
 * client's newest unconsumed quote for the instrument, else the market price now.
 */
export async function previewOrder(
  ctx: AppContext,
  clientId: number,
  input: {
    ttype: 'standard' | 'sell';
    quantity?: string;
    accountId?: number;
    orderId?: number;
    symbol?: string;
    market?: string;
    country?: string;
    quoteId?: string;
  },
): Promise<OrderPreview> {
  if (input.ttype === 'sell') {
    if (input.orderId === undefined) throw orderNotFound();
    const found = await repo.findClientOrder(ctx.db, clientId, input.orderId);
    if (!found) throw orderNotFound();
    if (found.order.ttype === 'fund') throw conflict(FundMessages.sellIsRedeem);
    if (found.order.ttype === 'quant') throw conflict(QuantMessages.useEarlyExit);
    if (found.order.status !== 'holding') throw conflict(TradingMessages.notHolding);
    const quote = await peekQuote(ctx.db, {
      quoteId: input.quoteId,
      clientId,
      instrumentId: found.instrument.id,
      at: ctx.clock.now(),
    }).catch((error: unknown) => {
      if (input.quoteId) throw error;
      return undefined;
    });
    const price = quote ? plain(quote.price) : marketPriceOf(ctx, found.instrument).price;
    return previewSell(ctx, found.order, found.instrument, price, quote);
  }
  if (!input.symbol || !input.market || !input.country) throw notFound(TradingMessages.instrumentNotFound);
  if (input.quantity === undefined) throw bad(TradingMessages.quantityRequired);
  const instrument = await instrumentByRef(ctx, {
    symbol: input.symbol,
    market: input.market,
    country: input.country,
  });
  if (instrument.type !== 'stock') throw notFound(TradingMessages.instrumentNotFound);
  if (input.accountId !== undefined) {
    const account = await ownAccount(ctx, clientId, input.accountId);
    if (account.currency !== instrument.currency)
      throw bad(TradingMessages.wrongAccountCurrency(instrument.currency));
  }
  const quote = input.quoteId
    ? await peekQuote(ctx.db, {
        quoteId: input.quoteId,
        clientId,
        instrumentId: instrument.id,
        at: ctx.clock.now(),
      })
    : undefined;
  return previewBuy(ctx, {
    instrument,
    ttype: 'standard',
    quantity: input.quantity,
    price: quote ? plain(quote.price) : marketPriceOf(ctx, instrument).price,
    quoteId: quote?.id,
    quoteExpiresAt: quote?.expiresAt,
  });
}

// ---------- Client requests ----------

export interface StockBuyInput {
  symbol: string;
  market: string;
  country: string;
  quantity: string;
  accountId: number;
  quoteId: string;
  pinSessionId?: string;
  /** The fee schedule version the preview showed (optional; see PlaceOrderInput). */
  feeSchedule?: string;
}

/**
 * POST /order/buy: a standard stock buy at the client's quotation, executed at once. One
 * transaction under the idempotency key: trading hours, the quote consumed, S1, the order placed
 * (account locked, funds checked, held and captured, position); any refusal rolls all of it back.
 */
export async function buyStock(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: StockBuyInput,
): Promise<{ data: OrderResult; replayed: boolean }> {
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    const now = ctx.clock.now();
    const instrument = await instrumentByRef(
      txCtx,
      { symbol: input.symbol.toUpperCase(), market: input.market, country: input.country },
      { fresh: true },
    ).catch(() => {
      throw notFound(TradingMessages.instrumentNotFound);
    });
    if (instrument.type !== 'stock') throw notFound(TradingMessages.instrumentNotFound);
    sharesOf(input.quantity);
    assertMarketOpen(ctx, instrument);
    const quote = await consumeQuote(tx, {
      quoteId: input.quoteId,
      clientId,
      instrumentId: instrument.id,
      at: now,
    });
    if (!quote.tradable || !instrument.tradable) throw restricted();
    const row = await placeOrder(tx, txCtx, {
      clientId,
      accountId: input.accountId,
      instrument,
      ttype: 'standard',
      quantity: input.quantity,
      price: quote.price,
      quoteId: input.quoteId,
      execute: true,
      at: now,
      actor: `client:${clientId}`,
      pinSessionId: input.pinSessionId,
      feeSchedule: input.feeSchedule,
    });
    return {
      order: toOrderView(row, instrument, { now, lastPrice: quote.price }),
      message: TradingMessages.buyReceived(instrument.symbol),
    };
  });
}

export interface SellInput {
  orderId: number;
  ttype: OrderTtype;
  /** As the client shows it: ZA in rand (the quote in cents ÷ 100), others in the quote unit. */
  price: string;
  quoteId?: string;
  pinSessionId?: string;
  /** The fee schedule version the sell preview showed (optional): another in force now → 409. */
  feeSchedule?: string;
}

/** The body's price in the quote unit: ZA shares are shown in rand, quoted in cents. */
function quotedUnitPrice(instrument: InstrumentRow, shown: string): Decimal | undefined {
  const d = tryParseDecimal(shown);
  if (!d || d.coefficient <= 0n) return undefined;
  return quoteUnitOf(instrument) === 'ZAc' ? { coefficient: d.coefficient * 100n, scale: d.scale } : d;
}

/**
 * POST /order/sell/{id}: sells the whole holding at the client's unexpired quotation for its
 * instrument, at that price. The order row is locked first, so of concurrent sells exactly one
 * finds it holding. One transaction: the sell entry (clearing − consideration, client +
 * (consideration − fees), fee accounts + fees), the −quantity position movement, status sold.
 * A body repeating its preview's `fee_schedule` is refused (409) when another is in force now.
 */
export async function sellOrder(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: SellInput,
): Promise<{ data: OrderResult; replayed: boolean }> {
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    const now = ctx.clock.now();
    const order = await repo.lockOrder(tx, input.orderId);
    if (!order || order.clientId !== clientId || order.ttype !== input.ttype) throw orderNotFound();
    // Funds (issue 13): units are redeemed at the next NAV, never sold at a quotation.
    if (order.ttype === 'fund') throw conflict(FundMessages.sellIsRedeem);
    // Structured products (issue 13): paid at maturity, or by early exit (modules/quant) where allowed.
    if (order.ttype === 'quant') throw conflict(QuantMessages.useEarlyExit);
    if (order.status !== 'holding') throw conflict(TradingMessages.notHolding);
    const instrument = (await repo.instrumentById(tx, order.instrumentId))!;
    if (order.lockedUntil && order.lockedUntil > now) {
      throw conflict(
        TradingMessages.positionLocked(exchangeDate(instrument.market as ExchangeCode, order.lockedUntil)),
      );
    }
    assertMarketOpen(ctx, instrument);
    const open = await peekQuote(tx, {
      quoteId: input.quoteId,
      clientId,
      instrumentId: instrument.id,
      at: now,
    });
    const quote = await consumeQuote(tx, {
      quoteId: open.id,
      clientId,
      instrumentId: instrument.id,
      orderId: order.id,
      at: now,
    });
    if (!quote.tradable || !instrument.tradable) throw restricted();
    const shown = quotedUnitPrice(instrument, input.price);
    if (!shown || compareDecimal(shown, parseDecimal(quote.price)) !== 0) {
      throw conflict(TradingMessages.quotePriceMismatch);
    }
    const [account] = await lockAccounts(tx, [order.accountId]);
    const currency = order.currency as Currency;
    const priced = priceTrade(
      instrument,
      scheduleAsPreviewed(ctx, instrument.country, input.feeSchedule, now),
      'sell',
      order.quantity,
      quote.price,
    );
    if (
      input.pinSessionId !== undefined &&
      orderNeedsOwnPin(ctx.config, currency, priced.considerationMinor)
    ) {
      await spendFreshPin(txCtx, input.pinSessionId);
    }
    // A sale so small that its fees exceed it takes the difference from the account.
    if (priced.cashMinor < 0n && account!.balanceMinor - account!.heldMinor < -priced.cashMinor) {
      throw insufficientFunds();
    }
    const lines = await houseLines(txCtx, currency, 'sell', priced.considerationMinor, priced.fees);
    if (priced.cashMinor !== 0n) {
      lines.unshift({ accountId: order.accountId, currency, amountMinor: priced.cashMinor, kind: 'client' });
    }
    const entry = await postEntry(
      tx,
      now,
      {
        kind: 'trade',
        description: entryText('Sell', order, order.quantity, instrument, quote.price),
        reference: order.reference,
        clientId,
        createdBy: `client:${clientId}`,
      },
      lines,
    );
    await insertPositionMovement(tx, {
      orderId: order.id,
      clientId,
      instrumentId: order.instrumentId,
      quantityDelta: `-${plain(order.quantity)}`,
      entryId: entry.id,
      createdAt: now,
    });
    const row = await repo.updateOrder(
      tx,
      order.id,
      {
        status: 'sold',
        sellPrice: quote.price,
        quotedSellPrice: quote.price,
        sellQuoteId: open.id,
        sellConsiderationMinor: priced.considerationMinor,
        sellFeesMinor: priced.fees.totalMinor,
        sellFees: toStoredFees(priced.fees),
        soldAt: now,
        settlementTime: now,
        sellEntryId: entry.id,
      },
      now,
    );
    await audit.record(txCtx, {
      actor: `client:${clientId}`,
      action: 'order.sell',
      subjectType: 'order',
      subjectId: String(order.id),
      before: { status: order.status },
      after: {
        status: row.status,
        quantity: plain(row.quantity),
        price: plain(quote.price),
        quote_id: open.id,
        proceeds: formatMinor(priced.cashMinor, currency),
      },
    });
    return {
      order: toOrderView(row, instrument, { now }),
      message: TradingMessages.sellReceived(instrument.symbol),
    };
  });
}
