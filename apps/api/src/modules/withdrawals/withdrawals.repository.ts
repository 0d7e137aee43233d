import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runFixed } from '../../db/fixed-statement';
import { withdrawals } from '../../db/schema/index';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalStatus = WithdrawalRow['status'];

export async function insertWithdrawal(db: Db, values: typeof withdrawals.$inferInsert) {
  const [row] = await db.insert(withdrawals).values(values).returning();
  return row!;
}

/**
 * Per account of the client, what its withdrawals since `since` that count against the daily cap
 * (pending or paid) add up to; an account with none is absent. Through the client's index.
 */
export async function withdrawnSince(
  ctx: Parameters<typeof runFixed>[0],
  clientId: number,
  since: Date,
): Promise<Map<number, bigint>> {
  const rows = await runFixed<{ account_id: string; total: string }>(
    ctx,
    'imali_withdrawn_since',
    `select account_id::text as account_id, sum(amount_minor)::text as total
       from withdrawals
      where client_id = $1::bigint and created_at >= $2::timestamptz and status in ('pending', 'paid')
      group by account_id`,
    [clientId, since.toISOString()],
  );
  return new Map(rows.map((r) => [Number(r.account_id), BigInt(r.total)]));
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

export async function findById(db: Db, id: number) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return row;
}

export async function lockById(db: Db, id: number) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1).for('update');
  return row;
}

export async function updateWithdrawal(db: Db, id: number, values: Partial<typeof withdrawals.$inferInsert>) {
  const [row] = await db.update(withdrawals).set(values).where(eq(withdrawals.id, id)).returning();
  return row!;
}
