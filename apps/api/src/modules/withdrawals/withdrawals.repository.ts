import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withdrawals } from '../../db/schema/index';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalStatus = WithdrawalRow['status'];

export async function insertWithdrawal(db: Db, values: typeof withdrawals.$inferInsert) {
  const [row] = await db.insert(withdrawals).values(values).returning();
  return row!;
}

/**
 * Per account of the client, what its withdrawals since `since` that count against the daily cap
 * (pending or paid) add up to; an account with none is absent. Found through the client's index.
 */
export async function sumsSince(
  db: Db,
  clientId: number,
  accountIds: number[],
  since: Date,
): Promise<Map<number, bigint>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({
      accountId: withdrawals.accountId,
      total: sql<string>`sum(${withdrawals.amountMinor})::text`,
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.clientId, clientId),
        inArray(withdrawals.accountId, accountIds),
        inArray(withdrawals.status, ['pending', 'paid']),
        gte(withdrawals.createdAt, since),
      ),
    )
    .groupBy(withdrawals.accountId);
  return new Map(rows.map((r) => [Number(r.accountId), BigInt(r.total)]));
}

export async function listForClient(db: Db, clientId: number, limit = 200) {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.clientId, clientId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit);
}

export async function listAll(db: Db, status: WithdrawalStatus | undefined, limit = 200) {
  return db
    .select()
    .from(withdrawals)
    .where(status ? eq(withdrawals.status, status) : undefined)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit);
}

export async function lockById(db: Db, id: number) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1).for('update');
  return row;
}

export async function updateWithdrawal(db: Db, id: number, values: Partial<typeof withdrawals.$inferInsert>) {
  const [row] = await db.update(withdrawals).set(values).where(eq(withdrawals.id, id)).returning();
  return row!;
}
