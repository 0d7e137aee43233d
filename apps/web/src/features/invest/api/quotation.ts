import type { Quotation } from '@imali/contract';
import { http } from '@/lib/api-client';

export interface StockRef {
  symbol: string;
  market: string;
  country: string;
}

/**
 * GET /market/app/v1/price?symbol&market&country: the latest price as a quotation bound to this
 * client, valid 20 s by the server clock and consumed by the order it prices.
 */
export function fetchQuotation(ref: StockRef, signal?: AbortSignal): Promise<Quotation> {
  return http.get<Quotation>('/api/market/app/v1/price', {
    query: { symbol: ref.symbol, market: ref.market, country: ref.country },
    signal,
  });
}
