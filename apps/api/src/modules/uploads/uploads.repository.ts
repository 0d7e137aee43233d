import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/index';

/**
 * Advisory lock namespace (two-key form: namespace, client) that serialises one client's uploads,
 * so that the count and the insert that follows it see every other upload of that client.
 */
const CLIENT_UPLOADS_LOCK = 73_110_101;

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert) {
  const [row] = await db
    .insert(uploads)
    .values(values)
    .returning({ id: uploads.id, mime: uploads.mime, sizeBytes: uploads.sizeBytes });
  return row!;
}

/** Waits for, then holds until the transaction ends, the lock on `clientId`'s uploads. */
export async function lockClientUploads(tx: Db, clientId: number) {
  // Client ids are bigint; the two-key form takes ints. Ids 2^31 apart share a lock: harmless.
  await tx.execute(
    sql`select pg_advisory_xact_lock(${CLIENT_UPLOADS_LOCK}, (${clientId}::bigint % 2147483648)::int)`,
  );
}

/** How many files the client stored since `since`, and the bytes of all its stored files. */
export async function usageOf(db: Db, clientId: number, since: Date) {
  const [row] = await db
    .select({
      recent: sql`count(*) filter (where ${uploads.createdAt} > ${since.toISOString()}::timestamptz)`.mapWith(
        Number,
      ),
      bytes: sql`coalesce(sum(${uploads.sizeBytes}), 0)`.mapWith(Number),
    })
    .from(uploads)
    .where(eq(uploads.ownerClientId, clientId));
  return row ?? { recent: 0, bytes: 0 };
}

/** When the `n`-th (1-based) oldest of the client's uploads since `since` was stored. */
export async function nthUploadSince(db: Db, clientId: number, since: Date, n: number) {
  const [row] = await db
    .select({ createdAt: uploads.createdAt })
    .from(uploads)
    .where(and(eq(uploads.ownerClientId, clientId), gt(uploads.createdAt, since)))
    .orderBy(asc(uploads.createdAt))
    .offset(Math.max(0, n - 1))
    .limit(1);
  return row?.createdAt;
}

export async function findUpload(db: Db, id: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

export async function findOwnedMeta(db: Db, id: string, ownerClientId: number) {
  const [row] = await db
    .select({ id: uploads.id, purpose: uploads.purpose, mime: uploads.mime })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.ownerClientId, ownerClientId)))
    .limit(1);
  return row;
}

/**
 * Deletes up to `batch` uploads stored before `before` that nothing refers to: not a client's
 * avatar, not a KYC submission's ID image, not a deposit's proof of payment. Those are every
 * foreign key to `uploads` (a test compares this list with the catalogue); the keys themselves
 * also refuse to delete a referenced file.
 */
export async function deleteUnreferencedBefore(db: Db, before: Date, batch: number) {
  const result = (await db.execute(sql`
    delete from uploads
    where id in (
      select u.id from uploads u
      where u.created_at < ${before.toISOString()}::timestamptz
        and not exists (select 1 from clients c where c.avatar_upload_id = u.id)
        and not exists (select 1 from kyc_submissions k where k.id_front_upload_id = u.id)
        and not exists (select 1 from kyc_submissions k where k.id_back_upload_id = u.id)
        and not exists (select 1 from deposits d where d.proof_upload_id = u.id)
        and not exists (select 1 from application_evidence e where e.upload_id = u.id)
      order by u.created_at
      limit ${batch}
      -- a file some open transaction is just now referring to (its foreign-key check holds a
      -- share lock on the row) is left for the next run
      for update of u skip locked
    )
    returning id`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}
