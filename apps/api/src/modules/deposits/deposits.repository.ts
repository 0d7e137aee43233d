import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deposits } from '../../db/schema/index';

export type DepositRow = typeof deposits.$inferSelect;
export type DepositStatus = DepositRow['status'];

export async function insertDeposit(db: Db, values: typeof deposits.$inferInsert) {
  const [row] = await db.insert(deposits).values(values).returning();
  return row!;
}

export async function listForClient(db: Db, clientId: number, limit = 200) {
  return db
    .select()
    .from(deposits)
    .where(eq(deposits.clientId, clientId))
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(limit);
}

export async function listAll(db: Db, status: DepositStatus | undefined, limit = 200) {
  return db
    .select()
    .from(deposits)
    .where(status ? eq(deposits.status, status) : undefined)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(limit);
}

export async function findOwn(db: Db, clientId: number, id: number) {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.clientId, clientId)))
    .limit(1);
  return row;
}

export async function lockById(db: Db, id: number) {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id)).limit(1).for('update');
  return row;
}

export async function updateDeposit(db: Db, id: number, values: Partial<typeof deposits.$inferInsert>) {
  const [row] = await db.update(deposits).set(values).where(eq(deposits.id, id)).returning();
  return row!;
}
