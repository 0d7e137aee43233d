import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FundNavRange, FundSubscribeBody } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';

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
    queryFn: ({ signal }) => api.call(apiRoutes.fund, { params: { id }, signal }),
    // The next valuation moves at the cut-off: refresh while the drawer is open.
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
export const useFund = (id: number) => useQuery(fundQuery(id));

/** GET /funds/app/v1/{id}/nav?range=: NAVs struck, for the chart and its table. */
export const useFundNavs = (id: number, range: FundNavRange) =>
  useQuery({
    queryKey: fundKeys.navs(id, range),
    queryFn: ({ signal }) => api.call(apiRoutes.fundNavs, { params: { id }, query: { range }, signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** GET /funds/app/v1/{id}/preview?amount=: what is held and when it is priced. */
export const fetchFundPreview = (id: number, amount: string, signal?: AbortSignal) =>
  api.call(apiRoutes.fundPreview, { params: { id }, query: { amount }, signal });

/** The preview of `amount` (undefined: nothing to preview yet). */
export const useFundPreview = (id: number, amount: string | undefined) =>
  useQuery({
    queryKey: fundKeys.preview(id, amount ?? ''),
    queryFn: ({ signal }) => fetchFundPreview(id, amount!, signal),
    enabled: amount !== undefined,
    staleTime: 15_000,
    retry: false,
  });

/** POST /funds/app/v1/record/{id}: subscribe an amount (held until the next valuation). */
export const subscribeToFund = (id: number, body: FundSubscribeBody, key: string) =>
  api.call(apiRoutes.fundSubscribe, { params: { id }, body, idempotencyKey: key });

/** POST /funds/app/v1/redeem/{orderId}: redeem a holding at the next NAV. */
export const redeemFund = (orderId: number, key: string) =>
  api.call(apiRoutes.fundRedeem, { params: { id: orderId }, idempotencyKey: key });
