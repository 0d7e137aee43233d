import type { SearchResult } from '@imali/contract';
import { stockData } from './stock-data-client';

/** What the Ctrl/Cmd+K dialog lists for a result. */
export interface StockSearchHit {
  symbol: string;
  name: string;
  market: string;
  country: string;
}

/** GET /search/ (abortable): the dialog throttles, aborts stale calls and skips blank queries. */
export async function searchStocks(query: string, signal: AbortSignal): Promise<StockSearchHit[]> {
  const results = await stockData.get<SearchResult[]>('/search/', { query: query.trim() }, signal);
  return results.map(({ symbol, name, market, country }) => ({ symbol, name, market, country }));
}
