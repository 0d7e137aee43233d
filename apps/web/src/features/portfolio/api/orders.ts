import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderList, OrderTtype } from '@imali/contract';

/** An order list's filter: one product type, or all. */
export type OrderFilter = OrderTtype | 'all';
import { api, apiRoutes } from '@/lib/api';
import { portfolioKeys } from './keys';

const LIST_ROUTES = {
  holding: apiRoutes.holdingOrders,
  awaiting: apiRoutes.awaitingOrders,
  history: apiRoutes.historyOrders,
} satisfies Record<OrderList, unknown>;

/** GET /client/app/v1/order/holding|awaiting|history?dtype=: the client's orders in one list. */
export function fetchOrders(
  list: OrderList,
  dtype: OrderFilter = 'all',
  signal?: AbortSignal,
): Promise<Order[]> {
  return api.call(LIST_ROUTES[list], { query: { dtype }, signal });
}

export const ordersQuery = (list: OrderList, dtype: OrderFilter = 'all') =>
  queryOptions({
    queryKey: portfolioKeys.list(list, dtype),
    queryFn: ({ signal }) => fetchOrders(list, dtype, signal),
    staleTime: 10_000,
    // Holdings carry an unrealised profit at the last price; awaiting orders settle.
    refetchInterval: 30_000,
  });

export const useOrders = (list: OrderList, dtype: OrderFilter = 'all') => useQuery(ordersQuery(list, dtype));

/** GET /client/app/v1/order?did=&ttype=: one order's receipt. */
export function fetchReceipt(id: number, ttype?: OrderTtype, signal?: AbortSignal): Promise<Order> {
  return api.call(apiRoutes.receipt, { query: { did: id, ttype }, signal });
}

export const receiptQuery = (id: number, ttype?: OrderTtype) =>
  queryOptions({
    queryKey: portfolioKeys.receipt(id),
    queryFn: ({ signal }) => fetchReceipt(id, ttype, signal),
    staleTime: 10_000,
  });

export const useReceipt = (id: number, ttype?: OrderTtype) => useQuery(receiptQuery(id, ttype));
