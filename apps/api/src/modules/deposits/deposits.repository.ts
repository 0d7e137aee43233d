import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, deposits } from '../../db/schema/index';

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

/** Pending deposits, oldest first (the longest waiting on top), with who the client is. */
export async function listPendingWithClient(db: Db, limit = 500) {
  return db
    .select({ deposit: deposits, clientName: clients.name, clientMobile: clients.mobile })
    .from(deposits)
    .innerJoin(clients, eq(clients.id, deposits.clientId))
    .where(eq(deposits.status, 'pending'))
    .orderBy(asc(deposits.createdAt), asc(deposits.id))
    .limit(limit);
}

export async function findByReferences(db: Db, references: string[]) {
  if (references.length === 0) return [];
  return db
    .select({ deposit: deposits, clientName: clients.name, clientMobile: clients.mobile })
    .from(deposits)
    .innerJoin(clients, eq(clients.id, deposits.clientId))
    .where(inArray(deposits.reference, references));
}

export async function findWithClient(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ deposit: deposits, clientName: clients.name, clientMobile: clients.mobile })
    .from(deposits)
    .innerJoin(clients, eq(clients.id, deposits.clientId))
    .where(inArray(deposits.id, ids));
}
