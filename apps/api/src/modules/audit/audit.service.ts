import type { AppContext } from '../../lib/context';
import * as repo from './audit.repository';

export interface AuditEntry {
  /** Who acted: `client:<id>` or `ops:<user>`. */
  actor: string;
  /** What happened, e.g. `kyc.approve`. */
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
}

/**
 * Records one decision. Call it with the ctx of the transaction that made the change, so the
 * entry and the change commit together or not at all.
 */
export async function record(ctx: AppContext, entry: AuditEntry) {
  await repo.insertEntry(ctx.db, {
    actor: entry.actor,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: ctx.clock.now(),
  });
}

export async function historyOf(ctx: AppContext, subjectType: string, subjectId: string, limit = 20) {
  return repo.listForSubject(ctx.db, subjectType, subjectId, limit);
}
