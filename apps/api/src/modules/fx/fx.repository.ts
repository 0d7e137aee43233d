import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exchangeRates, transfers, type LedgerCurrency } from '../../db/schema/index';

export type RateRow = typeof exchangeRates.$inferSelect;
export type TransferRow = typeof transfers.$inferSelect;

export async function listRates(db: Db) {
  return db
    .select()
    .from(exchangeRates)
    .orderBy(asc(exchangeRates.fromCurrency), asc(exchangeRates.toCurrency));
}

/** The published rows between two currencies, either direction (all a from→to price can depend on). */
export async function ratesBetween(db: Db, a: LedgerCurrency, b: LedgerCurrency) {
  return db
    .select()
    .from(exchangeRates)
    .where(
      or(
        and(eq(exchangeRates.fromCurrency, a), eq(exchangeRates.toCurrency, b)),
        and(eq(exchangeRates.fromCurrency, b), eq(exchangeRates.toCurrency, a)),
      ),
    );
}

export async function upsertRate(db: Db, values: typeof exchangeRates.$inferInsert) {
  const [row] = await db
    .insert(exchangeRates)
    .values(values)
    .onConflictDoUpdate({
      target: [exchangeRates.fromCurrency, exchangeRates.toCurrency],
      set: {
        rate: values.rate,
        midRate: values.midRate,
        updatedAt: values.updatedAt,
        updatedBy: values.updatedBy,
      },
    })
    .returning();
  return row!;
}

/**
 * Serialises publishers (setRate) for the rest of the transaction: SHARE ROW EXCLUSIVE conflicts
 * with itself and with writes to the table, not with the reads of transfers.
 */
export async function lockRatesForPublishing(db: Db) {
  await db.execute(sql`lock table exchange_rates in share row exclusive mode`);
}

export async function listTransfers(db: Db, clientId: number, limit = 100) {
  return db
    .select()
    .from(transfers)
    .where(eq(transfers.clientId, clientId))
    .orderBy(desc(transfers.createdAt), desc(transfers.id))
    .limit(limit);
}

export async function insertTransfer(db: Db, values: typeof transfers.$inferInsert) {
  const [row] = await db.insert(transfers).values(values).returning();
  return row!;
}
