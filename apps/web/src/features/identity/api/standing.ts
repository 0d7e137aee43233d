import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientProfile } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';
import { profileQueryKey } from '@/lib/profile';

export const standingQueryOptions = queryOptions({
  queryKey: ['identity', 'standing'] as const,
  queryFn: () => api.call(apiRoutes.standing),
});

/**
 * VIP level and trust score as the server's documented rules derive them, rule by rule. The
 * profile's vip, score and order_num are the same computation (issue 24); when this answer is
 * newer than the cached profile, the cache takes its figures, so the header's badges and this
 * panel never show two on one page.
 */
export function useStanding() {
  const query = useQuery(standingQueryOptions);
  const queryClient = useQueryClient();
  const standing = query.data;
  useEffect(() => {
    if (!standing) return;
    queryClient.setQueryData<ClientProfile>(profileQueryKey, (profile) =>
      profile &&
      (profile.vip !== standing.vip ||
        profile.score !== standing.score ||
        profile.order_num !== standing.order_num)
        ? { ...profile, vip: standing.vip, score: standing.score, order_num: standing.order_num }
        : profile,
    );
  }, [standing, queryClient]);
  return query;
}
