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

// Any constant: the first key of the two-key advisory lock that serialises one username's attempts.
const LOGIN_ATTEMPT_LOCK = 73_110_002;

export type AttemptClaim = { claimed: true } | { claimed: false; oldestFailure: Date };

/**
 * Claims one password attempt for `username`, serialised per username by a transaction-scoped
 * advisory lock: counts the failures in the window and, below `max`, records this attempt as a
 * failure before the password is evaluated (a right answer clears the failures). However many
 * requests arrive at once, at most `max` are ever evaluated per window.
 */
export async function claimAttempt(
  db: Db,
  input: { username: string; ip: string | null; at: Date; since: Date; max: number },
): Promise<AttemptClaim> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOGIN_ATTEMPT_LOCK}, hashtext(${input.username}))`);
    const failures = await recentFailures(tx, input.username, input.since, input.max);
    if (failures.length >= input.max) {
      return { claimed: false, oldestFailure: failures[failures.length - 1]!.createdAt };
    }
    await tx.insert(loginFailures).values({ username: input.username, ip: input.ip, createdAt: input.at });
    return { claimed: true };
  });
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

/**
 * Spends one try of the newest live code (unconsumed, unexpired) and returns it, or nothing when
 * there is none or its tries are spent. One conditional UPDATE: under concurrent guesses each
 * waits for the row and re-checks `attempts < max`, so a code is compared at most `max` times.
 */
export async function spendCodeTry(db: Db, mobile: string, purpose: string, now: Date, maxAttempts: number) {
  const newest = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.mobile, mobile),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, sql`(${newest})`),
        lt(verificationCodes.attempts, maxAttempts),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .returning();
  return row;
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
