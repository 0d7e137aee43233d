import { PORTFOLIO_PERIODS, type PortfolioPeriod } from '@imali/contract';
import type { AccountChoice } from '../api/stats';

/** The period Portfolio Summary shows when the address names none. */
export const DEFAULT_PERIOD: PortfolioPeriod = '1M';

/**
 * Portfolio Summary's choices, read from its address (`?account=&period=`): an account id or ''
 * for the client's total, and a period. The screen and its prefetch (started with the screen's
 * code) read them the same way, so the prefetched queries are the ones the screen asks for.
 */
export function summaryChoice(params: URLSearchParams): { account: AccountChoice; period: PortfolioPeriod } {
  const accountParam = params.get('account') ?? '';
  return {
    account: /^\d+$/.test(accountParam) ? Number(accountParam) : '',
    period: PORTFOLIO_PERIODS.find((p) => p === params.get('period')) ?? DEFAULT_PERIOD,
  };
}
