// Fund tables (issue 13 section 2); their SQL (checks, indexes, the append-only NAV trigger)
// lives in migrations/0013_funds.sql. NAVs in cents per unit, units to 4 decimals, money in minor
// units (cents), as exact numeric text.
import { bigint, date, numeric, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const minor = (name: string) => bigint(name, { mode: 'bigint' });
const id = (name: string) => bigint(name, { mode: 'number' });
const percent = (name: string) => numeric(name, { precision: 6, scale: 4 });
const cents = (name: string) => numeric(name, { precision: 20, scale: 2 });
const day = (name: string) => date(name, { mode: 'string' });

export const FUND_DISTRIBUTION_POLICIES = ['accumulating', 'distributing'] as const;

export const fundTerms = pgTable('fund_terms', {
  offeringId: id('offering_id').primaryKey(),
  code: text('code').notNull(),
  category: text('category').notNull(),
  benchmarkId: id('benchmark_id').notNull(),
  riskProfile: smallint('risk_profile').notNull(),
  terPercent: percent('ter_percent').notNull(),
  transactionCostsPercent: percent('transaction_costs_percent').notNull(),
  platformFeePercent: percent('platform_fee_percent').notNull(),
  minInvestmentMinor: minor('min_investment_minor').notNull(),
  cutoffMinute: smallint('cutoff_minute').notNull().default(840),
  valuationMinute: smallint('valuation_minute').notNull().default(900),
  distributionPolicy: text('distribution_policy', { enum: FUND_DISTRIBUTION_POLICIES }).notNull(),
  launchDay: day('launch_day').notNull(),
  launchNav: cents('launch_nav').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const fundNavs = pgTable('fund_navs', {
  offeringId: id('offering_id').notNull(),
  day: day('day').notNull(),
  nav: cents('nav').notNull(),
  struckAt: ts('struck_at').notNull(),
});

export const fundOrders = pgTable('fund_orders', {
  orderId: id('order_id').primaryKey(),
  offeringId: id('offering_id').notNull(),
  amountMinor: minor('amount_minor').notNull(),
  valuationDay: day('valuation_day').notNull(),
  units: numeric('units', { precision: 20, scale: 4 }),
  nav: cents('nav'),
  refundMinor: minor('refund_minor'),
  valuedAt: ts('valued_at'),
  redemptionRequestedAt: ts('redemption_requested_at'),
  redemptionDay: day('redemption_day'),
  redemptionNav: cents('redemption_nav'),
  redeemedAt: ts('redeemed_at'),
});
