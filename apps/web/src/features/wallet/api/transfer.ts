import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransferBody, TransferResult } from '@imali/contract';
import { http } from '@/lib/api-client';
import { walletKeys } from './keys';
import { postWithIdempotencyKey } from './money-post';

/** POST /caccount/app/v1/transfer (from_account, to_account, amount, rate; spec section 3). */
export function transferFunds(body: TransferBody, idempotencyKey: string): Promise<TransferResult> {
  return postWithIdempotencyKey<TransferResult>('/api/caccount/app/v1/transfer', body, idempotencyKey);
}

export function fetchTransfers(): Promise<TransferResult[]> {
  return http.get<TransferResult[]>('/api/caccount/app/v1/transfer/list');
}

export const transfersQueryOptions = queryOptions({
  queryKey: walletKeys.transfers,
  queryFn: fetchTransfers,
});

export function useTransfers() {
  return useQuery(transfersQueryOptions);
}
