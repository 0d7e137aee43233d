// Bank-statement reconciliation (issue 23, decision 0059); the SQL (constraints, unique indexes)
// lives in migrations/0024_reconciliation.sql.
import { bigint, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LedgerCurrency } from './ledger';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const minor = (name: string) => bigint(name, { mode: 'bigint' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const bankStatements = pgTable('bank_statements', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  fileSha256: text('file_sha256').notNull().unique(),
  fileName: text('file_name'),
  currency: text('currency').$type<LedgerCurrency>().notNull(),
  lineCount: integer('line_count').notNull(),
  creditTotalMinor: minor('credit_total_minor').notNull(),
  debitTotalMinor: minor('debit_total_minor').notNull(),
  firstDate: date('first_date', { mode: 'string' }).notNull(),
  lastDate: date('last_date', { mode: 'string' }).notNull(),
  importedAt: ts('imported_at').notNull(),
  importedBy: text('imported_by').notNull(),
  importedByStaffId: id('imported_by_staff_id'),
});

export const BANK_LINE_STATUSES = ['open', 'confirmed', 'duplicate'] as const;

export const bankStatementLines = pgTable('bank_statement_lines', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  statementId: id('statement_id').notNull(),
  lineNo: integer('line_no').notNull(),
  postedOn: date('posted_on', { mode: 'string' }).notNull(),
  description: text('description').notNull(),
  reference: text('reference').notNull(),
  amountMinor: minor('amount_minor').notNull(),
  balanceMinor: minor('balance_minor').notNull(),
  bankLineKey: text('bank_line_key').notNull(),
  duplicateOfLineId: id('duplicate_of_line_id'),
  status: text('status', { enum: BANK_LINE_STATUSES }).notNull().default('open'),
  depositId: id('deposit_id'),
  confirmedAt: ts('confirmed_at'),
  confirmedBy: text('confirmed_by'),
});
