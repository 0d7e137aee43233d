import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, kycSubmissions } from '../../db/schema/index';

export async function latestSubmission(db: Db, clientId: number) {
  const [row] = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.clientId, clientId))
    .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
    .limit(1);
  return row;
}

export async function insertSubmission(db: Db, values: typeof kycSubmissions.$inferInsert) {
  const [row] = await db.insert(kycSubmissions).values(values).returning();
  return row!;
}

export async function decideSubmission(
  db: Db,
  id: number,
  decision: { status: 'approved' | 'rejected'; reason: string | null; at: Date; by: string },
) {
  const rows = await db
    .update(kycSubmissions)
    .set({ status: decision.status, reason: decision.reason, decidedAt: decision.at, decidedBy: decision.by })
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
