/**
 * Quotations (issue 12): the latest market price given to one client for one instrument, valid
 * QUOTE_VALIDITY_MS by the server clock and consumed once, atomically, by the order it prices.
 * They live in PostgreSQL (quotes table), so any API process can honour a quote another issued.
 *
 * - `issueQuote(ctx, clientId, ref)` → the contract `quotation` (a new quote row).
 * - `consumeQuote(tx, { quoteId, clientId, instrumentId, orderId?, at })` → `{ price, tradable,
 *   expiresAt }`, or a refusal: unknown or another client's → 404 quoteNotFound; this client's for
 *   another instrument → 409 quoteNotFound; consumed → 409 quoteUsed; expired → 409 quoteExpired.
 */
import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  QUOTE_VALIDITY_MS,
  TradingMessages,
  type Quotation,
  type StockRef,
} from '@imali/contract';
import { formatDecimal, normalizeDecimal, parseDecimal } from '@imali/money';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import {
  instrumentByRef,
  providerFor,
  quoteUnitOf,
  toSim,
  type InstrumentRow,
} from '../market/market.service';
import type { ExchangeCode } from '../market/simulator/calendar';
import { ticksToDecimalString } from '../market/simulator/simulator';
import { marketClosedMessage } from '../market/trading-hours';
import * as repo from './quotes.repository';

export type { QuoteRow } from './quotes.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const quoteNotFound = (status = 404) =>
  new DomainError(
    status === 404 ? ErrorCode.NotFound : ErrorCode.Conflict,
    TradingMessages.quoteNotFound,
    status,
  );
export const quoteUsed = () => new DomainError(ErrorCode.Conflict, TradingMessages.quoteUsed, 409);
export const quoteExpired = () => new DomainError(ErrorCode.Conflict, TradingMessages.quoteExpired, 409);

/** Whether text can be a quote id at all (anything else is "not found", never a SQL error). */
export const isQuoteId = (text: string) => UUID.test(text);

/** Prices are stored as numeric(20,6); on the wire they carry no trailing zeros beyond need. */
export const canonicalPrice = (text: string) => formatDecimal(normalizeDecimal(parseDecimal(text)));

/**
 * The instrument's latest price as a quotation bound to this client: a quote row (uuid, price,
 * S1 at this moment, expires_at = server now + QUOTE_VALIDITY_MS). Unknown stock → 404.
 */
export async function issueQuote(ctx: AppContext, clientId: number, ref: StockRef): Promise<Quotation> {
  // Fresh: S1 decides whether the quote can be traded, so a suspension counts at once.
  const row = await instrumentByRef(ctx, ref, { fresh: true });
  const market = marketPriceOf(ctx, row);
  const now = ctx.clock.now();
  const quote = await repo.insertQuote(ctx.db, {
    id: randomUUID(),
    clientId,
    instrumentId: row.id,
    price: market.price,
    tradable: row.tradable,
    createdAt: now,
    expiresAt: new Date(now.getTime() + QUOTE_VALIDITY_MS),
  });
  return {
    symbol: row.symbol,
    market: row.market,
    country: row.country,
    currency: row.currency,
    quote_unit: quoteUnitOf(row),
    price: market.price,
    S1: row.tradable ? 1 : 0,
    market_open: market.open,
    closed_message: market.open ? null : marketClosedMessage(ctx.config, row.market as ExchangeCode, now),
    as_of: market.asOf.toISOString(),
    quote_id: quote.id,
    expires_at: quote.expiresAt.toISOString(),
  };
}

/** The instrument's market price now (quote unit, exact decimal text) and whether it trades. */
export function marketPriceOf(ctx: AppContext, row: InstrumentRow) {
  const q = providerFor(ctx).quote(toSim(row), ctx.clock.now());
  return {
    price: ticksToDecimalString(q.priceTicks, row.priceDecimals),
    open: q.marketOpen,
    asOf: new Date(q.asOfMs),
  };
}

export interface ConsumeQuoteInput {
  quoteId: string;
  clientId: number;
  instrumentId: number;
  orderId?: number | null;
  at: Date;
}

/**
 * Consumes a quote inside the caller's transaction (its order's): one conditional UPDATE, so of
 * concurrent orders on one quote exactly one succeeds; if the order is then refused, the
 * transaction rolls back and the quote is unconsumed again. Refusals: see the file comment.
 */
export async function consumeQuote(
  tx: Db,
  input: ConsumeQuoteInput,
): Promise<{ price: string; tradable: boolean; expiresAt: Date }> {
  if (!isQuoteId(input.quoteId)) throw quoteNotFound();
  const row = await repo.consumeQuote(tx, input);
  if (row) return { price: canonicalPrice(row.price), tradable: row.tradable, expiresAt: row.expiresAt };
  const found = await repo.findQuote(tx, input.quoteId);
  if (!found || found.clientId !== input.clientId) throw quoteNotFound();
  if (found.instrumentId !== input.instrumentId) throw quoteNotFound(409);
  if (found.consumedAt) throw quoteUsed();
  throw quoteExpired();
}

/**
 * A quote of this client for this instrument, as it stands (not consumed): the given one, or
 * without an id the newest unconsumed one. For previews and for checks before consuming.
 */
export async function peekQuote(
  db: Db,
  input: { quoteId?: string | null; clientId: number; instrumentId: number; at: Date },
): Promise<repo.QuoteRow> {
  let row: repo.QuoteRow | undefined;
  if (input.quoteId) {
    if (!isQuoteId(input.quoteId)) throw quoteNotFound();
    row = await repo.findQuote(db, input.quoteId);
    if (!row || row.clientId !== input.clientId) throw quoteNotFound();
    if (row.instrumentId !== input.instrumentId) throw quoteNotFound(409);
  } else {
    row = await repo.latestOpenQuote(db, input.clientId, input.instrumentId, input.at);
    if (!row) throw quoteNotFound(409);
  }
  return row;
}

/** Records which order a consumed quote priced (its audit trail). */
export const linkQuoteToOrder = (tx: Db, quoteId: string, orderId: number) =>
  repo.linkQuoteToOrder(tx, quoteId, orderId);

/** Deletes unconsumed quotes expired more than a day ago (the quotes.prune job). */
export async function pruneQuotes(ctx: AppContext) {
  return repo.pruneUnconsumed(ctx.db, new Date(ctx.clock.now().getTime() - 86_400_000));
}
