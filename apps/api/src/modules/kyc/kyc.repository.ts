import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, kycSubmissions } from '../../db/schema/index';

type KycState = 'unverified' | 'pending' | 'approved' | 'rejected';

export async function latestSubmission(db: Db, clientId: number) {
  const [row] = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.clientId, clientId))
    .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
    .limit(1);
  return row;
}

/** Moves the client to `to` only from one of `from`: the guard against double submissions. */
export async function moveClientStatus(
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
