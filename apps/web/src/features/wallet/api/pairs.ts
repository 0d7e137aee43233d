import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExchangePair } from '@imali/contract';
import { http } from '@/lib/api-client';
import { walletKeys } from './keys';

export function fetchPairs(): Promise<ExchangePair[]> {
  return http.get<ExchangePair[]>('/api/caccount/app/v1/pairs');
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
