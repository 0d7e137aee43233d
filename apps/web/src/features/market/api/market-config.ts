import type { MarketConfig } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';

let pending: Promise<MarketConfig> | null = null;

/**
 * Where the stock-data API is and its key (GET /api/client/app/v1/market-config), fetched once
 * per page load and shared; `refresh` drops it (after the key was rotated by an operator).
 */
export function marketConfig(options: { refresh?: boolean } = {}): Promise<MarketConfig> {
  if (options.refresh) pending = null;
  pending ??= api.call(apiRoutes.marketConfig).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
