import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderList } from '@imali/contract';
import { http } from '@/lib/api-client';
import { portfolioKeys } from './keys';

/** GET /client/app/v1/order/holding|awaiting|history?dtype=: the client's orders in one list. */
export function fetchOrders(list: OrderList, dtype = 'all', signal?: AbortSignal): Promise<Order[]> {
  return http.get<Order[]>(`/api/client/app/v1/order/${list}`, { query: { dtype }, signal });
}

export const ordersQuery = (list: OrderList, dtype = 'all') =>
  queryOptions({
    queryKey: portfolioKeys.list(list, dtype),
    queryFn: ({ signal }) => fetchOrders(list, dtype, signal),
    staleTime: 10_000,
    // Holdings carry an unrealised profit at the last price; awaiting orders settle.
    refetchInterval: 30_000,
  });

export const useOrders = (list: OrderList, dtype = 'all') => useQuery(ordersQuery(list, dtype));

/** GET /client/app/v1/order?did=&ttype=: one order's receipt. */
export function fetchReceipt(id: number, ttype?: string, signal?: AbortSignal): Promise<Order> {
  return http.get<Order>('/api/client/app/v1/order', { query: { did: id, ttype }, signal });
}

export const receiptQuery = (id: number, ttype?: string) =>
  queryOptions({
    queryKey: portfolioKeys.receipt(id),
    queryFn: ({ signal }) => fetchReceipt(id, ttype, signal),
    staleTime: 10_000,
  });

export const useReceipt = (id: number, ttype?: string) => useQuery(receiptQuery(id, ttype));
