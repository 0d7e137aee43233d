import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiRoutes } from '@/lib/api';

export const kycDetailQueryOptions = queryOptions({
  queryKey: ['identity', 'kyc-detail'] as const,
  queryFn: () => api.call(apiRoutes.kycDetail),
  retry: false,
});

export function useKycDetail() {
  return useQuery(kycDetailQueryOptions);
}
