import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { asStoredJson, auditRowHash, GENESIS_HASH, type AuditEntry, type ChainedRow } from './audit-chain';
import * as repo from './audit.repository';

export type { AuditEntry } from './audit-chain';

/** Entries recorded in a transaction of `inAuditedTransaction`, appended when its work is done. */
const pending = new WeakMap<Db, ChainedContent[]>();
type ChainedContent = Omit<ChainedRow, 'seq' | 'prevHash'>;

/**
 * Records one decision, chained onto the last row (decision 0056). Call it with the ctx of the
 * transaction that made the change, so the entry and the change commit together or not at all;
 * given a ctx outside a transaction it opens one of its own.
 *
 * Appending locks the chain head until the transaction ends: audited transactions queue from
 * their append to their commit. In a transaction of `inAuditedTransaction` (ledger's
 * `inTransaction` and the jobs' runner use it) the entry waits and is appended when the work is
 * done, after every row lock the work took; elsewhere it is appended at once, so call it last, or
 * two transactions can deadlock (one holding the head and waiting for a row the other holds).
 */
export async function record(ctx: AppContext, entry: AuditEntry) {
  const content: ChainedContent = {
    actor: entry.actor,
    ...(entry.staffId == null ? {} : { staffId: entry.staffId }),
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    // Hashed as stored: the same values verification reads back.
    before: asStoredJson(entry.before),
    after: asStoredJson(entry.after),
    createdAt: ctx.clock.now(),
  };
  const queue = pending.get(ctx.db);
  if (queue) queue.push(content);
  else if (is(ctx.db, PgTransaction)) await append(ctx.db, [content]);
  else await ctx.db.transaction((tx) => append(tx as unknown as Db, [content]));
}

/**
 * Runs `work` in a transaction (a savepoint inside one) whose audit entries are appended together
 * when `work` has returned, in the order recorded: the chain head is locked last, and only from
 * then to the commit. A savepoint's entries join its parent's; a failed one's are dropped with it.
 */
export async function inAuditedTransaction<T>(
  ctx: AppContext,
  work: (tx: Db, txCtx: AppContext) => Promise<T>,
): Promise<T> {
  const parent = pending.get(ctx.db);
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const queue: ChainedContent[] = [];
    pending.set(tx, queue);
    try {
      const result = await work(tx, { ...ctx, db: tx });
      if (parent) parent.push(...queue);
      else await append(tx, queue);
      return result;
    } finally {
      pending.delete(tx);
    }
  });
}

async function append(db: Db, entries: ChainedContent[]) {
  if (entries.length === 0) return;
  const head = await repo.lockChainHead(db);
  let seq = head.seq;
  let prevHash = head.rowHash;
  for (const content of entries) {
    seq += 1;
    const row: ChainedRow = { ...content, seq, prevHash };
    prevHash = auditRowHash(row);
    await repo.insertEntry(db, { ...row, rowHash: prevHash });
  }
}

export async function historyOf(ctx: AppContext, subjectType: string, subjectId: string, limit = 20) {
  return repo.listForSubject(ctx.db, subjectType, subjectId, limit);
}

/** The last `limit` entries appended, newest first (`ops audit list`). */
export async function latestEntries(ctx: AppContext, limit = 20) {
  return repo.latest(ctx.db, limit);
}

export interface AuditSearchInput {
  staffId?: number;
  clientId?: number;
  action?: string;
  from?: Date;
  to?: Date;
  /** The `nextCursor` of the page before. */
  cursor?: string;
  limit: number;
}

/**
 * The console's audit search (decision 0060): entries by a staff user, by or about a client, of an
 * action (or its start), in a time range; newest first, `limit` a page, `nextCursor` the seq the
 * next page starts below (seq is the order of appending, unique and gapless, so a page never
 * skips or repeats a row that was there when the first page was read).
 */
export async function searchEntries(ctx: AppContext, input: AuditSearchInput) {
  const rows = await repo.search(ctx.db, {
    ...(input.staffId !== undefined ? { staffId: input.staffId } : {}),
    ...(input.clientId !== undefined
      ? {
          actorOrSubject: {
            actor: `client:${input.clientId}`,
            subjectType: 'client',
            subjectId: String(input.clientId),
          },
        }
      : {}),
    ...(input.action ? { actionPrefix: input.action } : {}),
    ...(input.from ? { from: input.from } : {}),
    ...(input.to ? { to: input.to } : {}),
    ...(input.cursor !== undefined ? { beforeSeq: Number(input.cursor) } : {}),
    // One more than a page: whether there is a next one, without a count.
    limit: input.limit + 1,
  });
  const entries = rows.slice(0, input.limit);
  const nextCursor = rows.length > input.limit ? String(entries[entries.length - 1]!.seq) : null;
  return { entries, nextCursor };
}

/** Why the chain breaks where it does. */
export type AuditChainProblem =
  /** The row's content no longer gives its row_hash: the row was changed. */
  | 'row_hash'
  /** The row's prev_hash is not the previous row's row_hash: one of the two was rewritten. */
  | 'prev_hash'
  /** No row has this seq though later ones (or the head) exist: a row was deleted. */
  | 'missing_row'
  /** The last row is not the one the head names. */
  | 'head';

export interface AuditChainBreak {
  /** The first seq at which the chain does not hold. */
  seq: number;
  /** The id of the row found at that seq (null when it is missing or for the head). */
  id: number | null;
  problem: AuditChainProblem;
  expected: string;
  found: string;
}

/** What `verifyAuditChain` found: the console's audit screen shows it as it is. */
export type AuditChainVerdict =
  | { intact: true; rows: number; headSeq: number; headHash: string }
  | {
      intact: false;
      /** Rows verified before the break. */
      rows: number;
      headSeq: number;
      headHash: string;
      broken: AuditChainBreak;
    };

/**
 * Walks the chain in seq order, `batchSize` rows a query, up to the head as committed when it
 * starts (rows appended meanwhile are left for the next run). Each row must have the next seq,
 * the previous row's hash as prev_hash, and content that hashes to its row_hash; the last row
 * must be the head. Returns at the first row that fails.
 */
export async function verifyAuditChain(
  ctx: AppContext,
  options: { batchSize?: number } = {},
): Promise<AuditChainVerdict> {
  const batchSize = options.batchSize ?? 1000;
  const head = await repo.chainHead(ctx.db);
  const verdict = { rows: 0, headSeq: head.seq, headHash: head.rowHash };
  const broken = (b: AuditChainBreak): AuditChainVerdict => ({ intact: false, ...verdict, broken: b });
  let prevHash = GENESIS_HASH;
  let lastSeq = 0;
  for (;;) {
    const rows = await repo.chainBatch(ctx.db, lastSeq, head.seq, batchSize);
    for (const row of rows) {
      const seq = lastSeq + 1;
      if (row.seq !== seq) {
        return broken({
          seq,
          id: null,
          problem: 'missing_row',
          expected: `seq ${seq}`,
          found: `seq ${row.seq}`,
        });
      }
      if (row.prevHash !== prevHash) {
        return broken({ seq, id: row.id, problem: 'prev_hash', expected: prevHash, found: row.prevHash });
      }
      const computed = auditRowHash(row);
      if (computed !== row.rowHash) {
        return broken({ seq, id: row.id, problem: 'row_hash', expected: computed, found: row.rowHash });
      }
      prevHash = row.rowHash;
      lastSeq = seq;
      verdict.rows += 1;
    }
    if (rows.length < batchSize) break;
  }
  if (lastSeq !== head.seq) {
    const seq = lastSeq + 1;
    return broken({ seq, id: null, problem: 'missing_row', expected: `seq ${seq}`, found: 'no row' });
  }
  if (prevHash !== head.rowHash) {
    return broken({ seq: head.seq, id: null, problem: 'head', expected: prevHash, found: head.rowHash });
  }
  return { intact: true, ...verdict };
}
