import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  type FundDetail,
  type FundNavHistory,
  type FundNavRange,
  type FundPreview,
  type FundSubscribeBody,
  type OrderResult,
} from '@imali/contract';
import { http } from '@/lib/api-client';

export const fundKeys = {
  all: ['funds'] as const,
  detail: (id: number) => ['funds', 'detail', id] as const,
  navs: (id: number, range: FundNavRange) => ['funds', 'navs', id, range] as const,
  preview: (id: number, amount: string) => ['funds', 'preview', id, amount] as const,
};

/** GET /funds/app/v1/{id}: terms, key facts, costs, latest NAV, next valuation. */
export const fundQuery = (id: number) =>
  queryOptions({
    queryKey: fundKeys.detail(id),
    queryFn: ({ signal }) => http.get<FundDetail>(`/api/funds/app/v1/${id}`, { signal }),
    // The next valuation moves at the cut-off: refresh while the drawer is open.
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
export const useFund = (id: number) => useQuery(fundQuery(id));

/** GET /funds/app/v1/{id}/nav?range=: NAVs struck, for the chart and its table. */
export const useFundNavs = (id: number, range: FundNavRange) =>
  useQuery({
    queryKey: fundKeys.navs(id, range),
    queryFn: ({ signal }) =>
      http.get<FundNavHistory>(`/api/funds/app/v1/${id}/nav`, { query: { range }, signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** GET /funds/app/v1/{id}/preview?amount=: what is held and when it is priced. */
export const fetchFundPreview = (id: number, amount: string, signal?: AbortSignal) =>
  http.get<FundPreview>(`/api/funds/app/v1/${id}/preview`, { query: { amount }, signal });

/** The preview of `amount` (undefined: nothing to preview yet). */
export const useFundPreview = (id: number, amount: string | undefined) =>
  useQuery({
    queryKey: fundKeys.preview(id, amount ?? ''),
    queryFn: ({ signal }) => fetchFundPreview(id, amount!, signal),
    enabled: amount !== undefined,
    staleTime: 15_000,
    retry: false,
  });

const post = (path: string, body: unknown, key: string) =>
  http.post<OrderResult>(path, body, { headers: { [IDEMPOTENCY_HEADER]: key } });

/** POST /funds/app/v1/record/{id}: subscribe an amount (held until the next valuation). */
export const subscribeToFund = (id: number, body: FundSubscribeBody, key: string) =>
  post(`/api/funds/app/v1/record/${id}`, body, key);

/** POST /funds/app/v1/redeem/{orderId}: redeem a holding at the next NAV. */
export const redeemFund = (orderId: number, key: string) =>
  post(`/api/funds/app/v1/redeem/${orderId}`, {}, key);
