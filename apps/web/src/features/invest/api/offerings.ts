import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Offering } from '@imali/contract';
import { http } from '@/lib/api-client';
import { investKeys } from './keys';

/** The offering types with a detail call and a drawer of their own (issue 12). */
export type TradedDtype = 'fo' | 'otc';

/** GET /stat/app/v1/trading_list?dtype=…&hot=1: open and upcoming offerings, hot first. */
export function fetchTradingList(
  { dtype = 'all', hot = false }: { dtype?: string; hot?: boolean },
  signal?: AbortSignal,
): Promise<Offering[]> {
  return http.get<Offering[]>('/api/stat/app/v1/trading_list', {
    query: { dtype, hot: hot ? '1' : undefined },
    signal,
  });
}

export const tradingListQuery = (dtype = 'all', hot = false) =>
  queryOptions({
    queryKey: investKeys.offerings(dtype, hot),
    queryFn: ({ signal }) => fetchTradingList({ dtype, hot }, signal),
    staleTime: 30_000,
  });

export const useTradingList = (dtype = 'all', hot = false) => useQuery(tradingListQuery(dtype, hot));

/** GET /fo/app/v1/{id} or /otc/app/v1/{id}: one offering with its key facts. */
export const offeringQuery = (dtype: TradedDtype, id: number) =>
  queryOptions({
    queryKey: investKeys.offering(dtype, id),
    queryFn: ({ signal }) => http.get<Offering>(`/api/${dtype}/app/v1/${id}`, { signal }),
    // The block's demand and the market price move: refresh while the drawer is open.
    refetchInterval: 30_000,
    staleTime: 10_000,
  });

export const useOffering = (dtype: TradedDtype, id: number) => useQuery(offeringQuery(dtype, id));
