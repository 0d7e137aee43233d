import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CandleInterval,
  ChartData,
  ChartRangeCode,
  Company,
  Quote,
  Sparkline,
  StockDetail,
} from '@imali/contract';
import { candidateRefs, type StockKey } from '../model/quotes';
import { stockData } from './stock-data-client';

export const stockDetailQuery = (s: StockKey) =>
  queryOptions({
    queryKey: ['market', 'stock-detail', s.country, s.market, s.symbol] as const,
    queryFn: ({ signal }) =>
      stockData.get<StockDetail>(
        '/stock_detail',
        { country: s.country, market: s.market, s: s.symbol },
        signal,
      ),
    staleTime: 10_000,
  });

export const companyQuery = (s: StockKey) =>
  queryOptions({
    queryKey: ['market', 'company', s.country, s.market, s.symbol] as const,
    queryFn: ({ signal }) =>
      stockData.get<Company>('/company', { country: s.country, market: s.market, s: s.symbol }, signal),
    staleTime: 10 * 60_000,
  });

/**
 * GET /chart_data with the range the chart shows: the server cuts the interval's span to it (a
 * 1-year chart downloads a year of daily candles, not the whole five years).
 */
export const chartDataQuery = (s: StockKey, interval: CandleInterval, range: ChartRangeCode) =>
  queryOptions({
    queryKey: ['market', 'chart', s.country, s.symbol, interval, range] as const,
    queryFn: ({ signal }) =>
      stockData.get<ChartData>(
        '/chart_data',
        { country: s.country, symbol: s.symbol, interval, range },
        signal,
      ),
    staleTime: 60_000,
  });

/**
 * GET /sparkline: the last session's closes thinned to about `points` numbers (a few hundred
 * bytes), for the small lines of the index cards, instead of the session's ~480 one-minute candles.
 */
export const sparklineQuery = (s: StockKey, points: number) =>
  queryOptions({
    queryKey: ['market', 'sparkline', s.country, s.symbol, points] as const,
    queryFn: ({ signal }) =>
      stockData.get<Sparkline>('/sparkline', { country: s.country, symbol: s.symbol, points }, signal),
    staleTime: 60_000,
  });

export const useStockDetail = (s: StockKey) => useQuery(stockDetailQuery(s));
export const useCompany = (s: StockKey) => useQuery(companyQuery(s));
export const useChartData = (s: StockKey, interval: CandleInterval, range: ChartRangeCode) =>
  useQuery(chartDataQuery(s, interval, range));

/** POST /stock: quotes of many stocks at once. */
export function fetchQuotes(stocks: StockKey[], signal?: AbortSignal): Promise<Quote[]> {
  return stockData.quotes<Quote[]>(stocks, signal);
}

/** Quotes of bare symbols of a country (news tags), through the batch call. */
export const symbolQuotesQuery = (symbols: readonly string[], country: string) =>
  queryOptions({
    queryKey: ['market', 'quotes', country, ...symbols] as const,
    queryFn: ({ signal }) => fetchQuotes(candidateRefs(symbols, country), signal),
    staleTime: 15_000,
  });
