// Four-eyes approvals (issue 23, decision 0058); the SQL (constraints, the one-pending index, the
// maker <> checker check) lives in migrations/0023_approvals.sql.
import { bigint, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });
const minor = (name: string) => bigint(name, { mode: 'bigint' });

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'cancelled'] as const;

export const approvalPolicies = pgTable('approval_policies', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  action: text('action').notNull(),
  currency: text('currency'),
  minAmountMinor: minor('min_amount_minor').notNull(),
  checkersRequired: smallint('checkers_required').notNull(),
  checkerPermission: text('checker_permission').notNull(),
  effectiveFrom: ts('effective_from').notNull(),
  version: integer('version').notNull(),
  createdBy: id('created_by'),
  approvedBy: id('approved_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const approvalRequests = pgTable('approval_requests', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  action: text('action').notNull(),
  itemKey: text('item_key').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  payloadHash: text('payload_hash').notNull(),
  amountMinor: minor('amount_minor'),
  currency: text('currency'),
  makerStaffId: id('maker_staff_id').notNull(),
  policyId: id('policy_id').notNull(),
  policyVersion: integer('policy_version').notNull(),
  checkersRequired: smallint('checkers_required').notNull(),
  checkerPermission: text('checker_permission').notNull(),
  status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  decidedAt: ts('decided_at'),
  executedAt: ts('executed_at'),
  outcome: jsonb('outcome').$type<Record<string, unknown>>(),
});

export const approvalDecisions = pgTable('approval_decisions', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  requestId: id('request_id').notNull(),
  makerStaffId: id('maker_staff_id').notNull(),
  checkerStaffId: id('checker_staff_id').notNull(),
  decision: text('decision', { enum: ['approve', 'reject'] }).notNull(),
  reason: text('reason'),
  decidedAt: ts('decided_at').notNull(),
  stepUpHash: text('step_up_hash'),
});
