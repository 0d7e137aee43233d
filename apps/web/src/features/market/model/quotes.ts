/** Quote identity, live-update merging and the rows of ranking and watch-list tables. */
import type { Quote } from '@imali/contract';
import { signedTone, type SignedTone } from '@imali/money';
import { formatChange, formatChangePercent, formatLarge, formatPrice, unitLabel } from './format';

export interface StockKey {
  symbol: string;
  market: string;
  country: string;
}

/** 'ZA:JSE:NPN': one instrument everywhere in the client (caches, live quotes, lists). */
export function stockKey(s: StockKey): string {
  return `${s.country}:${s.market}:${s.symbol}`.toUpperCase();
}

/** The stream's symbol spec: 'JSE:NPN' (market-qualified, so a symbol in two markets is exact). */
export function streamSpec(s: Pick<StockKey, 'market' | 'symbol'>): string {
  return `${s.market}:${s.symbol}`.toUpperCase();
}

/** The newer of two quotes of one instrument (by as_of; a tie keeps the live one). */
export function newerQuote<Q extends Pick<Quote, 'as_of'>>(
  base: Q | undefined,
  live: Q | undefined,
): Q | undefined {
  if (!base) return live;
  if (!live) return base;
  return Date.parse(live.as_of) >= Date.parse(base.as_of) ? live : base;
}

/** A quote over a richer record (stock detail, watch-list item): live fields replace stale ones. */
export function withLiveQuote<T extends Quote>(base: T, live: Quote | undefined): T {
  if (!live || Date.parse(live.as_of) < Date.parse(base.as_of)) return base;
  return {
    ...base,
    price: live.price,
    open: live.open,
    high: live.high,
    low: live.low,
    previous_close: live.previous_close,
    change: live.change,
    change_percent: live.change_percent,
    volume: live.volume,
    market_open: live.market_open,
    as_of: live.as_of,
    S1: live.S1,
  };
}

export interface QuoteRow {
  key: string;
  symbol: string;
  name: string;
  market: string;
  country: string;
  price: string;
  unit: string;
  change: string;
  changePercent: string;
  tone: SignedTone;
  volume: string;
  restricted: boolean;
}

/** What a list row shows for a quote (ranking, watch list). */
export function quoteRow(q: Quote): QuoteRow {
  return {
    key: stockKey(q),
    symbol: q.symbol,
    name: q.name,
    market: q.market,
    country: q.country,
    price: formatPrice(q.price, q.quote_unit),
    unit: unitLabel(q.quote_unit),
    change: formatChange(q.change, q.quote_unit),
    changePercent: formatChangePercent(q.change_percent),
    tone: signedTone(q.change),
    volume: formatLarge(q.volume),
    restricted: q.S1 === 0,
  };
}

export const RANKING_TABS = [
  { kind: 'gainers', label: 'Top Gainers' },
  { kind: 'losers', label: 'Top Losers' },
  { kind: 'active', label: 'Most Active' },
] as const;
export type RankingKind = (typeof RANKING_TABS)[number]['kind'];

/**
 * Ranking rows with live prices applied. Order stays as the server ranked it (a list that
 * reshuffles under the user's pointer is unusable); the next fetch re-ranks.
 */
export function rankingRows(items: readonly Quote[], live: ReadonlyMap<string, Quote>): QuoteRow[] {
  return items.map((q) => quoteRow(withLiveQuote(q, live.get(stockKey(q)))));
}

/** Is this instrument in the watch list? */
export function isWatched(items: readonly StockKey[] | undefined, s: StockKey): boolean {
  const key = stockKey(s);
  return (items ?? []).some((i) => stockKey(i) === key);
}

/** Markets of each country profile: where a bare symbol (a news tag) may be listed. */
export const COUNTRY_MARKETS: Record<string, readonly string[]> = {
  ZA: ['JSE'],
  US: ['NYSE', 'NASDAQ'],
  IN: ['NSE'],
};

/**
 * Batch-call references for bare symbols: one per market the country has. The batch call leaves
 * unknown listings out, so each symbol comes back once, from the market it trades on.
 */
export function candidateRefs(symbols: readonly string[], country: string): StockKey[] {
  const markets = COUNTRY_MARKETS[country.toUpperCase()] ?? [];
  return symbols.flatMap((symbol) =>
    markets.map((market) => ({ symbol: symbol.toUpperCase(), market, country: country.toUpperCase() })),
  );
}

/** The newest price time among quotes (ISO), for the "as of" of a list or strip. */
export function latestAsOf(quotes: ReadonlyArray<{ as_of: string }>): string | undefined {
  let latest: string | undefined;
  let latestMs = -Infinity;
  for (const q of quotes) {
    const ms = Date.parse(q.as_of);
    if (Number.isFinite(ms) && ms > latestMs) {
      latestMs = ms;
      latest = q.as_of;
    }
  }
  return latest;
}
