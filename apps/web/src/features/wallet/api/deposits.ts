import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Deposit, DepositBody, depositCreated } from '@imali/contract';
import type { z } from 'zod';
import { http } from '@/lib/api-client';
import { walletKeys } from './keys';
import { postWithIdempotencyKey } from './money-post';

export type DepositCreated = z.infer<typeof depositCreated>;

/** POST /deposit/app/v1: returns the reference to quote on the EFT and where to pay. */
export function createDeposit(body: DepositBody, idempotencyKey: string): Promise<DepositCreated> {
  return postWithIdempotencyKey<DepositCreated>('/api/deposit/app/v1', body, idempotencyKey);
}

/** POST multipart /deposit/app/v1/{id}: the proof of payment (field `file`). */
export function uploadDepositProof(id: number, file: File): Promise<Deposit> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<Deposit>(`/api/deposit/app/v1/${id}`, form);
}

/** GET /deposit/app/v1/list: newest first, each with where to pay it (bank details). */
export function fetchDeposits(): Promise<DepositCreated[]> {
  return http.get<DepositCreated[]>('/api/deposit/app/v1/list');
}

export const depositsQueryOptions = queryOptions({ queryKey: walletKeys.deposits, queryFn: fetchDeposits });

export function useDeposits() {
  return useQuery(depositsQueryOptions);
}
