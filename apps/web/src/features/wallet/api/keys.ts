import type { QueryClient } from '@tanstack/react-query';
import { accountsQueryKey } from '@/lib/accounts';

/**
 * Query keys of the wallet feature. The balances are the app's one accounts query
 * (`@/lib/accounts`); after any money movement call `refreshAfterMoneyMoved`.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  pairs: ['wallet', 'pairs'] as const,
  limits: ['wallet', 'limits'] as const,
  cards: ['wallet', 'cards'] as const,
  deposits: ['wallet', 'deposits'] as const,
  withdrawals: ['wallet', 'withdrawals'] as const,
  transfers: ['wallet', 'transfers'] as const,
};

/** Money moved: the balances and the wallet's records are read again. */
export function refreshAfterMoneyMoved(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: accountsQueryKey }),
    client.invalidateQueries({ queryKey: walletKeys.all }),
  ]);
}
