import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, loginFailures, verificationCodes } from '../../db/schema/index';

export async function findClientByMobile(db: Db, mobile: string) {
  const [row] = await db.select().from(clients).where(eq(clients.mobile, mobile)).limit(1);
  return row;
}

export async function findClientById(db: Db, id: number) {
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return row;
}

export async function insertClient(db: Db, values: typeof clients.$inferInsert) {
  const [row] = await db.insert(clients).values(values).onConflictDoNothing().returning({ id: clients.id });
  return row;
}

export async function setPassword(db: Db, clientId: number, passwordHash: string, at: Date) {
  await db.update(clients).set({ passwordHash, passwordChangedAt: at }).where(eq(clients.id, clientId));
}

/** A password sign-in unlocks the PIN (spec: locked until the next password login). */
export async function resetPinFailures(db: Db, clientId: number) {
  await db.update(clients).set({ pinFailedAttempts: 0 }).where(eq(clients.id, clientId));
}

// ---------- login failures ----------

/** The most recent failures inside the window, newest first, at most `limit`. */
export async function recentFailures(db: Db, username: string, since: Date, limit: number) {
  return db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, username), gt(loginFailures.createdAt, since)))
    .orderBy(desc(loginFailures.createdAt))
    .limit(limit);
}

export async function insertFailure(db: Db, username: string, ip: string | null, at: Date) {
  await db.insert(loginFailures).values({ username, ip, createdAt: at });
}

export async function clearFailures(db: Db, username: string) {
  await db.delete(loginFailures).where(eq(loginFailures.username, username));
}

/** Old rows carry no information once outside every window. */
export async function pruneFailures(db: Db, before: Date) {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
}

// ---------- verification codes ----------

export async function retireCodes(db: Db, mobile: string, purpose: string, at: Date) {
  await db
    .update(verificationCodes)
    .set({ consumedAt: at })
    .where(
      and(
        eq(verificationCodes.mobile, mobile),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

export async function countCodesSince(db: Db, mobile: string, purpose: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.mobile, mobile),
        eq(verificationCodes.purpose, purpose),
        gt(verificationCodes.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function insertCode(db: Db, values: typeof verificationCodes.$inferInsert) {
  await db.insert(verificationCodes).values(values);
}

/** The newest code still usable: unconsumed, unexpired, with tries left. */
export async function liveCode(db: Db, mobile: string, purpose: string, now: Date, maxAttempts: number) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.mobile, mobile),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row;
}

export async function countWrongTry(db: Db, id: number) {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, id));
}

/** Single use: only one caller can consume a code. */
export async function consumeCode(db: Db, id: number, at: Date) {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: at })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}
