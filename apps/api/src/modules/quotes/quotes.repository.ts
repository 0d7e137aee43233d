import { and, desc, eq, gt, isNull, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quotes } from '../../db/schema/index';

export type QuoteRow = typeof quotes.$inferSelect;

export async function insertQuote(db: Db, values: typeof quotes.$inferInsert) {
  const [row] = await db.insert(quotes).values(values).returning();
  return row!;
}

/**
 * Consumes the quote if it is this client's, for this instrument, unconsumed and valid at `at`
 * (issued by then, not yet expired): one UPDATE, so of concurrent orders on one quote exactly one
 * gets the row back. "Issued by then": an app clock moved back (a demo restarted, decision 0044)
 * never honours a quote stamped after its now.
 */
export async function consumeQuote(
  db: Db,
  input: { quoteId: string; clientId: number; instrumentId: number; orderId?: number | null; at: Date },
) {
  const [row] = await db
    .update(quotes)
    .set({ consumedAt: input.at, orderId: input.orderId ?? null })
    .where(
      and(
        eq(quotes.id, input.quoteId),
        eq(quotes.clientId, input.clientId),
        eq(quotes.instrumentId, input.instrumentId),
        isNull(quotes.consumedAt),
        lte(quotes.createdAt, input.at),
        gt(quotes.expiresAt, input.at),
      ),
    )
    .returning();
  return row;
}

export async function findQuote(db: Db, id: string) {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).limit(1);
  return row;
}

/**
 * The client's newest unconsumed quote for the instrument issued by `at` (a sell without quote_id
 * uses it).
 */
export async function latestOpenQuote(db: Db, clientId: number, instrumentId: number, at: Date) {
  const [row] = await db
    .select()
    .from(quotes)
    .where(
      and(
        eq(quotes.clientId, clientId),
        eq(quotes.instrumentId, instrumentId),
        isNull(quotes.consumedAt),
        lte(quotes.createdAt, at),
      ),
    )
    .orderBy(desc(quotes.createdAt))
    .limit(1);
  return row;
}

export async function linkQuoteToOrder(db: Db, quoteId: string, orderId: number) {
  await db.update(quotes).set({ orderId }).where(eq(quotes.id, quoteId));
}

/**
 * Deletes unconsumed quotes that expired before `before`. A consumed quote is kept: its order
 * names it (buy_quote_id / sell_quote_id) as the receipt's proof of price.
 */
export async function pruneUnconsumed(db: Db, before: Date) {
  const rows = await db
    .delete(quotes)
    .where(and(isNull(quotes.consumedAt), lt(quotes.expiresAt, before)))
    .returning({ id: quotes.id });
  return rows.length;
}
