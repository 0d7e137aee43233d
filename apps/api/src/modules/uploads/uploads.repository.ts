import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/index';

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert) {
  const [row] = await db
    .insert(uploads)
    .values(values)
    .returning({ id: uploads.id, mime: uploads.mime, sizeBytes: uploads.sizeBytes });
  return row!;
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
