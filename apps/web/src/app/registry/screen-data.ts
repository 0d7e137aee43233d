import type { QueryClient } from '@tanstack/react-query';
import { prefetchDashboardStats, prefetchPortfolioSummary } from '@/features/portfolio-stats/api/prefetch';

/** Starts a screen's first requests through the query client; `url` is the address it opens on. */
export type ScreenDataPrefetch = (client: QueryClient, url: URL) => void;

/**
 * Menu `component` keys (as in `screens.ts`) → the requests their screen makes first, started
 * together with the screen's code (the route's loader, and on a cold load while the menu is still
 * on its way) instead of after the screen has rendered (decision 0039). A screen without an entry
 * fetches when it renders. One line per screen.
 */
export const screenData: Record<string, ScreenDataPrefetch> = {
  dashboard: (client) => prefetchDashboardStats(client),
  'portfolio/summary': (client, url) => prefetchPortfolioSummary(client, url.searchParams),
};
