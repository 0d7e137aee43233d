import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycDetail } from '@imali/contract';
import { http } from '@/lib/api-client';

export const kycDetailQueryOptions = queryOptions({
  queryKey: ['identity', 'kyc-detail'] as const,
  queryFn: () => http.get<KycDetail>('/api/identify/app/v1/detail'),
  retry: false,
});

export function useKycDetail() {
  return useQuery(kycDetailQueryOptions);
}
