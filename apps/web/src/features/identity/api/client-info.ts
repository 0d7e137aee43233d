import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientProfile } from '@imali/contract';
import { http } from '@/lib/api-client';

export const profileQueryKey = ['identity', 'profile'] as const;

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
