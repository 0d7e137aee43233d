import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { staffPasskeys, staffSessions, staffUsers, staffWebauthnChallenges } from '../../db/schema/index';

export type StaffUserRow = typeof staffUsers.$inferSelect;

export async function findStaffByEmail(db: Db, email: string) {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
  return row;
}

export async function findStaffById(db: Db, id: number) {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  return row;
}

export const listStaff = (db: Db) => db.select().from(staffUsers).orderBy(asc(staffUsers.id));

/** Staff users, not counting the system principal of the jobs (migration 0029: never a person). */
export async function countStaff(db: Db) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffUsers)
    .where(sql`not system`);
  return Number(row?.n ?? 0);
}

export interface NewStaffRow {
  email: string;
  displayName: string;
  passwordHash: string;
  totpSecretSealed: string;
  roles: string[];
  createdAt: Date;
  createdBy: number | null;
}

export async function insertStaff(db: Db, values: NewStaffRow) {
  const [row] = await db.insert(staffUsers).values(values).returning();
  return row!;
}

/**
 * The first staff user, only while there is none: the insert checks it, and the unique index on
 * `bootstrap` (migration 0022) makes a second bootstrap racing past the check fail. Undefined when
 * a staff user already exists.
 */
export async function insertBootstrapStaff(db: Db, values: NewStaffRow) {
  const result = await db.execute(sql`
    insert into staff_users (email, display_name, password_hash, totp_secret_sealed, roles, created_at, bootstrap)
    select ${values.email}, ${values.displayName}, ${values.passwordHash}, ${values.totpSecretSealed},
           array(select jsonb_array_elements_text(${JSON.stringify(values.roles)}::jsonb)),
           ${values.createdAt.toISOString()}::timestamptz, true
    where not exists (select 1 from staff_users where not system)
    returning id::text`);
  const [row] = rowsOf<{ id: string }>(result);
  return row ? Number(row.id) : undefined;
}

/**
 * One wrong sign-in, counted in one statement (no read-then-write): the count goes up by one, and
 * the attempt that reaches `max` locks the user until `lockUntil` and starts the count again. A
 * user already locked is not touched (the WHERE is evaluated again on the row as the previous
 * UPDATE left it, so of N wrong attempts at once exactly the max-th locks). Returns the row's new
 * state, or undefined when it was locked already.
 */
export async function countFailedLogin(db: Db, id: number, now: Date, max: number, lockUntil: Date) {
  const [row] = await db
    .update(staffUsers)
    .set({
      failedLogins: sql`case when ${staffUsers.failedLogins} + 1 >= ${max} then 0 else ${staffUsers.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${staffUsers.failedLogins} + 1 >= ${max} then ${lockUntil.toISOString()}::timestamptz else ${staffUsers.lockedUntil} end`,
    })
    .where(and(eq(staffUsers.id, id), notLocked(now)))
    .returning({ failedLogins: staffUsers.failedLogins, lockedUntil: staffUsers.lockedUntil });
  return row;
}

const notLocked = (now: Date) =>
  sql`(${staffUsers.lockedUntil} is null or ${staffUsers.lockedUntil} <= ${now.toISOString()}::timestamptz)`;

/**
 * A successful sign-in: spends the TOTP step (none for a passkey's) (only a later one than the last used) and clears the
 * failure count, if the user is neither locked nor disabled. False when the step was spent
 * meanwhile (a replayed code) or the user was locked or disabled between the check and here.
 */
export async function acceptLogin(db: Db, id: number, step: number | undefined, now: Date) {
  const rows = await db
    .update(staffUsers)
    // A passkey sign-in (no step) leaves the TOTP step as it is.
    .set(
      step === undefined
        ? { failedLogins: 0, lockedUntil: null }
        : { failedLogins: 0, lockedUntil: null, totpLastStep: step, totpLastRequestHash: null },
    )
    .where(
      and(
        eq(staffUsers.id, id),
        step === undefined ? undefined : sql`${staffUsers.totpLastStep} < ${step}`,
        notLocked(now),
        isNull(staffUsers.disabledAt),
      ),
    )
    .returning({ id: staffUsers.id });
  return rows.length === 1;
}

/** Spends a step-up code's step on one request, in one conditional UPDATE: false if spent already. */
export async function spendStepUp(db: Db, id: number, step: number, requestHash: string) {
  const rows = await db
    .update(staffUsers)
    .set({ totpLastStep: step, totpLastRequestHash: requestHash })
    .where(
      and(eq(staffUsers.id, id), sql`${staffUsers.totpLastStep} < ${step}`, isNull(staffUsers.disabledAt)),
    )
    .returning({ id: staffUsers.id });
  return rows.length === 1;
}

export async function setRoles(db: Db, id: number, roles: string[]) {
  const [row] = await db.update(staffUsers).set({ roles }).where(eq(staffUsers.id, id)).returning();
  return row;
}

export async function disableStaff(db: Db, id: number, at: Date) {
  const [row] = await db
    .update(staffUsers)
    .set({ disabledAt: at })
    .where(and(eq(staffUsers.id, id), isNull(staffUsers.disabledAt)))
    .returning();
  return row;
}

// Sessions

export async function insertSession(
  db: Db,
  values: {
    tokenHash: string;
    staffId: number;
    createdAt: Date;
    absoluteExpiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
) {
  const [row] = await db
    .insert(staffSessions)
    .values({ ...values, lastSeenAt: values.createdAt })
    .returning();
  return row!;
}

/** A session by its token's hash with its staff user, in one statement. */
export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      session: staffSessions,
      staff: {
        id: staffUsers.id,
        email: staffUsers.email,
        displayName: staffUsers.displayName,
        roles: staffUsers.roles,
        disabledAt: staffUsers.disabledAt,
      },
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, tokenHash));
  return row;
}

export async function findSession(db: Db, id: string) {
  const [row] = await db.select().from(staffSessions).where(eq(staffSessions.id, id));
  return row;
}

export async function touchSession(db: Db, id: string, at: Date) {
  await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, id));
}

export async function endSession(db: Db, id: string, reason: string, at: Date) {
  const rows = await db
    .update(staffSessions)
    .set({ endedAt: at, endReason: reason })
    .where(and(eq(staffSessions.id, id), isNull(staffSessions.endedAt)))
    .returning({ id: staffSessions.id });
  return rows.length === 1;
}

export async function endSessionsOf(db: Db, staffId: number, reason: string, at: Date) {
  const rows = await db
    .update(staffSessions)
    .set({ endedAt: at, endReason: reason })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)))
    .returning({ id: staffSessions.id });
  return rows.length;
}

/** Sessions not ended and not past their absolute end (idle ones end at their next use). */
export function listActiveSessions(db: Db, now: Date, staffId?: number) {
  return db
    .select({ session: staffSessions, email: staffUsers.email })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(
      and(
        isNull(staffSessions.endedAt),
        gt(staffSessions.absoluteExpiresAt, now),
        staffId === undefined ? undefined : eq(staffSessions.staffId, staffId),
      ),
    )
    .orderBy(desc(staffSessions.lastSeenAt));
}

// Passkeys and their one-time WebAuthn challenges (migration 0032, decision 0066)

export type StaffPasskeyRow = typeof staffPasskeys.$inferSelect;
export type ChallengePurpose = (typeof staffWebauthnChallenges.$inferSelect)['purpose'];

export const listPasskeys = (db: Db, staffId: number) =>
  db
    .select()
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffUserId, staffId))
    .orderBy(asc(staffPasskeys.id));

export async function countPasskeys(db: Db, staffId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffUserId, staffId));
  return Number(row?.n ?? 0);
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string) {
  const [row] = await db.select().from(staffPasskeys).where(eq(staffPasskeys.credentialId, credentialId));
  return row;
}

export async function insertPasskey(db: Db, values: typeof staffPasskeys.$inferInsert) {
  const [row] = await db.insert(staffPasskeys).values(values).returning();
  return row!;
}

/** Removes one of the user's passkeys; undefined when it is not theirs (or gone already). */
export async function deletePasskey(db: Db, staffId: number, id: number) {
  const [row] = await db
    .delete(staffPasskeys)
    .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.staffUserId, staffId)))
    .returning();
  return row;
}

/**
 * Records a passkey's use: its new signature counter, only forward (an authenticator that keeps
 * no counter reports 0 every time). False when the counter did not move forward meanwhile (a
 * cloned authenticator, or a racing use) or the passkey was removed.
 */
export async function usePasskey(db: Db, id: number, counter: number, now: Date) {
  const rows = await db
    .update(staffPasskeys)
    .set({ counter, lastUsedAt: now })
    .where(
      and(
        eq(staffPasskeys.id, id),
        sql`(${staffPasskeys.counter} < ${counter} or (${staffPasskeys.counter} = 0 and ${counter} = 0))`,
      ),
    )
    .returning({ id: staffPasskeys.id });
  return rows.length === 1;
}

/** A new challenge; the expired ones go at the same time (each lives 5 minutes at most). */
export async function insertChallenge(
  db: Db,
  values: {
    challenge: string;
    purpose: ChallengePurpose;
    staffUserId: number | null;
    requestHash: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
) {
  await db.delete(staffWebauthnChallenges).where(lte(staffWebauthnChallenges.expiresAt, values.createdAt));
  await db.insert(staffWebauthnChallenges).values(values);
}

/**
 * Spends a challenge, in one conditional DELETE … RETURNING: only for its purpose, its staff
 * user, (for step-up) one of the request hashes given, and before it expires. Of two uses at
 * once, one gets the row and the other nothing; a replay finds nothing.
 */
export async function spendChallenge(
  db: Db,
  where: {
    challenge: string;
    purpose: ChallengePurpose;
    staffUserId: number;
    requestHashes?: readonly string[];
    now: Date;
  },
) {
  const [row] = await db
    .delete(staffWebauthnChallenges)
    .where(
      and(
        eq(staffWebauthnChallenges.challenge, where.challenge),
        eq(staffWebauthnChallenges.purpose, where.purpose),
        eq(staffWebauthnChallenges.staffUserId, where.staffUserId),
        gt(staffWebauthnChallenges.expiresAt, where.now),
        where.purpose === 'step_up'
          ? inArray(staffWebauthnChallenges.requestHash, [...(where.requestHashes ?? [])])
          : undefined,
      ),
    )
    .returning();
  return row;
}
