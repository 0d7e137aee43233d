import { useQuery } from '@tanstack/react-query';
import type { ClientProfile } from '@imali/contract';
import { http } from '@/lib/api-client';
import { profileQueryKey } from './keys';

/** The signed-in client's profile (has_pin, pin_locked), sharing the identity feature's cache. */
export function useClientProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: () => http.get<ClientProfile>('/api/auth/app/v1/client_info'),
    staleTime: 30_000,
    retry: false,
  });
}
