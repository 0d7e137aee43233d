import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuantRecordBody } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';

export const quantKeys = {
  all: ['quant'] as const,
  product: (id: number) => ['quant', 'product', id] as const,
};

/** GET /qt/app/v1/{id}: the structured product's terms and its computed key information sheet. */
export const productQuery = (id: number) =>
  queryOptions({
    queryKey: quantKeys.product(id),
    queryFn: ({ signal }) => api.call(apiRoutes.quant, { params: { id }, signal }),
    staleTime: 30_000,
  });

export const useStructuredProduct = (id: number) => useQuery(productQuery(id));

/** POST /qt/app/v1/record/{id}: subscribe an amount (held until the start). */
export const subscribeProduct = (id: number, body: QuantRecordBody, key: string) =>
  api.call(apiRoutes.quantSubscribe, { params: { id }, body, idempotencyKey: key });

/** POST /qt/app/v1/exit/{orderId}: early exit at the disclosed cost. */
export const exitProduct = (orderId: number, key: string) =>
  api.call(apiRoutes.quantExit, { params: { id: orderId }, body: {}, idempotencyKey: key });

/** POST /qt/app/v1/cancel/{orderId}: cancel a subscription before the start. */
export const cancelSubscription = (orderId: number, key: string) =>
  api.call(apiRoutes.quantCancel, { params: { id: orderId }, body: {}, idempotencyKey: key });
