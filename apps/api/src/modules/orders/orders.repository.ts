import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instruments, offerings, orders, positionMovements } from '../../db/schema/index';

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type OrderStatus = OrderRow['status'];
export type OrderTtype = OrderRow['ttype'];
export type PositionMovementInsert = typeof positionMovements.$inferInsert;
type InstrumentRow = typeof instruments.$inferSelect;

export async function insertOrder(db: Db, values: OrderInsert) {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function updateOrder(db: Db, id: number, values: Partial<OrderInsert>, at: Date) {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: at })
    .where(eq(orders.id, id))
    .returning();
  return row!;
}

/** The order row, locked FOR UPDATE: of concurrent decisions on one order, one at a time. */
export async function lockOrder(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row;
}

export async function findOrder(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** Several orders in one read (a preview of many lines reads them at once, not one by one). */
export async function findOrders(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, typeof orders.$inferSelect>();
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The instrument an order is for, read from the table (not the process's catalogue): its S1 at
 * this moment decides whether it may be traded.
 */
export async function instrumentById(db: Db, id: number): Promise<InstrumentRow | undefined> {
  const [row] = await db.select().from(instruments).where(eq(instruments.id, id)).limit(1);
  return row;
}

/** One client's order with its instrument and offering name (undefined: none, or another client's). */
export async function findClientOrder(db: Db, clientId: number, id: number) {
  const [row] = await db
    .select({ order: orders, instrument: instruments, offeringName: offerings.name })
    .from(orders)
    .innerJoin(instruments, eq(instruments.id, orders.instrumentId))
    .leftJoin(offerings, eq(offerings.id, orders.offeringId))
    .where(and(eq(orders.id, id), eq(orders.clientId, clientId)))
    .limit(1);
  return row;
}

/**
 * A client's orders in `statuses` (a list's fixed set), newest first, optionally of one ttype, with
 * their instruments: a prepared statement per status set and filter, built once per database
 * (decision 0038); on PostgreSQL a named statement, parsed and planned once per connection.
 */
function listQuery(db: Db, statuses: readonly OrderStatus[], byTtype: boolean) {
  return db
    .select({ order: orders, instrument: instruments, offeringName: offerings.name })
    .from(orders)
    .innerJoin(instruments, eq(instruments.id, orders.instrumentId))
    .leftJoin(offerings, eq(offerings.id, orders.offeringId))
    .where(
      and(
        eq(orders.clientId, sql.placeholder('clientId')),
        inArray(orders.status, [...statuses]),
        byTtype ? eq(orders.ttype, sql.placeholder('ttype')) : undefined,
      ),
    )
    .orderBy(desc(orders.orderTime), desc(orders.id))
    .limit(sql.placeholder('limit'))
    .prepare(`imali_orders_${statuses.join('_')}${byTtype ? '_by_ttype' : ''}`);
}
const listQueries = new WeakMap<Db, Map<string, ReturnType<typeof listQuery>>>();

export async function listClientOrders(
  db: Db,
  clientId: number,
  statuses: readonly OrderStatus[],
  ttype: OrderTtype | undefined,
  limit = 200,
) {
  let queries = listQueries.get(db);
  if (!queries) listQueries.set(db, (queries = new Map()));
  const key = `${statuses.join(',')}|${ttype !== undefined}`;
  let query = queries.get(key);
  if (!query) queries.set(key, (query = listQuery(db, statuses, ttype !== undefined)));
  return query.execute({ clientId, ttype, limit });
}

/**
 * The movement row; only orders.service's insertPositionMovement calls it, after the cost basis
 * has relieved a sale (the row carries that cost for the trigger).
 */
export async function insertMovementRow(db: Db, values: PositionMovementInsert) {
  await db.insert(positionMovements).values(values);
}

/** Σ quantity_delta of an order's position movements (its shares held), as decimal text. */
export async function positionOf(db: Db, orderId: number) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${positionMovements.quantityDelta}), 0)::text` })
    .from(positionMovements)
    .where(eq(positionMovements.orderId, orderId));
  return row?.total ?? '0';
}
