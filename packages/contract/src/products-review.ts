import { z } from 'zod';

/**
 * Product runs on the operator console (issue 23, decision 0058): what the staff routes of ipo and
 * fx take and answer (GET/POST /ops/v1/ipos, …/final-price/preview, …/final-price, …/list,
 * …/allotment/preview, /ops/v1/rates/preview; the rates list is `exchangePair` of ledger.ts). Loose objects where the server sends a module's whole view: a
 * field it adds does not break the console; one it drops does.
 */
export const staffIpoSchema = z.looseObject({
  offering: z.looseObject({
    id: z.number().int(),
    name: z.string(),
    currency: z.string(),
    status: z.string(),
    opensAt: z.string(),
    closesAt: z.string(),
    allocationRule: z.string().nullable(),
  }),
  instrument: z.looseObject({
    symbol: z.string(),
    name: z.string(),
    country: z.string(),
    market: z.string(),
  }),
  /** The unit of every price of the IPO: the exchange's quote unit (ZAc: JSE cents, USD, INR). */
  quoteUnit: z.string(),
  terms: z.looseObject({
    issuer: z.string(),
    /** Prices in the quote unit, as plain decimal text ('1800', not '1800.000000'). */
    priceLow: z.string(),
    priceHigh: z.string(),
    finalPrice: z.string().nullable(),
    /** Set with the final price: it is above the range or more than 20 % below it. */
    reconfirmRequired: z.boolean(),
    lotSize: z.number().int(),
    minLots: z.number().int(),
    maxLots: z.number().int(),
    sharesOffered: z.string(),
    allotsOn: z.string(),
    listsOn: z.string(),
    state: z.string(),
    listingPrice: z.string().nullable(),
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

// ---------- IPO create, final price, listing (what `ipo create|price|list` take) ----------

export const IPO_COUNTRIES = ['ZA', 'US', 'IN'] as const;
export const IPO_RULES = ['pro_rata', 'lottery'] as const;

// The API answers a refused body with its first message alone: each begins with its field's name
// (the console shows it beside that field). The service checks the rest as it does for the CLI
// (decimals of the quote unit, the order of the dates, lots of the shares offered), naming the
// field too.
const quotePrice = (field: string) =>
  z
    .string({ error: `${field}: enter a price` })
    .trim()
    .regex(/^\d{1,14}(\.\d+)?$/, `${field} must be a number in the quote unit (ZA: cents), e.g. 1800.`);
const lots = (field: string) =>
  z
    .number({ error: `${field}: enter a whole number` })
    .int(`${field} must be a whole number greater than 0.`)
    .min(1, `${field} must be a whole number greater than 0.`)
    .max(1_000_000_000, `${field} must be at most 1,000,000,000.`);
const day = (field: string) =>
  z
    .string({ error: `${field}: enter a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD).`);
const text = (field: string, max: number) =>
  z
    .string({ error: `${field}: enter it` })
    .trim()
    .min(1, `${field}: enter it`)
    .max(max, `${field} must be at most ${max} characters.`);

/**
 * POST /ops/v1/ipos: the terms of `ipo create` (cli/commands/ipo.ts). Prices in the quote unit
 * of the country's exchange (ZA: cents, ZAc; US: dollars; IN: rupees); `priceHigh` absent is a
 * fixed price. Times are ISO 8601; allotment and listing are dates (South Africa's calendar).
 */
export const ipoCreateInput = z.object({
  symbol: z
    .string({ error: 'Symbol: enter a symbol' })
    .trim()
    .min(1, 'Symbol: enter a symbol')
    .max(24, 'Symbol must be at most 24 characters.'),
  /** The listed company's name (the new instrument's name). */
  instrumentName: text('Instrument name', 200),
  issuer: text('Issuer', 200),
  /** The offering's name on Discover (default: '<instrument name> IPO'). */
  name: text('Name', 120).optional(),
  country: z.enum(IPO_COUNTRIES, { error: 'Country must be ZA, US or IN.' }),
  sector: z.string().trim().max(100).optional(),
  priceLow: quotePrice('Price low'),
  priceHigh: quotePrice('Price high').optional(),
  lotSize: lots('Lot size'),
  /** Default 1. */
  minLots: lots('Min lots').optional(),
  maxLots: lots('Max lots'),
  sharesOffered: z
    .string({ error: 'Shares offered: enter a whole number' })
    .trim()
    .regex(/^\d{1,15}$/, 'Shares offered must be a whole number.'),
  opensAt: z.iso.datetime({ offset: true, error: 'Opens must be a date and time (ISO 8601).' }),
  closesAt: z.iso.datetime({ offset: true, error: 'Closes must be a date and time (ISO 8601).' }),
  allotsOn: day('Allotment date'),
  listsOn: day('Listing date'),
  /** Default pro_rata. */
  rule: z.enum(IPO_RULES, { error: 'Rule must be pro_rata or lottery.' }).optional(),
  hot: z.boolean().optional(),
});
export type IpoCreateInput = z.infer<typeof ipoCreateInput>;

/** POST /ops/v1/ipos/:id/final-price/preview and …/final-price: the price in the quote unit. */
export const ipoFinalPriceInput = z.object({ price: quotePrice('Final price') });
export type IpoFinalPriceInput = z.infer<typeof ipoFinalPriceInput>;

/** POST /ops/v1/ipos/:id/list: the listing price in the quote unit (absent: the final price). */
export const ipoListInput = z.object({ price: quotePrice('Listing price').optional() });
export type IpoListInput = z.infer<typeof ipoListInput>;

/**
 * The final price as `ipo price` would set it, nothing written: where it falls against the range
 * and who would have to reconfirm. Above the range the holds (sized on the upper price) would not
 * cover it; more than 20 % below the lower price is a material change of terms: either way every
 * awaiting application must be reconfirmed by its client in the app, or it lapses at allotment.
 */
export const ipoFinalPricePreviewSchema = z.object({
  offeringId: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  quoteUnit: z.string(),
  priceLow: z.string(),
  priceHigh: z.string(),
  /** As it would be stored (plain decimal text in the quote unit). */
  finalPrice: z.string(),
  /** within the range; below it by at most 20 % of the low price; far_below: by more; above it. */
  position: z.enum(['within', 'below', 'far_below', 'above']),
  needsReconfirmation: z.boolean(),
  awaitingApplications: z.number().int(),
  awaitingClients: z.number().int(),
  applicationsToReconfirm: z.number().int(),
  clientsToReconfirm: z.number().int(),
});
export type IpoFinalPricePreview = z.infer<typeof ipoFinalPricePreviewSchema>;

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
