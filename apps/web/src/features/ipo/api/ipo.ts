import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IpoReconfirmBody } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';

export const ipoKeys = {
  all: ['ipo'] as const,
  offering: (id: number) => ['ipo', 'offering', id] as const,
  previews: (id: number) => ['ipo', 'preview', id] as const,
  preview: (id: number, lots: number) => ['ipo', 'preview', id, lots] as const,
};

/** GET /ipo/app/v1/{id}: the IPO's terms (with the lots this client has applied for) and key facts. */
export const ipoQuery = (id: number) =>
  queryOptions({
    queryKey: ipoKeys.offering(id),
    queryFn: ({ signal }) => api.call(apiRoutes.ipo, { params: { id }, signal }),
    staleTime: 30_000,
  });

export const useIpo = (id: number) => useQuery(ipoQuery(id));

/** GET /ipo/app/v1/preview/{id}?lots=: exactly what applying for these lots would hold now. */
export const useIpoPreview = (id: number, lots: number | undefined) =>
  useQuery({
    queryKey: ipoKeys.preview(id, lots ?? 0),
    queryFn: ({ signal }) =>
      api.call(apiRoutes.ipoPreview, { params: { id }, query: { lots: lots! }, signal }),
    enabled: lots !== undefined,
    staleTime: 15_000,
    retry: false,
  });

/**
 * POST /ipo/app/v1/record/sub/{id}: apply for lots; the funds are held until allotment. The body
 * repeats the preview's `fee_schedule` (another in force → 409, nothing held).
 */
export const applyForIpo = (id: number, body: { lots: number; fee_schedule?: string }, key: string) =>
  api.call(apiRoutes.ipoApply, { params: { id }, body, idempotencyKey: key });

/** POST /ipo/app/v1/record/cancel/{orderId}: cancel while the window is open (funds released). */
export const cancelApplication = (orderId: number, key: string) =>
  api.call(apiRoutes.ipoCancel, { params: { id: orderId }, idempotencyKey: key });

/**
 * POST /ipo/app/v1/record/reconfirm/{orderId}: accept a final price that needs reconfirming; the
 * body repeats the receipt's `reconfirm_fee_schedule` (another in force → 409).
 */
export const reconfirmApplication = (orderId: number, body: IpoReconfirmBody, key: string) =>
  api.call(apiRoutes.ipoReconfirm, { params: { id: orderId }, body, idempotencyKey: key });
