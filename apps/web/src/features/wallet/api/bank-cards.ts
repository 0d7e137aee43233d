import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankCard, BankCardBody } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';
import { walletKeys } from './keys';

export function fetchBankCards(): Promise<BankCard[]> {
  return api.call(apiRoutes.bankCards);
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
    return api.call(apiRoutes.updateBankCard, { params: { id: body.id }, body });
  }
  return api.call(apiRoutes.createBankCard, { body });
}

export function deleteBankCard(id: number): Promise<unknown> {
  return api.call(apiRoutes.deleteBankCard, { params: { id } });
}
