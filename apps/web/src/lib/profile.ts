import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientProfile } from '@imali/contract';
import { http } from './api-client';

/**
 * The signed-in client's profile (GET /auth/app/v1/client_info): one query, one cache key, read by
 * the route guard, the shell and every feature (a feature cannot import another feature, so it
 * lives here). Invalidate `profileQueryKey` after anything that changes the profile.
 */
export const profileQueryKey = ['session', 'profile'] as const;

export function fetchProfile(): Promise<ClientProfile> {
  return http.get<ClientProfile>('/api/auth/app/v1/client_info');
}

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: fetchProfile,
  staleTime: 30_000,
  retry: false,
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
