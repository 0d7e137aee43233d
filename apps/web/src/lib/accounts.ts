import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CashAccount } from '@imali/contract';
import { api, apiRoutes } from './api';

/**
 * The client's cash accounts (GET /account/app/v1): one query, one cache key, read by every feature
 * that shows or spends a balance (the wallet, the order forms, the applications, the portfolio's
 * account switcher). A feature cannot import another, so it lives here. Invalidate
 * `accountsQueryKey` after anything that moves money.
 */
export const accountsQueryKey = ['accounts'] as const;

/** Display order of the currency accounts: the home currency first. */
const ORDER = ['ZAR', 'USD', 'EUR', 'GBP', 'INR'];

export function fetchAccounts(signal?: AbortSignal): Promise<CashAccount[]> {
  return api.call(apiRoutes.accounts, { signal });
}

export const accountsQueryOptions = queryOptions({
  queryKey: accountsQueryKey,
  queryFn: ({ signal }) => fetchAccounts(signal),
  select: (accounts: CashAccount[]) =>
    [...accounts].sort((a, b) => ORDER.indexOf(a.currency) - ORDER.indexOf(b.currency)),
  // An order form reads the balance it is about to spend: keep it fresh.
  staleTime: 5_000,
});

export function useAccounts() {
  return useQuery(accountsQueryOptions);
}
