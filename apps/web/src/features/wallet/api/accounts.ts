import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CashAccount } from '@imali/contract';
import { http } from '@/lib/api-client';
import { walletKeys } from './keys';

/** Display order of the currency accounts: the home currency first. */
const ORDER = ['ZAR', 'USD', 'EUR', 'GBP', 'INR'];

/** Each cash account with what may be withdrawn from it now (`withdrawable`, the server's rule). */
export function fetchAccounts(): Promise<CashAccount[]> {
  return http.get<CashAccount[]>('/api/account/app/v1');
}

export const accountsQueryOptions = queryOptions({
  queryKey: walletKeys.accounts,
  queryFn: fetchAccounts,
  select: (accounts: CashAccount[]) =>
    [...accounts].sort((a, b) => ORDER.indexOf(a.currency) - ORDER.indexOf(b.currency)),
  staleTime: 10_000,
});

export function useAccounts() {
  return useQuery(accountsQueryOptions);
}
