import { z } from 'zod';
import { staffPermissionSchema } from './staff';

/**
 * Four-eyes approvals of the operator console (issue 23, decision 0058). An approval request keeps
 * the action, its canonical payload and that payload's SHA-256, the maker, the policy (amount
 * tier) that applied and its version; checkers approve or reject it from their inbox, each with a
 * fresh step-up code. Money on the wire is decimal text (`amount`) with its currency.
 */

/** Every action that may need a second pair of eyes, as named in `approval_policies.action`. */
export const APPROVAL_ACTIONS = [
  'withdrawal.pay',
  'compensation.payout',
  'loan.payout',
  'ledger.adjust',
  'ipo.allot',
  'fund.nav_strike',
  'quant.start',
  'quant.mature',
  'offering.settle',
  'fx.rate_publish',
  'fees.change',
  'limits.change',
  'policy.change',
] as const;
export const approvalActionSchema = z.enum(APPROVAL_ACTIONS);
export type ApprovalAction = z.infer<typeof approvalActionSchema>;

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'cancelled'] as const;
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

export const approvalDecisionSchema = z.object({
  checkerStaffId: z.number().int(),
  decision: z.enum(['approve', 'reject']),
  reason: z.string().nullable(),
  decidedAt: z.string(),
});
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

export const approvalRequestSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  itemKey: z.string(),
  /** The payload as executed (canonical JSON, parsed). */
  payload: z.record(z.string(), z.unknown()),
  /** SHA-256 (hex) of the payload's RFC 8785 canonical JSON: the approve call repeats it. */
  payloadHash: z.string(),
  /** Decimal text in `currency`, or null for an action without an amount. */
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  makerStaffId: z.number().int(),
  /**
   * The maker's email and display name (from staff_users), so a checker sees who asked: given by
   * the approvals list and detail (GET /ops/v1/approvals, /approvals/:id); absent elsewhere.
   */
  makerEmail: z.string().nullable().optional(),
  makerName: z.string().nullable().optional(),
  policyId: z.number().int(),
  policyVersion: z.number().int(),
  checkersRequired: z.number().int(),
  checkerPermission: z.string(),
  status: approvalStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  executedAt: z.string().nullable(),
  outcome: z.record(z.string(), z.unknown()).nullable(),
  decisions: z.array(approvalDecisionSchema),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/**
 * What asking for an action answers: done at once (the tier needs no checker: 200 with the
 * result) or waiting for approval (202 with the request).
 */
export const approvalOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('executed'), result: z.unknown() }),
  z.object({ status: z.literal('pending'), request: approvalRequestSchema }),
]);
export type ApprovalOutcome = z.infer<typeof approvalOutcomeSchema>;

const reasonText = z
  .string()
  .trim()
  .min(1, 'A reason is required.')
  .max(500, 'Keep the reason under 500 characters.');

/**
 * POST /ops/v1/approvals/:id/approve. The body repeats the hash of the payload the checker saw, so
 * the step-up code (bound to this exact request: method, path and body) approves that payload and
 * no other.
 */
export const approveApprovalInput = z.object({
  payloadHash: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid payload hash.'),
});
export type ApproveApprovalInput = z.infer<typeof approveApprovalInput>;

/** POST /ops/v1/approvals/:id/reject. */
export const rejectApprovalInput = z.object({ reason: reasonText });
export type RejectApprovalInput = z.infer<typeof rejectApprovalInput>;

/** POST /ops/v1/withdrawals/:id/reject: the reason the client sees. */
export const rejectWithdrawalInput = z.object({ reason: reasonText });
export type RejectWithdrawalInput = z.infer<typeof rejectWithdrawalInput>;

/** GET /ops/v1/approvals: the checker's inbox (pending, not made by me, a permission I hold). */
export const approvalInboxQuery = z.object({
  scope: z.enum(['inbox', 'mine', 'all']).default('inbox'),
  status: approvalStatusSchema.optional(),
});

/** One amount tier of a policy. `minAmount`: decimal text; the tier applies from it (inclusive). */
export const approvalTierSchema = z.object({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
  minAmount: z.string().regex(/^\d{1,15}(\.\d{1,2})?$/, 'Enter a plain amount.'),
  checkersRequired: z.number().int().min(0).max(2),
  checkerPermission: staffPermissionSchema,
});
export type ApprovalTier = z.infer<typeof approvalTierSchema>;

/** The payload of action `policy.change`: a whole new version of one action's tiers. */
export const policyChangeInput = z.object({
  action: approvalActionSchema,
  effectiveFrom: z.iso.datetime(),
  tiers: z.array(approvalTierSchema).min(1).max(20),
});
export type PolicyChangeInput = z.infer<typeof policyChangeInput>;

export const approvalPolicySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  currency: z.string().nullable(),
  minAmount: z.string(),
  checkersRequired: z.number().int(),
  checkerPermission: z.string(),
  effectiveFrom: z.string(),
  version: z.number().int(),
  createdBy: z.number().int().nullable(),
  approvedBy: z.number().int().nullable(),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;

// ---------- Withdrawals (staff) ----------

/** POST /ops/v1/withdrawals/:id/pay: the bank's reference of the payment sent. */
export const payWithdrawalInput = z.object({
  paymentReference: z
    .string()
    .trim()
    .min(1, 'Enter the payment reference.')
    .max(100, 'Keep the payment reference under 100 characters.'),
});
export type PayWithdrawalInput = z.infer<typeof payWithdrawalInput>;

export const staffWithdrawalQuery = z.object({
  status: z.enum(['pending', 'paid', 'rejected', 'all']).default('pending'),
});

/** A withdrawal as the payouts queue shows it: with the client's balance, card, history and flags. */
export const staffWithdrawalSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  clientId: z.number().int(),
  accountId: z.number().int(),
  currency: z.string(),
  amount: z.string(),
  status: z.enum(['pending', 'paid', 'rejected']),
  reason: z.string().nullable(),
  paymentReference: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  bankCard: z.object({
    id: z.number().int(),
    bankName: z.string(),
    cardNo: z.string(),
    holderName: z.string(),
  }),
  account: z.object({ balance: z.string(), held: z.string(), available: z.string() }),
  /** The client's latest withdrawals (this one included), newest first. */
  history: z.array(
    z.object({
      id: z.number().int(),
      amount: z.string(),
      currency: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Why a second look may be wanted, e.g. 'first_withdrawal', 'card_added_recently', 'needs_approval', 'withdrawals_blocked'. */
  flags: z.array(z.string()),
  /** The tier that applies: how many checkers paying it needs (0: the maker alone). */
  checkersRequired: z.number().int(),
  /** The approval request waiting for this withdrawal, if any. */
  pendingApprovalId: z.number().int().nullable(),
});
export type StaffWithdrawal = z.infer<typeof staffWithdrawalSchema>;
