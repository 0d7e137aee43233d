import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientStanding } from '@imali/contract';
import { http } from '@/lib/api-client';

export const standingQueryOptions = queryOptions({
  queryKey: ['identity', 'standing'] as const,
  queryFn: () => http.get<ClientStanding>('/api/client/app/v1/standing'),
});

/** VIP level and trust score as the server's documented rules derive them, rule by rule. */
export function useStanding() {
  return useQuery(standingQueryOptions);
}
