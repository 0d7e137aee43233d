import { z } from 'zod';

/**
 * Product runs on the operator console (issue 23, decision 0058): what the staff routes of ipo and
 * fx answer (GET /ops/v1/ipos, …/allotment/preview, /ops/v1/rates/preview; the rates list is
 * `exchangePair` of ledger.ts). Loose objects where the server sends a module's whole view: a
 * field it adds does not break the console; one it drops does.
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

/** The allotment by the offering's rule, nothing written; its hash is what a request repeats. */
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

/** A rate publication checked against its mid (spread, round trips), nothing written. */
export const ratePublicationSchema = z.object({
  from: z.string(),
  to: z.string(),
  rate: z.string(),
  mid: z.string(),
  spread: z.string(),
  before: z.object({ rate: z.string(), mid: z.string() }).nullable(),
});
export type RatePublication = z.infer<typeof ratePublicationSchema>;
