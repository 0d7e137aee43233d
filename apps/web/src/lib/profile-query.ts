import { queryOptions } from '@tanstack/react-query';
import type { ClientProfile } from '@imali/contract';
import { api, apiRoutes } from './api';

/**
 * The profile query's key and options, apart from `useProfile` (lib/profile.ts): the route guard
 * in the entry bundle needs only these, and a module is bundled whole, so `useQuery` (and
 * query-core's observer) would otherwise come with them onto the sign-in page.
 */
export const profileQueryKey = ['session', 'profile'] as const;

export function fetchProfile(): Promise<ClientProfile> {
  return api.call(apiRoutes.profile);
}

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: fetchProfile,
  staleTime: 30_000,
  retry: false,
});
