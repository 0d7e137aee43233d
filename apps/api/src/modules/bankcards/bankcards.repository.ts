import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankCards, withdrawals } from '../../db/schema/index';

export type BankCardRow = typeof bankCards.$inferSelect;

const live = (clientId: number) => and(eq(bankCards.clientId, clientId), isNull(bankCards.deletedAt));

export async function listCards(db: Db, clientId: number) {
  return db.select().from(bankCards).where(live(clientId)).orderBy(asc(bankCards.id));
}

export async function findOwnCard(db: Db, clientId: number, id: number, lock?: 'update' | 'share') {
  const q = db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.id, id), live(clientId)))
    .limit(1);
  const [row] = lock ? await q.for(lock) : await q;
  return row;
}

export async function findOwnCardByNumber(db: Db, clientId: number, cardNo: string) {
  const [row] = await db
    .select()
    .from(bankCards)
    .where(and(live(clientId), eq(bankCards.cardNo, cardNo)))
    .limit(1);
  return row;
}

export async function insertCard(db: Db, values: typeof bankCards.$inferInsert) {
  const [row] = await db.insert(bankCards).values(values).returning();
  return row!;
}

export async function updateCard(
  db: Db,
  id: number,
  values: Pick<BankCardRow, 'bankName' | 'cardNo' | 'holderName' | 'updatedAt'>,
) {
  const [row] = await db.update(bankCards).set(values).where(eq(bankCards.id, id)).returning();
  return row!;
}

export async function softDeleteCard(db: Db, id: number, at: Date) {
  await db.update(bankCards).set({ deletedAt: at }).where(eq(bankCards.id, id));
}

export async function pendingWithdrawalsOnCard(db: Db, cardId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(and(eq(withdrawals.bankCardId, cardId), eq(withdrawals.status, 'pending')));
  return row?.n ?? 0;
}
