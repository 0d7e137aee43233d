// Market-data contract (issue 4): instruments, quotes, candles, search, watch list, news.
//
// Two APIs share these shapes:
// - the stock-data API under /market-data (`STOCK_DATA_BASE`, header `x-api-key`; spec section 7
//   "Stock data API", a separate base that no client route shares: decision 0043),
// - the product API under /api/market/app/v1 (client bearer token).
// Prices are in the instrument's quote unit (`quote_unit`): JSE shares are quoted in cents
// ('ZAc', whole numbers, as the JSE quotes them; divide by 100 for rand), US and Indian shares in
// dollars and rupees with two decimals, indices in points. Market-data prices are JSON numbers
// (display and charts); the latest-price call that feeds an order returns a decimal string.
import { z } from 'zod';
import { plainId, plainInteger } from './numbers';
import {
  CONTROL_CHARACTER_CLASS,
  SPACE,
  caseInsensitivePattern,
  documented,
  integerRangePattern,
} from './json-schema-hints';

export { STOCK_DATA_BASE } from './constants';

export const MARKET_COUNTRIES = ['ZA', 'US', 'IN'] as const;
export type MarketCountry = (typeof MARKET_COUNTRIES)[number];
export const MARKETS = ['JSE', 'NYSE', 'NASDAQ', 'NSE'] as const;
export type MarketCode = (typeof MARKETS)[number];
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '1d', '1w'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export const INSTRUMENT_TYPES = ['stock', 'indice'] as const;
export const QUOTE_UNITS = ['ZAc', 'USD', 'INR', 'points'] as const;
export type QuoteUnit = (typeof QUOTE_UNITS)[number];
export const RANKING_KINDS = ['gainers', 'losers', 'active'] as const;

/** Spec section 9: the default index cards per country profile. */
export const DEFAULT_INDEX_SYMBOLS: Record<MarketCountry, readonly string[]> = {
  ZA: ['FTCRZAFN', 'SA40', 'FTCRZAFN.TR'],
  US: ['IN_SPX', 'IN_NDX', 'IN_DJI'],
  IN: ['IN_SPX', 'IN_NDX', 'IN_DJI'],
};

export const SEARCH_RESULT_LIMIT = 20;
export const BATCH_QUOTE_LIMIT = 200;
export const WATCHLIST_LIMIT = 100;

export const MarketMessages = {
  apiKeyRequired: 'A valid market API key is required (header x-api-key).',
  unknownSymbol: 'Unknown symbol.',
  payloadMustBeArray: 'Payload must be an array of stocks',
  batchItemInvalid: 'Each stock needs a symbol, a market and a country.',
  batchTooLarge: `At most ${BATCH_QUOTE_LIMIT} stocks per request.`,
  watchlistFull: `A watch list holds at most ${WATCHLIST_LIMIT} stocks.`,
  newsNotFound: 'Article not found.',
  unknownCountry: 'Country must be one of ZA, US, IN.',
  unknownMarket: 'Market must be one of JSE, NYSE, NASDAQ, NSE.',
  unknownInterval: `Interval must be one of ${CANDLE_INTERVALS.join(', ')}.`,
} as const;

// ---- inputs ---------------------------------------------------------------------------------

const upper = (s: string) => s.trim().toUpperCase();
// Case and surrounding spaces do not matter ('za ' is ZA): the documented patterns say so.
export const countryParam = documented(
  z
    .string({ error: MarketMessages.unknownCountry })
    .transform(upper)
    .pipe(z.enum(MARKET_COUNTRIES, { error: MarketMessages.unknownCountry })),
  { pattern: caseInsensitivePattern(MARKET_COUNTRIES), description: MARKET_COUNTRIES.join(', ') },
);
export const marketParam = documented(
  z
    .string({ error: MarketMessages.unknownMarket })
    .transform(upper)
    .pipe(z.enum(MARKETS, { error: MarketMessages.unknownMarket })),
  { pattern: caseInsensitivePattern(MARKETS), description: MARKETS.join(', ') },
);
export const symbolParam = documented(
  z
    .string({ error: 'Symbol is required.' })
    .transform(upper)
    .pipe(z.string().min(1, 'Symbol is required.').max(24, 'Symbol is too long.')),
  // 1 to 24 characters once trimmed.
  {
    pattern: `^${SPACE}*[^\\s${CONTROL_CHARACTER_CLASS}]([^${CONTROL_CHARACTER_CLASS}]{0,22}[^\\s${CONTROL_CHARACTER_CLASS}])?${SPACE}*$`,
  },
);

/**
 * Chart ranges a client shows. With `range`, chart_data returns only the candles of that window
 * (ending at the last candle: time > last - days); without it, the interval's whole span.
 */
export const CHART_RANGES = ['1D', '1W', '1M', '1Y', '5Y'] as const;
export type ChartRangeCode = (typeof CHART_RANGES)[number];
export const CHART_RANGE_DAYS: Record<ChartRangeCode, number> = {
  '1D': 1,
  '1W': 7,
  '1M': 31,
  '1Y': 365,
  '5Y': 5 * 365 + 1,
};
/** GET /market-data/chart_data */
export const chartDataQuery = z.object({
  country: countryParam,
  symbol: symbolParam,
  interval: z.enum(CANDLE_INTERVALS, { error: MarketMessages.unknownInterval }).default('1d'),
  range: z.enum(CHART_RANGES, { error: `Range must be one of ${CHART_RANGES.join(', ')}.` }).optional(),
});
/** The most points a sparkline asks for (default 60). */
export const SPARKLINE_MAX_POINTS = 500;
/** GET /market-data/sparkline: the last session's closes (1-minute candles), thinned to `points`. */
export const sparklineQuery = z.object({
  country: countryParam,
  symbol: symbolParam,
  points: documented(
    plainInteger('Points must be a whole number.')
      .refine((n) => n >= 2, 'Points must be at least 2.')
      .refine((n) => n <= SPARKLINE_MAX_POINTS, `Points must be at most ${SPARKLINE_MAX_POINTS}.`),
    { type: 'string', pattern: integerRangePattern(2, SPARKLINE_MAX_POINTS), maxLength: 15 },
  ).default(60),
});
/** GET /market-data/stock_detail, GET /market-data/company */
export const stockRefQuery = z.object({ country: countryParam, market: marketParam, s: symbolParam });
/** GET /market-data/search/ */
export const searchQuery = z.object({ query: z.string().max(64, 'Query is too long.').default('') });
/** One element of POST /market-data/stock, of the product API's price call and of watch-list changes. */
export const stockRef = z.object({ symbol: symbolParam, market: marketParam, country: countryParam });
export type StockRef = z.infer<typeof stockRef>;
export const priceQuery = stockRef;
/** POST /market-data/stock: the stocks to quote (the service checks each item itself). */
export const batchQuoteBody = z.array(stockRef).max(BATCH_QUOTE_LIMIT);
export const rankingQuery = z.object({
  country: countryParam.default('ZA'),
  kind: z.enum(RANKING_KINDS, { error: 'Kind must be gainers, losers or active.' }),
  limit: plainInteger('Limit must be a whole number from 1 to 50.', { min: 1, max: 50 }).default(10),
});
export const indicesQuery = z.object({ country: countryParam.default('ZA') });
export const newsListQuery = z.object({
  country: countryParam.default('ZA'),
  limit: plainInteger('Limit must be a whole number from 1 to 50.', { min: 1, max: 50 }).default(20),
});
export const newsIdParams = z.object({ id: plainId('Article not found.') });
/** GET /market-data/stream: symbols as `NPN,AAPL` or `JSE:NPN,NASDAQ:AAPL`; `key` for EventSource. */
export const streamQuery = z.object({
  symbols: z.string().min(1, 'List the symbols to stream.').max(2000),
  country: countryParam.optional(),
  key: z.string().optional(),
});

// ---- outputs --------------------------------------------------------------------------------

/** A candle: `time` is its start as unix seconds; prices in the quote unit. */
export const candle = z.object({
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number().int(),
});
export type Candle = z.infer<typeof candle>;

const instrumentIdentity = {
  symbol: z.string(),
  name: z.string(),
  market: z.enum(MARKETS),
  country: z.enum(MARKET_COUNTRIES),
  currency: z.string(),
  type: z.enum(INSTRUMENT_TYPES),
};

export const chartData = z.object({
  symbol: z.string(),
  market: z.enum(MARKETS),
  country: z.enum(MARKET_COUNTRIES),
  interval: z.enum(CANDLE_INTERVALS),
  quote_unit: z.enum(QUOTE_UNITS),
  candles: z.array(candle),
});
export type ChartData = z.infer<typeof chartData>;

/**
 * A compact intraday series for sparklines: closes only, oldest first, in the quote unit; every
 * k-th close of the last session's 1-minute candles and always the last one. `from`/`to` are the
 * first and last candle's start (unix seconds).
 */
export const sparkline = z.object({
  symbol: z.string(),
  market: z.enum(MARKETS),
  country: z.enum(MARKET_COUNTRIES),
  quote_unit: z.enum(QUOTE_UNITS),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  closes: z.array(z.number()),
});
export type Sparkline = z.infer<typeof sparkline>;

export const quote = z.object({
  ...instrumentIdentity,
  quote_unit: z.enum(QUOTE_UNITS),
  /** Last price. */
  price: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  previous_close: z.number(),
  /** price - previous_close, in the quote unit. */
  change: z.number(),
  /** (price - previous_close) / previous_close x 100, two decimals. */
  change_percent: z.number(),
  volume: z.number().int(),
  market_open: z.boolean(),
  /** ISO time the price is as of: now while trading, otherwise the last session's close. */
  as_of: z.string(),
  /** Spec's S1: 1 tradable, 0 restricted (suspended). */
  S1: z.union([z.literal(0), z.literal(1)]),
});
export type Quote = z.infer<typeof quote>;

export const stockDetail = quote.extend({
  week52_high: z.number(),
  week52_low: z.number(),
  /** Price x shares outstanding in the currency's major unit (rand, dollars, rupees); null for indices. */
  market_cap: z.number().nullable(),
  /** The session the figures belong to (exchange-local date). */
  trading_day: z.string(),
});
export type StockDetail = z.infer<typeof stockDetail>;

export const company = z.object({
  ...instrumentIdentity,
  sector: z.string(),
  profile: z.string(),
  shares_outstanding: z.number().nullable(),
  S1: z.union([z.literal(0), z.literal(1)]),
});
export type Company = z.infer<typeof company>;

export const searchResult = z.object({
  symbol: z.string(),
  name: z.string(),
  market: z.enum(MARKETS),
  country: z.enum(MARKET_COUNTRIES),
  type: z.enum(INSTRUMENT_TYPES),
});
export type SearchResult = z.infer<typeof searchResult>;

/** Product API: latest price for a close order. ZA shares: `price` is in cents (divide by 100). */
export const latestPrice = z.object({
  symbol: z.string(),
  market: z.enum(MARKETS),
  country: z.enum(MARKET_COUNTRIES),
  currency: z.string(),
  quote_unit: z.enum(QUOTE_UNITS),
  /** Decimal string in the quote unit, e.g. '598741' (ZAc) or '189.43' (USD). */
  price: z.string(),
  S1: z.union([z.literal(0), z.literal(1)]),
  market_open: z.boolean(),
  as_of: z.string(),
});
export type LatestPrice = z.infer<typeof latestPrice>;

export const ranking = z.object({
  country: z.enum(MARKET_COUNTRIES),
  kind: z.enum(RANKING_KINDS),
  items: z.array(quote),
});
export type Ranking = z.infer<typeof ranking>;

export const watchlistItem = quote.extend({ added_at: z.string() });
export type WatchlistItem = z.infer<typeof watchlistItem>;
export const watchlist = z.object({ items: z.array(watchlistItem) });

export const newsSummary = z.object({
  id: z.number().int(),
  country: z.enum(MARKET_COUNTRIES),
  title: z.string(),
  summary: z.string(),
  symbols: z.array(z.string()),
  source: z.string(),
  published_at: z.string(),
});
export type NewsSummary = z.infer<typeof newsSummary>;
export const newsDetail = newsSummary.extend({ body: z.string() });
export type NewsDetail = z.infer<typeof newsDetail>;

/** GET /api/client/app/v1/market-config: where the web app finds the stock-data API. */
export const marketConfig = z.object({
  baseUrl: z.string(),
  apiKey: z.string(),
  streamUrl: z.string(),
});
export type MarketConfig = z.infer<typeof marketConfig>;
