// Ledger tables (issue 3); the SQL (constraints, triggers) lives in migrations/0002_ledger.sql and
// 0009_one_ledger.sql.
import {
  bigint,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const minor = (name: string) => bigint(name, { mode: 'bigint' });
const id = (name: string) => bigint(name, { mode: 'number' });

export type LedgerCurrency = 'ZAR' | 'USD' | 'EUR' | 'GBP' | 'INR';

/** What a house account is for (one per purpose and currency, created by the migrations). */
export const HOUSE_PURPOSES = [
  'bank_clearing',
  'fees',
  'fx',
  'securities_clearing',
  'fee_brokerage',
  'fee_stt',
  'fee_txn',
  'fee_vat',
  'bonus',
  'loans',
  // The structured-products book (0014_quant.sql): subscriptions in at the start, payoffs out.
  'structured_products',
  // Compensation paid to clients (0015_applications.sql): an expense of Imali.
  'compensation',
  // Manual ledger adjustments approved by a second staff user (0027_ledger_adjustments.sql).
  'adjustments',
] as const;
export type HousePurpose = (typeof HOUSE_PURPOSES)[number];

/** What a hold waits for. */
export const HOLD_PURPOSES = ['withdrawal', 'order', 'subscription'] as const;
export type HoldPurpose = (typeof HOLD_PURPOSES)[number];

export const accounts = pgTable('accounts', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind', { enum: ['client', 'house'] }).notNull(),
  purpose: text('purpose', { enum: ['cash', ...HOUSE_PURPOSES] }).notNull(),
  clientId: id('client_id'),
  currency: text('currency').$type<LedgerCurrency>().notNull(),
  balanceMinor: minor('balance_minor').notNull().default(0n),
  heldMinor: minor('held_minor').notNull().default(0n),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const journalEntries = pgTable('journal_entries', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind', { enum: ['deposit', 'withdrawal', 'transfer', 'adjustment', 'trade'] }).notNull(),
  description: text('description').notNull(),
  reference: text('reference').notNull(),
  clientId: id('client_id'),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** How many postings the entry has (≥ 2); checked at commit, after which it is closed. */
  postingCount: smallint('posting_count').notNull(),
});

export const postings = pgTable('postings', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  entryId: id('entry_id').notNull(),
  /** 1..entryLines: the posting's line in its entry. */
  lineNo: smallint('line_no').notNull(),
  /** The entry's posting_count (a foreign key with entry_id). */
  entryLines: smallint('entry_lines').notNull(),
  accountId: id('account_id').notNull(),
  currency: text('currency').$type<LedgerCurrency>().notNull(),
  amountMinor: minor('amount_minor').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    clientId: id('client_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.key] })],
);

export const bankCards = pgTable('bank_cards', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  clientId: id('client_id').notNull(),
  bankName: text('bank_name').notNull(),
  cardNo: text('card_no').notNull(),
  holderName: text('holder_name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

/** An operator's approval for a client to register a card number another client also holds. */
export const bankCardSharedApprovals = pgTable('bank_card_shared_approvals', {
  clientId: id('client_id').notNull(),
  cardNo: text('card_no').notNull(),
  approvedBy: text('approved_by').notNull(),
  reason: text('reason').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const deposits = pgTable('deposits', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  reference: text('reference').notNull().unique(),
  clientId: id('client_id').notNull(),
  accountId: id('account_id').notNull(),
  currency: text('currency').$type<LedgerCurrency>().notNull(),
  amountMinor: minor('amount_minor').notNull(),
  method: text('method', { enum: ['EFT'] }).notNull(),
  status: text('status', { enum: ['pending', 'confirmed', 'rejected'] })
    .notNull()
    .default('pending'),
  proofUploadId: uuid('proof_upload_id'),
  reason: text('reason'),
  entryId: id('entry_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
  decidedBy: text('decided_by'),
});

export const withdrawals = pgTable('withdrawals', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  reference: text('reference').notNull().unique(),
  clientId: id('client_id').notNull(),
  accountId: id('account_id').notNull(),
  currency: text('currency').$type<LedgerCurrency>().notNull(),
  amountMinor: minor('amount_minor').notNull(),
  bankCardId: id('bank_card_id').notNull(),
  bankName: text('bank_name').notNull(),
  cardNo: text('card_no').notNull(),
  holderName: text('holder_name').notNull(),
  status: text('status', { enum: ['pending', 'paid', 'rejected'] })
    .notNull()
    .default('pending'),
  reason: text('reason'),
  entryId: id('entry_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
  decidedBy: text('decided_by'),
  /** The bank's reference of the payment sent (migration 0023; null before issue 23). */
  paymentReference: text('payment_reference'),
});

/**
 * Funds reserved on a client account for what they wait for (`reference_type`/`reference_id`):
 * active, then captured (posted: `captured_minor` of it by entry `entry_id`, the rest released) or
 * released.
 */
export const holds = pgTable('holds', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  accountId: id('account_id').notNull(),
  purpose: text('purpose', { enum: HOLD_PURPOSES }).notNull(),
  referenceType: text('reference_type').notNull(),
  referenceId: id('reference_id').notNull(),
  amountMinor: minor('amount_minor').notNull(),
  status: text('status', { enum: ['active', 'captured', 'released'] })
    .notNull()
    .default('active'),
  capturedMinor: minor('captured_minor'),
  entryId: id('entry_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  settledAt: ts('settled_at'),
});

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    fromCurrency: text('from_currency').$type<LedgerCurrency>().notNull(),
    toCurrency: text('to_currency').$type<LedgerCurrency>().notNull(),
    rate: numeric('rate', { precision: 30, scale: 12 }).notNull(),
    midRate: numeric('mid_rate', { precision: 30, scale: 12 }).notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromCurrency, t.toCurrency] })],
);

export const transfers = pgTable('transfers', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  clientId: id('client_id').notNull(),
  entryId: id('entry_id').notNull(),
  fromAccountId: id('from_account_id').notNull(),
  toAccountId: id('to_account_id').notNull(),
  fromCurrency: text('from_currency').$type<LedgerCurrency>().notNull(),
  toCurrency: text('to_currency').$type<LedgerCurrency>().notNull(),
  amountMinor: minor('amount_minor').notNull(),
  convertedMinor: minor('converted_minor').notNull(),
  rate: numeric('rate', { precision: 30, scale: 12 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
