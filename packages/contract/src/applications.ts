import { z } from 'zod';
import { documented } from './json-schema-hints';
import { amountString, idField, moneyCurrency } from './ledger';
import { plainDecimal } from './numbers';

/**
 * Applications (issue 14): a trial bonus, a compensation claim and a loan, each behind its client
 * flag (allow_bonus, allow_compensation, allow_loan; a hidden panel's endpoints answer 403).
 * POST /api/client/app/v1/application takes a body discriminated by `type` (Idempotency-Key);
 * GET /api/client/app/v1/application lists the client's own applications with statuses and the
 * reason of a decision. Amounts are decimal strings, as everywhere in the money contract.
 */

export const APPLICATION_TYPES = ['trial', 'compensation', 'loan'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

/** trial: active → expired | forfeited; compensation and loan: pending → approved | rejected. */
export const APPLICATION_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'active',
  'expired',
  'forfeited',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const ApplicationMessages = {
  trialNotAllowed: 'The trial bonus is not available on your account.',
  compensationNotAllowed: 'Compensation applications are not available on your account.',
  loanNotAllowed: 'Loan applications are not available on your account.',
  trialTaken: 'You have already accepted the trial bonus.',
  trialTermsChanged: 'The trial bonus terms have changed. Please read them again.',
  evidenceInvalid: 'Evidence must be files you uploaded here (images or PDF).',
  loanUnaffordable: 'The monthly instalment is more than you can afford on the income and expenses given.',
  /** More pending loan applications than LOAN_MAX_PENDING (1 by default) would be open. */
  loanPendingLimit: (max: number) =>
    max === 1
      ? 'You already have a loan application waiting for a decision. You can apply for another once it is decided.'
      : `You already have ${max} loan applications waiting for a decision. You can apply for another once one is decided.`,
  /** Affordability adds up instalments against one stated income, so in one currency. */
  loanOtherCurrency: (currency: string) =>
    `Your other loans are in ${currency}. Apply in ${currency} too, so that all your instalments are judged against one income.`,
  bonusNotWithdrawable:
    'Trial bonus money can be invested but not withdrawn or transferred. Your withdrawable balance is lower.',
  applicationNotFound: 'Application not found.',
  notPending: 'This application has already been decided.',
  submitted: 'Application submitted.',
  trialAccepted: 'Trial bonus credited.',
} as const;

/** Free text the client types (a reason, a purpose), trimmed and bounded. */
const reasonText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(3, `${label} must be at least 3 characters`)
    .max(max, `${label} must be at most ${max} characters`);

/** An uploaded file's address as /client/app/v1/image answers it ('/api/files/<uuid>'). */
const evidenceUrl = z.string().trim().min(1, 'Upload a file');

export const trialApplicationBody = z.object({
  type: z.literal('trial'),
  /** The version of the terms the client read (GET …/application/trial_offer); must be current. */
  terms_version: z.string().trim().min(1, 'Read the terms first'),
  accept_terms: z.literal(true, { error: 'Accept the terms to continue' }),
});

export const compensationApplicationBody = z.object({
  type: z.literal('compensation'),
  account_id: idField('Choose an account'),
  amount: amountString,
  reason: reasonText('Reason', 1000),
  /** The order or transaction the claim is about: an order id or a reference such as WDR-…. */
  related_reference: z
    .string({ error: 'Related order or transaction is required' })
    .trim()
    .min(1, 'Related order or transaction is required')
    .max(64, 'Related order or transaction must be at most 64 characters'),
  evidence_urls: z
    .array(evidenceUrl, { error: 'Upload at least one evidence file' })
    .min(1, 'Upload at least one evidence file')
    .max(3, 'Upload at most 3 evidence files'),
});

/** A monthly figure as plain decimal text ('1500', '1500.00'): zero or more, at most 2 decimals. */
const incomeString = plainDecimal(2, 'Enter an amount (0 or more, at most 2 decimals)', 12);

export const LOAN_TERMS_MONTHS = { min: 3, max: 24 } as const;

export const loanFields = z.object({
  account_id: idField('Choose an account'),
  amount: amountString,
  /** A JSON number (text such as "12" or "0x10" is refused: numbers.ts). */
  term_months: documented(
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? 'Enter the term in months' : 'The term is a whole number of months',
      })
      .refine((n) => Number.isSafeInteger(n) && !Object.is(n, -0), 'The term is a whole number of months')
      .refine((n) => n >= LOAN_TERMS_MONTHS.min, `The term is at least ${LOAN_TERMS_MONTHS.min} months`)
      .refine((n) => n <= LOAN_TERMS_MONTHS.max, `The term is at most ${LOAN_TERMS_MONTHS.max} months`),
    { type: 'integer', minimum: LOAN_TERMS_MONTHS.min, maximum: LOAN_TERMS_MONTHS.max },
  ),
  purpose: reasonText('Purpose', 500),
  monthly_income: incomeString,
  monthly_expenses: incomeString,
});
export type LoanFields = z.input<typeof loanFields>;

export const loanApplicationBody = loanFields.extend({ type: z.literal('loan') });

export const applicationBody = z.discriminatedUnion('type', [
  trialApplicationBody,
  compensationApplicationBody,
  loanApplicationBody,
]);
export type ApplicationBody = z.input<typeof applicationBody>;

/** POST /api/client/app/v1/application/loan_preview: the same fields, nothing written. */
export const loanPreviewBody = loanFields;

export const loanInstalment = z.object({
  seq: z.number().int(),
  /** Due date (YYYY-MM-DD); a preview counts from today, an approved loan from its approval. */
  due_on: z.string(),
  instalment: z.string(),
  principal: z.string(),
  interest: z.string(),
  balance_after: z.string(),
});
export type LoanInstalment = z.infer<typeof loanInstalment>;

/** The cost of credit and affordability, shown before a loan is submitted. */
export const loanQuote = z.object({
  currency: moneyCurrency,
  amount: z.string(),
  term_months: z.number().int(),
  /** Fixed nominal annual interest rate, percent ('18.00'), charged monthly on the balance. */
  annual_rate: z.string(),
  instalment: z.string(),
  total_repayable: z.string(),
  /** total_repayable − amount: everything the loan costs (there are no fees). */
  total_cost_of_credit: z.string(),
  affordability: z.object({
    monthly_income: z.string(),
    monthly_expenses: z.string(),
    /** Income − expenses. */
    disposable_income: z.string(),
    /**
     * The monthly instalments of the client's other loans (pending, or approved and still
     * running), counted with this one's against the disposable income; '0.00' when none.
     */
    other_loans_instalments: z.string(),
    /** The most an instalment may take of the disposable income, percent. */
    max_share: z.string(),
    /**
     * (instalment + other loans' instalments) ÷ disposable income, percent to 2 decimals ('--' when
     * nothing is disposable).
     */
    instalment_share: z.string(),
    affordable: z.boolean(),
    summary: z.string(),
  }),
  schedule: z.array(loanInstalment),
});
export type LoanQuote = z.infer<typeof loanQuote>;

/** GET /api/client/app/v1/application/trial_offer: the whole terms, shown before accepting. */
export const trialOffer = z.object({
  version: z.string(),
  currency: moneyCurrency,
  amount: z.string(),
  valid_days: z.number().int(),
  /** When the bonus would expire if accepted now. */
  expires_at: z.string(),
  conditions: z.array(z.string()),
  /** Whether the client has already accepted one (one trial bonus per client). */
  taken: z.boolean(),
});
export type TrialOffer = z.infer<typeof trialOffer>;

export const application = z.object({
  id: z.number().int(),
  reference: z.string(),
  type: z.enum(APPLICATION_TYPES),
  status: z.enum(APPLICATION_STATUSES),
  account_id: z.number().int(),
  currency: moneyCurrency,
  /** Bonus granted, compensation claimed, or loan principal. */
  amount: z.string(),
  /** The client's reason (compensation) or purpose (loan); '' for a trial. */
  reason: z.string(),
  related_reference: z.string().nullable(),
  evidence_urls: z.array(z.string()),
  /** Why an operator rejected it, or forfeited a bonus: the client sees it. */
  decision_reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  trial: z
    .object({
      expires_at: z.string(),
      conditions: z.array(z.string()),
      reclaimed: z.string(),
      /** Bonus still counted in the balance and so not withdrawable (amount − reclaimed). */
      not_withdrawable: z.string(),
    })
    .nullable(),
  loan: z
    .object({
      term_months: z.number().int(),
      annual_rate: z.string(),
      instalment: z.string(),
      total_repayable: z.string(),
      total_cost_of_credit: z.string(),
      /** Stored on approval; a pending or rejected loan has none. */
      schedule: z.array(loanInstalment),
    })
    .nullable(),
});
export type Application = z.infer<typeof application>;
