import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '@imali/contract';
import { http } from '@/lib/api-client';
import { investKeys } from './keys';

/**
 * GET /account/app/v1: the client's cash accounts, to pay for an order from the one in the
 * instrument's currency. (The wallet feature shows the same accounts; features do not share code,
 * so the order forms read them here.)
 */
export const accountsQuery = queryOptions({
  queryKey: investKeys.accounts,
  queryFn: ({ signal }) => http.get<Account[]>('/api/account/app/v1', { signal }),
  staleTime: 5_000,
});

export const useTradingAccounts = () => useQuery(accountsQuery);
