import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, instruments, offerings, orders } from '../../db/schema/index';

export type OfferingRow = typeof offerings.$inferSelect;
export type OfferingStatus = OfferingRow['status'];
export type OfferingDtype = OfferingRow['dtype'];
export type InstrumentRow = typeof instruments.$inferSelect;
export interface OfferingWithInstrument {
  offering: OfferingRow;
  instrument: InstrumentRow;
}

// Any constant: the first key of the two-key advisory lock that serialises one client's orders on
// one offering (the per-client maximum is checked under it).
const OFFERING_CLIENT_LOCK = 73_110_301;

export async function insertOffering(db: Db, values: typeof offerings.$inferInsert) {
  const [row] = await db.insert(offerings).values(values).returning();
  return row!;
}

const withInstrument = (db: Db) =>
  db
    .select({ offering: offerings, instrument: instruments })
    .from(offerings)
    .innerJoin(instruments, eq(instruments.id, offerings.instrumentId));

export async function findById(db: Db, id: number): Promise<OfferingWithInstrument | undefined> {
  const [row] = await withInstrument(db).where(eq(offerings.id, id)).limit(1);
  return row;
}

/**
 * The offering row locked FOR UPDATE (status changes: open, close, settle) or FOR SHARE (an order
 * on it: many may run at once, but none while the status changes, so no order slips into an
 * offering that is being closed or settled).
 */
export async function lockById(db: Db, id: number, mode: 'update' | 'share') {
  const [row] = await db.select().from(offerings).where(eq(offerings.id, id)).limit(1).for(mode);
  return row;
}

export async function findByName(db: Db, name: string) {
  const [row] = await db.select().from(offerings).where(eq(offerings.name, name)).limit(1);
  return row;
}

/** What Discover lists: open and upcoming offerings, hot first, then the soonest to close. */
export async function listListed(db: Db, filter: { dtype?: OfferingDtype; hotOnly?: boolean }) {
  return withInstrument(db)
    .where(
      and(
        inArray(offerings.status, ['upcoming', 'open']),
        filter.dtype ? eq(offerings.dtype, filter.dtype) : undefined,
        filter.hotOnly ? eq(offerings.hot, true) : undefined,
      ),
    )
    .orderBy(desc(offerings.hot), asc(offerings.closesAt), asc(offerings.id))
    .limit(200);
}

/** Newest first; `dtypes` filters in SQL, so the limit counts only the kinds asked for. */
export async function listAll(
  db: Db,
  status: OfferingStatus | undefined,
  dtypes?: readonly OfferingDtype[],
  limit = 200,
) {
  return withInstrument(db)
    .where(
      and(
        status ? eq(offerings.status, status) : undefined,
        dtypes ? inArray(offerings.dtype, [...dtypes]) : undefined,
      ),
    )
    .orderBy(desc(offerings.id))
    .limit(limit);
}

export async function updateOffering(db: Db, id: number, values: Partial<typeof offerings.$inferInsert>) {
  const [row] = await db.update(offerings).set(values).where(eq(offerings.id, id)).returning();
  return row!;
}

/** Serialises one client's orders on one offering until the transaction ends. */
export async function lockOfferingClient(db: Db, offeringId: number, clientId: number) {
  await db.execute(
    sql`select pg_advisory_xact_lock(${OFFERING_CLIENT_LOCK}, hashtext(${`${offeringId}:${clientId}`}))`,
  );
}

/** Shares the client has asked for on the offering in orders that were not rejected. */
export async function requestedByClient(db: Db, offeringId: number, clientId: number): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.requestedQuantity}), 0)::text` })
    .from(orders)
    .where(
      and(eq(orders.offeringId, offeringId), eq(orders.clientId, clientId), ne(orders.status, 'rejected')),
    );
  return row?.total ?? '0';
}

/** Shares requested by every client on each offering (not rejected), for the listing's demand. */
export async function requestedByOffering(db: Db, offeringIds: number[]): Promise<Map<number, string>> {
  if (offeringIds.length === 0) return new Map();
  const rows = await db
    .select({
      offeringId: orders.offeringId,
      total: sql<string>`sum(${orders.requestedQuantity})::text`,
    })
    .from(orders)
    .where(and(inArray(orders.offeringId, offeringIds), ne(orders.status, 'rejected')))
    .groupBy(orders.offeringId);
  return new Map(rows.map((r) => [r.offeringId!, r.total]));
}

/** The awaiting orders of an offering, earliest request first (id breaks ties): allocation order. */
export async function awaitingOrders(db: Db, offeringId: number) {
  return db
    .select({ id: orders.id, requestedQuantity: orders.requestedQuantity, orderTime: orders.orderTime })
    .from(orders)
    .where(and(eq(orders.offeringId, offeringId), eq(orders.status, 'awaiting')))
    .orderBy(asc(orders.orderTime), asc(orders.id));
}

/** Orders for the operator's list, newest first, with the instrument and the client's mobile. */
export async function listOrdersForOps(
  db: Db,
  filter: { clientId?: number; status?: (typeof orders.$inferSelect)['status'] },
  limit = 200,
) {
  return db
    .select({ order: orders, symbol: instruments.symbol, market: instruments.market, mobile: clients.mobile })
    .from(orders)
    .innerJoin(instruments, eq(instruments.id, orders.instrumentId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(
      and(
        filter.clientId !== undefined ? eq(orders.clientId, filter.clientId) : undefined,
        filter.status ? eq(orders.status, filter.status) : undefined,
      ),
    )
    .orderBy(desc(orders.orderTime), desc(orders.id))
    .limit(limit);
}
