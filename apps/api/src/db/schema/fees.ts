// Fee schedules as approved data (issue 23, decision 0063); the SQL (keys, the append-only
// trigger) lives in migrations/0031_fee_schedule_versions.sql. The repository writes it with plain
// SQL; the definition names the table for the owners' check.
import { bigint, bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const feeScheduleVersions = pgTable('fee_schedule_versions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  country: text('country').notNull(),
  version: text('version').notNull().unique(),
  schedule: jsonb('schedule').notNull(),
  effectiveFrom: ts('effective_from').notNull(),
  makerStaffId: id('maker_staff_id').notNull(),
  approverStaffId: id('approver_staff_id').notNull(),
  approvalRequestId: id('approval_request_id'),
  createdAt: ts('created_at').notNull(),
});
