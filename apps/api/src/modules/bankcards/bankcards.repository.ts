import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankCardSharedApprovals, bankCards, withdrawals } from '../../db/schema/index';

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

// Any constant: the first key of the two-key advisory lock that serialises one card number.
const CARD_NUMBER_LOCK = 73_110_003;

/** Serialises every registration of `cardNo` until the caller's transaction ends. */
export async function lockCardNumber(db: Db, cardNo: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${CARD_NUMBER_LOCK}, hashtext(${cardNo}))`);
}

/** Whether another client has a live card with this number. */
export async function heldByAnotherClient(db: Db, clientId: number, cardNo: string) {
  const [row] = await db
    .select({ id: bankCards.id })
    .from(bankCards)
    .where(and(eq(bankCards.cardNo, cardNo), ne(bankCards.clientId, clientId), isNull(bankCards.deletedAt)))
    .limit(1);
  return row !== undefined;
}

export async function sharedApproval(db: Db, clientId: number, cardNo: string) {
  const [row] = await db
    .select()
    .from(bankCardSharedApprovals)
    .where(and(eq(bankCardSharedApprovals.clientId, clientId), eq(bankCardSharedApprovals.cardNo, cardNo)))
    .limit(1);
  return row;
}

export async function insertSharedApproval(db: Db, values: typeof bankCardSharedApprovals.$inferInsert) {
  await db.insert(bankCardSharedApprovals).values(values).onConflictDoNothing();
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

/** Other clients' live cards with one of these numbers (bank_cards_card_no_idx, migration 0008). */
export function otherHoldersOfCardNumbers(db: Db, cardNos: string[], exceptClientId: number, limit: number) {
  return db
    .selectDistinct({ clientId: bankCards.clientId, cardNo: bankCards.cardNo })
    .from(bankCards)
    .where(
      and(
        inArray(bankCards.cardNo, cardNos),
        ne(bankCards.clientId, exceptClientId),
        isNull(bankCards.deletedAt),
      ),
    )
    .limit(limit);
}
