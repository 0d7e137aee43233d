import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExchangePair } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';
import { walletKeys } from './keys';

export function fetchPairs(): Promise<ExchangePair[]> {
  return api.call(apiRoutes.pairs);
}

export const pairsQueryOptions = queryOptions({
  queryKey: walletKeys.pairs,
  queryFn: fetchPairs,
  staleTime: 15_000,
  retry: 1,
});

export function usePairs() {
  return useQuery(pairsQueryOptions);
}
