import { approvalOutcomeSchema } from '@imali/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

/*
 * The staff product routes answer `z.unknown()` in their OpenAPI description, so the shapes the
 * console reads are written here, from the server's views (ipo.service listIpos, allotment-plan
 * allotmentPlanView, fx.service listPairs/previewRate). Loose objects: a field the server adds
 * does not break the screen; one it drops does (the parse fails with BAD_RESPONSE).
 */

export const staffIpoSchema = z.looseObject({
  offering: z.looseObject({ id: z.number().int(), name: z.string(), currency: z.string() }),
  instrument: z.looseObject({ symbol: z.string() }),
  terms: z.looseObject({
    issuer: z.string(),
    priceLow: z.string(),
    priceHigh: z.string(),
    finalPrice: z.string().nullable(),
    lotSize: z.number().int(),
    sharesOffered: z.string(),
    allotsOn: z.string(),
    state: z.string(),
  }),
});
export type StaffIpo = z.infer<typeof staffIpoSchema>;

export const allotmentPreviewSchema = z.object({
  offeringId: z.number().int(),
  rule: z.string(),
  seed: z.string(),
  finalPrice: z.string(),
  lotsOffered: z.string(),
  lotsApplied: z.number().int(),
  lotsAllotted: z.number().int(),
  debited: z.string(),
  released: z.string(),
  allotmentsHash: z.string(),
  lines: z.array(
    z.object({
      orderId: z.number().int(),
      reference: z.string(),
      clientId: z.number().int(),
      lots: z.number().int(),
      allotted: z.number().int(),
      lapsed: z.boolean(),
      debited: z.string(),
      released: z.string(),
      rank: z.string().nullable(),
    }),
  ),
});
export type AllotmentPreview = z.infer<typeof allotmentPreviewSchema>;

/** The request repeats the preview's seed and hash: what is asked for is what the maker saw. */
export const allotRequestInput = z.object({
  seed: z.string().optional(),
  allotmentsHash: z.string().regex(/^[0-9a-f]{64}$/),
});

export const exchangePairSchema = z.object({
  primary: z.string(),
  secondary: z.string(),
  rate: z.string(),
  mid_rate: z.string(),
  spread: z.string(),
  derived: z.boolean(),
  updated_at: z.string(),
});
export type ExchangePair = z.infer<typeof exchangePairSchema>;

export const rateInput = z.object({
  from: z.string().regex(/^[A-Za-z]{3}$/, 'Three letters, e.g. USD'),
  to: z.string().regex(/^[A-Za-z]{3}$/, 'Three letters, e.g. ZAR'),
  rate: z.string().trim().min(1, 'Enter the rate'),
  mid: z.string().trim().optional(),
});
export type RateInput = z.infer<typeof rateInput>;

export const ratePublicationSchema = z.object({
  from: z.string(),
  to: z.string(),
  rate: z.string(),
  mid: z.string(),
  spread: z.string(),
  before: z.object({ rate: z.string(), mid: z.string() }).nullable(),
});
export type RatePublication = z.infer<typeof ratePublicationSchema>;

export const iposQuery = () =>
  queryOptions({
    queryKey: ['products', 'ipos'],
    queryFn: () => api('/ipos', { schema: z.array(staffIpoSchema) }),
  });

export const allotmentPreviewQuery = (id: number) =>
  queryOptions({
    queryKey: ['products', 'ipos', id, 'allotment'],
    queryFn: () => api(`/ipos/${id}/allotment/preview`, { schema: allotmentPreviewSchema }),
  });

export const requestAllotment = (id: number, preview: AllotmentPreview) =>
  api(`/ipos/${id}/allotment/request`, {
    method: 'POST',
    body: { seed: preview.seed, allotmentsHash: preview.allotmentsHash },
    schema: approvalOutcomeSchema,
  });

export const ratesQuery = () =>
  queryOptions({
    queryKey: ['products', 'rates'],
    queryFn: () => api('/rates', { schema: z.array(exchangePairSchema) }),
  });

/** Without an empty mid (the server keeps the published one, or the rate). */
const rateBody = (input: RateInput) => ({
  from: input.from.toUpperCase(),
  to: input.to.toUpperCase(),
  rate: input.rate,
  ...(input.mid ? { mid: input.mid } : {}),
});

export const previewRate = (input: RateInput) =>
  api('/rates/preview', { query: rateBody(input), schema: ratePublicationSchema });

export const requestRate = (publication: RatePublication) =>
  api('/rates/request', {
    method: 'POST',
    body: { from: publication.from, to: publication.to, rate: publication.rate, mid: publication.mid },
    schema: approvalOutcomeSchema,
  });
