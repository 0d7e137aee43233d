import {
  BATCH_QUOTE_LIMIT,
  CHART_RANGE_DAYS,
  DEFAULT_INDEX_SYMBOLS,
  ErrorCode,
  MarketMessages,
  SEARCH_RESULT_LIMIT,
  WATCHLIST_LIMIT,
  stockRef,
  type CandleInterval,
  type ChartData,
  type ChartRangeCode,
  type Company,
  type LatestPrice,
  type MarketCountry,
  type NewsDetail,
  type NewsSummary,
  type Quote,
  type QuoteUnit,
  type SearchResult,
  type Sparkline,
  type StockDetail,
  type StockRef,
  type WatchlistItem,
} from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { newOpaqueToken } from '../../lib/crypto';
import { DomainError } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import { SimulatedProvider, type MarketDataProvider, type ProviderQuote } from './market-data.provider';
import * as repo from './market.repository';
import { catalogue } from './instrument-catalogue';
import { normalizeQuery } from './search-index';
import type { InstrumentRow } from './market.repository';
import { dayToIso, isoToDay, type ExchangeCode } from './simulator/calendar';
import { MarketSimulator, ticksToDecimalString, type SimInstrument } from './simulator/simulator';

export type { InstrumentRow };

// Market owns `instruments` (decision 0047): the IPO creates, prices and lists its instrument here,
// inside its own transaction (each takes the caller's handle).
export { createInstrument, listInstrument, setReferencePrice } from './market.repository';
export {
  calendarYearText,
  closureLine,
  declareExchangeClosure,
  listExchangeClosures,
  loadExchangeCalendar,
  refreshExchangeCalendar,
  sessionText,
  startExchangeCalendarRefresh,
  withdrawExchangeClosure,
  type ExchangeClosureRow,
} from './exchange-calendar';

const unknownSymbol = () => new DomainError(ErrorCode.NotFound, MarketMessages.unknownSymbol, 404);

// One provider per seed and process: the simulation is derived, so its caches are not state.
const providers = new Map<number, MarketDataProvider>();
export function providerFor(ctx: AppContext): MarketDataProvider {
  const seed = ctx.config.MARKET_SIM_SEED;
  let p = providers.get(seed);
  if (!p) {
    p = new SimulatedProvider(new MarketSimulator(seed));
    providers.set(seed, p);
  }
  return p;
}

export function toSim(row: InstrumentRow): SimInstrument {
  return {
    symbol: row.symbol,
    exchange: row.market as ExchangeCode,
    priceDecimals: row.priceDecimals,
    basePrice: Number(row.basePrice),
    annualVolatility: Number(row.annualVolatility),
    annualDrift: Number(row.annualDrift),
    avgDailyVolume: row.avgDailyVolume,
    // An IPO's instrument: its history starts on its listing day, at its listing price.
    ...(row.listedOn ? { listedDay: isoToDay(row.listedOn) } : {}),
  };
}

export function quoteUnitOf(row: Pick<InstrumentRow, 'type' | 'country'>): QuoteUnit {
  if (row.type === 'indice') return 'points';
  return row.country === 'ZA' ? 'ZAc' : row.country === 'US' ? 'USD' : 'INR';
}

const s1 = (row: InstrumentRow) => (row.tradable ? 1 : 0) as 0 | 1;

function toQuote(row: InstrumentRow, q: ProviderQuote): Quote {
  const d = row.priceDecimals;
  const changePercent =
    q.previousCloseTicks > 0 ? Math.round((q.changeTicks * 10_000) / q.previousCloseTicks) / 100 : 0;
  return {
    symbol: row.symbol,
    name: row.name,
    market: row.market,
    country: row.country,
    currency: row.currency,
    type: row.type,
    quote_unit: quoteUnitOf(row),
    price: q.price,
    open: q.open,
    high: q.high,
    low: q.low,
    previous_close: q.previousClose,
    change: d === 0 ? q.changeTicks : q.changeTicks / 10 ** d,
    change_percent: changePercent,
    volume: q.volume,
    market_open: q.marketOpen,
    as_of: new Date(q.asOfMs).toISOString(),
    S1: s1(row),
  };
}

export function quoteOf(ctx: AppContext, row: InstrumentRow, at: Date = ctx.clock.now()): Quote {
  return toQuote(row, providerFor(ctx).quote(toSim(row), at));
}

// ---- lookups ------------------------------------------------------------------------------

/**
 * Finds an instrument by country and symbol (and market, when given) or answers 404. Reads the
 * process's catalogue unless `fresh` is asked (decisions such as S1 for an order), falling back
 * to the database for an instrument added since the catalogue was built.
 */
export async function instrumentByRef(
  ctx: AppContext,
  ref: { country: string; symbol: string; market?: string },
  options: { fresh?: boolean } = {},
): Promise<InstrumentRow> {
  const cached = options.fresh ? undefined : (await catalogue(ctx)).get(ref.country, ref.symbol);
  const row = cached ?? (await repo.findByCountrySymbol(ctx.db, ref.country, ref.symbol));
  if (!row || (ref.market && row.market !== ref.market)) throw unknownSymbol();
  return row;
}

// ---- stock-data API -----------------------------------------------------------------------

export async function chartData(
  ctx: AppContext,
  input: { country: string; symbol: string; interval: CandleInterval; range?: ChartRangeCode },
): Promise<ChartData> {
  const row = await instrumentByRef(ctx, input);
  const candles = providerFor(ctx).candles(toSim(row), input.interval, ctx.clock.now());
  return {
    symbol: row.symbol,
    market: row.market,
    country: row.country,
    interval: input.interval,
    quote_unit: quoteUnitOf(row),
    candles: input.range ? lastDays(candles, CHART_RANGE_DAYS[input.range]) : candles,
  };
}

/** The candles newer than `days` before the last one's start (the window a chart range shows). */
function lastDays<T extends { time: number }>(candles: T[], days: number): T[] {
  const last = candles.at(-1);
  if (!last) return candles;
  const from = last.time - days * 86_400;
  let i = candles.length;
  while (i > 0 && candles[i - 1]!.time > from) i -= 1;
  return i === 0 ? candles : candles.slice(i);
}

/**
 * A sparkline: the last session's 1-minute closes, every k-th one (k = ceil(n / points)) and
 * always the last, so at most `points` + 1 numbers instead of ~480 candles.
 */
export async function sparkline(
  ctx: AppContext,
  input: { country: string; symbol: string; points: number },
): Promise<Sparkline> {
  const row = await instrumentByRef(ctx, input);
  const candles = providerFor(ctx).candles(toSim(row), '1m', ctx.clock.now());
  const step = Math.max(1, Math.ceil(candles.length / input.points));
  const closes: number[] = [];
  for (let i = 0; i < candles.length; i += 1) {
    if (i % step === 0 || i === candles.length - 1) closes.push(candles[i]!.close);
  }
  return {
    symbol: row.symbol,
    market: row.market,
    country: row.country,
    quote_unit: quoteUnitOf(row),
    from: candles[0]?.time ?? null,
    to: candles.at(-1)?.time ?? null,
    closes,
  };
}

export async function stockDetail(
  ctx: AppContext,
  input: { country: string; market: string; s: string },
): Promise<StockDetail> {
  const row = await instrumentByRef(ctx, { country: input.country, market: input.market, symbol: input.s });
  const q = providerFor(ctx).quote(toSim(row), ctx.clock.now());
  const base = toQuote(row, q);
  let marketCap: number | null = null;
  if (row.sharesOutstanding && row.type === 'stock') {
    // Quote ticks to the currency's major unit (ZAc ticks are cents; others are cents too).
    marketCap = Math.round((q.priceTicks / 100) * row.sharesOutstanding);
  }
  return {
    ...base,
    week52_high: q.week52High,
    week52_low: q.week52Low,
    market_cap: marketCap,
    trading_day: dayToIso(q.tradingDay),
  };
}

export async function company(
  ctx: AppContext,
  input: { country: string; market: string; s: string },
): Promise<Company> {
  const row = await instrumentByRef(ctx, { country: input.country, market: input.market, symbol: input.s });
  return {
    symbol: row.symbol,
    name: row.name,
    market: row.market,
    country: row.country,
    currency: row.currency,
    type: row.type,
    sector: row.sector,
    profile: row.profile,
    shares_outstanding: row.sharesOutstanding,
    S1: s1(row),
  };
}

/** Loads the process's instrument catalogue ahead of the first request. */
export async function warmUp(ctx: AppContext) {
  await catalogue(ctx);
}

/**
 * Search, ranked (exact symbol, then symbol prefix, then words of the name; blank: no results),
 * as the JSON text of `envelope(results)`, from the catalogue's response cache when the same query
 * was answered before.
 */
export async function searchResponseBody(
  ctx: AppContext,
  rawQuery: string,
  envelope: (results: SearchResult[]) => unknown,
): Promise<string> {
  const current = await catalogue(ctx);
  const key = normalizeQuery(rawQuery);
  let body = current.searchResponses.get(key);
  if (!body) {
    const results = key ? current.search.search(key, SEARCH_RESULT_LIMIT) : [];
    body = JSON.stringify(envelope(results));
    current.searchResponses.set(key, body);
  }
  return body;
}

/** POST /market-data/stock: quotes of the listed stocks, in the order asked; unknown ones are left out. */
export async function batchQuotes(ctx: AppContext, body: unknown): Promise<Quote[]> {
  if (!Array.isArray(body)) {
    throw new DomainError(ErrorCode.InvalidInput, MarketMessages.payloadMustBeArray, 400);
  }
  if (body.length > BATCH_QUOTE_LIMIT) {
    throw new DomainError(ErrorCode.InvalidInput, MarketMessages.batchTooLarge, 400);
  }
  const refs: StockRef[] = [];
  for (const item of body) {
    const parsed = stockRef.safeParse(item);
    if (!parsed.success) throw new DomainError(ErrorCode.InvalidInput, MarketMessages.batchItemInvalid, 400);
    refs.push(parsed.data);
  }
  const rows = await repo.findBySymbols(ctx.db, [...new Set(refs.map((r) => r.symbol))]);
  const at = ctx.clock.now();
  const out: Quote[] = [];
  for (const ref of refs) {
    const row = rows.find(
      (r) => r.symbol === ref.symbol && r.country === ref.country && r.market === ref.market,
    );
    if (row) out.push(quoteOf(ctx, row, at));
  }
  return out;
}

// ---- product API ----------------------------------------------------------------------------

/** The latest price for a close order: exact decimal string in the quote unit, and S1. */
export async function latestPrice(ctx: AppContext, ref: StockRef): Promise<LatestPrice> {
  const row = await instrumentByRef(ctx, ref, { fresh: true });
  const q = providerFor(ctx).quote(toSim(row), ctx.clock.now());
  return {
    symbol: row.symbol,
    market: row.market,
    country: row.country,
    currency: row.currency,
    quote_unit: quoteUnitOf(row),
    price: ticksToDecimalString(q.priceTicks, row.priceDecimals),
    S1: s1(row),
    market_open: q.marketOpen,
    as_of: new Date(q.asOfMs).toISOString(),
  };
}

export async function ranking(
  ctx: AppContext,
  input: { country: MarketCountry; kind: 'gainers' | 'losers' | 'active'; limit: number },
) {
  const rows = (await catalogue(ctx)).rows.filter((r) => r.country === input.country && r.type === 'stock');
  const at = ctx.clock.now();
  const quotes = rows.map((r) => quoteOf(ctx, r, at));
  const sorted =
    input.kind === 'gainers'
      ? quotes.filter((q) => q.change_percent > 0).sort((a, b) => b.change_percent - a.change_percent)
      : input.kind === 'losers'
        ? quotes.filter((q) => q.change_percent < 0).sort((a, b) => a.change_percent - b.change_percent)
        : quotes.sort((a, b) => b.volume - a.volume);
  return { country: input.country, kind: input.kind, items: sorted.slice(0, input.limit) };
}

export async function indices(ctx: AppContext, country: MarketCountry): Promise<Quote[]> {
  const symbols = DEFAULT_INDEX_SYMBOLS[country];
  const known = await catalogue(ctx);
  const at = ctx.clock.now();
  return symbols.flatMap((symbol) => {
    const row = [known.get('ZA', symbol), known.get('US', symbol)].find((r) => r?.type === 'indice');
    return row ? [quoteOf(ctx, row, at)] : [];
  });
}

export async function watchlist(ctx: AppContext, clientId: number): Promise<{ items: WatchlistItem[] }> {
  const rows = await repo.watchlistOf(ctx.db, clientId);
  const at = ctx.clock.now();
  return {
    items: rows.map((r) => ({ ...quoteOf(ctx, r.instrument, at), added_at: r.addedAt.toISOString() })),
  };
}

export async function addToWatchlist(ctx: AppContext, clientId: number, ref: StockRef) {
  const row = await instrumentByRef(ctx, ref);
  if ((await repo.countWatchlist(ctx.db, clientId)) >= WATCHLIST_LIMIT) {
    throw new DomainError(ErrorCode.LimitExceeded, MarketMessages.watchlistFull, 409);
  }
  await repo.addToWatchlist(ctx.db, clientId, row.id, ctx.clock.now());
  return watchlist(ctx, clientId);
}

export async function removeFromWatchlist(ctx: AppContext, clientId: number, ref: StockRef) {
  const row = await instrumentByRef(ctx, ref);
  await repo.removeFromWatchlist(ctx.db, clientId, row.id);
  return watchlist(ctx, clientId);
}

type NewsRow = NonNullable<Awaited<ReturnType<typeof repo.findNews>>>;
const newsSummaryOf = (n: NewsRow): NewsSummary => ({
  id: n.id,
  country: n.country,
  title: n.title,
  summary: n.summary,
  symbols: n.symbols,
  source: n.source,
  published_at: n.publishedAt.toISOString(),
});

export async function newsList(ctx: AppContext, country: MarketCountry, limit: number) {
  return { items: (await repo.listNews(ctx.db, country, limit)).map(newsSummaryOf) };
}

export async function newsDetail(ctx: AppContext, id: number): Promise<NewsDetail> {
  const row = await repo.findNews(ctx.db, id);
  if (!row) throw new DomainError(ErrorCode.NotFound, MarketMessages.newsNotFound, 404);
  return { ...newsSummaryOf(row), body: row.body };
}

export async function addNews(
  ctx: AppContext,
  input: { country: MarketCountry; title: string; summary: string; body: string; symbols: string[] },
) {
  const slug = `${input.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)}-${Date.now().toString(36)}`;
  return repo.insertNews(ctx.db, { ...input, slug, publishedAt: ctx.clock.now() });
}

// ---- API key and suspension ---------------------------------------------------------------

const generatedKeys = new WeakMap<object, string>();

/** The key when it is already known to this process (no database read), else undefined. */
export function knownMarketApiKey(ctx: AppContext): string | undefined {
  return ctx.config.MARKET_API_KEY || generatedKeys.get(ctx.database);
}

/**
 * The stock-data API key: MARKET_API_KEY when set; otherwise one generated per database and kept
 * in market_settings, so every process on that database agrees (first writer wins).
 */
export async function marketApiKey(ctx: AppContext): Promise<string> {
  if (ctx.config.MARKET_API_KEY) return ctx.config.MARKET_API_KEY;
  const cached = generatedKeys.get(ctx.database);
  if (cached) return cached;
  const key = await repo.getOrInsertSetting(ctx.db, 'api_key', newOpaqueToken());
  generatedKeys.set(ctx.database, key);
  return key;
}

/**
 * Ops: suspend or resume trading (S1) of an instrument, by symbol (and country when the symbol is
 * listed in several). The change and its audit entry commit together.
 */
export async function setTradable(
  ctx: AppContext,
  input: { symbol: string; tradable: boolean; country?: string; actor: string },
) {
  const rows = (await repo.findBySymbols(ctx.db, [input.symbol.toUpperCase()])).filter(
    (r) => !input.country || r.country === input.country.toUpperCase(),
  );
  if (rows.length === 0) throw unknownSymbol();
  if (rows.length > 1) {
    throw new DomainError(
      ErrorCode.InvalidInput,
      `${input.symbol.toUpperCase()} is listed in several countries: add --country.`,
      400,
    );
  }
  const row = rows[0]!;
  if (row.tradable === input.tradable) return { ...row, changed: false };
  await ctx.db.transaction(async (tx) => {
    const txCtx: AppContext = { ...ctx, db: tx as unknown as AppContext['db'] };
    await repo.setTradable(txCtx.db, row.id, input.tradable, ctx.clock.now());
    await audit.record(txCtx, {
      actor: input.actor,
      action: input.tradable ? 'instrument.resume' : 'instrument.suspend',
      subjectType: 'instrument',
      subjectId: `${row.country}:${row.symbol}`,
      before: { S1: row.tradable ? 1 : 0 },
      after: { S1: input.tradable ? 1 : 0 },
    });
  });
  return { ...row, tradable: input.tradable, changed: true };
}

export async function instrumentsForStream(ctx: AppContext, specs: string[], country?: string) {
  const parsed = specs.map((spec) => {
    const [a, b] = spec.split(':');
    return b
      ? { market: a!.toUpperCase(), symbol: b.toUpperCase() }
      : { market: undefined, symbol: a!.toUpperCase() };
  });
  const rows = await repo.findBySymbols(ctx.db, [...new Set(parsed.map((p) => p.symbol))]);
  return parsed.map((p) => {
    const candidates = rows.filter((r) => r.symbol === p.symbol && (!p.market || r.market === p.market));
    const row =
      candidates.find((r) => r.country === (country ?? 'ZA')) ?? candidates.sort((a, b) => a.id - b.id)[0];
    if (!row) throw unknownSymbol();
    return row;
  });
}
