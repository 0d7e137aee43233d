import { loadOrOffline } from '@/lib/http';
import type { SearchProvider } from '../layout/search-dialog';

/**
 * What the Ctrl/Cmd+K dialog searches. null: the dialog opens and behaves, but finds nothing.
 * The market feature sets `search` (and may override `onSelect`, which by default opens the
 * 'stock' bottom drawer with symbol, market and country, titled with the stock name).
 */
export const searchProvider: SearchProvider | null = {
  search: async (query, signal) =>
    (await loadOrOffline(() => import('@/features/market/api/search'))).searchStocks(query, signal),
};
