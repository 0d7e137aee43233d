import type { Quotation } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';

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
  return api.call(apiRoutes.quotation, {
    query: { symbol: ref.symbol, market: ref.market, country: ref.country },
    signal,
  });
}
