import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CostBasisMethod, CostBasisSetting } from '@imali/contract';
import { http } from '@/lib/api-client';

const path = '/api/client/app/v1/cost_basis';

export const costBasisQuery = queryOptions({
  queryKey: ['cost-basis'] as const,
  queryFn: ({ signal }) => http.get<CostBasisSetting>(path, { signal }),
});

/** The client's cost-basis method and the open positions under each (decision 0040). */
export function useCostBasis() {
  return useQuery(costBasisQuery);
}

/** Saves the method; the server answers with the whole setting, which becomes the cache. */
export function useChooseCostBasis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: CostBasisMethod) =>
      http.request<CostBasisSetting>(path, { method: 'PUT', body: { method } }),
    onSuccess: (setting) => queryClient.setQueryData(costBasisQuery.queryKey, setting),
  });
}
