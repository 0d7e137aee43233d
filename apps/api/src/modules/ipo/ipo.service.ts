/**
 * IPOs (issue 13 section 1; decision 0032). An IPO is an offering of dtype 'ipo' on a new
 * instrument that is 'pending' (not traded, searched or priced) until it lists. A client applies
 * for lots; each application is an order of ttype 'ipo', status awaiting, backed in the same
 * transaction by a 'subscription' hold of lots × lot size × the upper price (or the final price
 * once set) + fees, priced by the orders module's pricing (previewBuy/priceTrade), so the preview
 * is the receipt. The operator sets the final price, allots (one transaction per offering, by the
 * offering's rule: the allotted amount captured with its entry and position movement, the rest
 * released; status listing or rejected with a reason) and lists (the instrument starts trading
 * at the listing price, its history starting that day; orders become holding and are sold with
 * the trading sell flow). Every step is audited.
 */
import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  IpoMessages,
  TradingMessages,
  type IpoApplication,
  type IpoFinalPricePreview,
  type IpoOffering,
  type IpoOfferSummary,
  type IpoTerms,
  type Order,
  type OrderPreview,
  type OrderResult,
} from '@imali/contract';
import {
  compareDecimal,
  formatDecimal,
  formatMinor,
  normalizeDecimal,
  parseDecimal,
  tryParseDecimal,
  type Currency,
} from '@imali/money';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { saDate } from '../../lib/sa-time';
import { DomainError } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import { scheduleAsPreviewed, scheduleForCountry } from '../fees/fees.service';
import {
  accountNotFound,
  conflict,
  inTransaction,
  lockAccounts,
  ownAccount,
  ownAccountByCurrency,
  releaseHold,
  resizeHold,
  withIdempotency,
  type IdempotencyInput,
} from '../ledger/ledger.service';
import {
  createInstrument,
  listInstrument,
  quoteUnitOf,
  setReferencePrice,
  type InstrumentRow,
} from '../market/market.service';
import { planAllotment, type AllotmentPlan } from './allotment-plan';
import { dayToIso, referenceSession, type ExchangeCode } from '../market/simulator/calendar';
import {
  insertOffering,
  offeringNotFound,
  toOfferingView,
  updateOffering,
} from '../offerings/offerings.service';
import {
  findOrder,
  lockOrder,
  orderNotFound,
  previewBuy,
  priceTrade,
  toOrderView,
  toStoredFees,
  updateOrder,
} from '../orders/orders.service';
import { scheduleOfOrder } from '../orders/pricing';
import { holdSubscription } from '../orders/subscription-prelude';
import type { ProductServiceParts, ProductOrderView } from '../orders/product';
import { marketPriceOf } from '../quotes/quotes.service';
import { allotApplication, type AllotmentLine } from './allot-application';
import type { AllotmentRule } from './allotment';
import { buildIpoKeyFacts } from './ipo-key-facts';
import * as repo from './ipo.repository';

type OrderRow = repo.OrderRow;
type TermsRow = repo.IpoTermsRow;

const bad = (message: string) => new DomainError(ErrorCode.InvalidInput, message, 400);
const holdOf = (orderId: number) => ({ referenceType: 'order', referenceId: orderId });
const plain = (text: string) => formatDecimal(normalizeDecimal(parseDecimal(text)));
const MARKET_OF: Record<string, InstrumentRow['market']> = { ZA: 'JSE', US: 'NASDAQ', IN: 'NSE' };
const CURRENCY_OF: Record<string, InstrumentRow['currency']> = { ZA: 'ZAR', US: 'USD', IN: 'INR' };

// ---------- Terms ----------

/** The price the application's hold is sized on: the final price once set, else the upper price. */
const holdPriceOf = (t: TermsRow) => plain(t.finalPrice ?? t.priceHigh);

/**
 * Whether applications need reconfirming at `final`: above the range (their holds, sized on the
 * upper price, would not cover it: funds are never taken without the client's consent) or more
 * than 20% below the lower price (the rule of thumb for a material change of terms).
 */
export function needsReconfirmation(final: string, low: string, high: string): boolean {
  const f = parseDecimal(final);
  if (compareDecimal(f, parseDecimal(high)) > 0) return true;
  const l = parseDecimal(low);
  // f < 0.8 × low ⇔ 10 f < 8 low, exactly.
  return (
    compareDecimal({ ...f, coefficient: f.coefficient * 10n }, { ...l, coefficient: l.coefficient * 8n }) < 0
  );
}

function termsView(t: TermsRow, appliedLots: number, rule: AllotmentRule): IpoTerms {
  return {
    issuer: t.issuer,
    price_basis:
      compareDecimal(parseDecimal(t.priceLow), parseDecimal(t.priceHigh)) === 0 ? 'fixed' : 'range',
    price_low: plain(t.priceLow),
    price_high: plain(t.priceHigh),
    final_price: t.finalPrice === null ? null : plain(t.finalPrice),
    reconfirm_required: t.reconfirmRequired,
    lot_size: t.lotSize,
    min_lots: t.minLots,
    max_lots: t.maxLots,
    shares_offered: t.sharesOffered.toString(),
    allots_on: t.allotsOn,
    lists_on: t.listsOn,
    allocation_rule: rule,
    state: t.state,
    listing_price: t.listingPrice === null ? null : plain(t.listingPrice),
    applied_lots: appliedLots,
  };
}

/** Discover's summary of each IPO: price basis and lot (registered with the offerings module). */
export async function ipoOfferSummaries(ctx: AppContext, offeringIds: number[]) {
  const terms = await repo.termsFor(ctx.db, offeringIds);
  return new Map(
    terms.map((t): [number, { ipo_offer: IpoOfferSummary }] => [
      t.offeringId,
      {
        ipo_offer: {
          price_low: plain(t.priceLow),
          price_high: plain(t.priceHigh),
          final_price: t.finalPrice === null ? null : plain(t.finalPrice),
          lot_size: t.lotSize,
          listed: t.state === 'listed',
        },
      },
    ]),
  );
}

async function ipoRow(db: Db, id: number) {
  const row = await repo.findOffering(db, id);
  if (!row || row.offering.dtype !== 'ipo') return undefined;
  const terms = await repo.findTerms(db, id);
  if (!terms) return undefined;
  return { ...row, terms };
}

/** GET /ipo/app/v1/{id}: the offering, its terms and key facts; another dtype or unknown → 404. */
export async function ipoDetail(ctx: AppContext, clientId: number, id: number): Promise<IpoOffering> {
  const row = await ipoRow(ctx.db, id);
  if (!row) throw offeringNotFound();
  const applied = await repo.lotsByClient(ctx.db, id, clientId);
  const view = toOfferingView(ctx, row);
  return {
    ...view,
    ipo: termsView(row.terms, applied, (row.offering.allocationRule ?? 'pro_rata') as AllotmentRule),
  };
}

// ---------- Client ----------

export interface SubscribeInput {
  offeringId: number;
  lots?: number;
  accountId?: number;
  pinSessionId?: string;
  /** The fee schedule version the preview showed (optional): another in force now → 409, nothing held. */
  feeSchedule?: string;
}

const windowOpen = (o: repo.OfferingRow, t: TermsRow, now: Date) =>
  o.status === 'open' && t.state === 'open' && now >= o.opensAt && now < o.closesAt;

/**
 * POST /ipo/app/v1/record/sub/{id}. One transaction under the idempotency key: the offering row
 * FOR SHARE (an allotment, which locks it FOR UPDATE, waits or has been seen), the window, the
 * lots against the minimum and, under an advisory lock per (offering, client), the per-client
 * maximum counted with the client's earlier applications; the account locked, the fee schedule
 * the preview showed checked (`feeSchedule`: another in force → 409), the funds checked, the order
 * inserted awaiting and its 'subscription' hold placed. Any refusal rolls back all.
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
    if (!locked || locked.dtype !== 'ipo') throw offeringNotFound();
    const row = (await ipoRow(tx, locked.id))!;
    const { offering, instrument, terms } = row;
    if (!windowOpen(offering, terms, now)) throw conflict(IpoMessages.windowClosed);
    const lots = input.lots ?? terms.minLots;
    if (lots < terms.minLots) throw bad(IpoMessages.belowMinimum(terms.minLots));
    await repo.lockOfferingClient(tx, offering.id, clientId);
    const already = await repo.lotsByClient(tx, offering.id, clientId);
    if (already + lots > terms.maxLots) {
      throw new DomainError(ErrorCode.LimitExceeded, IpoMessages.aboveMaximum(terms.maxLots, already), 409);
    }
    const accountId =
      input.accountId ?? (await ownAccountByCurrency(txCtx, clientId, offering.currency as Currency))?.id;
    if (accountId === undefined) throw accountNotFound();
    const [account] = await lockAccounts(tx, [accountId], clientId);
    if (!account) throw accountNotFound();
    if (account.currency !== offering.currency)
      throw bad(TradingMessages.wrongAccountCurrency(offering.currency));
    const currency = account.currency as Currency;
    const quantity = String(lots * terms.lotSize);
    const price = holdPriceOf(terms);
    const schedule = scheduleAsPreviewed(ctx, instrument.country, input.feeSchedule, now);
    const priced = priceTrade(instrument, schedule, 'buy', quantity, price);
    // A shortfall is refused before anything is written (the IPO's order of checks).
    const order = await holdSubscription(tx, txCtx, {
      clientId,
      accountId: account.id,
      currency,
      heldMinor: priced.cashMinor,
      pinSessionId: input.pinSessionId,
      available: account,
      order: {
        offeringId: offering.id,
        instrumentId: instrument.id,
        ttype: 'ipo',
        status: 'awaiting',
        requestedQuantity: quantity,
        quantity,
        buyPrice: price,
        buyConsiderationMinor: priced.considerationMinor,
        buyFeesMinor: priced.fees.totalMinor,
        buyFees: toStoredFees(priced.fees),
        feeSchedule: schedule.version,
      },
      now,
    });
    // Applying after the final price is set is applying at it: nothing to reconfirm.
    await repo.insertApplication(tx, {
      orderId: order.id,
      offeringId: offering.id,
      clientId,
      lots,
      reconfirmedAt: terms.finalPrice !== null ? now : null,
      createdAt: now,
    });
    await audit.record(txCtx, {
      actor: `client:${clientId}`,
      action: 'ipo.subscribe',
      subjectType: 'order',
      subjectId: String(order.id),
      before: null,
      after: {
        status: order.status,
        reference: order.reference,
        offering_id: offering.id,
        symbol: instrument.symbol,
        lots,
        quantity,
        price,
        held: formatMinor(priced.cashMinor, currency),
      },
    });
    return {
      order: toOrderView(order, instrument, { now, name: offering.name }),
      message: IpoMessages.received(instrument.symbol),
    };
  });
}

/** The client's ipo order and its offering, locked in the allotment's order (offering, then order). */
async function lockClientApplication(tx: Db, clientId: number, orderId: number) {
  const found = await findOrder(tx, orderId);
  if (!found || found.clientId !== clientId || found.ttype !== 'ipo' || found.offeringId === null) {
    throw orderNotFound();
  }
  await repo.lockOffering(tx, found.offeringId, 'share');
  const order = (await lockOrder(tx, orderId))!;
  const row = (await ipoRow(tx, found.offeringId))!;
  const application = (await repo.findApplication(tx, orderId))!;
  return { order, application, ...row };
}

/** POST /ipo/app/v1/record/cancel/{orderId}: while the window is open, the hold released, status rejected. */
export async function cancelApplication(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  orderId: number,
): Promise<{ data: OrderResult; replayed: boolean }> {
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    const now = ctx.clock.now();
    const { order, offering, instrument, terms } = await lockClientApplication(tx, clientId, orderId);
    if (order.status !== 'awaiting' || !windowOpen(offering, terms, now)) {
      throw conflict(IpoMessages.notCancellable);
    }
    await releaseHold(tx, holdOf(order.id), now);
    const row = await updateOrder(
      tx,
      order.id,
      { status: 'rejected', quantity: '0', heldMinor: 0n, reason: 'Cancelled by you' },
      now,
    );
    await audit.record(txCtx, {
      actor: `client:${clientId}`,
      action: 'ipo.cancel',
      subjectType: 'order',
      subjectId: String(order.id),
      before: { status: order.status, held: formatMinor(order.heldMinor, order.currency as Currency) },
      after: { status: row.status, released: formatMinor(order.heldMinor, order.currency as Currency) },
    });
    return {
      order: toOrderView(row, instrument, { now, name: offering.name }),
      message: IpoMessages.cancelled(instrument.symbol),
    };
  });
}

/**
 * POST /ipo/app/v1/record/reconfirm/{orderId}: the client accepts the final price (set above the
 * range or more than 20% below it). The order is repriced at it and its hold resized to lots × lot
 * size × final price + fees: growing it needs the funds (INSUFFICIENT_FUNDS, nothing written). With
 * `feeSchedule` (the receipt's reconfirm_fee_schedule), another schedule in force → 409, nothing written.
 */
export async function reconfirmApplication(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  orderId: number,
  options: { feeSchedule?: string } = {},
): Promise<{ data: OrderResult; replayed: boolean }> {
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    const now = ctx.clock.now();
    const { order, application, offering, instrument, terms } = await lockClientApplication(
      tx,
      clientId,
      orderId,
    );
    if (
      order.status !== 'awaiting' ||
      terms.state !== 'open' ||
      !terms.reconfirmRequired ||
      terms.finalPrice === null ||
      application.reconfirmedAt !== null
    ) {
      throw conflict(IpoMessages.noReconfirmation);
    }
    const price = plain(terms.finalPrice);
    // The receipt's reconfirm_held was priced with reconfirm_fee_schedule: another in force → 409.
    const schedule = scheduleAsPreviewed(ctx, instrument.country, options.feeSchedule, now);
    const priced = priceTrade(instrument, schedule, 'buy', order.requestedQuantity, price);
    await resizeHold(tx, holdOf(order.id), priced.cashMinor);
    const row = await updateOrder(
      tx,
      order.id,
      {
        buyPrice: price,
        // The order names the schedule its fees now come from (its receipt, a later re-pricing).
        feeSchedule: schedule.version,
        buyConsiderationMinor: priced.considerationMinor,
        buyFeesMinor: priced.fees.totalMinor,
        buyFees: toStoredFees(priced.fees),
        heldMinor: priced.cashMinor,
      },
      now,
    );
    await repo.updateApplication(tx, order.id, { reconfirmedAt: now });
    const currency = order.currency as Currency;
    await audit.record(txCtx, {
      actor: `client:${clientId}`,
      action: 'ipo.reconfirm',
      subjectType: 'order',
      subjectId: String(order.id),
      before: { price: plain(order.buyPrice), held: formatMinor(order.heldMinor, currency) },
      after: { price, held: formatMinor(priced.cashMinor, currency) },
    });
    return {
      order: toOrderView(row, instrument, { now, name: offering.name }),
      message: IpoMessages.reconfirmed(instrument.symbol),
    };
  });
}

/** GET /ipo/app/v1/preview/{id}?lots=: exactly what the application would hold now (previewBuy). */
export async function previewSubscription(
  ctx: AppContext,
  clientId: number,
  input: { offeringId: number; lots?: number; accountId?: number },
): Promise<OrderPreview> {
  const row = await ipoRow(ctx.db, input.offeringId);
  if (!row) throw offeringNotFound();
  const { instrument, terms } = row;
  const lots = input.lots ?? terms.minLots;
  if (lots < terms.minLots) throw bad(IpoMessages.belowMinimum(terms.minLots));
  if (lots > terms.maxLots) throw bad(IpoMessages.aboveMaximum(terms.maxLots, 0));
  if (input.accountId !== undefined) {
    const account = await ownAccount(ctx, clientId, input.accountId);
    if (account.currency !== instrument.currency) {
      throw bad(TradingMessages.wrongAccountCurrency(instrument.currency));
    }
  }
  return previewBuy(ctx, {
    instrument,
    ttype: 'ipo',
    quantity: String(lots * terms.lotSize),
    price: holdPriceOf(terms),
  });
}

// ---------- Receipts ----------

/**
 * The receipt's `ipo` section: lots, allotment, dates, and what the client may do now (cancel while
 * the window is open; reconfirm a final price that needs it, with what it would then hold).
 */
function applicationView(
  ctx: AppContext,
  order: OrderRow,
  instrument: InstrumentRow,
  offering: repo.OfferingRow,
  terms: TermsRow,
  application: repo.IpoApplicationRow,
  now: Date,
): IpoApplication {
  const awaiting = order.status === 'awaiting';
  const needsReconfirmation =
    awaiting &&
    terms.state === 'open' &&
    terms.reconfirmRequired &&
    terms.finalPrice !== null &&
    application.reconfirmedAt === null;
  const reconfirmSchedule = needsReconfirmation ? scheduleForCountry(ctx, instrument.country, now) : null;
  const reconfirmHeld = reconfirmSchedule
    ? formatMinor(
        priceTrade(instrument, reconfirmSchedule, 'buy', order.requestedQuantity, plain(terms.finalPrice!))
          .cashMinor,
        order.currency as Currency,
      )
    : null;
  return {
    lots: application.lots,
    lot_size: terms.lotSize,
    allotted_lots: application.allottedLots,
    price_low: plain(terms.priceLow),
    price_high: plain(terms.priceHigh),
    final_price: terms.finalPrice === null ? null : plain(terms.finalPrice),
    allots_on: terms.allotsOn,
    lists_on: terms.listsOn,
    allocation_rule: (offering.allocationRule ?? 'pro_rata') as AllotmentRule,
    closes_at: offering.closesAt.toISOString(),
    can_cancel: awaiting && windowOpen(offering, terms, now),
    needs_reconfirmation: needsReconfirmation,
    reconfirm_held: reconfirmHeld,
    reconfirm_fee_schedule: reconfirmSchedule?.version ?? null,
  };
}

// The orders module shows ipo orders (lists, receipts) through this view (ipoProduct, below): the
// receipt (with the last price once holding, as every holding) plus `ipo`.
const ipoOrderViews: ProductOrderView<AppContext> = async (ctx, rows, now) => {
  const applications = new Map(
    (
      await repo.applicationsFor(
        ctx.db,
        rows.map((r) => r.order.id),
      )
    ).map((a) => [a.orderId, a]),
  );
  const offeringIds = [...new Set(rows.map((r) => r.order.offeringId).filter((id) => id !== null))];
  const terms = new Map((await repo.termsFor(ctx.db, offeringIds)).map((t) => [t.offeringId, t]));
  const offeringRows = new Map<number, repo.OfferingRow>();
  for (const id of offeringIds) {
    const found = await repo.findOffering(ctx.db, id);
    if (found) offeringRows.set(id, found.offering);
  }
  return rows.map(({ order, instrument, offeringName }): Order => {
    const lastPrice = order.status === 'holding' ? marketPriceOf(ctx, instrument).price : null;
    const view = toOrderView(order, instrument, { now, lastPrice, name: offeringName });
    const application = applications.get(order.id);
    const t = order.offeringId === null ? undefined : terms.get(order.offeringId);
    const offering = order.offeringId === null ? undefined : offeringRows.get(order.offeringId);
    if (!application || !t || !offering) return view;
    return { ...view, ipo: applicationView(ctx, order, instrument, offering, t, application, now) };
  });
};

// ---------- Operator ----------

export interface CreateIpoInput {
  symbol: string;
  /** The listed company's name (the instrument's name). */
  instrumentName: string;
  issuer: string;
  /** The offering's name as Discover shows it (default: '<instrument name> IPO'). */
  name?: string;
  country: string;
  sector?: string;
  priceLow: string;
  /** Absent: a fixed price (= priceLow). */
  priceHigh?: string;
  lotSize: number;
  minLots: number;
  maxLots: number;
  sharesOffered: string;
  opensAt: Date;
  closesAt: Date;
  allotsOn: string;
  listsOn: string;
  rule: string;
  hot?: boolean;
}

function priceArg(text: string, decimals: number, unit: string, field: string): string {
  const d = tryParseDecimal(text.trim());
  if (
    !d ||
    !/^\d{1,14}(\.\d+)?$/.test(text.trim()) ||
    d.coefficient <= 0n ||
    normalizeDecimal(d).scale > decimals
  ) {
    throw bad(`${field} must be a price greater than 0 in ${unit} with at most ${decimals} decimals.`);
  }
  return formatDecimal(normalizeDecimal(d));
}

const isoDate = (text: string, field: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(new Date(`${text}T00:00:00Z`).getTime())) {
    throw bad(`${field} must be a date (YYYY-MM-DD).`);
  }
  return text;
};

function positiveInt(n: number, field: string, max = 1_000_000_000): number {
  if (!Number.isInteger(n) || n <= 0 || n > max) throw bad(`${field} must be a whole number greater than 0.`);
  return n;
}

const keyFactsOf = (
  ctx: AppContext,
  instrument: InstrumentRow,
  o: Pick<repo.OfferingRow, 'opensAt' | 'closesAt' | 'allocationRule'>,
  t: Omit<
    TermsRow,
    | 'createdAt'
    | 'offeringId'
    | 'state'
    | 'lotterySeed'
    | 'allottedShares'
    | 'allottedAt'
    | 'listingPrice'
    | 'listedAt'
    | 'reconfirmRequired'
  >,
) =>
  buildIpoKeyFacts({
    issuer: t.issuer,
    symbol: instrument.symbol,
    instrumentName: instrument.name,
    market: instrument.market,
    currency: instrument.currency,
    quoteUnit: quoteUnitOf(instrument),
    priceLow: plain(t.priceLow),
    priceHigh: plain(t.priceHigh),
    finalPrice: t.finalPrice === null ? null : plain(t.finalPrice),
    lotSize: t.lotSize,
    minLots: t.minLots,
    maxLots: t.maxLots,
    sharesOffered: t.sharesOffered,
    opensAt: o.opensAt,
    closesAt: o.closesAt,
    allotsOn: t.allotsOn,
    listsOn: t.listsOn,
    rule: (o.allocationRule ?? 'pro_rata') as AllotmentRule,
    schedule: scheduleForCountry(ctx, instrument.country),
  });

/**
 * Operator: creates an IPO: its new instrument (pending: not traded, searched or priced until it
 * lists), the offering (dtype ipo, open; applications are taken inside its window) and its terms,
 * with the key-facts sheet generated from them. A fixed price has its final price at once. Audited.
 */
export async function createIpo(ctx: AppContext, input: CreateIpoInput, actor: string) {
  const country = input.country.toUpperCase();
  const market = MARKET_OF[country];
  if (!market) throw bad('country must be ZA, US or IN.');
  const symbol = input.symbol.trim().toUpperCase();
  if (!/^[A-Z0-9][A-Z0-9.&_-]{0,23}$/.test(symbol)) throw bad('The symbol must be letters and digits.');
  const instrumentName = input.instrumentName.trim();
  const issuer = input.issuer.trim();
  if (instrumentName.length < 1 || instrumentName.length > 200)
    throw bad('The instrument name must be 1 to 200 characters.');
  if (issuer.length < 1 || issuer.length > 200) throw bad('The issuer must be 1 to 200 characters.');
  const name = (input.name ?? `${instrumentName} IPO`).trim();
  if (name.length < 1 || name.length > 120) throw bad('The name must be 1 to 120 characters.');
  if (input.rule !== 'pro_rata' && input.rule !== 'lottery')
    throw bad('The rule must be pro_rata or lottery.');
  const rule: AllotmentRule = input.rule;
  const decimals = country === 'ZA' ? 0 : 2;
  const unit = quoteUnitOf({ type: 'stock', country: country as InstrumentRow['country'] });
  const low = priceArg(input.priceLow, decimals, unit, 'price');
  const high = input.priceHigh === undefined ? low : priceArg(input.priceHigh, decimals, unit, 'price high');
  if (compareDecimal(parseDecimal(low), parseDecimal(high)) > 0)
    throw bad('The low price must not be above the high price.');
  const lotSize = positiveInt(input.lotSize, 'lot size');
  const minLots = positiveInt(input.minLots, 'min lots');
  const maxLots = positiveInt(input.maxLots, 'max lots');
  if (minLots > maxLots) throw bad('min lots must not be above max lots.');
  if (!/^\d{1,15}$/.test(input.sharesOffered.trim())) throw bad('shares offered must be a whole number.');
  const sharesOffered = BigInt(input.sharesOffered.trim());
  if (sharesOffered <= 0n || sharesOffered % BigInt(lotSize) !== 0n) {
    throw bad('shares offered must be a whole number of lots, greater than 0.');
  }
  if (Number.isNaN(input.opensAt.getTime()) || Number.isNaN(input.closesAt.getTime())) {
    throw bad('opens and closes must be dates (ISO 8601).');
  }
  if (input.closesAt <= input.opensAt) throw bad('An IPO must close after it opens.');
  if (input.closesAt <= ctx.clock.now()) throw bad('An IPO must close in the future.');
  const allotsOn = isoDate(input.allotsOn, 'allotment date');
  const listsOn = isoDate(input.listsOn, 'listing date');
  if (allotsOn < saDate(input.closesAt))
    throw bad('Allotment must be on or after the day applications close.');
  if (listsOn < allotsOn) throw bad('Listing must be on or after allotment.');

  return inTransaction(ctx, async (tx, txCtx) => {
    const now = ctx.clock.now();
    if (await repo.instrumentExists(tx, country, symbol))
      throw conflict(`${symbol} already exists in ${country}.`);
    const instrument = await createInstrument(tx, {
      symbol,
      name: instrumentName,
      market,
      country: country as InstrumentRow['country'],
      currency: CURRENCY_OF[country]!,
      type: 'stock',
      sector: input.sector ?? '',
      profile: `${issuer}. Listed through an IPO on the ${market}.`,
      priceDecimals: decimals,
      // Until listing the base price is the offer's upper price; `ipo list` sets the listing price.
      basePrice: high,
      annualVolatility: '0.35',
      annualDrift: '0.08',
      avgDailyVolume: 250_000,
      sharesOutstanding: Number(sharesOffered) * 4,
      listingState: 'pending',
      listedOn: null,
      createdAt: now,
      updatedAt: now,
    });
    const termsValues = {
      issuer,
      priceLow: low,
      priceHigh: high,
      finalPrice: low === high ? low : null,
      lotSize,
      minLots,
      maxLots,
      sharesOffered,
      allotsOn,
      listsOn,
    };
    const window = { opensAt: input.opensAt, closesAt: input.closesAt, allocationRule: rule };
    const offering = await insertOffering(tx, {
      dtype: 'ipo',
      name,
      instrumentId: instrument.id,
      currency: instrument.currency,
      status: 'open',
      opensAt: input.opensAt,
      closesAt: input.closesAt,
      minQuantity: String(minLots * lotSize),
      maxQuantity: String(maxLots * lotSize),
      hot: input.hot ?? false,
      allocationRule: rule,
      keyFacts: keyFactsOf(ctx, instrument, window, termsValues),
      createdBy: actor,
      createdAt: now,
      updatedAt: now,
    });
    const terms = await repo.insertTerms(tx, { offeringId: offering.id, ...termsValues, createdAt: now });
    await audit.record(txCtx, {
      actor,
      action: 'ipo.create',
      subjectType: 'offering',
      subjectId: String(offering.id),
      before: null,
      after: {
        dtype: 'ipo',
        name,
        issuer,
        symbol,
        country,
        market,
        price_low: low,
        price_high: high,
        lot_size: lotSize,
        min_lots: minLots,
        max_lots: maxLots,
        shares_offered: sharesOffered.toString(),
        opens_at: input.opensAt.toISOString(),
        closes_at: input.closesAt.toISOString(),
        allots_on: allotsOn,
        lists_on: listsOn,
        rule: input.rule,
      },
    });
    return { offering, instrument, terms };
  });
}

async function lockIpo(tx: Db, id: number) {
  const o = await repo.lockOffering(tx, id, 'update');
  if (!o || o.dtype !== 'ipo') throw offeringNotFound();
  return (await ipoRow(tx, id))!;
}

/** Refused unless the final price may be set now: the IPO open (not allotted) and not priced yet. */
function assertPriceable(id: number, terms: Pick<TermsRow, 'state' | 'finalPrice'>) {
  if (terms.state !== 'open') throw conflict(`IPO ${id} is ${terms.state}; the price is final.`);
  if (terms.finalPrice !== null) {
    throw conflict(`IPO ${id} already has its final price of ${plain(terms.finalPrice)}.`);
  }
}

/** Where a final price falls: in the range, below it (by at most 20 % of the low, or more), above. */
function pricePosition(final: string, low: string, high: string): IpoFinalPricePreview['position'] {
  if (compareDecimal(parseDecimal(final), parseDecimal(high)) > 0) return 'above';
  if (compareDecimal(parseDecimal(final), parseDecimal(low)) >= 0) return 'within';
  return needsReconfirmation(final, low, high) ? 'far_below' : 'below';
}

/**
 * The final price as `setFinalPrice` would set it (issue 23), read without a lock and writing
 * nothing: the price as it would be stored, whether applications would need reconfirming, and how
 * many awaiting applications (of how many clients) that is. Refused as `setFinalPrice` would be.
 */
export async function previewFinalPrice(
  ctx: AppContext,
  id: number,
  priceText: string,
): Promise<IpoFinalPricePreview> {
  const row = await ipoRow(ctx.db, id);
  if (!row) throw offeringNotFound();
  const { offering, instrument, terms } = row;
  assertPriceable(id, terms);
  const unit = quoteUnitOf(instrument);
  const price = priceArg(priceText, instrument.priceDecimals, unit, 'price');
  const reconfirm = needsReconfirmation(price, terms.priceLow, terms.priceHigh);
  const awaiting = await repo.awaitingApplications(ctx.db, id);
  // Applications made once the price is final are made at it; before that, none is reconfirmed.
  const toReconfirm = reconfirm ? awaiting.filter((r) => r.application.reconfirmedAt === null) : [];
  const clients = (rows: typeof awaiting) => new Set(rows.map((r) => r.order.clientId)).size;
  return {
    offeringId: id,
    name: offering.name,
    symbol: instrument.symbol,
    quoteUnit: unit,
    priceLow: plain(terms.priceLow),
    priceHigh: plain(terms.priceHigh),
    finalPrice: price,
    position: pricePosition(price, terms.priceLow, terms.priceHigh),
    needsReconfirmation: reconfirm,
    awaitingApplications: awaiting.length,
    awaitingClients: clients(awaiting),
    applicationsToReconfirm: toReconfirm.length,
    clientsToReconfirm: clients(toReconfirm),
  };
}

/**
 * Operator: sets the final price of a range (once, before allotment). If it is above the range
 * or more than 20% below it, every application made so far needs the client's reconfirmation
 * (or lapses at allotment). The key facts are regenerated with it. Audited.
 */
export async function setFinalPrice(ctx: AppContext, id: number, priceText: string, actor: string) {
  return inTransaction(ctx, async (tx, txCtx) => {
    const { offering, instrument, terms } = await lockIpo(tx, id);
    assertPriceable(id, terms);
    const price = priceArg(priceText, instrument.priceDecimals, quoteUnitOf(instrument), 'price');
    const reconfirm = needsReconfirmation(price, terms.priceLow, terms.priceHigh);
    const updated = await repo.updateTerms(tx, id, { finalPrice: price, reconfirmRequired: reconfirm });
    await updateOffering(tx, id, {
      keyFacts: keyFactsOf(ctx, instrument, offering, updated),
      updatedAt: ctx.clock.now(),
    });
    // The pending instrument's reference price (what Discover shows until listing).
    await setReferencePrice(tx, instrument.id, price, ctx.clock.now());
    await audit.record(txCtx, {
      actor,
      action: 'ipo.price',
      subjectType: 'offering',
      subjectId: String(id),
      before: { final_price: null },
      after: { final_price: price, reconfirm_required: reconfirm },
    });
    return { terms: updated, reconfirm };
  });
}

export type { AllotmentLine } from './allot-application';

export interface AllotmentResult {
  offeringId: number;
  rule: AllotmentRule;
  seed: string;
  lotsOffered: bigint;
  lines: AllotmentLine[];
}

/**
 * Operator: allots an IPO in ONE transaction. The offering row is locked FOR UPDATE, so an
 * application in flight (FOR SHARE) finishes first and a second allotment waits, then finds the
 * IPO allotted and is refused. Applications not reconfirmed when they had to be lapse; the rest
 * are allotted by the rule (allotment.ts); each allotted one's hold is captured for its allotted
 * shares at the final price + fees (the rest released) with its buy entry and +shares position
 * movement, status listing; the others are released, status rejected with the reason the client
 * sees. Σ allotted ≤ shares offered. The lottery's seed (random unless given) and its result are
 * in the audit record.
 */
/** Refused unless the IPO can be allotted now: open, closed for applications, final price set. */
function assertAllottable(
  now: Date,
  id: number,
  offering: { status: string; closesAt: Date },
  terms: { state: string; finalPrice: string | null },
) {
  if (terms.state !== 'open') throw conflict(`IPO ${id} is already ${terms.state}.`);
  if (offering.status === 'open' && now < offering.closesAt) {
    throw conflict(
      `IPO ${id} takes applications until ${offering.closesAt.toISOString()}; allot after it closes (or close it: offering close ${id}).`,
    );
  }
  if (terms.finalPrice === null) throw conflict(`Set the final price first: ipo price ${id} <price>.`);
}

/**
 * The allotment a run would make now (issue 23), read without a lock and writing nothing: by the
 * offering's rule with `seed` (a lottery's draw is fixed by it: the approval carries it, so what
 * executes is the draw previewed). Refused as `allotIpo` would be.
 */
export async function previewIpoAllotment(
  ctx: AppContext,
  id: number,
  options: { seed?: string } = {},
): Promise<AllotmentPlan> {
  const row = await ipoRow(ctx.db, id);
  if (!row) throw offeringNotFound();
  const { offering, instrument, terms } = row;
  assertAllottable(ctx.clock.now(), id, offering, terms);
  return planAllotment({
    offeringId: id,
    rule: (offering.allocationRule ?? 'pro_rata') as AllotmentRule,
    seed: options.seed ?? randomBytes(16).toString('hex'),
    final: plain(terms.finalPrice!),
    terms,
    instrument,
    scheduleOf: (order) => scheduleOfOrder(ctx, order, instrument),
    rows: await repo.awaitingApplications(ctx.db, id),
  });
}

export async function allotIpo(
  ctx: AppContext,
  id: number,
  actor: string,
  options: { seed?: string; expectedHash?: string; approvedBy?: string[] } = {},
): Promise<AllotmentResult> {
  return inTransaction(ctx, async (tx, txCtx) => {
    const now = ctx.clock.now();
    const { offering, instrument, terms } = await lockIpo(tx, id);
    assertAllottable(now, id, offering, terms);
    const rule = (offering.allocationRule ?? 'pro_rata') as AllotmentRule;
    const seed = options.seed ?? randomBytes(16).toString('hex');
    const final = plain(terms.finalPrice!);
    const lotsOffered = terms.sharesOffered / BigInt(terms.lotSize);
    const rows = await repo.lockAwaitingApplications(tx, id);
    if (rows.length > 0)
      await lockAccounts(
        tx,
        [...new Set(rows.map((r) => r.order.accountId))].sort((a, b) => a - b),
      );
    // The one computation (allotment-plan.ts), again under the lock: an approved run executes
    // only the allotment its checker saw.
    const scheduleOf = (order: OrderRow) => scheduleOfOrder(ctx, order, instrument);
    const plan = planAllotment({ offeringId: id, rule, seed, final, terms, instrument, scheduleOf, rows });
    if (options.expectedHash !== undefined && plan.hash !== options.expectedHash) {
      throw conflict(
        `IPO ${id}: the applications changed since the allotment was previewed; preview it again.`,
      );
    }
    const planned = new Map(plan.lines.map((l) => [l.orderId, l]));
    const lines: AllotmentLine[] = [];
    let allottedShares = 0n;
    for (const { order, application } of rows) {
      const { line, shares } = await allotApplication(tx, txCtx, {
        order,
        application,
        allotted: planned.get(order.id)!.allotted,
        lapsed: planned.get(order.id)!.lapsed,
        instrument,
        terms,
        final,
        schedule: scheduleOf(order),
        rule,
        seed,
        actor,
        now,
      });
      lines.push(line);
      allottedShares += shares;
    }
    if (allottedShares > terms.sharesOffered)
      throw new Error(`IPO ${id}: allotted ${allottedShares} > offered`);
    await repo.updateTerms(tx, id, {
      state: 'allotted',
      lotterySeed: seed,
      allottedShares,
      allottedAt: now,
    });
    await updateOffering(tx, id, { status: 'closed', updatedAt: now });
    await audit.record(txCtx, {
      actor,
      action: 'ipo.allot',
      subjectType: 'offering',
      subjectId: String(id),
      before: { state: terms.state, status: offering.status },
      after: {
        state: 'allotted',
        rule,
        seed,
        final_price: final,
        ...(options.approvedBy ? { approved_by: options.approvedBy, allotments_hash: plan.hash } : {}),
        lots_offered: lotsOffered.toString(),
        lots_applied: rows.reduce((s, r) => s + r.application.lots, 0),
        shares_allotted: allottedShares.toString(),
        applications: lines.map((l) => ({
          order_id: l.orderId,
          lots: l.lots,
          allotted: l.allotted,
          status: l.status,
          rank: l.rank,
          debited: l.debited,
          released: l.released,
        })),
      },
    });
    return { offeringId: id, rule, seed, lotsOffered, lines };
  });
}

/**
 * Operator (or the listing job): the instrument lists at the listing price (default: the final
 * price) on the exchange's current trading day, which its simulated history starts on; the
 * allotted orders become holding (sellable); the offering is settled. One transaction; audited.
 */
export async function listIpo(ctx: AppContext, id: number, actor: string, options: { price?: string } = {}) {
  return inTransaction(ctx, async (tx, txCtx) => {
    const now = ctx.clock.now();
    const { instrument, terms } = await lockIpo(tx, id);
    if (terms.state === 'listed') throw conflict(`IPO ${id} is already listed.`);
    if (terms.state !== 'allotted') throw conflict(`Allot IPO ${id} before listing it: ipo allot ${id}.`);
    const price =
      options.price === undefined
        ? plain(terms.finalPrice!)
        : priceArg(options.price, instrument.priceDecimals, quoteUnitOf(instrument), 'price');
    const exchange = instrument.market as ExchangeCode;
    const listedOn = dayToIso(referenceSession(exchange, ctx.clock.now().getTime()).day);
    await listInstrument(tx, instrument.id, { listedOn, basePrice: price, now });
    const orders = await repo.lockListingOrders(tx, id);
    for (const order of orders) {
      await updateOrder(tx, order.id, { status: 'holding' }, now);
    }
    await repo.updateTerms(tx, id, { state: 'listed', listingPrice: price, listedAt: now });
    await updateOffering(tx, id, { status: 'settled', settledAt: now, updatedAt: now });
    await audit.record(txCtx, {
      actor,
      action: 'ipo.list',
      subjectType: 'offering',
      subjectId: String(id),
      before: { state: terms.state },
      after: {
        state: 'listed',
        symbol: instrument.symbol,
        listing_price: price,
        listed_on: listedOn,
        orders_holding: orders.map((o) => o.id),
      },
    });
    return { symbol: instrument.symbol, market: instrument.market, price, listedOn, orders: orders.length };
  });
}

/**
 * The listing job: every allotted IPO whose listing date has come lists. Dates are South African
 * calendar dates (the house's day, lib/sa-time): at 00:30 SAST the new day has come, though UTC's
 * has not.
 */
export async function listDueIpos(ctx: AppContext, actor = 'job:ipo-listing') {
  const today = saDate(ctx.clock.now());
  const due = await repo.dueForListing(ctx.db, today);
  const listed: number[] = [];
  for (const { offeringId } of due) {
    try {
      await listIpo(ctx, offeringId, actor);
      listed.push(offeringId);
    } catch (error) {
      // Another process listed it first: a rerun is a no-op.
      if (!(error instanceof DomainError && error.statusCode === 409)) throw error;
    }
  }
  return listed;
}

/** One IPO with its offering, instrument and terms (the staff routes' answer); undefined if none. */
export async function findIpo(ctx: AppContext, id: number) {
  return ipoRow(ctx.db, id);
}

export async function listIpos(ctx: AppContext) {
  const ipos = await repo.listIpoOfferings(ctx.db);
  const terms = new Map(
    (
      await repo.termsFor(
        ctx.db,
        ipos.map((r) => r.offering.id),
      )
    ).map((t) => [t.offeringId, t]),
  );
  return ipos.map((r) => ({ ...r, terms: terms.get(r.offering.id)! }));
}

/**
 * The IPO, as wiring.ts hands it to orders and offerings (decision 0048): its receipts, and its
 * offer's price basis on Discover. Its shares are valued as shares (at cost until they list).
 */
export const ipoProduct = {
  orderView: ipoOrderViews,
  positionValuer: null,
  offeringListDetails: ipoOfferSummaries,
} satisfies ProductServiceParts<AppContext>;
