import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankCard, BankCardBody } from '@imali/contract';
import { http } from '@/lib/api-client';
import { walletKeys } from './keys';

export function fetchBankCards(): Promise<BankCard[]> {
  return http.get<BankCard[]>('/api/bankcard/app/v1/list');
}

export const bankCardsQueryOptions = queryOptions({
  queryKey: walletKeys.cards,
  queryFn: fetchBankCards,
  staleTime: 30_000,
});

export function useBankCards() {
  return useQuery(bankCardsQueryOptions);
}

/** POST /bankcard/app/v1 creates; PUT /bankcard/app/v1/{id} updates (spec section 7). */
export function saveBankCard(body: BankCardBody): Promise<BankCard> {
  if (body.id !== undefined && body.id !== '') {
    return http.request<BankCard>(`/api/bankcard/app/v1/${body.id}`, { method: 'PUT', body });
  }
  return http.post<BankCard>('/api/bankcard/app/v1', body);
}

export function deleteBankCard(id: number): Promise<unknown> {
  return http.request(`/api/bankcard/app/v1/${id}`, { method: 'DELETE' });
}
