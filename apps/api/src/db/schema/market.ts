// Market tables (issue 4); their SQL (checks, the version trigger, the seed) lives in
// migrations/0003_market.sql.
import {
  bigint,
  boolean,
  date,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const instruments = pgTable('instruments', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
  market: text('market', { enum: ['JSE', 'NYSE', 'NASDAQ', 'NSE'] }).notNull(),
  country: text('country', { enum: ['ZA', 'US', 'IN'] }).notNull(),
  currency: text('currency', { enum: ['ZAR', 'USD', 'INR'] }).notNull(),
  type: text('type', { enum: ['stock', 'indice'] }).notNull(),
  sector: text('sector').notNull().default(''),
  profile: text('profile').notNull().default(''),
  tradable: boolean('tradable').notNull().default(true),
  priceDecimals: smallint('price_decimals').notNull(),
  basePrice: numeric('base_price').notNull(),
  annualVolatility: numeric('annual_volatility').notNull(),
  annualDrift: numeric('annual_drift').notNull(),
  avgDailyVolume: bigint('avg_daily_volume', { mode: 'number' }).notNull().default(0),
  sharesOutstanding: bigint('shares_outstanding', { mode: 'number' }),
  /** Issue 13: 'pending' until an IPO lists it (not traded, searched or priced before then). */
  listingState: text('listing_state', { enum: ['pending', 'listed'] })
    .notNull()
    .default('listed'),
  /** The exchange trading day its simulated history starts on ('YYYY-MM-DD'); null: the universe's start. */
  listedOn: date('listed_on', { mode: 'string' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const marketSettings = pgTable('market_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const watchlistItems = pgTable(
  'watchlist_items',
  {
    clientId: id('client_id').notNull(),
    instrumentId: id('instrument_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.instrumentId] })],
);

export const newsArticles = pgTable('news_articles', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  country: text('country', { enum: ['ZA', 'US', 'IN'] }).notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  body: text('body').notNull(),
  symbols: text('symbols').array().notNull().default([]),
  source: text('source').notNull().default('Imali Markets Desk'),
  publishedAt: ts('published_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Declared exchange closures and early closes (issue 22, decision 0055; migration 0020). */
export const exchangeClosures = pgTable('exchange_closures', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  exchange: text('exchange', { enum: ['JSE', 'NYSE', 'NASDAQ', 'NSE'] }).notNull(),
  /** The exchange's local date, 'YYYY-MM-DD'. */
  day: date('day', { mode: 'string' }).notNull(),
  kind: text('kind', { enum: ['closed', 'early_close'] }).notNull(),
  /** Minutes after local midnight of an early close; null when closed all day. */
  closeMinute: smallint('close_minute'),
  reason: text('reason').notNull(),
  declaredBy: text('declared_by').notNull(),
  declaredAt: ts('declared_at').notNull(),
  withdrawnBy: text('withdrawn_by'),
  withdrawnAt: ts('withdrawn_at'),
  withdrawReason: text('withdraw_reason'),
});
