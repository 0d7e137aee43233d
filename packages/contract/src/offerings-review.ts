import { z } from 'zod';

/**
 * Block (otc) and fixed-term (fo) offerings on the operator console (issue 23): what the staff
 * routes of the offerings module take and answer (GET/POST /ops/v1/offerings, …/open, …/close,
 * …/settlement/preview). The create body mirrors `npm run ops -- offering create`.
 */
export const TRADED_OFFERING_DTYPES = ['fo', 'otc'] as const;
export const OFFERING_COUNTRIES = ['ZA', 'US', 'IN'] as const;

const wholeShares = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, `${field}: a whole number of shares`);

/** POST /ops/v1/offerings: the terms of `offering create`; times are ISO 8601 (UTC or with an offset). */
export const offeringCreateInput = z.object({
  dtype: z.enum(TRADED_OFFERING_DTYPES),
  name: z.string().trim().min(1, 'Enter a name').max(120),
  symbol: z.string().trim().min(1, 'Enter a symbol').max(20),
  country: z.enum(OFFERING_COUNTRIES),
  opensAt: z.iso.datetime({ offset: true, message: 'Opens: a date and time' }),
  closesAt: z.iso.datetime({ offset: true, message: 'Closes: a date and time' }),
  minQuantity: wholeShares('Minimum'),
  maxQuantity: wholeShares('Maximum'),
  hot: z.boolean().optional(),
  /** fo only: days the bought shares are locked. */
  termDays: z.number().int().min(1).max(3650).optional(),
  /** otc only: the block price in the instrument's quote unit (ZAc for JSE shares). */
  blockPrice: z
    .string()
    .trim()
    .regex(/^\d{1,14}(\.\d+)?$/, 'Block price: a number')
    .optional(),
  /** otc only: shares in the block. */
  blockSize: wholeShares('Block size').optional(),
});
export type OfferingCreateInput = z.infer<typeof offeringCreateInput>;

/** One offering as the console lists it: its terms and how much of it is subscribed. */
export const staffOfferingSchema = z.object({
  id: z.number().int(),
  dtype: z.string(),
  name: z.string(),
  symbol: z.string(),
  country: z.string(),
  market: z.string(),
  currency: z.string(),
  quoteUnit: z.string(),
  status: z.enum(['upcoming', 'open', 'closed', 'settled']),
  opensAt: z.string(),
  closesAt: z.string(),
  minQuantity: z.string(),
  maxQuantity: z.string(),
  hot: z.boolean(),
  termDays: z.number().int().nullable(),
  blockPrice: z.string().nullable(),
  blockSize: z.string().nullable(),
  /** Shares asked for in orders not rejected (otc: awaiting allocation or allocated; fo: bought). */
  subscribedQuantity: z.string(),
  /** Shares on offer: the block (otc); null for fo (bought at the market, no fixed amount). */
  availableQuantity: z.string().nullable(),
  createdBy: z.string(),
});
export type StaffOffering = z.infer<typeof staffOfferingSchema>;

/**
 * GET /ops/v1/offerings/:id/settlement/preview: the pro-rata allocation of a closed otc block
 * over its awaiting orders (earliest first), nothing written; each order's hold, what its
 * allocation will cost and the refund. Money is decimal text in the offering's currency.
 * `allocationsHash` is what the request repeats. A closed fo offering has no lines.
 */
export const offeringSettlementPreviewSchema = z.object({
  offeringId: z.number().int(),
  dtype: z.string(),
  name: z.string(),
  currency: z.string(),
  blockSize: z.string().nullable(),
  blockPrice: z.string().nullable(),
  requestedQuantity: z.string(),
  allocatedQuantity: z.string(),
  oversubscribed: z.boolean(),
  held: z.string(),
  debited: z.string(),
  refunded: z.string(),
  allocationsHash: z.string(),
  lines: z.array(
    z.object({
      orderId: z.number().int(),
      reference: z.string(),
      clientId: z.number().int(),
      requestedQuantity: z.string(),
      allocatedQuantity: z.string(),
      result: z.enum(['holding', 'rejected']),
      held: z.string(),
      debited: z.string(),
      refund: z.string(),
    }),
  ),
});
export type OfferingSettlementPreview = z.infer<typeof offeringSettlementPreviewSchema>;

/** POST …/settlement/request: the hash of the preview the maker saw. */
export const offeringSettleInput = z.object({
  allocationsHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

// ---------- Exchange closures (decision 0055) ----------

export const EXCHANGE_CODES = ['JSE', 'NYSE', 'NASDAQ', 'NSE'] as const;
export type ExchangeCodeText = (typeof EXCHANGE_CODES)[number];
export const exchangeParam = z.object({
  exchange: z.enum(EXCHANGE_CODES, { error: `The exchange must be one of ${EXCHANGE_CODES.join(', ')}.` }),
});

/** A declaration: the exchange closed all day, or closing early at `closeTime` (local HH:MM). */
export const exchangeClosureSchema = z.object({
  id: z.number().int(),
  exchange: z.enum(EXCHANGE_CODES),
  day: z.string(),
  kind: z.enum(['closed', 'early_close']),
  closeTime: z.string().nullable(),
  reason: z.string(),
  declaredBy: z.string(),
  declaredAt: z.string(),
  withdrawnBy: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawReason: z.string().nullable(),
});
export type ExchangeClosure = z.infer<typeof exchangeClosureSchema>;

/** GET /ops/v1/exchanges/:exchange/closures: in force, or with withdrawn ones too (`all`). */
export const exchangeClosuresQuery = z.object({ all: z.enum(['true', 'false']).optional() });

/** POST /ops/v1/exchanges/:exchange/closures: what `exchange close` / `early-close` take. */
export const exchangeClosureInput = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The day must be YYYY-MM-DD'),
  kind: z.enum(['closed', 'early_close']),
  closeTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The close time must be HH:MM (24-hour)')
    .optional(),
  reason: z.string().trim().min(3, 'A reason of 3 to 500 characters').max(500),
});
export type ExchangeClosureInput = z.infer<typeof exchangeClosureInput>;

/** POST /ops/v1/exchanges/:exchange/closures/:id/withdraw. */
export const exchangeClosureWithdrawInput = z.object({
  reason: z.string().trim().min(3, 'A reason of 3 to 500 characters').max(500),
});
