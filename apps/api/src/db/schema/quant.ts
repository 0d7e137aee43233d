// Structured products (issue 13); SQL (checks, the house purpose) in migrations/0014_quant.sql.
import { bigint, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Kid } from '@imali/contract';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const minor = (name: string) => bigint(name, { mode: 'bigint' });
const id = (name: string) => bigint(name, { mode: 'number' });
const pct = (name: string) => numeric(name, { precision: 8, scale: 4 });

export const STRUCTURED_STATES = ['subscription', 'running', 'matured'] as const;

export const structuredProducts = pgTable('structured_products', {
  offeringId: id('offering_id').primaryKey(),
  startAt: ts('start_at').notNull(),
  maturityAt: ts('maturity_at').notNull(),
  protectionPct: pct('protection_pct').notNull(),
  participationPct: pct('participation_pct').notNull(),
  capPct: pct('cap_pct'),
  minAmountMinor: minor('min_amount_minor').notNull(),
  maxAmountMinor: minor('max_amount_minor').notNull(),
  entryFeePct: pct('entry_fee_pct').notNull().default('0'),
  earlyExit: text('early_exit', { enum: ['none', 'daily'] }).notNull(),
  earlyExitCostPct: pct('early_exit_cost_pct').notNull().default('0'),
  kid: jsonb('kid').$type<Kid>().notNull(),
  state: text('state', { enum: STRUCTURED_STATES }).notNull().default('subscription'),
  startLevel: numeric('start_level', { precision: 20, scale: 6 }),
  startedAt: ts('started_at'),
  finalLevel: numeric('final_level', { precision: 20, scale: 6 }),
  maturedAt: ts('matured_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
