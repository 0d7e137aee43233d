import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Withdrawal, WithdrawalBody } from '@imali/contract';
import { http } from '@/lib/api-client';
import { walletKeys } from './keys';
import { postWithIdempotencyKey } from './money-post';

/** POST /withdraw/app/v1 (amount, account_id, receiver): holds the funds until ops decides. */
export function requestWithdrawal(body: WithdrawalBody, idempotencyKey: string): Promise<Withdrawal> {
  return postWithIdempotencyKey<Withdrawal>('/api/withdraw/app/v1', body, idempotencyKey);
}

export function fetchWithdrawals(): Promise<Withdrawal[]> {
  return http.get<Withdrawal[]>('/api/withdraw/app/v1/list');
}

export const withdrawalsQueryOptions = queryOptions({
  queryKey: walletKeys.withdrawals,
  queryFn: fetchWithdrawals,
});

export function useWithdrawals() {
  return useQuery(withdrawalsQueryOptions);
}
