import type { FoBuyBody, OtcAllocateBody, SellBody, StockBuyBody } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';

/*
 * The money-moving POSTs of trading. Each carries its `Idempotency-Key`: a refreshed-and-retried
 * request (or a double click) places one order at most.
 */

/** POST /client/app/v1/order/buy: a plain stock buy at a quotation (ttype standard). */
export const buyStock = (body: StockBuyBody, key: string) =>
  api.call(apiRoutes.stockBuy, { body, idempotencyKey: key });

/** POST /fo/app/v1/buy: a fixed-term (DD Trading) buy at a quotation. */
export const buyFixedTerm = (body: FoBuyBody, key: string) =>
  api.call(apiRoutes.foBuy, { body, idempotencyKey: key });

/** POST /otc/app/v1/record/allocate/{id}: an allocation request at the block price. */
export const requestAllocation = (offeringId: number, body: OtcAllocateBody, key: string) =>
  api.call(apiRoutes.otcAllocate, { params: { id: offeringId }, body, idempotencyKey: key });

/** POST /client/app/v1/order/sell/{id}: sells the whole holding at a quotation (ZA price in rand). */
export const sellOrder = (orderId: number, body: SellBody, key: string) =>
  api.call(apiRoutes.sell, { params: { id: orderId }, body, idempotencyKey: key });
