import type { QueryClient } from '@tanstack/react-query';
import { summaryChoice } from '../model/summary-choice';
import { accountsQueryOptions } from '@/lib/accounts';
import { assetQuery, seriesQuery, summaryQuery, weekProfitQuery } from './stats';

/**
 * The first requests of the screens that open on portfolio figures, started with the screen's code
 * (the app calls these from the route, before the screen renders) rather than after its first
 * render: on a cold load the figures no longer wait for the screen's chunk to download, evaluate and
 * render. Each is the same query the screen then reads, so nothing is fetched twice; a failure is
 * left to the screen's own query, which reports it.
 */
export function prefetchDashboardStats(client: QueryClient): void {
  // The total card (the first screen's largest figure) reads the assets and the portfolio total.
  void client.prefetchQuery(assetQuery);
  void client.prefetchQuery(summaryQuery(''));
  void client.prefetchQuery(weekProfitQuery(''));
}

/** Portfolio Summary's first screen for the address it opens on (`?account=&period=`). */
export function prefetchPortfolioSummary(client: QueryClient, params: URLSearchParams): void {
  const { account, period } = summaryChoice(params);
  void client.prefetchQuery(summaryQuery(account));
  void client.prefetchQuery(seriesQuery(account, period));
  void client.prefetchQuery(accountsQueryOptions);
  void client.prefetchQuery(assetQuery);
}
