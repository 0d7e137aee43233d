import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MoneyLimits } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';
import { walletKeys } from './keys';

export function fetchLimits(): Promise<MoneyLimits[]> {
  return api.call(apiRoutes.limits);
}

export const limitsQueryOptions = queryOptions({
  queryKey: walletKeys.limits,
  queryFn: fetchLimits,
  staleTime: 5 * 60_000,
});

/** Minimums per currency, from the server's configuration. */
export function useLimits() {
  const query = useQuery(limitsQueryOptions);
  const byCurrency = (currency: string) => query.data?.find((l) => l.currency === currency);
  return { ...query, byCurrency };
}
