// Trading tables (issue 12); their SQL (checks, indexes, the append-only trigger) lives in
// migrations/0011_trading.sql. Money in minor units of the row's currency, prices in the
// instrument's quote unit and quantities in shares, as exact numeric text.
import {
  bigint,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { COST_BASIS_METHODS } from '@imali/contract';
import type { LedgerCurrency } from './ledger';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const minor = (name: string) => bigint(name, { mode: 'bigint' });
const id = (name: string) => bigint(name, { mode: 'number' });
const decimal = (name: string) => numeric(name, { precision: 20, scale: 6 });

export const OFFERING_DTYPES = ['fo', 'otc', 'ipo', 'fund', 'quant'] as const;
export const OFFERING_STATUSES = ['upcoming', 'open', 'closed', 'settled'] as const;
export const ORDER_TTYPES = ['standard', 'fo', 'otc', 'ipo', 'fund', 'quant'] as const;
export const ORDER_STATUSES = ['pending', 'awaiting', 'holding', 'sold', 'rejected', 'listing'] as const;

/** A key-facts line as stored (the API's key_facts). */
export interface StoredKeyFact {
  key: string;
  label: string;
  text: string;
}

/** A fee breakdown as stored on an order side: the schedule's itemised charges in minor units. */
export interface StoredFees {
  schedule: string;
  items: { code: string; label: string; bucket: 'brokerage' | 'stt' | 'txn' | 'gst'; amountMinor: string }[];
}

export const offerings = pgTable('offerings', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  dtype: text('dtype', { enum: OFFERING_DTYPES }).notNull(),
  name: text('name').notNull(),
  instrumentId: id('instrument_id').notNull(),
  currency: text('currency').$type<LedgerCurrency>().notNull(),
  status: text('status', { enum: OFFERING_STATUSES }).notNull().default('upcoming'),
  opensAt: ts('opens_at').notNull(),
  closesAt: ts('closes_at').notNull(),
  minQuantity: decimal('min_quantity').notNull(),
  maxQuantity: decimal('max_quantity').notNull(),
  hot: boolean('hot').notNull().default(false),
  termDays: integer('term_days'),
  blockPrice: decimal('block_price'),
  blockSize: decimal('block_size'),
  allocationRule: text('allocation_rule', { enum: ['pro_rata', 'lottery'] }),
  keyFacts: jsonb('key_facts').$type<StoredKeyFact[]>().notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  settledAt: ts('settled_at'),
});

export const quotes = pgTable('quotes', {
  id: uuid('id').primaryKey(),
  clientId: id('client_id').notNull(),
  instrumentId: id('instrument_id').notNull(),
  price: decimal('price').notNull(),
  tradable: boolean('tradable').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  orderId: id('order_id'),
});

export const orders = pgTable('orders', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  reference: text('reference').notNull().unique(),
  clientId: id('client_id').notNull(),
  accountId: id('account_id').notNull(),
  offeringId: id('offering_id'),
  instrumentId: id('instrument_id').notNull(),
  ttype: text('ttype', { enum: ORDER_TTYPES }).notNull(),
  status: text('status', { enum: ORDER_STATUSES }).notNull(),
  currency: text('currency').$type<LedgerCurrency>().notNull(),
  requestedQuantity: decimal('requested_quantity').notNull(),
  quantity: decimal('quantity').notNull().default('0'),
  buyPrice: decimal('buy_price').notNull(),
  buyQuoteId: uuid('buy_quote_id'),
  buyConsiderationMinor: minor('buy_consideration_minor').notNull().default(0n),
  buyFeesMinor: minor('buy_fees_minor').notNull().default(0n),
  buyFees: jsonb('buy_fees').$type<StoredFees>(),
  feeSchedule: text('fee_schedule').notNull(),
  /** Funds held for the order while it awaits (otc allocation); 0 once executed or rejected. */
  heldMinor: minor('held_minor').notNull().default(0n),
  sellPrice: decimal('sell_price'),
  quotedSellPrice: decimal('quoted_sell_price'),
  sellQuoteId: uuid('sell_quote_id'),
  sellConsiderationMinor: minor('sell_consideration_minor'),
  sellFeesMinor: minor('sell_fees_minor'),
  sellFees: jsonb('sell_fees').$type<StoredFees>(),
  lockedUntil: ts('locked_until'),
  orderTime: ts('order_time').notNull(),
  executionTime: ts('execution_time'),
  settlementTime: ts('settlement_time'),
  soldAt: ts('sold_at'),
  buyEntryId: id('buy_entry_id'),
  sellEntryId: id('sell_entry_id'),
  /** Sold: the cost the sale relieved under the position's method (migration 0017); null before it. */
  costBasisMinor: minor('cost_basis_minor'),
  costBasisMethod: text('cost_basis_method', { enum: COST_BASIS_METHODS }),
  reason: text('reason'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const positionMovements = pgTable('position_movements', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  orderId: id('order_id').notNull(),
  clientId: id('client_id').notNull(),
  instrumentId: id('instrument_id').notNull(),
  quantityDelta: decimal('quantity_delta').notNull(),
  entryId: id('entry_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** A sale's relieved cost, decided by the cost-basis module (migration 0019); null for buys. */
  costMinor: minor('cost_minor'),
});
