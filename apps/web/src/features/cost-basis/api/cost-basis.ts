import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CostBasisMethod } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';

export const costBasisQuery = queryOptions({
  queryKey: ['cost-basis'] as const,
  queryFn: ({ signal }) => api.call(apiRoutes.costBasis, { signal }),
});

/** The client's cost-basis method and the open positions under each (decision 0040). */
export function useCostBasis() {
  return useQuery(costBasisQuery);
}

/** Saves the method; the server answers with the whole setting, which becomes the cache. */
export function useChooseCostBasis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: CostBasisMethod) => api.call(apiRoutes.chooseCostBasis, { body: { method } }),
    onSuccess: (setting) => queryClient.setQueryData(costBasisQuery.queryKey, setting),
  });
}
