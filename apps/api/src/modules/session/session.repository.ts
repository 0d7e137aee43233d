import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, sessions, sessionTokens } from '../../db/schema/index';

export async function insertSession(db: Db, values: typeof sessions.$inferInsert, tokenHash: string) {
  const [session] = await db.insert(sessions).values(values).returning();
  await db.insert(sessionTokens).values({ tokenHash, sessionId: session!.id });
  return session!;
}

export async function findByTokenHash(db: Db, tokenHash: string) {
  const rows = await db
    .select({
      token: sessionTokens,
      session: sessions,
      kycStatus: clients.kycStatus,
    })
    .from(sessionTokens)
    .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
    .innerJoin(clients, eq(clients.id, sessions.clientId))
    .where(eq(sessionTokens.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

export async function touchSession(db: Db, sessionId: string, at: Date) {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

export async function endSession(db: Db, sessionId: string, reason: string, at: Date) {
  await db
    .update(sessions)
    .set({ endedAt: at, endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

export async function endClientSessions(db: Db, clientId: number, reason: string, at: Date) {
  await db
    .update(sessions)
    .set({ endedAt: at, endReason: reason })
    .where(and(eq(sessions.clientId, clientId), isNull(sessions.endedAt)));
}

/**
 * Marks the presented token superseded (first rotation only) and adds its successor, atomically:
 * returns false when another request rotated it first and the grace window is the only way in.
 */
export async function rotateToken(db: Db, oldHash: string, newHash: string, sessionId: string, at: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(sessionTokens)
      .set({ supersededAt: at })
      .where(and(eq(sessionTokens.tokenHash, oldHash), isNull(sessionTokens.supersededAt)));
    await tx.insert(sessionTokens).values({ tokenHash: newHash, sessionId, createdAt: at });
    await tx.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
  });
}

export async function setPinVerified(db: Db, sessionId: string, at: Date | null) {
  await db.update(sessions).set({ pinVerifiedAt: at }).where(eq(sessions.id, sessionId));
}

export async function setPasswordVerified(db: Db, sessionId: string, at: Date) {
  await db.update(sessions).set({ passwordVerifiedAt: at }).where(eq(sessions.id, sessionId));
}

export async function countActiveSessions(db: Db, clientId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.clientId, clientId), isNull(sessions.endedAt)));
  return row?.n ?? 0;
}
