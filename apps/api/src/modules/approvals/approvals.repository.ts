import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { approvalDecisions, approvalPolicies, approvalRequests, staffUsers } from '../../db/schema/index';

export type PolicyRow = typeof approvalPolicies.$inferSelect;
export type RequestRow = typeof approvalRequests.$inferSelect;
export type DecisionRow = typeof approvalDecisions.$inferSelect;
export type RequestStatus = RequestRow['status'];

/**
 * The tiers of `action` in force at `at`: the rows of the latest version whose effective_from has
 * come (all tiers of a version share it), lowest threshold first.
 */
export async function tiersInForce(db: Db, action: string, at: Date): Promise<PolicyRow[]> {
  const [latest] = await db
    .select({ version: sql<number>`max(${approvalPolicies.version})` })
    .from(approvalPolicies)
    .where(and(eq(approvalPolicies.action, action), lte(approvalPolicies.effectiveFrom, at)));
  if (latest?.version == null) return [];
  return db
    .select()
    .from(approvalPolicies)
    .where(and(eq(approvalPolicies.action, action), eq(approvalPolicies.version, Number(latest.version))))
    .orderBy(asc(approvalPolicies.minAmountMinor));
}

export async function policiesOf(db: Db, action?: string) {
  return db
    .select()
    .from(approvalPolicies)
    .where(action ? eq(approvalPolicies.action, action) : undefined)
    .orderBy(
      asc(approvalPolicies.action),
      desc(approvalPolicies.version),
      asc(approvalPolicies.minAmountMinor),
    );
}

export async function latestVersion(db: Db, action: string): Promise<number> {
  const [row] = await db
    .select({ version: sql<number | null>`max(${approvalPolicies.version})` })
    .from(approvalPolicies)
    .where(eq(approvalPolicies.action, action));
  return Number(row?.version ?? 0);
}

/**
 * The next version number of `action`'s tiers, reserved: a transaction-scoped advisory lock per
 * action makes a second policy.change of the same action wait until this transaction ends, then read
 * the version it made (READ COMMITTED: the next statement sees it); the version row's primary key
 * (0028) refuses a duplicate whatever happens to the lock.
 */
export async function reserveNextVersion(db: Db, action: string, approvalRequestId: number | null) {
  await db.execute(sql`select pg_advisory_xact_lock(${POLICY_VERSION_LOCK}, hashtext(${action}))`);
  const version = (await latestVersion(db, action)) + 1;
  await db.execute(
    sql`insert into approval_policy_versions (action, version, approval_request_id) values (${action}, ${version}, ${approvalRequestId})`,
  );
  return version;
}
/** Any constant: the first key of the advisory lock taken per action when a version is made. */
const POLICY_VERSION_LOCK = 73_110_063;

export async function insertPolicies(db: Db, rows: (typeof approvalPolicies.$inferInsert)[]) {
  return db.insert(approvalPolicies).values(rows).returning();
}

/** Pending requests of one item whose time is up become 'expired' (so a new one may be made). */
export async function expireItem(db: Db, action: string, itemKey: string, now: Date) {
  return db
    .update(approvalRequests)
    .set({ status: 'expired', decidedAt: now })
    .where(
      and(
        eq(approvalRequests.action, action),
        eq(approvalRequests.itemKey, itemKey),
        eq(approvalRequests.status, 'pending'),
        lte(approvalRequests.expiresAt, now),
      ),
    )
    .returning({ id: approvalRequests.id });
}

export async function insertRequest(db: Db, values: typeof approvalRequests.$inferInsert) {
  const [row] = await db.insert(approvalRequests).values(values).returning();
  return row!;
}

export async function findRequest(db: Db, id: number) {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id)).limit(1);
  return row;
}

/** THE lock of a decision: concurrent approvals of one request queue here, one after the other. */
export async function lockRequest(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(eq(approvalRequests.id, id))
    .limit(1)
    .for('update');
  return row;
}

/** The pending request of an item, locked (the same lock, taken in the same order as a decision). */
export async function lockPendingOfItem(db: Db, action: string, itemKey: string) {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.action, action),
        eq(approvalRequests.itemKey, itemKey),
        eq(approvalRequests.status, 'pending'),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

/** The pending request of an item, if any. */
export async function pendingOfItem(db: Db, action: string, itemKey: string) {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.action, action),
        eq(approvalRequests.itemKey, itemKey),
        eq(approvalRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Leaves 'pending' for `status`, only from 'pending' (under the row's lock this always matches;
 * were the lock ever lost, the second decision would find nothing to change and fail).
 */
export async function closeRequest(
  db: Db,
  id: number,
  values: {
    status: Exclude<RequestStatus, 'pending'>;
    decidedAt: Date;
    executedAt?: Date;
    outcome?: Record<string, unknown>;
  },
) {
  const [row] = await db
    .update(approvalRequests)
    .set(values)
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'pending')))
    .returning();
  return row;
}

export async function insertDecision(db: Db, values: typeof approvalDecisions.$inferInsert) {
  const [row] = await db.insert(approvalDecisions).values(values).returning();
  return row!;
}

export async function decisionsOf(db: Db, requestIds: number[]) {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(approvalDecisions)
    .where(inArray(approvalDecisions.requestId, requestIds))
    .orderBy(asc(approvalDecisions.decidedAt), asc(approvalDecisions.id));
}

/**
 * Requests for a list: pending ones not made by `notMadeBy` whose checker permission is one of
 * `permissions` (the checker's inbox), or those made by `madeBy`, or all; newest first.
 */
export async function listRequests(
  db: Db,
  filter: {
    status?: RequestStatus;
    notMadeBy?: number;
    madeBy?: number;
    permissions?: readonly string[];
    action?: string;
    itemKeys?: string[];
  },
  limit = 200,
) {
  if (filter.permissions?.length === 0 || filter.itemKeys?.length === 0) return [];
  return db
    .select()
    .from(approvalRequests)
    .where(
      and(
        filter.status ? eq(approvalRequests.status, filter.status) : undefined,
        filter.notMadeBy !== undefined ? ne(approvalRequests.makerStaffId, filter.notMadeBy) : undefined,
        filter.madeBy !== undefined ? eq(approvalRequests.makerStaffId, filter.madeBy) : undefined,
        filter.permissions ? inArray(approvalRequests.checkerPermission, [...filter.permissions]) : undefined,
        filter.action ? eq(approvalRequests.action, filter.action) : undefined,
        filter.itemKeys ? inArray(approvalRequests.itemKey, filter.itemKeys) : undefined,
      ),
    )
    .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
    .limit(limit);
}

/** The makers of a list or detail, by staff id: email and display name (a read of staff_users). */
export async function makersOf(db: Db, staffIds: number[]) {
  if (staffIds.length === 0) return new Map<number, { email: string; name: string }>();
  const rows = await db
    .select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.displayName })
    .from(staffUsers)
    .where(inArray(staffUsers.id, [...new Set(staffIds)]));
  return new Map(rows.map((r) => [r.id, { email: r.email, name: r.name }]));
}
