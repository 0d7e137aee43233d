import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Withdrawal, WithdrawalBody } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';
import { walletKeys } from './keys';

/** POST /withdraw/app/v1 (amount, account_id, receiver): holds the funds until ops decides. */
export function requestWithdrawal(body: WithdrawalBody, idempotencyKey: string): Promise<Withdrawal> {
  return api.call(apiRoutes.withdraw, { body, idempotencyKey });
}

export function fetchWithdrawals(): Promise<Withdrawal[]> {
  return api.call(apiRoutes.withdrawals);
}

export const withdrawalsQueryOptions = queryOptions({
  queryKey: walletKeys.withdrawals,
  queryFn: fetchWithdrawals,
});

export function useWithdrawals() {
  return useQuery(withdrawalsQueryOptions);
}
