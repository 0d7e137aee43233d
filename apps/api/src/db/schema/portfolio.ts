// Portfolio tables (issue 14); the SQL (triggers that keep them) lives in migrations/0016_portfolio.sql.
import { bigint, date, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { COST_BASIS_METHODS } from '@imali/contract';

const minor = (name: string) => bigint(name, { mode: 'bigint' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const PORTFOLIO_PRODUCT_VALUES = ['stock', 'fund', 'quant'] as const;

export const portfolioPositions = pgTable(
  'portfolio_positions',
  {
    accountId: id('account_id').notNull(),
    product: text('product', { enum: PORTFOLIO_PRODUCT_VALUES }).notNull(),
    instrumentId: id('instrument_id').notNull(),
    /** The offering of a fund or structured product; 0 for shares (one position per instrument). */
    offeringKey: id('offering_key').notNull(),
    quantity: numeric('quantity', { precision: 20, scale: 6 }).notNull(),
    costMinor: minor('cost_minor').notNull(),
    /** The method the position was opened with; kept until it is empty (migration 0017). */
    costBasisMethod: text('cost_basis_method', { enum: COST_BASIS_METHODS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.product, t.instrumentId, t.offeringKey] })],
);

export const portfolioStats = pgTable(
  'portfolio_stats',
  {
    accountId: id('account_id').notNull(),
    product: text('product', { enum: PORTFOLIO_PRODUCT_VALUES }).notNull(),
    investedMinor: minor('invested_minor').notNull(),
    returnedMinor: minor('returned_minor').notNull(),
    realisedProfitMinor: minor('realised_profit_minor').notNull(),
    soldCount: integer('sold_count').notNull(),
    /** Orders executed (holding or sold), kept by a trigger on orders (migration 0018). */
    executedCount: integer('executed_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.product] })],
);

export const portfolioDaily = pgTable(
  'portfolio_daily',
  {
    accountId: id('account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    cashMinor: minor('cash_minor').notNull(),
    marketValueMinor: minor('market_value_minor').notNull(),
    netFlowMinor: minor('net_flow_minor').notNull(),
    twrIndex: numeric('twr_index', { precision: 30, scale: 12 }).notNull(),
    cumFlowMinor: minor('cum_flow_minor').notNull(),
    cumDayFlow: numeric('cum_day_flow', { precision: 30, scale: 0 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

/** FIFO positions' open lots, oldest first (migration 0017; kept by the movement trigger). */
export const costLots = pgTable('cost_lots', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  accountId: id('account_id').notNull(),
  product: text('product', { enum: PORTFOLIO_PRODUCT_VALUES }).notNull(),
  instrumentId: id('instrument_id').notNull(),
  offeringKey: id('offering_key').notNull(),
  orderId: id('order_id').notNull(),
  movementId: id('movement_id').notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true, mode: 'date' }).notNull(),
  quantity: numeric('quantity', { precision: 20, scale: 6 }).notNull(),
  costMinor: minor('cost_minor').notNull(),
});
