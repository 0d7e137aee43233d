import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Deposit, DepositBody, depositCreated } from '@imali/contract';
import type { z } from 'zod';
import { api, apiRoutes } from '@/lib/api';
import { walletKeys } from './keys';

export type DepositCreated = z.infer<typeof depositCreated>;

/** POST /deposit/app/v1: returns the reference to quote on the EFT and where to pay. */
export function createDeposit(body: DepositBody, idempotencyKey: string): Promise<DepositCreated> {
  return api.call(apiRoutes.createDeposit, { body, idempotencyKey });
}

/** POST multipart /deposit/app/v1/{id}: the proof of payment (field `file`). */
export function uploadDepositProof(id: number, file: File): Promise<Deposit> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.call(apiRoutes.depositProof, { params: { id }, body: form });
}

/** GET /deposit/app/v1/list: newest first, each with where to pay it (bank details). */
export function fetchDeposits(): Promise<DepositCreated[]> {
  return api.call(apiRoutes.deposits);
}

export const depositsQueryOptions = queryOptions({ queryKey: walletKeys.deposits, queryFn: fetchDeposits });

export function useDeposits() {
  return useQuery(depositsQueryOptions);
}
