// Policies and client money limits as approved data (issue 23, decision 0063); the SQL (keys, the
// append-only triggers) lives in migrations/0028_policies_limits_as_data.sql. The repositories
// write these with plain SQL; the definitions name the tables for the owners' check.
import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });
const minor = (name: string) => bigint(name, { mode: 'bigint' });

/** One row per (action, version) of approval_policies: a version number is never used twice. */
export const approvalPolicyVersions = pgTable(
  'approval_policy_versions',
  {
    action: text('action').notNull(),
    version: integer('version').notNull(),
    approvalRequestId: id('approval_request_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.action, t.version] })],
);

export const moneyLimitVersions = pgTable('money_limit_versions', {
  version: integer('version').primaryKey(),
  effectiveFrom: ts('effective_from').notNull(),
  createdBy: id('created_by').notNull(),
  approvedBy: id('approved_by').notNull(),
  approvalRequestId: id('approval_request_id'),
  createdAt: ts('created_at').notNull(),
});

export const moneyLimits = pgTable(
  'money_limits',
  {
    version: integer('version').notNull(),
    currency: text('currency').notNull(),
    minDepositMinor: minor('min_deposit_minor').notNull(),
    minWithdrawalMinor: minor('min_withdrawal_minor').notNull(),
    dailyWithdrawalCapMinor: minor('daily_withdrawal_cap_minor'),
  },
  (t) => [primaryKey({ columns: [t.version, t.currency] })],
);
