import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  exchangeClosures,
  instruments,
  marketSettings,
  newsArticles,
  watchlistItems,
} from '../../db/schema/index';

export type InstrumentRow = typeof instruments.$inferSelect;

/**
 * Issue 13: an IPO's instrument is 'pending' until it lists. Until then the market does not know
 * it: no lookup, search, quote, chart, stream or watch list finds it (each goes through these).
 */
const listed = eq(instruments.listingState, 'listed');

export async function findByCountrySymbol(db: Db, country: string, symbol: string) {
  const [row] = await db
    .select()
    .from(instruments)
    .where(
      and(
        eq(instruments.country, country as InstrumentRow['country']),
        eq(instruments.symbol, symbol),
        listed,
      ),
    )
    .limit(1);
  return row;
}

export async function findBySymbols(db: Db, symbols: string[]) {
  if (symbols.length === 0) return [];
  return db
    .select()
    .from(instruments)
    .where(and(inArray(instruments.symbol, symbols), listed));
}

export async function setTradable(db: Db, id: number, tradable: boolean, now: Date) {
  await db.update(instruments).set({ tradable, updatedAt: now }).where(eq(instruments.id, id));
}

// ---------- IPO instruments (ipo calls these through market.service.ts, decision 0047) ----------

/** A new instrument, as given (an IPO's is 'pending': the market does not show it yet). */
export async function createInstrument(db: Db, values: typeof instruments.$inferInsert) {
  const [row] = await db.insert(instruments).values(values).returning();
  return row!;
}

/** The reference price of an instrument not yet listed (what Discover shows until listing). */
export async function setReferencePrice(db: Db, id: number, basePrice: string, now: Date) {
  const [row] = await db
    .update(instruments)
    .set({ basePrice, updatedAt: now })
    .where(eq(instruments.id, id))
    .returning();
  return row!;
}

/** Lists an instrument at `basePrice` on `listedOn` (an ISO day): from now on the market shows it. */
export async function listInstrument(
  db: Db,
  id: number,
  input: { listedOn: string; basePrice: string; now: Date },
) {
  const [row] = await db
    .update(instruments)
    .set({
      listingState: 'listed',
      listedOn: input.listedOn,
      basePrice: input.basePrice,
      updatedAt: input.now,
    })
    .where(eq(instruments.id, id))
    .returning();
  return row!;
}

/** Every instrument (the per-process catalogue is built from this). */
export async function allInstruments(db: Db): Promise<InstrumentRow[]> {
  return db.select().from(instruments).where(listed).orderBy(asc(instruments.id));
}

/** Bumped by a trigger on every statement that changes instruments. */
export async function instrumentsVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ value: marketSettings.value })
    .from(marketSettings)
    .where(eq(marketSettings.key, 'instruments_version'));
  return row?.value ?? '0';
}

// ---- settings -------------------------------------------------------------------------------

/** Inserts the value unless the key exists, then returns the stored one (first writer wins). */
export async function getOrInsertSetting(db: Db, key: string, value: string): Promise<string> {
  await db.insert(marketSettings).values({ key, value }).onConflictDoNothing();
  const [row] = await db.select().from(marketSettings).where(eq(marketSettings.key, key));
  return row!.value;
}

// ---- watch list -----------------------------------------------------------------------------

export async function watchlistOf(db: Db, clientId: number) {
  return db
    .select({ instrument: instruments, addedAt: watchlistItems.createdAt })
    .from(watchlistItems)
    .innerJoin(instruments, eq(instruments.id, watchlistItems.instrumentId))
    .where(eq(watchlistItems.clientId, clientId))
    .orderBy(asc(watchlistItems.createdAt), asc(instruments.symbol));
}

export async function countWatchlist(db: Db, clientId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(watchlistItems)
    .where(eq(watchlistItems.clientId, clientId));
  return Number(row?.n ?? 0);
}

export async function addToWatchlist(db: Db, clientId: number, instrumentId: number, now: Date) {
  await db.insert(watchlistItems).values({ clientId, instrumentId, createdAt: now }).onConflictDoNothing();
}

export async function removeFromWatchlist(db: Db, clientId: number, instrumentId: number) {
  await db
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.clientId, clientId), eq(watchlistItems.instrumentId, instrumentId)));
}

// ---- news -----------------------------------------------------------------------------------

export async function listNews(db: Db, country: string, limit: number) {
  return db
    .select()
    .from(newsArticles)
    .where(eq(newsArticles.country, country as InstrumentRow['country']))
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
    .limit(limit);
}

export async function findNews(db: Db, id: number) {
  const [row] = await db.select().from(newsArticles).where(eq(newsArticles.id, id)).limit(1);
  return row;
}

export async function insertNews(db: Db, values: typeof newsArticles.$inferInsert) {
  const [row] = await db.insert(newsArticles).values(values).returning();
  return row!;
}

// ---- declared exchange closures (decision 0055) ---------------------------------------------

export type ExchangeClosureRow = typeof exchangeClosures.$inferSelect;

/** Bumped by a trigger on every statement that changes exchange_closures (migration 0020). */
export async function calendarVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ value: marketSettings.value })
    .from(marketSettings)
    .where(eq(marketSettings.key, 'calendar_version'));
  return row?.value ?? '0';
}

/** The declarations in force (not withdrawn), every exchange, oldest day first. */
export async function activeClosures(db: Db): Promise<ExchangeClosureRow[]> {
  return db
    .select()
    .from(exchangeClosures)
    .where(isNull(exchangeClosures.withdrawnAt))
    .orderBy(asc(exchangeClosures.day), asc(exchangeClosures.exchange));
}

/** Declarations (withdrawn ones too when asked), optionally of one exchange and from a day on. */
export async function listClosures(
  db: Db,
  filter: { exchange?: ExchangeClosureRow['exchange']; fromDay?: string; withWithdrawn: boolean },
): Promise<ExchangeClosureRow[]> {
  return db
    .select()
    .from(exchangeClosures)
    .where(
      and(
        filter.exchange ? eq(exchangeClosures.exchange, filter.exchange) : undefined,
        filter.fromDay ? gte(exchangeClosures.day, filter.fromDay) : undefined,
        filter.withWithdrawn ? undefined : isNull(exchangeClosures.withdrawnAt),
      ),
    )
    .orderBy(asc(exchangeClosures.day), asc(exchangeClosures.exchange), asc(exchangeClosures.id));
}

export async function activeClosureOn(
  db: Db,
  exchange: ExchangeClosureRow['exchange'],
  day: string,
): Promise<ExchangeClosureRow | undefined> {
  const [row] = await db
    .select()
    .from(exchangeClosures)
    .where(
      and(
        eq(exchangeClosures.exchange, exchange),
        eq(exchangeClosures.day, day),
        isNull(exchangeClosures.withdrawnAt),
      ),
    );
  return row;
}

export async function insertClosure(
  db: Db,
  values: typeof exchangeClosures.$inferInsert,
): Promise<ExchangeClosureRow> {
  const [row] = await db.insert(exchangeClosures).values(values).returning();
  return row!;
}

/** Withdraws a declaration in force; undefined when there is none with that id (or it is withdrawn). */
export async function withdrawClosure(
  db: Db,
  id: number,
  values: { withdrawnBy: string; withdrawnAt: Date; withdrawReason: string },
): Promise<ExchangeClosureRow | undefined> {
  const [row] = await db
    .update(exchangeClosures)
    .set(values)
    .where(and(eq(exchangeClosures.id, id), isNull(exchangeClosures.withdrawnAt)))
    .returning();
  return row;
}

export async function closureById(db: Db, id: number): Promise<ExchangeClosureRow | undefined> {
  const [row] = await db.select().from(exchangeClosures).where(eq(exchangeClosures.id, id));
  return row;
}
