import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, sessions, sessionTokens } from '../../db/schema/index';

export async function insertSession(db: Db, values: typeof sessions.$inferInsert, tokenHash: string) {
  const [session] = await db.insert(sessions).values(values).returning();
  await db.insert(sessionTokens).values({ tokenHash, sessionId: session!.id });
  return session!;
}

/**
 * The authentication query of every signed-in request: token, its session and the client's profile
 * columns in one indexed lookup (session_tokens' primary key, then two primary keys). Built once per database
 * as a prepared statement (decision 0038): on PostgreSQL a named statement, parsed and planned once
 * per connection; on both drivers no query building per request. client_info builds its profile
 * from those columns, so it needs no second statement for them.
 */
function authQuery(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      clientId: sessions.clientId,
      remember: sessions.remember,
      lastSeenAt: sessions.lastSeenAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      endedAt: sessions.endedAt,
      pinVerifiedAt: sessions.pinVerifiedAt,
      passwordVerifiedAt: sessions.passwordVerifiedAt,
      supersededAt: sessionTokens.supersededAt,
      // The client's profile columns (no secrets, no timestamps to parse on every request).
      client: {
        id: clients.id,
        mobile: clients.mobile,
        country: clients.country,
        name: clients.name,
        email: clients.email,
        avatarUploadId: clients.avatarUploadId,
        kycStatus: clients.kycStatus,
        kycReason: clients.kycReason,
        vip: clients.vip,
        score: clients.score,
        orderNum: clients.orderNum,
        hasPin: sql<boolean>`${clients.pinHash} is not null`,
        pinFailedAttempts: clients.pinFailedAttempts,
        allowCompensation: clients.allowCompensation,
        allowBonus: clients.allowBonus,
        allowLoan: clients.allowLoan,
        service: clients.service,
      },
    })
    .from(sessionTokens)
    .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
    .innerJoin(clients, eq(clients.id, sessions.clientId))
    .where(eq(sessionTokens.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('imali_auth_by_token');
}
const authQueries = new WeakMap<Db, ReturnType<typeof authQuery>>();

export type AuthRow = Awaited<ReturnType<ReturnType<typeof authQuery>['execute']>>[number];

export async function findByTokenHash(db: Db, tokenHash: string): Promise<AuthRow | undefined> {
  let query = authQueries.get(db);
  if (!query) authQueries.set(db, (query = authQuery(db)));
  const rows = await query.execute({ tokenHash });
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

export type Rotation = { rotated: true } | { rotated: false; successorSealed: string | null };

/**
 * Rotates the presented token once. The first caller marks it superseded, keeps its successor
 * sealed (see lib/crypto sealWith) and adds the successor; the row lock makes a concurrent caller
 * wait, re-check `superseded_at is null`, and come back with the stored successor instead, so a
 * token has exactly one successor however many refreshes present it.
 */
export async function rotateToken(
  db: Db,
  input: { oldHash: string; newHash: string; successorSealed: string; sessionId: string; at: Date },
): Promise<Rotation> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(sessionTokens)
      .set({ supersededAt: input.at, successorSealed: input.successorSealed })
      .where(and(eq(sessionTokens.tokenHash, input.oldHash), isNull(sessionTokens.supersededAt)))
      .returning({ tokenHash: sessionTokens.tokenHash });
    if (claimed.length === 0) {
      const [row] = await tx
        .select({ successorSealed: sessionTokens.successorSealed })
        .from(sessionTokens)
        .where(eq(sessionTokens.tokenHash, input.oldHash));
      return { rotated: false, successorSealed: row?.successorSealed ?? null };
    }
    await tx
      .insert(sessionTokens)
      .values({ tokenHash: input.newHash, sessionId: input.sessionId, createdAt: input.at });
    await tx.update(sessions).set({ lastSeenAt: input.at }).where(eq(sessions.id, input.sessionId));
    return { rotated: true };
  });
}

/**
 * Spends the session's PIN verification if it is newer than `freshSince`: one conditional UPDATE,
 * so of concurrent callers exactly one gets it. True when this caller spent it.
 */
export async function spendPinVerification(db: Db, sessionId: string, freshSince: Date) {
  const rows = await db
    .update(sessions)
    .set({ pinVerifiedAt: null })
    .where(and(eq(sessions.id, sessionId), gt(sessions.pinVerifiedAt, freshSince)))
    .returning({ id: sessions.id });
  return rows.length === 1;
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

// --- Read by the operator console (decision 0061) ---

/** The IP address and user agent of a client's most recent sessions (sessions_client_created_idx). */
export function recentNetworksOf(db: Db, clientId: number, limit: number) {
  return db
    .select({ ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.clientId, clientId))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
}

/** Other clients with a session from one of these IP addresses (sessions_ip_idx). */
export function otherClientsOnIps(db: Db, ips: string[], exceptClientId: number, limit: number) {
  return db
    .selectDistinct({ clientId: sessions.clientId, ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(inArray(sessions.ip, ips), ne(sessions.clientId, exceptClientId)))
    .limit(limit);
}

/** A client's sessions not ended and not past their absolute expiry, newest first. */
export function liveSessionsOf(db: Db, clientId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      remember: sessions.remember,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(eq(sessions.clientId, clientId), isNull(sessions.endedAt), gt(sessions.absoluteExpiresAt, now)),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends one session of this client; false when it is not theirs or already ended. */
export async function endOwnSession(db: Db, clientId: number, sessionId: string, reason: string, at: Date) {
  const rows = await db
    .update(sessions)
    .set({ endedAt: at, endReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.clientId, clientId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}
