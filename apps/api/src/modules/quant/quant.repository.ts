import { and, asc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instruments, offerings, orders, structuredProducts } from '../../db/schema/index';

export type ProductRow = typeof structuredProducts.$inferSelect;
export type OfferingRow = typeof offerings.$inferSelect;
export type InstrumentRow = typeof instruments.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

export interface ProductWithOffering {
  product: ProductRow;
  offering: OfferingRow;
  instrument: InstrumentRow;
}

const withOffering = (db: Db) =>
  db
    .select({ product: structuredProducts, offering: offerings, instrument: instruments })
    .from(structuredProducts)
    .innerJoin(offerings, eq(offerings.id, structuredProducts.offeringId))
    .innerJoin(instruments, eq(instruments.id, offerings.instrumentId));

export async function insertProduct(db: Db, values: typeof structuredProducts.$inferInsert) {
  const [row] = await db.insert(structuredProducts).values(values).returning();
  return row!;
}

export async function findProduct(db: Db, offeringId: number): Promise<ProductWithOffering | undefined> {
  const [row] = await withOffering(db).where(eq(structuredProducts.offeringId, offeringId)).limit(1);
  return row;
}

export async function productsOf(db: Db, offeringIds: number[]) {
  if (offeringIds.length === 0) return [];
  return db.select().from(structuredProducts).where(inArray(structuredProducts.offeringId, offeringIds));
}

export async function listProducts(db: Db, limit = 200) {
  return withOffering(db).orderBy(asc(structuredProducts.offeringId)).limit(limit);
}

/** The offering row locked (share: subscriptions; update: start, maturity). */
export async function lockOffering(db: Db, id: number, mode: 'update' | 'share') {
  const [row] = await db.select().from(offerings).where(eq(offerings.id, id)).limit(1).for(mode);
  return row;
}

export async function lockProduct(db: Db, offeringId: number, mode: 'update' | 'share') {
  const [row] = await db
    .select()
    .from(structuredProducts)
    .where(eq(structuredProducts.offeringId, offeringId))
    .limit(1)
    .for(mode);
  return row;
}

export async function updateProduct(db: Db, offeringId: number, values: Partial<ProductRow>) {
  const [row] = await db
    .update(structuredProducts)
    .set(values)
    .where(eq(structuredProducts.offeringId, offeringId))
    .returning();
  return row!;
}

/** Products whose start (subscription) or maturity (running) is at or before `at`, oldest first. */
export async function dueProducts(db: Db, at: Date) {
  return db
    .select({ offeringId: structuredProducts.offeringId, state: structuredProducts.state })
    .from(structuredProducts)
    .where(
      or(
        and(eq(structuredProducts.state, 'subscription'), lte(structuredProducts.startAt, at)),
        and(eq(structuredProducts.state, 'running'), lte(structuredProducts.maturityAt, at)),
      ),
    )
    .orderBy(asc(structuredProducts.offeringId))
    .limit(100);
}

const QUANT_CLIENT_LOCK = 73_110_214;
/** Serialises one client's subscriptions to one product until the transaction ends. */
export async function lockProductClient(db: Db, offeringId: number, clientId: number) {
  await db.execute(
    sql`select pg_advisory_xact_lock(${QUANT_CLIENT_LOCK}, hashtext(${`${offeringId}:${clientId}`}))`,
  );
}

/** Minor units the client has subscribed to the product in orders that were not rejected. */
export async function subscribedByClient(db: Db, offeringId: number, clientId: number): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.buyConsiderationMinor}), 0)::text` })
    .from(orders)
    .where(
      and(eq(orders.offeringId, offeringId), eq(orders.clientId, clientId), ne(orders.status, 'rejected')),
    );
  return BigInt(row?.total ?? '0');
}

/** The ids of the product's orders in a status, in id order (each is then locked on its own). */
export async function orderIdsOf(db: Db, offeringId: number, status: OrderRow['status']) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.offeringId, offeringId), eq(orders.status, status), eq(orders.ttype, 'quant')))
    .orderBy(asc(orders.id));
  return rows.map((r) => r.id);
}

export async function findProductByName(db: Db, name: string) {
  const [row] = await withOffering(db).where(eq(offerings.name, name)).limit(1);
  return row;
}
