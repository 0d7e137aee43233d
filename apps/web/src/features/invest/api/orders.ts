import {
  IDEMPOTENCY_HEADER,
  type FoBuyBody,
  type OrderResult,
  type OtcAllocateBody,
  type SellBody,
  type StockBuyBody,
} from '@imali/contract';
import { http } from '@/lib/api-client';

/**
 * The money-moving POSTs of trading. Each carries its `Idempotency-Key`: a refreshed-and-retried
 * request (or a double click) places one order at most.
 */
const post = (path: string, body: unknown, key: string) =>
  http.post<OrderResult>(path, body, { headers: { [IDEMPOTENCY_HEADER]: key } });

/** POST /client/app/v1/order/buy: a plain stock buy at a quotation (ttype standard). */
export const buyStock = (body: StockBuyBody, key: string) => post('/api/client/app/v1/order/buy', body, key);

/** POST /fo/app/v1/buy: a fixed-term (DD Trading) buy at a quotation. */
export const buyFixedTerm = (body: FoBuyBody, key: string) => post('/api/fo/app/v1/buy', body, key);

/** POST /otc/app/v1/record/allocate/{id}: an allocation request at the block price. */
export const requestAllocation = (offeringId: number, body: OtcAllocateBody, key: string) =>
  post(`/api/otc/app/v1/record/allocate/${offeringId}`, body, key);

/** POST /client/app/v1/order/sell/{id}: sells the whole holding at a quotation (ZA price in rand). */
export const sellOrder = (orderId: number, body: SellBody, key: string) =>
  post(`/api/client/app/v1/order/sell/${orderId}`, body, key);
