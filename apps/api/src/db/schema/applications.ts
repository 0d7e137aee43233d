// Applications (issue 14): trial bonus, compensation, loan; SQL in migrations/0015_applications.sql.
import {
  bigint,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const minor = (name: string) => bigint(name, { mode: 'bigint' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const APPLICATION_ENTRY_KINDS = [
  'bonus_credit',
  'bonus_reclaim',
  'compensation_credit',
  'loan_disbursement',
] as const;
export type ApplicationEntryKind = (typeof APPLICATION_ENTRY_KINDS)[number];

/** The trial terms as the client accepted them (kept with the application). */
export interface TrialTerms {
  version: string;
  validDays: number;
  conditions: string[];
}

export const applications = pgTable('applications', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  reference: text('reference').notNull(),
  clientId: id('client_id').notNull(),
  type: text('type', { enum: ['trial', 'compensation', 'loan'] }).notNull(),
  status: text('status', {
    enum: ['pending', 'approved', 'rejected', 'active', 'expired', 'forfeited'],
  }).notNull(),
  accountId: id('account_id').notNull(),
  currency: text('currency', { enum: ['ZAR', 'USD', 'EUR', 'GBP', 'INR'] }).notNull(),
  amountMinor: minor('amount_minor').notNull(),
  reason: text('reason').notNull().default(''),
  relatedReference: text('related_reference'),
  terms: jsonb('terms').$type<TrialTerms>(),
  expiresAt: ts('expires_at'),
  reclaimedMinor: minor('reclaimed_minor').notNull().default(0n),
  termMonths: integer('term_months'),
  annualRateBp: integer('annual_rate_bp'),
  instalmentMinor: minor('instalment_minor'),
  totalRepayableMinor: minor('total_repayable_minor'),
  monthlyIncomeMinor: minor('monthly_income_minor'),
  monthlyExpensesMinor: minor('monthly_expenses_minor'),
  decisionReason: text('decision_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
  decidedBy: text('decided_by'),
});

export const applicationEvidence = pgTable(
  'application_evidence',
  {
    applicationId: id('application_id').notNull(),
    uploadId: uuid('upload_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.uploadId] })],
);

export const applicationEntries = pgTable('application_entries', {
  entryId: id('entry_id').primaryKey(),
  applicationId: id('application_id').notNull(),
  kind: text('kind', { enum: APPLICATION_ENTRY_KINDS }).notNull(),
  amountMinor: minor('amount_minor').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const loanInstalments = pgTable(
  'loan_instalments',
  {
    applicationId: id('application_id').notNull(),
    seq: integer('seq').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    instalmentMinor: minor('instalment_minor').notNull(),
    principalMinor: minor('principal_minor').notNull(),
    interestMinor: minor('interest_minor').notNull(),
    balanceAfterMinor: minor('balance_after_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.seq] })],
);
