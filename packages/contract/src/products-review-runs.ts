import { z } from 'zod';

/**
 * Fund and structured-product runs on the operator console (issue 23, decision 0058): what the
 * staff routes of funds and quant answer (GET /ops/v1/funds, …/nav/preview,
 * /ops/v1/structured-products, …/:step/preview) and the body of POST /ops/v1/structured-products.
 * Money is text in the currency's units ('1000.00'); NAVs are cents per unit; percentages are
 * plain decimal text ('90' = 90 %).
 */

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/** A fund as ops lists it: terms, the latest NAV struck and the orders waiting for a valuation. */
export const staffFundSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The offering's status (open, upcoming, closed…). */
  status: z.string(),
  currency: z.string(),
  category: z.string(),
  benchmark: z.object({ symbol: z.string(), name: z.string() }),
  /** 'HH:mm' SAST. */
  cutoffTime: z.string(),
  valuationTime: z.string(),
  latestNav: z.object({ date: isoDay, nav: z.string() }),
  /** Subscriptions not yet turned into units; holdings whose redemption is not yet paid. */
  pendingSubscriptions: z.number().int().nonnegative(),
  pendingRedemptions: z.number().int().nonnegative(),
});
export type StaffFund = z.infer<typeof staffFundSchema>;

/**
 * What striking a fund's NAV would do, nothing written: the NAVs it strikes, each subscription it
 * values (units rounded down, the remainder refunded), each redemption it pays (units × NAV less
 * the platform fee) and the subscriptions it rejects (too small for one unit's cent). Its
 * valuationHash is what a request repeats (409 when the valuation changed since).
 */
export const fundNavStrikePreviewSchema = z.object({
  offeringId: z.number().int(),
  code: z.string(),
  /** The business day asked for (null: everything due now). */
  date: isoDay.nullable(),
  /** The business day valued. */
  day: isoDay,
  currency: z.string(),
  navs: z.array(z.object({ date: isoDay, nav: z.string() })),
  subscriptions: z.array(
    z.object({
      orderId: z.number().int(),
      /** The amount held for the subscription = tradeValue + refund. */
      amount: z.string(),
      units: z.string(),
      nav: z.string(),
      tradeValue: z.string(),
      refund: z.string(),
    }),
  ),
  redemptions: z.array(
    z.object({
      orderId: z.number().int(),
      units: z.string(),
      nav: z.string(),
      gross: z.string(),
      platformFee: z.string(),
      /** What the client receives = gross − platformFee. */
      net: z.string(),
    }),
  ),
  /** Order ids of subscriptions the valuation rejects (refunded in full). */
  rejected: z.array(z.number().int()),
  valuationHash: sha256Hex,
});
export type FundNavStrikePreview = z.infer<typeof fundNavStrikePreviewSchema>;

export const fundNavRequestInput = z.object({
  date: isoDay.optional(),
  valuationHash: sha256Hex.optional(),
});

export const STRUCTURED_PRODUCT_STATES = ['subscription', 'running', 'matured'] as const;

/** A structured product as ops lists it (and as its creation answers). */
export const staffStructuredProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The offering's status (upcoming, open, closed…). */
  status: z.string(),
  state: z.enum(STRUCTURED_PRODUCT_STATES),
  currency: z.string(),
  underlying: z.object({ symbol: z.string(), name: z.string(), country: z.string() }),
  opensAt: z.string(),
  startAt: z.string(),
  maturityAt: z.string(),
  protectionPct: z.string(),
  participationPct: z.string(),
  /** null: no cap. */
  capPct: z.string().nullable(),
  minAmount: z.string(),
  maxAmount: z.string(),
  entryFeePct: z.string(),
  earlyExit: z.enum(['none', 'daily']),
  earlyExitCostPct: z.string(),
  startLevel: z.string().nullable(),
  finalLevel: z.string().nullable(),
  /** The KID's summary risk indicator, 1 to 7. */
  riskScore: z.number().int(),
});
export type StaffStructuredProduct = z.infer<typeof staffStructuredProductSchema>;

export const structuredStep = z.enum(['start', 'mature']);
export type StructuredStep = z.infer<typeof structuredStep>;

/**
 * What starting (each subscription captured at the start level) or maturing (each holding paid its
 * payoff at the final level) would do, nothing written. lifecycleHash is what a request repeats.
 */
export const structuredLifecyclePreviewSchema = z.object({
  offeringId: z.number().int(),
  step: structuredStep,
  level: z.string(),
  /** At maturity: final ÷ start − 1 (null at the start). */
  underlyingReturn: z.string().nullable(),
  currency: z.string(),
  lines: z.array(z.object({ orderId: z.number().int(), reference: z.string(), amount: z.string() })),
  total: z.string(),
  lifecycleHash: sha256Hex,
});
export type StructuredLifecyclePreview = z.infer<typeof structuredLifecyclePreviewSchema>;

export const structuredLifecycleRequestInput = z.object({ lifecycleHash: sha256Hex.optional() });

// The API answers a refused body with its first message alone: each names its field.
const pctText = (field: string) =>
  z
    .string({ error: `${field}: enter a percentage` })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, `${field} must be a percentage, at most 4 decimals (e.g. 90 or 12.5).`);
const moneyText = (field: string) =>
  z
    .string({ error: `${field}: enter an amount` })
    .trim()
    .regex(
      /^\d{1,13}(\.\d{1,2})?$/,
      `${field} must be an amount, at most 2 decimals (e.g. 1000 or 1000.50).`,
    );
const instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time (ISO 8601).` });

/**
 * The body of POST /ops/v1/structured-products: what `quant create` takes (cli/commands/quant.ts),
 * with instants as ISO 8601. The shape is checked here; the ranges and the order of the dates the
 * service checks as it does for the CLI (quant.service createProduct), each refusal naming its
 * field.
 */
export const structuredProductCreateInput = z.object({
  name: z
    .string({ error: 'Name: enter a name' })
    .trim()
    .min(1, 'Name: enter a name')
    .max(120, 'Name must be at most 120 characters.'),
  /** The underlying index or stock of the universe. */
  symbol: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.]{1,12}$/, 'Underlying must be an index or stock symbol, e.g. SA40.'),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Country must be two letters, e.g. ZA.')
    .optional(),
  /** When subscriptions open (default: now). */
  opensAt: instant('Opens').optional(),
  startAt: instant('Start'),
  maturityAt: instant('Maturity'),
  protectionPct: pctText('Protection'),
  participationPct: pctText('Participation'),
  /** null or absent: no cap. */
  capPct: pctText('Cap').nullable().optional(),
  minAmount: moneyText('Minimum'),
  maxAmount: moneyText('Maximum'),
  entryFeePct: pctText('Entry fee').optional(),
  earlyExit: z.enum(['none', 'daily']).optional(),
  earlyExitCostPct: pctText('Early-exit cost').optional(),
  creditQualityStep: z
    .number()
    .int('Credit quality step must be a whole number from 0 to 6.')
    .min(0, 'Credit quality step must be a whole number from 0 to 6.')
    .max(6, 'Credit quality step must be a whole number from 0 to 6.')
    .optional(),
  /** Open for subscriptions at once (else upcoming). */
  open: z.boolean().optional(),
  hot: z.boolean().optional(),
});
export type StructuredProductCreateInput = z.infer<typeof structuredProductCreateInput>;
