import { z } from 'zod';
import { idField, idText } from './ledger';
import { isPlainInteger } from './numbers';
import { documented } from './json-schema-hints';
import { offering, previewedFeeSchedule } from './trading';

/**
 * IPO contract (issue 13 section 1; docs/decisions/0032-ipo.md). An IPO is an offering of dtype
 * 'ipo' on a new instrument that lists later; each application is an order of ttype 'ipo' backed
 * by funds held at the moment it is made: lots × lot size × the upper price + fees. Prices are
 * decimal strings in the instrument's quote unit (JSE: cents), as everywhere in trading.
 */

export const IPO_ALLOCATION_RULES = ['pro_rata', 'lottery'] as const;
export type IpoAllocationRule = (typeof IPO_ALLOCATION_RULES)[number];
export const IPO_STATES = ['open', 'allotted', 'listed'] as const;
export type IpoState = (typeof IPO_STATES)[number];

export const IpoMessages = {
  received: (symbol: string) => `Application for ${symbol} received. Your funds are held until allotment.`,
  cancelled: (symbol: string) => `Application for ${symbol} cancelled. Your funds are released.`,
  reconfirmed: (symbol: string) => `Application for ${symbol} reconfirmed at the final price.`,
  lotsRequired: 'Enter a number of lots',
  lotsWhole: 'Lots must be a whole number',
  belowMinimum: (lots: number) => `The minimum is ${lots} ${lots === 1 ? 'lot' : 'lots'}.`,
  aboveMaximum: (lots: number, already: number) =>
    already > 0
      ? `The maximum per client is ${lots} lots; you have applied for ${already} already.`
      : `The maximum per client is ${lots} lots.`,
  windowClosed: 'Applications for this IPO are closed.',
  notCancellable: 'This application can no longer be cancelled: the subscription window has closed.',
  noReconfirmation: 'This application does not need reconfirmation.',
  notAllotted: 'Not allotted: the IPO was oversubscribed.',
  lapsed: (price: string) => `Lapsed: not reconfirmed at the final price of ${price}.`,
} as const;

/**
 * A lot count: a positive whole number, a JSON number in a body (lotsField) and plain digits in
 * a query string (lotsQuery); anything else is refused with IpoMessages.lotsWhole (numbers.ts).
 */
const lotsMessage = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === '' ? IpoMessages.lotsRequired : IpoMessages.lotsWhole;
export const lotsField = documented(
  z
    .number({ error: lotsMessage })
    .refine((n) => Number.isSafeInteger(n) && n > 0 && n <= 999_999_999, IpoMessages.lotsWhole),
  { type: 'integer', minimum: 1, maximum: 999_999_999 },
);
export const lotsQuery = documented(
  z
    .string({ error: lotsMessage })
    .refine((t) => t !== '', IpoMessages.lotsRequired)
    .refine((t) => t === '' || isPlainInteger(t, 9), IpoMessages.lotsWhole)
    .transform(Number)
    .refine((n) => n > 0, IpoMessages.lotsWhole),
  { type: 'string', pattern: '^0*[1-9][0-9]*$', maxLength: 9 },
);

/** The IPO's terms (GET /api/ipo/app/v1/{id}). */
export const ipoTerms = z.object({
  issuer: z.string(),
  /** fixed (price_low = price_high) or range (the operator sets the final price). */
  price_basis: z.enum(['fixed', 'range']),
  price_low: z.string(),
  price_high: z.string(),
  /** Set by the operator; null until then (a range). */
  final_price: z.string().nullable(),
  /** The final price is above the range or more than 20% below it: applications must be reconfirmed. */
  reconfirm_required: z.boolean(),
  lot_size: z.number().int(),
  min_lots: z.number().int(),
  max_lots: z.number().int(),
  shares_offered: z.string(),
  /** 'YYYY-MM-DD', the exchange's dates. */
  allots_on: z.string(),
  lists_on: z.string(),
  allocation_rule: z.enum(IPO_ALLOCATION_RULES),
  state: z.enum(IPO_STATES),
  listing_price: z.string().nullable(),
  /** Lots this client has applied for (not cancelled or rejected). */
  applied_lots: z.number().int(),
});
export type IpoTerms = z.infer<typeof ipoTerms>;

export const ipoOffering = offering.extend({ ipo: ipoTerms });
export type IpoOffering = z.infer<typeof ipoOffering>;

/**
 * POST /api/ipo/app/v1/record/sub/{id}: the body is optional (the spec sends none): no lots → the
 * minimum; no account → the client's account in the offering's currency.
 */
export const ipoSubscribeBody = z
  .object({
    lots: lotsField.optional(),
    account_id: idField('Choose an account').optional(),
    /** The preview's `fee_schedule`: another in force when applying → 409, nothing held. */
    fee_schedule: previewedFeeSchedule,
  })
  .nullish();
export type IpoSubscribeBody = z.input<typeof ipoSubscribeBody>;

/**
 * POST /api/ipo/app/v1/record/reconfirm/{id}: optional; `fee_schedule` repeats the receipt's
 * `ipo.reconfirm_fee_schedule` (what `reconfirm_held` was priced with): another in force → 409.
 */
export const ipoReconfirmBody = z.object({ fee_schedule: previewedFeeSchedule }).nullish();
export type IpoReconfirmBody = z.input<typeof ipoReconfirmBody>;

/** GET /api/ipo/app/v1/preview/{id}?lots=&account_id=: the hold the application will place. */
export const ipoPreviewQuery = z.object({
  lots: lotsQuery.optional(),
  account_id: idText('Choose an account').optional(),
});
