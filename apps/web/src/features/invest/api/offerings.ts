import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Offering, OfferingDtype } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';
import { investKeys } from './keys';

/** The offering types with a detail call and a drawer of their own (issue 12). */
export type TradedDtype = 'fo' | 'otc';

/** GET /stat/app/v1/trading_list?dtype=…&hot=1: open and upcoming offerings, hot first. */
export function fetchTradingList(
  { dtype = 'all', hot = false }: { dtype?: OfferingDtype | 'all'; hot?: boolean },
  signal?: AbortSignal,
): Promise<Offering[]> {
  return api.call(apiRoutes.tradingList, {
    query: { dtype, hot: hot ? '1' : undefined },
    signal,
  });
}

export const tradingListQuery = (dtype: OfferingDtype | 'all' = 'all', hot = false) =>
  queryOptions({
    queryKey: investKeys.offerings(dtype, hot),
    queryFn: ({ signal }) => fetchTradingList({ dtype, hot }, signal),
    staleTime: 30_000,
  });

export const useTradingList = (dtype: OfferingDtype | 'all' = 'all', hot = false) =>
  useQuery(tradingListQuery(dtype, hot));

/** GET /fo/app/v1/{id} or /otc/app/v1/{id}: one offering with its key facts. */
export const offeringQuery = (dtype: TradedDtype, id: number) =>
  queryOptions({
    queryKey: investKeys.offering(dtype, id),
    queryFn: ({ signal }) =>
      api.call(dtype === 'fo' ? apiRoutes.foOffering : apiRoutes.otcOffering, { params: { id }, signal }),
    // The block's demand and the market price move: refresh while the drawer is open.
    refetchInterval: 30_000,
    staleTime: 10_000,
  });

export const useOffering = (dtype: TradedDtype, id: number) => useQuery(offeringQuery(dtype, id));
