import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/index';

export async function insertEntry(db: Db, values: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(values);
}

export function listForSubject(db: Db, subjectType: string, subjectId: string, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, subjectId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
