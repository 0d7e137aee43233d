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

export interface TransferContext {
  accounts: { id: number; kind: string; clientId: number | null; currency: LedgerCurrency }[];
  rates: { fromCurrency: LedgerCurrency; toCurrency: LedgerCurrency; rate: string }[];
}

/** Both accounts and the rates between their currencies, in one round trip (the transfer hot path). */
export async function transferContext(db: Db, fromId: number, toId: number): Promise<TransferContext> {
  const result = await db.execute(sql`
    with a as (select id, kind, client_id, currency from accounts where id in (${fromId}::bigint, ${toId}::bigint))
    select 'account' as row_kind, id::text as id, kind, client_id::text as client_id, currency,
           null::text as rate_from, null::text as rate_to, null::text as rate
    from a
    union all
    select 'rate', null, null, null, null, r.from_currency, r.to_currency, r.rate::text
    from exchange_rates r
    where r.from_currency in (select currency from a) and r.to_currency in (select currency from a)`);
  const rows = (result as unknown as { rows: Record<string, string | null>[] }).rows;
  return {
    accounts: rows
      .filter((r) => r.row_kind === 'account')
      .map((r) => ({
        id: Number(r.id),
        kind: r.kind!,
        clientId: r.client_id === null ? null : Number(r.client_id),
        currency: r.currency as LedgerCurrency,
      })),
    rates: rows
      .filter((r) => r.row_kind === 'rate')
      .map((r) => ({
        fromCurrency: r.rate_from as LedgerCurrency,
        toCurrency: r.rate_to as LedgerCurrency,
        rate: r.rate!,
      })),
  };
}
