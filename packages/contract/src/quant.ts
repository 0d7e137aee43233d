import { z } from 'zod';
import { amountString, idField } from './ledger';

/**
 * Structured products contract (issue 13 section 3; docs/decisions/0034-structured.md). A
 * structured product is an offering of dtype `quant` on an underlying index or share: the client
 * subscribes an amount (held), the product starts on its start date (the hold is captured), is
 * valued daily by its payoff formula and pays at maturity
 *   amount × max(protection, min(cap, 1 + participation × underlying return)).
 * Its key information sheet (KID) is computed from the terms and the underlying's simulated
 * history, never typed in. Amounts are decimal strings in the product's currency; percentages are
 * decimal strings ('90' = 90 %); ratios are decimal strings ('0.1234' = 12.34 %); levels are the
 * underlying's price in its quote unit (index points).
 *
 * This file imports nothing from trading.ts: trading.ts embeds these schemas in `offering` and
 * `order` (optional `structured`), so the two never form an import cycle.
 */

export const QuantMessages = {
  amountRequired: 'Enter an amount.',
  belowMinimum: (minimum: string, currency: string) =>
    `The minimum for this product is ${minimum} ${currency}.`,
  aboveMaximum: (maximum: string, currency: string) =>
    `The maximum per client for this product is ${maximum} ${currency}.`,
  wrongAccountCurrency: (currency: string) => `Choose your ${currency} account for this product.`,
  subscribed: (name: string) =>
    `Subscription to ${name} received. The amount is held until the product starts.`,
  cancelled: 'Subscription cancelled. The amount held is available again.',
  notCancellable: 'Only a subscription that has not started can be cancelled.',
  noEarlyExit: 'This product cannot be exited before maturity.',
  notExitable: 'Only a running structured product can be exited early.',
  exited: (name: string) => `Early exit from ${name} done. The proceeds are in your account.`,
  useEarlyExit:
    'A structured product is not sold at a quotation. Hold it to maturity or use Early exit in Order Details where its terms allow.',
  productNotFound: 'Offering not found.',
} as const;

export const EARLY_EXIT_RULES = ['none', 'daily'] as const;
export type EarlyExitRule = (typeof EARLY_EXIT_RULES)[number];

/** subscription (taking subscriptions, not started) → running (started) → matured (paid out). */
export const QUANT_STATES = ['subscription', 'running', 'matured'] as const;
export type QuantState = (typeof QUANT_STATES)[number];

export const KID_SCENARIOS = ['stress', 'unfavourable', 'moderate', 'favourable'] as const;
export type KidScenarioName = (typeof KID_SCENARIOS)[number];

/** One performance scenario at maturity for the reference amount. */
export const kidScenario = z.object({
  name: z.enum(KID_SCENARIOS),
  label: z.string(),
  /**
   * Percentile of the simulated distribution at maturity: 10, 50, 90; the stress scenario's 1 (term
   * up to a year) or 5 (longer), at the stressed volatility (PRIIPs Annex IV; decision 0054).
   */
  percentile: z.number(),
  /** The underlying's return over the term in this scenario, a ratio ('-0.2512'). */
  underlying_return: z.string(),
  /** What the reference amount pays at maturity (money). */
  payoff: z.string(),
  /** payoff − (reference amount + entry costs), money. */
  gain: z.string(),
  /** gain ÷ (reference amount + entry costs), a ratio. */
  return: z.string(),
  /**
   * The return per year over the term (compounded), a ratio; null when the term is under a year
   * (PRIIPs: a product held less than a year shows its return over the period, not per year).
   */
  annual_return: z.string().nullable(),
});
export type KidScenario = z.infer<typeof kidScenario>;

/** Costs if the client exits at a point in time (PRIIPs "costs over time"). */
export const kidCostPoint = z.object({
  label: z.string(),
  days: z.number().int(),
  /** Entry costs plus, before maturity, the early-exit cost (money, for the reference amount). */
  total_costs: z.string(),
  /**
   * kid-v3: the return before costs less the return after costs in the moderate scenario over the
   * time held (kid-v1/v2: total costs ÷ reference amount), a ratio.
   */
  cost_impact: z.string(),
  /**
   * kid-v3: the reduction in yield, a year: the moderate scenario's return a year before costs less
   * after costs (PRIIPs Annex VI/VII; kid-v2: cost_impact ÷ years); null when held under a year.
   */
  annual_cost_impact: z.string().nullable(),
  /** The moderate scenario's return before and after costs: a year when held a year or more, else over the time held (null before kid-v3). */
  return_before_costs: z.string().nullable(),
  return_after_costs: z.string().nullable(),
  /** false: exiting at this point is not possible under the terms (held to maturity). */
  available: z.boolean(),
});
export type KidCostPoint = z.infer<typeof kidCostPoint>;

/** The key information sheet, computed from the terms (quant/kid.ts documents every rule). */
export const kid = z.object({
  version: z.string(),
  computed_at: z.string(),
  comprehension_alert: z.string(),
  what_it_is: z.string(),
  /** Summary risk indicator 1 (lower) … 7 (higher): market and credit risk classes combined (PRIIPs Annex II Part 3). */
  risk_score: z.number().int().min(1).max(7),
  /** Market risk class 1–7 (from the VEV). */
  market_risk_class: z.number().int().min(1).max(7),
  /** Credit risk class 1–6 of the issuer, and its credit quality step 0–6 (null before kid-v3: not assessed). */
  credit_risk_class: z.number().int().min(1).max(6).nullable(),
  credit_quality_step: z.number().int().min(0).max(6).nullable(),
  risk_text: z.string(),
  /** The PRIIPs VaR-equivalent volatility the score comes from, a ratio. */
  vev: z.string(),
  /** Annualised volatility and mean log return of the underlying over `history_days` trading days. */
  volatility: z.string(),
  /** The stressed volatility of the stress scenario, annualised (null before kid-v3). */
  stressed_volatility: z.string().nullable(),
  drift: z.string(),
  history_days: z.number().int(),
  method: z.string(),
  currency: z.string(),
  reference_amount: z.string(),
  /** Entry costs on the reference amount (paid on top of it). */
  entry_costs: z.string(),
  /** The most the reference amount can lose if held to maturity (money and ratio of what was paid). */
  max_loss: z.string(),
  max_loss_ratio: z.string(),
  max_loss_text: z.string(),
  scenarios: z.array(kidScenario),
  costs_over_time: z.array(kidCostPoint),
  holding_period: z.string(),
  early_exit_text: z.string(),
  liquidity_text: z.string(),
  default_text: z.string(),
});
export type Kid = z.infer<typeof kid>;

/** The terms of a structured product, on its offering (`offering.structured`). */
export const structuredTerms = z.object({
  state: z.enum(QUANT_STATES),
  start_at: z.string(),
  maturity_at: z.string(),
  term_days: z.number().int(),
  protection_pct: z.string(),
  participation_pct: z.string(),
  /** The most paid at maturity as a % of the amount ('130'); null: no cap. */
  cap_pct: z.string().nullable(),
  min_amount: z.string(),
  max_amount: z.string(),
  entry_fee_pct: z.string(),
  early_exit: z.enum(EARLY_EXIT_RULES),
  early_exit_cost_pct: z.string(),
  /** The underlying's level fixed at the start (null until started) and at maturity. */
  start_level: z.string().nullable(),
  final_level: z.string().nullable(),
  /** The underlying's level now (simulated market). */
  current_level: z.string(),
  kid,
});
export type StructuredTerms = z.infer<typeof structuredTerms>;

/** A structured order's figures (`order.structured`): the receipt's yield section comes from them. */
export const structuredPosition = z.object({
  state: z.enum(QUANT_STATES),
  amount: z.string(),
  entry_fee: z.string(),
  start_at: z.string(),
  maturity_at: z.string(),
  protection_pct: z.string(),
  participation_pct: z.string(),
  cap_pct: z.string().nullable(),
  start_level: z.string().nullable(),
  /** Today's level while running; the final fixing once matured; null before the start. */
  level: z.string().nullable(),
  /** The payoff formula at `level` (running: what maturity would pay at today's level). */
  value: z.string().nullable(),
  /** Paid out (maturity payoff, or early-exit proceeds before their cost), once sold. */
  payoff: z.string().nullable(),
  early_exit: z.enum(EARLY_EXIT_RULES),
  early_exit_cost: z.string(),
  /** What an early exit would credit now (value − cost); null when not possible. */
  exit_proceeds: z.string().nullable(),
  can_cancel: z.boolean(),
  can_exit: z.boolean(),
  exited_early: z.boolean(),
});
export type StructuredPosition = z.infer<typeof structuredPosition>;

/**
 * POST /api/qt/app/v1/record/{id}: subscribe an amount. The spec sends no body: then 400
 * 'Enter an amount.' (there is no honest default amount). account_id omitted → the client's
 * account in the product's currency.
 */
export const quantRecordBody = z
  .object({
    amount: amountString.optional(),
    account_id: idField('Choose an account').optional(),
  })
  .nullish()
  .transform((b) => b ?? {});
export type QuantRecordBody = z.input<typeof quantRecordBody>;

/** POST /api/qt/app/v1/exit/{orderId} and /cancel/{orderId}: no fields (the PIN and key are headers). */
export const quantActionBody = z
  .object({})
  .passthrough()
  .nullish()
  .transform(() => ({}));
