import { z } from 'zod';
import { APPLICATION_STATUSES, APPLICATION_TYPES } from './applications';

/**
 * The console's applications queue (issue 23): compensation claims with their evidence and the
 * order or transaction they are about, loans with the affordability figures and the client's other
 * loans, trial bonuses with their terms. Approving a claim or a loan is a payout and goes through
 * the amount tiers (compensation.payout / loan.payout, decision 0058).
 */
export const staffApplicationQuery = z.object({
  type: z.enum([...APPLICATION_TYPES, 'all']).optional(),
  /** Pending by default. */
  status: z.enum([...APPLICATION_STATUSES, 'all']).optional(),
});
export type StaffApplicationQuery = z.infer<typeof staffApplicationQuery>;

export const staffApplicationSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  type: z.enum(APPLICATION_TYPES),
  status: z.enum(APPLICATION_STATUSES),
  clientId: z.number().int(),
  mobile: z.string(),
  accountId: z.number().int(),
  currency: z.string(),
  amount: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  compensation: z
    .object({
      relatedReference: z.string().nullable(),
      /** The client's order or money movement the claim is about (null: none found any more). */
      related: z
        .object({
          kind: z.enum(['order', 'deposit', 'withdrawal', 'entry']),
          id: z.number().int(),
          reference: z.string(),
          status: z.string().nullable(),
          description: z.string(),
          createdAt: z.string(),
        })
        .nullable(),
      /** The evidence images: their upload ids and the ops file route that serves them. */
      evidence: z.array(z.object({ uploadId: z.string(), url: z.string() })),
    })
    .nullable(),
  loan: z
    .object({
      termMonths: z.number().int(),
      annualRate: z.string(),
      instalment: z.string(),
      totalRepayable: z.string(),
      totalCostOfCredit: z.string(),
      monthlyIncome: z.string().nullable(),
      monthlyExpenses: z.string().nullable(),
      disposableIncome: z.string().nullable(),
      /** The instalment as a percentage of the disposable income (null: none disposable). */
      instalmentSharePercent: z.string().nullable(),
      /** The client's other loans (any status), newest first. */
      otherLoans: z.array(
        z.object({
          id: z.number().int(),
          reference: z.string(),
          status: z.string(),
          currency: z.string(),
          amount: z.string(),
          instalment: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
    })
    .nullable(),
  trial: z
    .object({
      termsVersion: z.string().nullable(),
      validDays: z.number().int().nullable(),
      conditions: z.array(z.string()),
      expiresAt: z.string().nullable(),
      reclaimed: z.string(),
    })
    .nullable(),
  /** The tier that applies to approving it: how many checkers (0: the maker alone; null: a trial). */
  checkersRequired: z.number().int().nullable(),
  /** The approval request waiting for it, if any. */
  pendingApprovalId: z.number().int().nullable(),
});
export type StaffApplication = z.infer<typeof staffApplicationSchema>;

/** POST /ops/v1/applications/:id/reject: the reason the client sees. */
export const rejectApplicationInput = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, 'A reason is required.')
      .max(500, 'Keep the reason under 500 characters.'),
  })
  .strict();
export type RejectApplicationInput = z.infer<typeof rejectApplicationInput>;

/**
 * POST /ops/v1/ledger/adjustments: a manual correction of a client's cash account, always approved
 * by a second staff user (ledger.adjust). `amount` is signed decimal text in the account's
 * currency: + credits the client, − debits them.
 */
export const ledgerAdjustmentInput = z
  .object({
    accountId: z.number().int().positive(),
    amount: z.string().regex(/^-?\d{1,15}(\.\d{1,2})?$/, 'A signed amount, e.g. 150.00 or -20.50.'),
    reason: z.string().trim().min(3, 'Say why (3 characters or more).').max(500),
    reference: z.string().trim().min(1, 'A reference is required.').max(100),
  })
  .strict();
export type LedgerAdjustmentInput = z.infer<typeof ledgerAdjustmentInput>;
