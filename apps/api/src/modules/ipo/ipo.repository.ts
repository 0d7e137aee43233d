import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instruments, ipoApplications, ipoTerms, offerings, orders } from '../../db/schema/index';

export type IpoTermsRow = typeof ipoTerms.$inferSelect;
export type IpoApplicationRow = typeof ipoApplications.$inferSelect;
type InstrumentInsert = typeof instruments.$inferInsert;

/** Any instrument of that country and symbol, listed or not (a new IPO symbol must be free). */
export async function instrumentExists(db: Db, country: string, symbol: string) {
  const [row] = await db
    .select({ id: instruments.id })
    .from(instruments)
    .where(
      and(eq(instruments.country, country as InstrumentInsert['country']), eq(instruments.symbol, symbol)),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertTerms(db: Db, values: typeof ipoTerms.$inferInsert) {
  const [row] = await db.insert(ipoTerms).values(values).returning();
  return row!;
}

export async function findTerms(db: Db, offeringId: number) {
  const [row] = await db.select().from(ipoTerms).where(eq(ipoTerms.offeringId, offeringId)).limit(1);
  return row;
}

export async function updateTerms(db: Db, offeringId: number, values: Partial<typeof ipoTerms.$inferInsert>) {
  const [row] = await db.update(ipoTerms).set(values).where(eq(ipoTerms.offeringId, offeringId)).returning();
  return row!;
}

export async function insertApplication(db: Db, values: typeof ipoApplications.$inferInsert) {
  await db.insert(ipoApplications).values(values);
}

export async function findApplication(db: Db, orderId: number) {
  const [row] = await db.select().from(ipoApplications).where(eq(ipoApplications.orderId, orderId)).limit(1);
  return row;
}

export async function updateApplication(
  db: Db,
  orderId: number,
  values: Partial<typeof ipoApplications.$inferInsert>,
) {
  await db.update(ipoApplications).set(values).where(eq(ipoApplications.orderId, orderId));
}

/** Lots the client has applied for on the offering, in applications not rejected or cancelled. */
export async function lotsByClient(db: Db, offeringId: number, clientId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ipoApplications.lots}), 0)::text` })
    .from(ipoApplications)
    .innerJoin(orders, eq(orders.id, ipoApplications.orderId))
    .where(
      and(
        eq(ipoApplications.offeringId, offeringId),
        eq(ipoApplications.clientId, clientId),
        ne(orders.status, 'rejected'),
      ),
    );
  return Number(row?.total ?? '0');
}

/** The awaiting applications of an offering, earliest first (id breaks ties), rows locked FOR UPDATE. */
/** The awaiting applications, earliest first, without a lock (the allotment preview). */
export async function awaitingApplications(db: Db, offeringId: number) {
  return db
    .select({ order: orders, application: ipoApplications })
    .from(orders)
    .innerJoin(ipoApplications, eq(ipoApplications.orderId, orders.id))
    .where(and(eq(orders.offeringId, offeringId), eq(orders.status, 'awaiting')))
    .orderBy(asc(orders.orderTime), asc(orders.id));
}

export async function lockAwaitingApplications(db: Db, offeringId: number) {
  return db
    .select({ order: orders, application: ipoApplications })
    .from(orders)
    .innerJoin(ipoApplications, eq(ipoApplications.orderId, orders.id))
    .where(and(eq(orders.offeringId, offeringId), eq(orders.status, 'awaiting')))
    .orderBy(asc(orders.orderTime), asc(orders.id))
    .for('update', { of: orders });
}

/** Allotted orders waiting for the listing, locked FOR UPDATE. */
export async function lockListingOrders(db: Db, offeringId: number) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.offeringId, offeringId), eq(orders.status, 'listing')))
    .orderBy(asc(orders.id))
    .for('update');
}

/** IPO offerings allotted and due to list on or before `day` ('YYYY-MM-DD'), for the listing job. */
export async function dueForListing(db: Db, day: string) {
  return db
    .select({ offeringId: ipoTerms.offeringId })
    .from(ipoTerms)
    .where(and(eq(ipoTerms.state, 'allotted'), sql`${ipoTerms.listsOn} <= ${day}::date`))
    .orderBy(asc(ipoTerms.offeringId));
}

/** The applications of these orders (the receipt's `ipo` section). */
export async function applicationsFor(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.select().from(ipoApplications).where(inArray(ipoApplications.orderId, orderIds));
}

export async function termsFor(db: Db, offeringIds: number[]) {
  if (offeringIds.length === 0) return [];
  return db.select().from(ipoTerms).where(inArray(ipoTerms.offeringId, offeringIds));
}

// ---- offerings and orders, as this module reads and locks them ----
// (It writes neither: orders and position_movements belong to the orders module, offerings to the
// offerings module; the service calls their services, decision 0047.)

export type OfferingRow = typeof offerings.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
type InstrumentRow = typeof instruments.$inferSelect;

// Any constant: the first key of the advisory lock serialising one client's applications on one IPO.
const IPO_CLIENT_LOCK = 73_110_313;

/** The offering row locked FOR UPDATE (price, allot, list) or FOR SHARE (an application). */
export async function lockOffering(db: Db, id: number, mode: 'update' | 'share') {
  const [row] = await db.select().from(offerings).where(eq(offerings.id, id)).limit(1).for(mode);
  return row;
}

export async function findOffering(
  db: Db,
  id: number,
): Promise<{ offering: OfferingRow; instrument: InstrumentRow } | undefined> {
  const [row] = await db
    .select({ offering: offerings, instrument: instruments })
    .from(offerings)
    .innerJoin(instruments, eq(instruments.id, offerings.instrumentId))
    .where(eq(offerings.id, id))
    .limit(1);
  return row;
}

export async function listIpoOfferings(db: Db) {
  return db
    .select({ offering: offerings, instrument: instruments })
    .from(offerings)
    .innerJoin(instruments, eq(instruments.id, offerings.instrumentId))
    .where(eq(offerings.dtype, 'ipo'))
    .orderBy(desc(offerings.id))
    .limit(500);
}

/** Serialises one client's applications on one IPO until the transaction ends. */
export async function lockOfferingClient(db: Db, offeringId: number, clientId: number) {
  await db.execute(
    sql`select pg_advisory_xact_lock(${IPO_CLIENT_LOCK}, hashtext(${`${offeringId}:${clientId}`}))`,
  );
}
