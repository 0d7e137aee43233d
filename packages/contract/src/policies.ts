import { z } from 'zod';
import { approvalActionSchema, approvalTierSchema, type ApprovalTier } from './approvals';
import { MONEY_CURRENCIES, moneyCurrency } from './ledger';

/**
 * Policies as approved data (issue 23, decision 0063): a new version of an action's approval tiers
 * (`policy.change`) and of the client money limits (`limits.change`), each proposed by treasury
 * with a preview (what is in force beside what is proposed), approved by a second treasury user
 * with step-up, and in force from its effective time. Money on the wire is decimal text.
 */

/** Actions whose tiers may never let the maker act alone (the database's CHECK says the same). */
export const ALWAYS_CHECKED_ACTIONS = ['ledger.adjust', 'policy.change'] as const;

/** Decimal text ('50000.01') as cents: every money currency of the platform has two decimals. */
export function decimalToCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole || '0') * 100n + BigInt(`${fraction}00`.slice(0, 2));
}

/**
 * When a version applies: an ISO date-time, or null for "as soon as it is approved". The server
 * refuses a time already past when it is proposed; one that passes while the request waits applies
 * from the approval.
 */
const effectiveFrom = z.iso.datetime({ offset: true, error: 'Enter a date and time.' }).nullable();

/**
 * Checks a list of tiers: per currency in the order given, the first from 0 and each higher than the
 * one before; a currency-less group (any other currency) is required; `ledger.adjust` and
 * `policy.change` never below one checker.
 */
export function tierProblems(action: string, tiers: readonly ApprovalTier[]): string[] {
  const problems: string[] = [];
  const last = new Map<string | null, bigint>();
  tiers.forEach((t, i) => {
    const cents = decimalToCents(t.minAmount);
    const previous = last.get(t.currency);
    const who = t.currency ?? 'any other currency';
    if (previous === undefined && cents !== 0n)
      problems.push(`Tier ${i + 1}: the first tier of ${who} starts at 0.`);
    if (previous !== undefined && cents <= previous)
      problems.push(`Tier ${i + 1}: each tier of ${who} starts above the one before it.`);
    last.set(t.currency, cents);
    if ((ALWAYS_CHECKED_ACTIONS as readonly string[]).includes(action) && t.checkersRequired < 1)
      problems.push(`Tier ${i + 1}: ${action} always needs at least one checker.`);
  });
  if (!last.has(null)) problems.push('Add a tier for any other currency, from 0.');
  return problems;
}

/** POST /ops/v1/policies/preview and /ops/v1/policies/request: a new version of one action's tiers. */
export const policyProposalInput = z
  .object({
    action: approvalActionSchema,
    effectiveFrom,
    tiers: z.array(approvalTierSchema).min(1, 'Add at least one tier.').max(20, 'At most 20 tiers.'),
    /** The version the preview showed (the request repeats it): refused when another was made since. */
    baseVersion: z.number().int().min(0).optional(),
  })
  .superRefine((p, ctx) => {
    for (const message of tierProblems(p.action, p.tiers))
      ctx.addIssue({ code: 'custom', path: ['tiers'], message });
  });
export type PolicyProposalInput = z.infer<typeof policyProposalInput>;

/** One version of one action's tiers (null version: the action has none). */
export const policyVersionSchema = z.object({
  version: z.number().int(),
  effectiveFrom: z.string(),
  tiers: z.array(approvalTierSchema),
});
export type PolicyVersion = z.infer<typeof policyVersionSchema>;

/**
 * The payload of the approval `policy.change`: the tiers proposed, and the version they replace
 * with its tiers (`before`), so the checker sees both; the approval is refused when another version
 * was made meanwhile.
 */
export const policyChangePayload = z.object({
  action: approvalActionSchema,
  effectiveFrom,
  tiers: z.array(approvalTierSchema).min(1).max(20),
  // Always set by the console's route; a service caller (a test, a local command) may leave them
  // out, and then no staleness check applies.
  baseVersion: z.number().int().min(0).optional(),
  before: z.array(approvalTierSchema).optional(),
  /** What changes, in words, for the checker's card (made by the server from the two lists). */
  summary: z.string().max(2000).optional(),
});
export type PolicyChangePayload = z.infer<typeof policyChangePayload>;

/** The preview: the version in force (and the latest, which a change replaces) beside the proposal. */
export const policyChangePreviewSchema = z.object({
  action: approvalActionSchema,
  inForce: policyVersionSchema.nullable(),
  /** The latest version (may be scheduled later than the one in force): the proposal's base. */
  latest: policyVersionSchema.nullable(),
  proposed: z.object({
    version: z.number().int(),
    effectiveFrom: effectiveFrom,
    tiers: z.array(approvalTierSchema),
  }),
  payload: policyChangePayload,
});
export type PolicyChangePreview = z.infer<typeof policyChangePreviewSchema>;

// ---------- Client money limits ----------

const limitAmount = z.string().regex(/^\d{1,15}(\.\d{1,2})?$/, 'Enter a plain amount.');

/** The limits of one currency. `dailyWithdrawalCap` null: no cap. */
export const moneyLimitRowSchema = z.object({
  currency: moneyCurrency,
  minDeposit: limitAmount,
  minWithdrawal: limitAmount,
  dailyWithdrawalCap: limitAmount.nullable(),
});
export type MoneyLimitRow = z.infer<typeof moneyLimitRowSchema>;

/** A version of the limits. Version 0 is the server's configuration (before any was published). */
export const moneyLimitsVersionSchema = z.object({
  version: z.number().int().min(0),
  /** null: version 0, in force from the start. */
  effectiveFrom: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  approvedBy: z.number().int().nullable(),
  limits: z.array(moneyLimitRowSchema),
});
export type MoneyLimitsVersion = z.infer<typeof moneyLimitsVersionSchema>;

/** GET /ops/v1/limits: the version in force and those scheduled after it. */
export const moneyLimitsOverviewSchema = z.object({
  inForce: moneyLimitsVersionSchema,
  scheduled: z.array(moneyLimitsVersionSchema),
});
export type MoneyLimitsOverview = z.infer<typeof moneyLimitsOverviewSchema>;

/** POST /ops/v1/limits/preview and /ops/v1/limits/request: a whole new version, every currency once. */
export const limitsProposalInput = z
  .object({
    effectiveFrom,
    limits: z.array(moneyLimitRowSchema).length(MONEY_CURRENCIES.length),
    /** The version the preview showed (the request repeats it): refused when another was made since. */
    baseVersion: z.number().int().min(0).optional(),
  })
  .superRefine((p, ctx) => {
    const seen = new Set(p.limits.map((l) => l.currency));
    if (seen.size !== MONEY_CURRENCIES.length)
      ctx.addIssue({ code: 'custom', path: ['limits'], message: 'Give the limits of every currency once.' });
    p.limits.forEach((l, i) => {
      if (
        l.dailyWithdrawalCap !== null &&
        decimalToCents(l.dailyWithdrawalCap) < decimalToCents(l.minWithdrawal)
      )
        ctx.addIssue({
          code: 'custom',
          path: ['limits', i, 'dailyWithdrawalCap'],
          message: `${l.currency}: the daily cap is below the minimum withdrawal.`,
        });
    });
  });
export type LimitsProposalInput = z.infer<typeof limitsProposalInput>;

/** The payload of the approval `limits.change`: the limits proposed and those they replace. */
export const limitsChangePayload = z.object({
  baseVersion: z.number().int().min(0),
  effectiveFrom,
  limits: z.array(moneyLimitRowSchema).length(MONEY_CURRENCIES.length),
  before: z.array(moneyLimitRowSchema),
  /** What changes, in words, for the checker's card (made by the server from the two lists). */
  summary: z.string().max(2000).optional(),
});
export type LimitsChangePayload = z.infer<typeof limitsChangePayload>;

/** One difference between the limits in force and those proposed. */
export const limitChangeSchema = z.object({
  currency: moneyCurrency,
  field: z.enum(['minDeposit', 'minWithdrawal', 'dailyWithdrawalCap']),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

export const limitsChangePreviewSchema = z.object({
  inForce: moneyLimitsVersionSchema,
  latest: moneyLimitsVersionSchema,
  proposed: z.object({
    version: z.number().int(),
    effectiveFrom,
    limits: z.array(moneyLimitRowSchema),
  }),
  /** What changes against the latest version (empty: the proposal changes nothing, refused). */
  changes: z.array(limitChangeSchema),
  payload: limitsChangePayload,
});
export type LimitsChangePreview = z.infer<typeof limitsChangePreviewSchema>;
