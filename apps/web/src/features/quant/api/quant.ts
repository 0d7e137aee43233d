import { queryOptions, useQuery } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type Offering, type OrderResult, type QuantRecordBody } from '@imali/contract';
import { http } from '@/lib/api-client';

export const quantKeys = {
  all: ['quant'] as const,
  product: (id: number) => ['quant', 'product', id] as const,
};

/** GET /qt/app/v1/{id}: the structured product's terms and its computed key information sheet. */
export const productQuery = (id: number) =>
  queryOptions({
    queryKey: quantKeys.product(id),
    queryFn: ({ signal }) => http.get<Offering>(`/api/qt/app/v1/${id}`, { signal }),
    staleTime: 30_000,
  });

export const useStructuredProduct = (id: number) => useQuery(productQuery(id));

const post = (path: string, body: unknown, key: string) =>
  http.post<OrderResult>(path, body, { headers: { [IDEMPOTENCY_HEADER]: key } });

/** POST /qt/app/v1/record/{id}: subscribe an amount (held until the start). */
export const subscribeProduct = (id: number, body: QuantRecordBody, key: string) =>
  post(`/api/qt/app/v1/record/${id}`, body, key);

/** POST /qt/app/v1/exit/{orderId}: early exit at the disclosed cost. */
export const exitProduct = (orderId: number, key: string) => post(`/api/qt/app/v1/exit/${orderId}`, {}, key);

/** POST /qt/app/v1/cancel/{orderId}: cancel a subscription before the start. */
export const cancelSubscription = (orderId: number, key: string) =>
  post(`/api/qt/app/v1/cancel/${orderId}`, {}, key);
