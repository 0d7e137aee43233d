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

/** The pair in both directions (one query for the spec's reverse rule). */
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

export async function findRate(db: Db, from: LedgerCurrency, to: LedgerCurrency) {
  const [row] = await db
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.fromCurrency, from), eq(exchangeRates.toCurrency, to)))
    .limit(1);
  return row;
}

export async function insertTransfer(db: Db, values: typeof transfers.$inferInsert) {
  const [row] = await db.insert(transfers).values(values).returning();
  return row!;
}

export async function listTransfers(db: Db, clientId: number, limit = 100) {
  return db
    .select()
    .from(transfers)
    .where(eq(transfers.clientId, clientId))
    .orderBy(desc(transfers.createdAt), desc(transfers.id))
    .limit(limit);
}

export interface LedgerTransferCall {
  clientId: number;
  key: string;
  requestHash: string;
  fromAccountId: number;
  toAccountId: number;
  fromCurrency: LedgerCurrency;
  toCurrency: LedgerCurrency;
  amountMinor: bigint;
  convertedMinor: bigint;
  /** The published row the price came from, and its rate exactly as stored. */
  rateFrom: LedgerCurrency;
  rateTo: LedgerCurrency;
  rateValue: string;
  rateText: string;
  amountText: string;
  convertedText: string;
  reference: string;
  at: Date;
}

/** One round trip: the ledger_transfer function (migrations/0005_ledger_hot_path.sql). */
export async function callLedgerTransfer(db: Db, c: LedgerTransferCall) {
  const result = await db.execute(sql`
    select ledger_transfer(
      ${c.clientId}::bigint, ${c.key}, ${c.requestHash}, ${c.fromAccountId}::bigint, ${c.toAccountId}::bigint,
      ${c.fromCurrency}, ${c.toCurrency}, ${c.amountMinor.toString()}::bigint, ${c.convertedMinor.toString()}::bigint,
      ${c.rateFrom}, ${c.rateTo}, ${c.rateValue}::numeric, ${c.rateText}, ${c.amountText}, ${c.convertedText},
      ${c.reference}, ${c.at.toISOString()}::timestamptz, ${c.at.toISOString()}
    ) as result`);
  const row = (result as unknown as { rows: { result: unknown }[] }).rows[0]!;
  const value = typeof row.result === 'string' ? JSON.parse(row.result) : row.result;
  return value as { replayed: boolean; data: unknown };
}
