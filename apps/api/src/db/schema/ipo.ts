// IPO tables (issue 13); their SQL (checks) lives in migrations/0012_ipo.sql. Prices in the
// instrument's quote unit as exact numeric text; quantities in shares or lots.
import { bigint, boolean, date, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });
const decimal = (name: string) => numeric(name, { precision: 20, scale: 6 });

export const IPO_STATES = ['open', 'allotted', 'listed'] as const;

export const ipoTerms = pgTable('ipo_terms', {
  offeringId: id('offering_id').primaryKey(),
  issuer: text('issuer').notNull(),
  priceLow: decimal('price_low').notNull(),
  priceHigh: decimal('price_high').notNull(),
  finalPrice: decimal('final_price'),
  reconfirmRequired: boolean('reconfirm_required').notNull().default(false),
  lotSize: integer('lot_size').notNull(),
  minLots: integer('min_lots').notNull(),
  maxLots: integer('max_lots').notNull(),
  sharesOffered: bigint('shares_offered', { mode: 'bigint' }).notNull(),
  /** 'YYYY-MM-DD' */
  allotsOn: date('allots_on', { mode: 'string' }).notNull(),
  listsOn: date('lists_on', { mode: 'string' }).notNull(),
  state: text('state', { enum: IPO_STATES }).notNull().default('open'),
  lotterySeed: text('lottery_seed'),
  allottedShares: bigint('allotted_shares', { mode: 'bigint' }),
  allottedAt: ts('allotted_at'),
  listingPrice: decimal('listing_price'),
  listedAt: ts('listed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ipoApplications = pgTable('ipo_applications', {
  orderId: id('order_id').primaryKey(),
  offeringId: id('offering_id').notNull(),
  clientId: id('client_id').notNull(),
  lots: integer('lots').notNull(),
  reconfirmedAt: ts('reconfirmed_at'),
  allottedLots: integer('allotted_lots'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
