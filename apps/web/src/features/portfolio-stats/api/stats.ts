import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AssetSummary,
  PortfolioPeriod,
  PortfolioProduct,
  PortfolioSummary,
  ProductPortfolio,
  ValueSeries,
  WeekProfit,
} from '@imali/contract';
import { http } from '@/lib/api-client';
import { statsKeys } from './keys';

/** An account id, or '' for the client's total (figures in ZAR at the published mid rates). */
export type AccountChoice = number | '';

const STAT = '/api/stat/app/v1';
// Values move with the simulated prices: refresh while the screen is open, not on every render.
const LIVE = { staleTime: 10_000, refetchInterval: 30_000 } as const;

const get = <T>(
  path: string,
  account: AccountChoice,
  signal: AbortSignal,
  extra: Record<string, string> = {},
) =>
  http.get<T>(`${STAT}/${path}`, {
    query: { account_id: account === '' ? '' : String(account), ...extra },
    signal,
  });

/** GET /stat/app/v1/portfolio: cash, value, cost, profit, day change, returns, allocation. */
export const summaryQuery = (account: AccountChoice) =>
  queryOptions({
    queryKey: statsKeys.summary(account),
    queryFn: ({ signal }) => get<PortfolioSummary>('portfolio', account, signal),
    ...LIVE,
  });

/** GET /stat/app/v1/asset: every account's cash and holdings, and the total in ZAR. */
export const assetQuery = queryOptions({
  queryKey: statsKeys.asset,
  queryFn: ({ signal }) => get<AssetSummary>('asset', '', signal),
  ...LIVE,
});

/** GET /stat/app/v1/week_profit: profit per day over the last 7 JSE trading days. */
export const weekProfitQuery = (account: AccountChoice) =>
  queryOptions({
    queryKey: statsKeys.weekProfit(account),
    queryFn: ({ signal }) => get<WeekProfit>('week_profit', account, signal),
    ...LIVE,
  });

/** GET /stat/app/v1/value_series: end-of-day values over the period, then today's. */
export const seriesQuery = (account: AccountChoice, period: PortfolioPeriod) =>
  queryOptions({
    queryKey: statsKeys.series(account, period),
    queryFn: ({ signal }) => get<ValueSeries>('value_series', account, signal, { period }),
    ...LIVE,
  });

const PRODUCT_PATHS: Record<PortfolioProduct, string> = {
  stock: 'stock_portfolio',
  fund: 'fund_portfolio',
  quant: 'stru_portfolio',
};

/** GET /stat/app/v1/stock_portfolio|fund_portfolio|stru_portfolio: one product type's positions. */
export const productQuery = (product: PortfolioProduct, account: AccountChoice) =>
  queryOptions({
    queryKey: statsKeys.product(product, account),
    queryFn: ({ signal }) => get<ProductPortfolio>(PRODUCT_PATHS[product], account, signal),
    ...LIVE,
  });

export const usePortfolioSummary = (account: AccountChoice) => useQuery(summaryQuery(account));
export const useAssetSummary = () => useQuery(assetQuery);
export const useWeekProfit = (account: AccountChoice) => useQuery(weekProfitQuery(account));
export const useValueSeries = (account: AccountChoice, period: PortfolioPeriod) =>
  useQuery({ ...seriesQuery(account, period), placeholderData: (previous) => previous });
