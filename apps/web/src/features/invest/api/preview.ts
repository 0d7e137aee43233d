import type { MarketCode, MarketCountry, OrderPreview } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';

/** A plain stock buy at a quotation: what the receipt will show if bought now. */
export interface StockPreviewInput {
  symbol: string;
  market: MarketCode;
  country: MarketCountry;
  quantity: string;
  account_id: number;
  quote_id: string;
}

/** A fixed-term buy (at a quotation) or a block allocation (at the block price). */
export interface OfferingPreviewInput {
  ttype: 'fo' | 'otc';
  offering_id: number;
  quantity: string;
  account_id?: number;
  quote_id?: string;
}

/** GET /client/app/v1/order/preview?ttype=standard&… */
export function fetchStockPreview(input: StockPreviewInput, signal?: AbortSignal): Promise<OrderPreview> {
  return api.call(apiRoutes.orderPreview, {
    query: { ttype: 'standard', ...input },
    signal,
  });
}

/** GET /client/app/v1/order/preview?ttype=fo|otc&offering_id&quantity&account_id[&quote_id]. */
export function fetchOfferingPreview(
  input: OfferingPreviewInput,
  signal?: AbortSignal,
): Promise<OrderPreview> {
  return api.call(apiRoutes.orderPreview, { query: { ...input }, signal });
}

/** GET /client/app/v1/order/preview?ttype=sell&order_id&quote_id: the figures of closing a holding. */
export function fetchSellPreview(
  input: { order_id: number; quote_id: string },
  signal?: AbortSignal,
): Promise<OrderPreview> {
  return api.call(apiRoutes.orderPreview, {
    query: { ttype: 'sell', ...input },
    signal,
  });
}
