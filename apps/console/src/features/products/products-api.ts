import {
  allotmentPreviewSchema,
  approvalOutcomeSchema,
  exchangeClosureInput,
  exchangeClosureSchema,
  exchangeClosureWithdrawInput,
  offeringCreateInput,
  offeringSettleInput,
  offeringSettlementPreviewSchema,
  staffOfferingSchema,
  type ExchangeClosure,
  type ExchangeClosureInput,
  type OfferingCreateInput,
  type OfferingSettlementPreview,
  type StaffOffering,
  exchangePair as exchangePairSchema,
  fundNavStrikePreviewSchema,
  ratePublicationSchema,
  staffFundSchema,
  staffIpoSchema,
  staffStructuredProductSchema,
  structuredLifecyclePreviewSchema,
  type AllotmentPreview,
  type FundNavStrikePreview,
  type IpoCreateInput,
  ipoFinalPricePreviewSchema,
  type RatePublication,
  type StructuredLifecyclePreview,
  type StructuredProductCreateInput,
  type StructuredStep,
} from '@imali/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

// The response shapes are the contract's (products-review.ts, ledger.ts's exchangePair).
export { allotmentPreviewSchema, exchangePairSchema, ratePublicationSchema, staffIpoSchema };
export type { AllotmentPreview, RatePublication };
export type { ExchangePair, StaffIpo } from '@imali/contract';

/** The request repeats the preview's seed and hash: what is asked for is what the maker saw. */
export const allotRequestInput = z.object({
  seed: z.string().optional(),
  allotmentsHash: z.string().regex(/^[0-9a-f]{64}$/),
});

export const rateInput = z.object({
  from: z.string().regex(/^[A-Za-z]{3}$/, 'Three letters, e.g. USD'),
  to: z.string().regex(/^[A-Za-z]{3}$/, 'Three letters, e.g. ZAR'),
  rate: z.string().trim().min(1, 'Enter the rate'),
  mid: z.string().trim().optional(),
});
export type RateInput = z.infer<typeof rateInput>;

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

// ---------- IPOs: create, final price, listing (products-review.ts of the contract) ----------

export {
  IPO_COUNTRIES,
  IPO_RULES,
  ipoCreateInput,
  ipoFinalPriceInput,
  ipoFinalPricePreviewSchema,
  ipoListInput,
} from '@imali/contract';
export type { IpoCreateInput, IpoFinalPricePreview } from '@imali/contract';

export const createIpoRequest = (input: IpoCreateInput) =>
  api('/ipos', { method: 'POST', body: input, schema: staffIpoSchema });

/** What the price would do (nothing written): against the range, and who would have to reconfirm. */
export const previewFinalPrice = (id: number, price: string) =>
  api(`/ipos/${id}/final-price/preview`, {
    method: 'POST',
    body: { price },
    schema: ipoFinalPricePreviewSchema,
  });

export const setFinalPriceRequest = (id: number, price: string) =>
  api(`/ipos/${id}/final-price`, { method: 'POST', body: { price }, schema: staffIpoSchema });

/** `price` empty: the final price. */
export const listIpoRequest = (id: number, price: string) =>
  api(`/ipos/${id}/list`, {
    method: 'POST',
    body: price.trim() === '' ? {} : { price: price.trim() },
    schema: staffIpoSchema,
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

// ---------- Offerings (otc / fo) and exchange closures: offerings-review.ts of the contract ----------

export {
  exchangeClosureInput,
  exchangeClosureSchema,
  exchangeClosureWithdrawInput,
  offeringCreateInput,
  offeringSettleInput,
  offeringSettlementPreviewSchema,
  staffOfferingSchema,
};
export type {
  ExchangeClosure,
  ExchangeClosureInput,
  OfferingCreateInput,
  OfferingSettlementPreview,
  StaffOffering,
};
export { EXCHANGE_CODES } from '@imali/contract';

export const offeringsQuery = () =>
  queryOptions({
    queryKey: ['products', 'offerings'],
    queryFn: () => api('/offerings', { schema: z.array(staffOfferingSchema) }),
  });

export const createOfferingRequest = (input: OfferingCreateInput) =>
  api('/offerings', { method: 'POST', body: input, schema: staffOfferingSchema });

export const moveOffering = (id: number, action: 'open' | 'close') =>
  api(`/offerings/${id}/${action}`, { method: 'POST', schema: staffOfferingSchema });

export const settlementPreviewQuery = (id: number) =>
  queryOptions({
    queryKey: ['products', 'offerings', id, 'settlement'],
    queryFn: () => api(`/offerings/${id}/settlement/preview`, { schema: offeringSettlementPreviewSchema }),
  });

/** The request repeats the preview's hash: what is settled is what the maker saw. */
export const requestSettlement = (id: number, preview: OfferingSettlementPreview) =>
  api(`/offerings/${id}/settlement/request`, {
    method: 'POST',
    body: { allocationsHash: preview.allocationsHash },
    schema: approvalOutcomeSchema,
  });

export const closuresQuery = (exchange: string, all: boolean) =>
  queryOptions({
    queryKey: ['products', 'closures', exchange, all],
    queryFn: () =>
      api(`/exchanges/${exchange}/closures`, {
        query: all ? { all: 'true' } : {},
        schema: z.array(exchangeClosureSchema),
      }),
  });

export const declareClosure = (exchange: string, input: ExchangeClosureInput) =>
  api(`/exchanges/${exchange}/closures`, { method: 'POST', body: input, schema: exchangeClosureSchema });

export const withdrawClosure = (exchange: string, id: number, reason: string) =>
  api(`/exchanges/${exchange}/closures/${id}/withdraw`, {
    method: 'POST',
    body: { reason },
    schema: exchangeClosureSchema,
  });
// ---------- Funds and structured products (products-review-runs.ts of the contract) ----------

export {
  fundNavRequestInput,
  fundNavStrikePreviewSchema,
  staffFundSchema,
  staffStructuredProductSchema,
  structuredLifecyclePreviewSchema,
  structuredLifecycleRequestInput,
  structuredProductCreateInput,
} from '@imali/contract';
export type {
  FundNavStrikePreview,
  StaffFund,
  StaffStructuredProduct,
  StructuredLifecyclePreview,
  StructuredProductCreateInput,
  StructuredStep,
} from '@imali/contract';

export const fundsQuery = () =>
  queryOptions({
    queryKey: ['products', 'funds'],
    queryFn: () => api('/funds', { schema: z.array(staffFundSchema) }),
  });

/** `date` empty: everything due now. */
export const fundStrikePreviewQuery = (id: number, date: string) =>
  queryOptions({
    queryKey: ['products', 'funds', id, 'nav', date],
    queryFn: () =>
      api(`/funds/${id}/nav/preview`, {
        query: { date: date || undefined },
        schema: fundNavStrikePreviewSchema,
      }),
  });

/** The request repeats the preview's day and hash: a valuation that changed since answers 409. */
export const requestFundStrike = (id: number, preview: FundNavStrikePreview) =>
  api(`/funds/${id}/nav/request`, {
    method: 'POST',
    body: { ...(preview.date ? { date: preview.date } : {}), valuationHash: preview.valuationHash },
    schema: approvalOutcomeSchema,
  });

export const structuredQuery = () =>
  queryOptions({
    queryKey: ['products', 'structured'],
    queryFn: () => api('/structured-products', { schema: z.array(staffStructuredProductSchema) }),
  });

export const structuredPreviewQuery = (id: number, step: StructuredStep) =>
  queryOptions({
    queryKey: ['products', 'structured', id, step],
    queryFn: () =>
      api(`/structured-products/${id}/${step}/preview`, { schema: structuredLifecyclePreviewSchema }),
  });

export const requestStructuredStep = (id: number, preview: StructuredLifecyclePreview) =>
  api(`/structured-products/${id}/${preview.step}/request`, {
    method: 'POST',
    body: { lifecycleHash: preview.lifecycleHash },
    schema: approvalOutcomeSchema,
  });

export const createStructured = (input: StructuredProductCreateInput) =>
  api('/structured-products', { method: 'POST', body: input, schema: staffStructuredProductSchema });
