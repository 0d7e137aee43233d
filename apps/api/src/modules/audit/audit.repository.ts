import { and, asc, desc, eq, gt, gte, like, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditChainHead, auditLog } from '../../db/schema/index';

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * The chain head, locked until the caller's transaction ends: the one place appends queue, so
 * each chains onto the row committed before it (migration 0021 refuses one that does not).
 */
export async function lockChainHead(db: Db) {
  const [head] = await db.select().from(auditChainHead).for('update');
  if (!head) throw new Error('audit_chain_head has no row (migration 0021)');
  return head;
}

/** The head as committed, without a lock (verification). */
export async function chainHead(db: Db) {
  const [head] = await db.select().from(auditChainHead);
  if (!head) throw new Error('audit_chain_head has no row (migration 0021)');
  return head;
}

export async function insertEntry(db: Db, values: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(values);
}

/** Up to `limit` rows after `afterSeq` and at most `throughSeq`, in chain order. */
export function chainBatch(db: Db, afterSeq: number, throughSeq: number, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(gt(auditLog.seq, afterSeq), lte(auditLog.seq, throughSeq)))
    .orderBy(asc(auditLog.seq))
    .limit(limit);
}

/** The last `limit` rows appended, newest first. */
export function latest(db: Db, limit: number) {
  return db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(limit);
}

export function listForSubject(db: Db, subjectType: string, subjectId: string, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, subjectId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

export interface AuditSearch {
  /**
   * Entries of this staff user: `staff_id` (migration 0026) is theirs, or the actor is
   * `staff:<id>` (an entry recorded with the actor alone).
   */
  staffId?: number;
  /** `actor` equals `actor`, or the subject is this type and id (a client's own and about them). */
  actorOrSubject?: { actor: string; subjectType: string; subjectId: string };
  /** `action` starts with this (LIKE's wildcards in it are escaped). */
  actionPrefix?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Only rows with a smaller seq (the page before ended there). */
  beforeSeq?: number;
  limit: number;
}

/** Rows matching every given filter, newest (highest seq) first. */
export function search(db: Db, filter: AuditSearch) {
  const where: (SQL | undefined)[] = [];
  if (filter.staffId !== undefined) {
    where.push(or(eq(auditLog.staffId, filter.staffId), eq(auditLog.actor, `staff:${filter.staffId}`)));
  }
  if (filter.actorOrSubject) {
    const { actor, subjectType, subjectId } = filter.actorOrSubject;
    where.push(
      or(
        eq(auditLog.actor, actor),
        and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, subjectId)),
      ),
    );
  }
  if (filter.actionPrefix) {
    where.push(like(auditLog.action, `${filter.actionPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  }
  if (filter.from) where.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) where.push(lt(auditLog.createdAt, filter.to));
  if (filter.beforeSeq !== undefined) where.push(lt(auditLog.seq, filter.beforeSeq));
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.seq))
    .limit(filter.limit);
}
