import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { staffSessions, staffUsers } from '../../db/schema/index';

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
 * A successful sign-in: spends the TOTP step (only a later one than the last used) and clears the
 * failure count, if the user is neither locked nor disabled. False when the step was spent
 * meanwhile (a replayed code) or the user was locked or disabled between the check and here.
 */
export async function acceptLogin(db: Db, id: number, step: number, now: Date) {
  const rows = await db
    .update(staffUsers)
    .set({ failedLogins: 0, lockedUntil: null, totpLastStep: step, totpLastRequestHash: null })
    .where(
      and(
        eq(staffUsers.id, id),
        sql`${staffUsers.totpLastStep} < ${step}`,
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
