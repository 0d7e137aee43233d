import type { CostBasisMethod } from '@imali/contract';
import { and, asc, desc, eq, inArray, like, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { clientFlagEvents, clientNotes, clients } from '../../db/schema/index';

/** The client by id: client_info's query, built once per database as a prepared statement (0038). */
const byIdQuery = (db: Db) =>
  db
    .select()
    .from(clients)
    .where(eq(clients.id, sql.placeholder('id')))
    .limit(1)
    .prepare('imali_client_by_id');
const byIdQueries = new WeakMap<Db, ReturnType<typeof byIdQuery>>();

export async function findById(db: Db, id: number) {
  let query = byIdQueries.get(db);
  if (!query) byIdQueries.set(db, (query = byIdQuery(db)));
  const [row] = await query.execute({ id });
  return row;
}

export async function findByMobile(db: Db, mobile: string) {
  const [row] = await db.select().from(clients).where(eq(clients.mobile, mobile)).limit(1);
  return row;
}

export async function setPin(db: Db, id: number, pinHash: string) {
  await db.update(clients).set({ pinHash, pinFailedAttempts: 0 }).where(eq(clients.id, id));
}

export async function resetPinFailures(db: Db, id: number) {
  await db.update(clients).set({ pinFailedAttempts: 0 }).where(eq(clients.id, id));
}

/**
 * Claims one PIN attempt, atomically, unless already locked: counted as a failure before the PIN
 * is evaluated (a right PIN resets the count), so concurrent guesses never evaluate more than
 * `max`. Returns the new count, or undefined when the PIN is locked.
 */
export async function claimPinAttempt(db: Db, id: number, max: number) {
  const [row] = await db
    .update(clients)
    .set({ pinFailedAttempts: sql`${clients.pinFailedAttempts} + 1` })
    .where(and(eq(clients.id, id), lt(clients.pinFailedAttempts, max)))
    .returning({ attempts: clients.pinFailedAttempts });
  return row?.attempts;
}

export async function setAvatar(db: Db, id: number, uploadId: string) {
  await db.update(clients).set({ avatarUploadId: uploadId }).where(eq(clients.id, id));
}

// ---------- columns other modules keep, through client-writes.service.ts (decision 0047) ----------

/** Sign-up (auth): a taken mobile inserts nothing and returns undefined. */
export async function insertClient(db: Db, values: typeof clients.$inferInsert) {
  const [row] = await db.insert(clients).values(values).onConflictDoNothing().returning({ id: clients.id });
  return row;
}

/** Password change and reset (auth). */
export async function setPassword(db: Db, clientId: number, passwordHash: string, at: Date) {
  await db.update(clients).set({ passwordHash, passwordChangedAt: at }).where(eq(clients.id, clientId));
}

export type KycState = 'unverified' | 'pending' | 'approved' | 'rejected';

/** KYC (kyc): moves the client to `to` only from one of `from`, the guard against double submissions. */
export async function moveKycStatus(
  db: Db,
  clientId: number,
  from: KycState[],
  to: KycState,
  extra: { name?: string; kycReason: string | null },
) {
  const rows = await db
    .update(clients)
    .set({ kycStatus: to, kycReason: extra.kycReason, ...(extra.name ? { name: extra.name } : {}) })
    .where(and(eq(clients.id, clientId), inArray(clients.kycStatus, from)))
    .returning({ id: clients.id });
  return rows.length === 1;
}

export interface ApplicationFlags {
  allowBonus?: boolean;
  allowCompensation?: boolean;
  allowLoan?: boolean;
}

/** The operator's panel flags (applications); returns all three after the change. */
export async function setApplicationFlags(db: Db, clientId: number, flags: ApplicationFlags) {
  const [row] = await db.update(clients).set(flags).where(eq(clients.id, clientId)).returning({
    allowBonus: clients.allowBonus,
    allowCompensation: clients.allowCompensation,
    allowLoan: clients.allowLoan,
  });
  return row!;
}

/** The stored copy of the standing (standing computes it). */
export async function storeStanding(
  db: Db,
  clientId: number,
  s: { vip: number; score: number; orderNum: number },
) {
  await db.execute(
    sql`update clients set vip = ${s.vip}, score = ${s.score}, order_num = ${s.orderNum} where id = ${clientId}`,
  );
}

/** Sets the client's cost-basis method under its row lock (cost-basis); the method it replaced. */
export async function setCostBasisMethod(db: Db, clientId: number, method: CostBasisMethod) {
  const [row] = rowsOf<{ before: CostBasisMethod }>(
    await db.execute(sql`
      with old as (select id, cost_basis_method from clients where id = ${clientId} for update)
      update clients c set cost_basis_method = ${method} from old where c.id = old.id
      returning old.cost_basis_method as before`),
  );
  return row?.before;
}

// ---------- the operator console (decision 0061) ----------

export function findManyByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: clients.id, name: clients.name, mobile: clients.mobile, kycStatus: clients.kycStatus })
    .from(clients)
    .where(inArray(clients.id, ids));
}

/**
 * Clients whose id is `query` (digits), whose mobile starts with it, or whose name starts with it
 * (case-insensitive); migration 0025's prefix indexes serve the last two.
 */
export function search(db: Db, query: string, limit: number) {
  const prefix = `${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const asId = /^\d{1,15}$/.test(query) ? Number(query) : undefined;
  return db
    .select({
      id: clients.id,
      name: clients.name,
      mobile: clients.mobile,
      kycStatus: clients.kycStatus,
      createdAt: clients.createdAt,
    })
    .from(clients)
    .where(
      or(
        asId !== undefined ? eq(clients.id, asId) : undefined,
        like(clients.mobile, prefix),
        sql`lower(${clients.name}) like ${prefix.toLowerCase()}`,
      ),
    )
    .orderBy(asc(clients.id))
    .limit(limit);
}

export async function insertNote(db: Db, values: typeof clientNotes.$inferInsert) {
  const [row] = await db.insert(clientNotes).values(values).returning();
  return row!;
}

export function listNotes(db: Db, clientId: number, limit: number) {
  return db
    .select()
    .from(clientNotes)
    .where(eq(clientNotes.clientId, clientId))
    .orderBy(desc(clientNotes.createdAt), desc(clientNotes.id))
    .limit(limit);
}

// ---------- staff flags (migration 0030, decision 0065) ----------

/**
 * The client's "withdrawals blocked" flag read under a SHARE lock of the client row, inside the
 * caller's transaction: a staff user setting the flag (an UPDATE of the row) waits for this
 * transaction, and this read waits for a flag change in flight and then sees it committed.
 * Undefined: no such client.
 */
export async function lockWithdrawalsBlocked(db: Db, clientId: number) {
  const [row] = rowsOf<{ blocked: boolean }>(
    await db.execute(
      sql`select withdrawals_blocked as blocked from clients where id = ${clientId} for share`,
    ),
  );
  return row?.blocked;
}

/** Sets the flag under the client row's lock; the value it had (undefined: no such client). */
export async function setWithdrawalsBlocked(db: Db, clientId: number, blocked: boolean) {
  const [row] = rowsOf<{ before: boolean }>(
    await db.execute(sql`
      with old as (select id, withdrawals_blocked from clients where id = ${clientId} for update)
      update clients c set withdrawals_blocked = ${blocked} from old where c.id = old.id
      returning old.withdrawals_blocked as before`),
  );
  return row?.before;
}

/** The clients among `ids` whose withdrawals are blocked (a plain read, for lists). */
export async function withWithdrawalsBlocked(db: Db, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(inArray(clients.id, ids), eq(clients.withdrawalsBlocked, true)));
  return new Set(rows.map((r) => r.id));
}

export async function insertFlagEvent(db: Db, values: typeof clientFlagEvents.$inferInsert) {
  const [row] = await db.insert(clientFlagEvents).values(values).returning();
  return row!;
}

export function listFlagEvents(db: Db, clientId: number, limit: number) {
  return db
    .select()
    .from(clientFlagEvents)
    .where(eq(clientFlagEvents.clientId, clientId))
    .orderBy(desc(clientFlagEvents.createdAt), desc(clientFlagEvents.id))
    .limit(limit);
}
