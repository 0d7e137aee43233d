import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '@imali/contract';
import { http } from '@/lib/api-client';
import { walletKeys } from './keys';

/** Display order of the currency accounts: the home currency first. */
const ORDER = ['ZAR', 'USD', 'EUR', 'GBP', 'INR'];

export function fetchAccounts(): Promise<Account[]> {
  return http.get<Account[]>('/api/account/app/v1');
}

export const accountsQueryOptions = queryOptions({
  queryKey: walletKeys.accounts,
  queryFn: fetchAccounts,
  select: (accounts: Account[]) =>
    [...accounts].sort((a, b) => ORDER.indexOf(a.currency) - ORDER.indexOf(b.currency)),
  staleTime: 10_000,
});

export function useAccounts() {
  return useQuery(accountsQueryOptions);
}
