import type { PortfolioPeriod, PortfolioProduct } from '@imali/contract';

/**
 * Query keys of the portfolio figures. They sit under the portfolio feature's root key
 * (['portfolio']) on purpose: the order flows invalidate `['portfolio']` after every order, which
 * then refreshes these figures too, without the order flows knowing this feature exists.
 */
const root = ['portfolio', 'stats'] as const;
/** '' = the client's total (the API's empty account_id). */
type AccountKey = number | '';

export const statsKeys = {
  all: root,
  summary: (account: AccountKey) => [...root, 'summary', account] as const,
  asset: [...root, 'asset'] as const,
  weekProfit: (account: AccountKey) => [...root, 'week-profit', account] as const,
  series: (account: AccountKey, period: PortfolioPeriod) => [...root, 'series', account, period] as const,
  product: (product: PortfolioProduct, account: AccountKey) =>
    [...root, 'product', product, account] as const,
};
