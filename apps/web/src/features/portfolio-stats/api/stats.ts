import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortfolioPeriod, PortfolioProduct } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';
import { statsKeys } from './keys';

/** An account id, or '' for the client's total (figures in ZAR at the published mid rates). */
export type AccountChoice = number | '';

// Values move with the simulated prices: refresh while the screen is open, not on every render.
const LIVE = { staleTime: 10_000, refetchInterval: 30_000 } as const;

/** The query every figure takes: the account, '' for the client's total. */
const forAccount = (account: AccountChoice) => ({ account_id: account === '' ? '' : String(account) });

/** GET /stat/app/v1/portfolio: cash, value, cost, profit, day change, returns, allocation. */
export const summaryQuery = (account: AccountChoice) =>
  queryOptions({
    queryKey: statsKeys.summary(account),
    queryFn: ({ signal }) => api.call(apiRoutes.portfolioSummary, { query: forAccount(account), signal }),
    ...LIVE,
  });

/** GET /stat/app/v1/asset: every account's cash and holdings, and the total in ZAR. */
export const assetQuery = queryOptions({
  queryKey: statsKeys.asset,
  queryFn: ({ signal }) => api.call(apiRoutes.assetSummary, { query: forAccount(''), signal }),
  ...LIVE,
});

/** GET /stat/app/v1/week_profit: profit per day over the last 7 JSE trading days. */
export const weekProfitQuery = (account: AccountChoice) =>
  queryOptions({
    queryKey: statsKeys.weekProfit(account),
    queryFn: ({ signal }) => api.call(apiRoutes.weekProfit, { query: forAccount(account), signal }),
    ...LIVE,
  });

/** GET /stat/app/v1/value_series: end-of-day values over the period, then today's. */
export const seriesQuery = (account: AccountChoice, period: PortfolioPeriod) =>
  queryOptions({
    queryKey: statsKeys.series(account, period),
    queryFn: ({ signal }) =>
      api.call(apiRoutes.valueSeries, { query: { ...forAccount(account), period }, signal }),
    ...LIVE,
  });

const PRODUCT_ROUTES = {
  stock: apiRoutes.stockPortfolio,
  fund: apiRoutes.fundPortfolio,
  quant: apiRoutes.quantPortfolio,
} satisfies Record<PortfolioProduct, unknown>;

/** GET /stat/app/v1/stock_portfolio|fund_portfolio|stru_portfolio: one product type's positions. */
export const productQuery = (product: PortfolioProduct, account: AccountChoice) =>
  queryOptions({
    queryKey: statsKeys.product(product, account),
    queryFn: ({ signal }) => api.call(PRODUCT_ROUTES[product], { query: forAccount(account), signal }),
    ...LIVE,
  });

export const usePortfolioSummary = (account: AccountChoice) => useQuery(summaryQuery(account));
export const useAssetSummary = () => useQuery(assetQuery);
export const useWeekProfit = (account: AccountChoice) => useQuery(weekProfitQuery(account));
export const useValueSeries = (account: AccountChoice, period: PortfolioPeriod) =>
  useQuery({ ...seriesQuery(account, period), placeholderData: (previous) => previous });
