import { z } from 'zod';
import { amountString, idField, idText } from './ledger';

/**
 * Funds contract (issue 13 section 2): unit trusts bought for an amount and priced forward at the
 * next NAV. NAVs are in cents per unit (as SA unit trusts publish them), units to 4 decimals,
 * money as account-currency strings ('1000.00'). Imports nothing of trading.ts (trading.ts adds
 * the fund's figures to an order receipt from here).
 */

export const FundMessages = {
  belowMinimum: (minimum: string) => `The minimum investment in this fund is R ${minimum}.`,
  aboveMaximum: (maximum: string) => `The maximum investment per client in this fund is R ${maximum}.`,
  notOpen: 'This fund is not open for subscriptions.',
  subscribed: (name: string, date: string, time: string) =>
    `Subscription to ${name} received. Units are priced at the next valuation, ${date} ${time}.`,
  redemptionRequested: (name: string, date: string, time: string) =>
    `Redemption of ${name} requested. It is paid at the next NAV, ${date} ${time}.`,
  alreadyRedeeming: 'A redemption of this holding is already requested.',
  notHeld: 'Only fund units you hold can be redeemed.',
  sellIsRedeem:
    'Fund units are not sold at a quotation: redeem them at the next NAV (Order Details → Redeem, POST /api/funds/app/v1/redeem/{id}).',
  notYetDue: (date: string, time: string) =>
    `The valuation of ${date} is at ${time} SAST; it cannot run before then.`,
  notBusinessDay: (date: string) => `${date} is not a business day (JSE): no NAV is struck then.`,
} as const;

export const FUND_NAV_RANGES = ['1m', '3m', '6m', '1y', '3y', 'all'] as const;
export type FundNavRange = (typeof FUND_NAV_RANGES)[number];

/** The terms of a fund (issue 13 section 2). Percentages per year. */
export const fundTerms = z.object({
  code: z.string(),
  category: z.string(),
  benchmark: z.object({ symbol: z.string(), name: z.string(), market: z.string() }),
  /** 1 (lowest) to 7 (highest), as on a fund fact sheet. */
  risk_profile: z.number().int().min(1).max(7),
  ter_percent: z.string(),
  transaction_costs_percent: z.string(),
  /** Total investment charge = TER + transaction costs. */
  tic_percent: z.string(),
  platform_fee_percent: z.string(),
  min_investment: z.string(),
  max_investment: z.string(),
  /** 'HH:mm' SAST. */
  cutoff_time: z.string(),
  valuation_time: z.string(),
  distribution_policy: z.enum(['accumulating', 'distributing']),
  launch_date: z.string(),
});
export type FundTerms = z.infer<typeof fundTerms>;

/** One NAV struck: the business day ('YYYY-MM-DD') and cents per unit. */
export const fundNavPoint = z.object({ date: z.string(), nav: z.string() });
export type FundNavPoint = z.infer<typeof fundNavPoint>;

/** When an order placed now is priced (forward pricing). */
export const fundValuationSlot = z.object({
  /** The business day whose NAV prices it, 'YYYY-MM-DD'. */
  date: z.string(),
  /** 'HH:mm' SAST. */
  time: z.string(),
  /** The valuation instant (ISO). */
  at: z.string(),
  /** The cut-off that was (or is) decisive: orders before it are priced that day. */
  cutoff_at: z.string(),
});
export type FundValuationSlot = z.infer<typeof fundValuationSlot>;

/** Yearly costs on an amount, each a money string (what the percentages mean in rand). */
export const fundCosts = z.object({
  amount: z.string(),
  ter: z.string(),
  transaction_costs: z.string(),
  tic: z.string(),
  platform_fee: z.string(),
  total: z.string(),
});
export type FundCosts = z.infer<typeof fundCosts>;

/** GET /api/funds/app/v1/{id} */
export const fundDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  currency: z.string(),
  terms: fundTerms,
  key_facts: z.array(z.object({ key: z.string(), label: z.string(), text: z.string() })),
  /** The costs over a year on the minimum investment. */
  costs_on_minimum: fundCosts,
  latest_nav: fundNavPoint,
  next_valuation: fundValuationSlot,
});
export type FundDetail = z.infer<typeof fundDetail>;

/** GET /api/funds/app/v1/{id}/nav?range= */
export const fundNavQuery = z.object({ range: z.enum(FUND_NAV_RANGES).default('3m') });
export const fundNavHistory = z.object({
  range: z.enum(FUND_NAV_RANGES),
  points: z.array(fundNavPoint),
});
export type FundNavHistory = z.infer<typeof fundNavHistory>;

/**
 * account_id may be empty (the spec sends ''): the client's account in the fund's currency. In a
 * body an id is a JSON number; in a query string plain digits (numbers.ts).
 */
const optionalAccount = z
  .union([z.literal(''), z.null(), idField('Choose an account')])
  .optional()
  .transform((v) => (v === '' || v === null ? undefined : v));
const optionalAccountText = z
  .union([z.literal(''), idText('Choose an account')])
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** POST /api/funds/app/v1/record/{id} (PIN, Idempotency-Key). */
export const fundSubscribeBody = z.object({
  amount: amountString,
  account_id: optionalAccount,
});
export type FundSubscribeBody = z.input<typeof fundSubscribeBody>;

/** GET /api/funds/app/v1/{id}/preview?amount=&account_id= */
export const fundPreviewQuery = z.object({
  amount: amountString,
  account_id: optionalAccountText,
});

export const fundPreview = z.object({
  amount: z.string(),
  currency: z.string(),
  /** No upfront fee: the amount is invested; what is not needed for whole 0.0001 units comes back. */
  upfront_fee: z.string(),
  /** What is held now (the amount). */
  held: z.string(),
  /** At the latest NAV, for orientation only: the units are priced at the next valuation. */
  indicative_nav: fundNavPoint,
  indicative_units: z.string(),
  valuation: fundValuationSlot,
  costs: fundCosts,
});
export type FundPreview = z.infer<typeof fundPreview>;

/** POST /api/funds/app/v1/redeem/{orderId} (PIN, Idempotency-Key); no body. */
export const fundRedeemBody = z.object({}).optional();

/** A fund order's own figures on its receipt (order.fund). */
export const fundPosition = z.object({
  code: z.string(),
  /** The amount subscribed (held until valued). */
  amount: z.string(),
  /** Priced at this business day's NAV. */
  valuation: fundValuationSlot,
  /** Once valued: units (4 decimals), the NAV (cents) and the rounding remainder refunded. */
  units: z.string().nullable(),
  nav: z.string().nullable(),
  refund: z.string().nullable(),
  /** Holding: the latest NAV and the value of the units at it. */
  latest_nav: fundNavPoint.nullable(),
  value: z.string().nullable(),
  /** A redemption requested: the valuation that prices it; once paid, its NAV and platform fee. */
  redemption: fundValuationSlot.nullable(),
  redemption_nav: z.string().nullable(),
  platform_fee: z.string().nullable(),
  /** Why there is no 20-second quote for a fund (shown on the receipt and the drawer). */
  pricing_note: z.string(),
});
export type FundPosition = z.infer<typeof fundPosition>;
