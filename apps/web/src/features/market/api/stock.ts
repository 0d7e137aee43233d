import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartData, Company, Quote, StockDetail } from '@imali/contract';
import type { CandleInterval } from '@imali/contract';
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

export const chartDataQuery = (s: StockKey, interval: CandleInterval) =>
  queryOptions({
    queryKey: ['market', 'chart', s.country, s.symbol, interval] as const,
    queryFn: ({ signal }) =>
      stockData.get<ChartData>('/chart_data', { country: s.country, symbol: s.symbol, interval }, signal),
    staleTime: 60_000,
  });

export const useStockDetail = (s: StockKey) => useQuery(stockDetailQuery(s));
export const useCompany = (s: StockKey) => useQuery(companyQuery(s));
export const useChartData = (s: StockKey, interval: CandleInterval) => useQuery(chartDataQuery(s, interval));

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
