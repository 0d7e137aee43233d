import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle, Db } from '../../db/client';
import { exchangeRates, transfers, type LedgerCurrency } from '../../db/schema/index';

export type RateRow = typeof exchangeRates.$inferSelect;
export type TransferRow = typeof transfers.$inferSelect;

export async function listRates(db: Db) {
  return db
    .select()
    .from(exchangeRates)
    .orderBy(asc(exchangeRates.fromCurrency), asc(exchangeRates.toCurrency));
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

const LEDGER_TRANSFER_SQL = `select ledger_transfer($1::bigint, $2, $3, $4::bigint, $5::bigint, $6, $7,
  $8::bigint, $9::bigint, $10, $11, $12::numeric, $13, $14, $15, $16, $17::timestamptz, $18) as result`;

/**
 * One round trip: the ledger_transfer function (migrations/0006_ledger_speed.sql). On its own it
 * runs as a named prepared statement on `database`; when `db` is a caller's transaction, in it.
 */
export async function callLedgerTransfer(database: DatabaseHandle, db: Db, c: LedgerTransferCall) {
  const at = c.at.toISOString();
  const params = [
    c.clientId,
    c.key,
    c.requestHash,
    c.fromAccountId,
    c.toAccountId,
    c.fromCurrency,
    c.toCurrency,
    c.amountMinor.toString(),
    c.convertedMinor.toString(),
    c.rateFrom,
    c.rateTo,
    c.rateValue,
    c.rateText,
    c.amountText,
    c.convertedText,
    c.reference,
    at,
    at,
  ];
  const rows =
    db === database.db
      ? await database.prepared<{ result: unknown }>('ledger_transfer', LEDGER_TRANSFER_SQL, params)
      : (
          (await db.execute(sql`
            select ledger_transfer(
              ${params[0]}::bigint, ${params[1]}, ${params[2]}, ${params[3]}::bigint, ${params[4]}::bigint,
              ${params[5]}, ${params[6]}, ${params[7]}::bigint, ${params[8]}::bigint, ${params[9]}, ${params[10]},
              ${params[11]}::numeric, ${params[12]}, ${params[13]}, ${params[14]}, ${params[15]},
              ${params[16]}::timestamptz, ${params[17]}
            ) as result`)) as unknown as { rows: { result: unknown }[] }
        ).rows;
  const result = rows[0]!.result;
  // The new transfer's answer, as stored under the key (replays fail the call: see 0006).
  return (typeof result === 'string' ? JSON.parse(result) : result) as unknown;
}
