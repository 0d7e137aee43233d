import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, kycSubmissions } from '../../db/schema/index';

/** The client's latest submission; with `lock`, locked FOR UPDATE until the transaction ends. */
export async function latestSubmission(db: Db, clientId: number, lock = false) {
  const q = db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.clientId, clientId))
    .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertSubmission(db: Db, values: typeof kycSubmissions.$inferInsert) {
  const [row] = await db.insert(kycSubmissions).values(values).returning();
  return row!;
}

export async function decideSubmission(
  db: Db,
  id: number,
  decision: {
    status: 'approved' | 'rejected';
    reason: string | null;
    /** A rejection that asks for a new image of this document (decision 0061). */
    requestedDocument?: 'id_front' | 'id_back' | null;
    at: Date;
    by: string;
  },
) {
  const rows = await db
    .update(kycSubmissions)
    .set({
      status: decision.status,
      reason: decision.reason,
      requestedDocument: decision.requestedDocument ?? null,
      decidedAt: decision.at,
      decidedBy: decision.by,
    })
    .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.status, 'pending')))
    .returning({ id: kycSubmissions.id });
  return rows.length === 1;
}

export function listSubmissions(
  db: Db,
  status: 'pending' | 'approved' | 'rejected' | undefined,
  limit: number,
) {
  return db
    .select({ submission: kycSubmissions, clientMobile: clients.mobile })
    .from(kycSubmissions)
    .innerJoin(clients, eq(clients.id, kycSubmissions.clientId))
    .where(status ? eq(kycSubmissions.status, status) : undefined)
    .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
    .limit(limit);
}

// Any constant: the first key of the two-key advisory lock that serialises approvals of one ID number.
const ID_NUMBER_LOCK = 73_110_004;

/** Serialises approvals of `idNo` until the caller's transaction ends. */
export async function lockIdNumber(db: Db, idNo: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${ID_NUMBER_LOCK}, hashtext(${idNo}))`);
}

/** Mobiles of other clients whose approved submission carries this ID number (compared normalised). */
export async function approvedHoldersOfIdNumber(db: Db, idNo: string, exceptClientId: number) {
  const rows = await db
    .selectDistinct({ mobile: clients.mobile })
    .from(kycSubmissions)
    .innerJoin(clients, eq(clients.id, kycSubmissions.clientId))
    .where(
      and(
        eq(kycSubmissions.status, 'approved'),
        ne(kycSubmissions.clientId, exceptClientId),
        sql`upper(regexp_replace(${kycSubmissions.idNo}, '[^0-9A-Za-z]', '', 'g')) = ${idNo}`,
      ),
    );
  return rows.map((r) => r.mobile);
}

// --- Review in the operator console (decision 0061) ---

export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;

/** Locks one submission until the caller's transaction ends (two reviewers: one decides). */
export async function lockSubmission(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, id))
    .limit(1)
    .for('update');
  return row;
}

export async function findSubmission(db: Db, id: number) {
  const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).limit(1);
  return row;
}

/** A client's submissions, newest first. */
export function submissionsOfClient(db: Db, clientId: number, limit: number) {
  return db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.clientId, clientId))
    .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
    .limit(limit);
}

/** One page of the review queue (index kyc_submissions_queue_idx: status, created_at, id). */
export function queuePage(
  db: Db,
  input: {
    status: 'pending' | 'approved' | 'rejected';
    sort: 'oldest' | 'newest';
    after?: { createdAt: Date; id: number };
    limit: number;
  },
) {
  const oldest = input.sort === 'oldest';
  const after = input.after
    ? oldest
      ? sql`(${kycSubmissions.createdAt}, ${kycSubmissions.id}) > (${input.after.createdAt.toISOString()}::timestamptz, ${input.after.id})`
      : sql`(${kycSubmissions.createdAt}, ${kycSubmissions.id}) < (${input.after.createdAt.toISOString()}::timestamptz, ${input.after.id})`
    : undefined;
  return db
    .select()
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.status, input.status), after))
    .orderBy(
      ...(oldest
        ? [asc(kycSubmissions.createdAt), asc(kycSubmissions.id)]
        : [desc(kycSubmissions.createdAt), desc(kycSubmissions.id)]),
    )
    .limit(input.limit);
}

/**
 * Other clients with a submission (any status) carrying this ID number, compared normalised: the
 * expression is migration 0025's index kyc_submissions_id_no_norm_idx, written the same way.
 */
export async function otherClientsWithIdNumber(db: Db, idNo: string, exceptClientId: number, limit: number) {
  const rows = await db
    .selectDistinct({ clientId: kycSubmissions.clientId })
    .from(kycSubmissions)
    .where(
      and(
        sql`upper(regexp_replace(${kycSubmissions.idNo}, '[^0-9A-Za-z]', '', 'g')) = ${idNo}`,
        ne(kycSubmissions.clientId, exceptClientId),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.clientId);
}

/** Other clients who submitted one of these mobiles (index kyc_submissions_mobile_idx). */
export async function otherClientsWithSubmittedMobile(
  db: Db,
  mobiles: string[],
  exceptClientId: number,
  limit: number,
) {
  if (mobiles.length === 0) return [];
  return db
    .selectDistinct({ clientId: kycSubmissions.clientId, mobile: kycSubmissions.mobile })
    .from(kycSubmissions)
    .where(and(inArray(kycSubmissions.mobile, mobiles), ne(kycSubmissions.clientId, exceptClientId)))
    .limit(limit);
}
