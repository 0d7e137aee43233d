import type { OrderPreview } from '@imali/contract';
import { http } from '@/lib/api-client';

/** A plain stock buy at a quotation: what the receipt will show if bought now. */
export interface StockPreviewInput {
  symbol: string;
  market: string;
  country: string;
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
  return http.get<OrderPreview>('/api/client/app/v1/order/preview', {
    query: { ttype: 'standard', ...input },
    signal,
  });
}

/** GET /client/app/v1/order/preview?ttype=fo|otc&offering_id&quantity&account_id[&quote_id]. */
export function fetchOfferingPreview(
  input: OfferingPreviewInput,
  signal?: AbortSignal,
): Promise<OrderPreview> {
  return http.get<OrderPreview>('/api/client/app/v1/order/preview', { query: { ...input }, signal });
}

/** GET /client/app/v1/order/preview?ttype=sell&order_id&quote_id: the figures of closing a holding. */
export function fetchSellPreview(
  input: { order_id: number; quote_id: string },
  signal?: AbortSignal,
): Promise<OrderPreview> {
  return http.get<OrderPreview>('/api/client/app/v1/order/preview', {
    query: { ttype: 'sell', ...input },
    signal,
  });
}
