/**
 * Fund rows: terms, NAVs struck, fund orders. A fund order is also an orders row (ttype 'fund')
 * with its hold and position movements; the service writes those through the orders module's
 * service (their owner, decision 0047), with a fund's own figures: a fund is bought for an amount,
 * not a number of shares at a price (orders.placeOrder's model).
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fundNavs, fundOrders, fundTerms, instruments, offerings, orders } from '../../db/schema/index';

export type FundTermsRow = typeof fundTerms.$inferSelect;
export type FundOrderRow = typeof fundOrders.$inferSelect;
export type OfferingRow = typeof offerings.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type InstrumentRow = typeof instruments.$inferSelect;

/** Advisory lock namespace of (fund, client): a client's subscriptions to a fund queue there. */
const FUND_CLIENT_LOCK = 73_110_213;

export interface FundRow {
  offering: OfferingRow;
  terms: FundTermsRow;
  benchmark: InstrumentRow;
}

const fundSelect = (db: Db) =>
  db
    .select({ offering: offerings, terms: fundTerms, benchmark: instruments })
    .from(fundTerms)
    .innerJoin(offerings, eq(offerings.id, fundTerms.offeringId))
    .innerJoin(instruments, eq(instruments.id, fundTerms.benchmarkId));

export async function findFund(db: Db, offeringId: number): Promise<FundRow | undefined> {
  const [row] = await fundSelect(db).where(eq(fundTerms.offeringId, offeringId)).limit(1);
  return row;
}

export async function findFundByCode(db: Db, code: string): Promise<FundRow | undefined> {
  const [row] = await fundSelect(db).where(eq(fundTerms.code, code)).limit(1);
  return row;
}

export async function listFunds(db: Db): Promise<FundRow[]> {
  return fundSelect(db).orderBy(asc(fundTerms.offeringId));
}

/** Locks the fund's offering row FOR SHARE (a concurrent close waits; one that came first is seen). */
export async function lockOfferingShare(db: Db, offeringId: number) {
  const [row] = await db.select().from(offerings).where(eq(offerings.id, offeringId)).limit(1).for('share');
  return row;
}

export async function lockFundClient(db: Db, offeringId: number, clientId: number) {
  await db.execute(
    sql`select pg_advisory_xact_lock(${FUND_CLIENT_LOCK}, hashtext(${`${offeringId}:${clientId}`}))`,
  );
}

/** Σ amount of the client's fund orders that are pending or holding (what counts toward the maximum). */
export async function investedByClient(db: Db, offeringId: number, clientId: number): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${fundOrders.amountMinor}), 0)::text` })
    .from(fundOrders)
    .innerJoin(orders, eq(orders.id, fundOrders.orderId))
    .where(
      and(
        eq(fundOrders.offeringId, offeringId),
        eq(orders.clientId, clientId),
        inArray(orders.status, ['pending', 'holding']),
      ),
    );
  return BigInt(row?.total ?? '0');
}

export async function insertTerms(db: Db, values: typeof fundTerms.$inferInsert) {
  const [row] = await db.insert(fundTerms).values(values).returning();
  return row!;
}

export async function insertFundOrder(db: Db, values: typeof fundOrders.$inferInsert) {
  const [row] = await db.insert(fundOrders).values(values).returning();
  return row!;
}

export async function updateFundOrder(
  db: Db,
  orderId: number,
  values: Partial<typeof fundOrders.$inferInsert>,
) {
  const [row] = await db.update(fundOrders).set(values).where(eq(fundOrders.orderId, orderId)).returning();
  return row!;
}

export async function findFundOrder(db: Db, orderId: number) {
  const [row] = await db.select().from(fundOrders).where(eq(fundOrders.orderId, orderId)).limit(1);
  return row;
}

export async function fundOrdersByIds(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.select().from(fundOrders).where(inArray(fundOrders.orderId, orderIds));
}

/**
 * Locks an order row and its fund_orders row FOR UPDATE (undefined: no such fund order). Both rows:
 * a redemption request changes only fund_orders, and under READ COMMITTED a transaction that waited
 * on the orders lock alone would go on with the fund_orders row of its snapshot (no redemption day
 * yet) and accept a second redemption. Locking fund_orders too makes the waiter read the row as
 * committed by the one it waited for.
 */
export async function lockFundOrder(db: Db, orderId: number) {
  const [row] = await db
    .select({ order: orders, fund: fundOrders })
    .from(orders)
    .innerJoin(fundOrders, eq(fundOrders.orderId, orders.id))
    .where(eq(orders.id, orderId))
    .limit(1)
    .for('update', { of: [orders, fundOrders] });
  return row;
}

/**
 * The fund's pending subscriptions priced on or before `day` (or exactly on it), locked FOR UPDATE
 * in id order. A concurrent valuation waits on the locks and then re-reads the status: an order it
 * valued meanwhile is holding and drops out (rerun = no-op).
 */
export async function lockDueSubscriptions(db: Db, offeringId: number, day: string, exact: boolean) {
  return lockDue(db, offeringId, 'pending', fundOrders.valuedAt, fundOrders.valuationDay, day, exact).for(
    'update',
    { of: orders },
  );
}

/** The same as lockDueSubscriptions, without a lock (the valuation's preview). */
export async function dueSubscriptions(db: Db, offeringId: number, day: string, exact: boolean) {
  return lockDue(db, offeringId, 'pending', fundOrders.valuedAt, fundOrders.valuationDay, day, exact);
}

/** The same as lockDueRedemptions, without a lock (the valuation's preview). */
export async function dueRedemptions(db: Db, offeringId: number, day: string, exact: boolean) {
  return lockDue(db, offeringId, 'holding', fundOrders.redeemedAt, fundOrders.redemptionDay, day, exact);
}

/** The fund's holdings with a redemption priced on or before `day` (or on it), locked FOR UPDATE. */
export async function lockDueRedemptions(db: Db, offeringId: number, day: string, exact: boolean) {
  return lockDue(db, offeringId, 'holding', fundOrders.redeemedAt, fundOrders.redemptionDay, day, exact).for(
    'update',
    { of: orders },
  );
}

/** The fund's orders in `status` not yet done (`doneAt` empty) whose `dueDay` is `day` (or before). */
function lockDue(
  db: Db,
  offeringId: number,
  status: 'pending' | 'holding',
  doneAt: typeof fundOrders.valuedAt,
  dueDay: typeof fundOrders.valuationDay | typeof fundOrders.redemptionDay,
  day: string,
  exact: boolean,
) {
  return db
    .select({ order: orders, fund: fundOrders })
    .from(orders)
    .innerJoin(fundOrders, eq(fundOrders.orderId, orders.id))
    .where(
      and(
        eq(fundOrders.offeringId, offeringId),
        eq(orders.status, status),
        isNull(doneAt),
        exact ? eq(dueDay, day) : lte(dueDay, day),
      ),
    )
    .orderBy(asc(orders.id));
}

/** Strikes NAVs (the first strike of a day wins; a later one is ignored). */
export async function strikeNavs(db: Db, rows: (typeof fundNavs.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(fundNavs)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
}

export async function navOnDay(db: Db, offeringId: number, day: string) {
  const [row] = await db
    .select()
    .from(fundNavs)
    .where(and(eq(fundNavs.offeringId, offeringId), eq(fundNavs.day, day)))
    .limit(1);
  return row;
}

export async function lastNav(db: Db, offeringId: number) {
  const [row] = await db
    .select()
    .from(fundNavs)
    .where(eq(fundNavs.offeringId, offeringId))
    .orderBy(desc(fundNavs.day))
    .limit(1);
  return row;
}

export async function navsBetween(db: Db, offeringId: number, from: string, to: string) {
  return db
    .select({ day: fundNavs.day, nav: fundNavs.nav })
    .from(fundNavs)
    .where(and(eq(fundNavs.offeringId, offeringId), gte(fundNavs.day, from), lte(fundNavs.day, to)))
    .orderBy(asc(fundNavs.day));
}
