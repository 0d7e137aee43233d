/** The product API's market calls (client bearer token): indices, ranking, watch list, news. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Ranking } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';
import type { StockKey } from '../model/quotes';

export const indicesQuery = (country: string) =>
  queryOptions({
    queryKey: ['market', 'indices', country] as const,
    queryFn: ({ signal }) => api.call(apiRoutes.indices, { query: { country }, signal }),
    staleTime: 30_000,
  });

export const rankingQuery = (country: string, kind: Ranking['kind'], limit = 10) =>
  queryOptions({
    queryKey: ['market', 'ranking', country, kind, limit] as const,
    queryFn: ({ signal }) => api.call(apiRoutes.ranking, { query: { country, kind, limit }, signal }),
    staleTime: 30_000,
  });

export const watchlistQueryKey = ['market', 'watchlist'] as const;
export const watchlistQuery = queryOptions({
  queryKey: watchlistQueryKey,
  queryFn: ({ signal }) => api.call(apiRoutes.watchlist, { signal }),
  staleTime: 30_000,
});

export const newsListQuery = (country: string, limit = 20) =>
  queryOptions({
    queryKey: ['market', 'news', country, limit] as const,
    queryFn: ({ signal }) => api.call(apiRoutes.news, { query: { country, limit }, signal }),
    staleTime: 5 * 60_000,
  });

export const newsDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['market', 'news-detail', id] as const,
    queryFn: ({ signal }) => api.call(apiRoutes.newsDetail, { params: { id }, signal }),
    staleTime: 10 * 60_000,
  });

export const useIndices = (country: string) => useQuery(indicesQuery(country));
export const useRanking = (country: string, kind: Ranking['kind']) => useQuery(rankingQuery(country, kind));
export const useWatchlist = () => useQuery(watchlistQuery);
export const useNewsList = (country: string) => useQuery(newsListQuery(country));
export const useNewsDetail = (id: number) => useQuery(newsDetailQuery(id));

/** Adds or removes a stock; the server answers with the whole list, which becomes the cache. */
export function useWatchlistChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stock, watch }: { stock: StockKey; watch: boolean }) => {
      const ref = { symbol: stock.symbol, market: stock.market, country: stock.country };
      return watch ? api.call(apiRoutes.watch, { body: ref }) : api.call(apiRoutes.unwatch, { query: ref });
    },
    onSuccess: (list) => queryClient.setQueryData(watchlistQueryKey, list),
  });
}
