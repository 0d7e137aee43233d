import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransferBody, TransferResult } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';
import { walletKeys } from './keys';

/** POST /caccount/app/v1/transfer (from_account, to_account, amount, rate; spec section 3). */
export function transferFunds(body: TransferBody, idempotencyKey: string): Promise<TransferResult> {
  return api.call(apiRoutes.transfer, { body, idempotencyKey });
}

export function fetchTransfers(): Promise<TransferResult[]> {
  return api.call(apiRoutes.transfers);
}

export const transfersQueryOptions = queryOptions({
  queryKey: walletKeys.transfers,
  queryFn: fetchTransfers,
});

export function useTransfers() {
  return useQuery(transfersQueryOptions);
}
