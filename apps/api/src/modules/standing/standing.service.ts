/**
 * A client's standing (VIP level, trust score, order count) by the rules in standing.rules.ts,
 * computed when asked (issue 24 point 5; decision 0042): client_info's badges and
 * GET /client/app/v1/standing both call standingOfClient, so they never disagree. The facts are
 * one statement of index probes (existence of a card, a confirmed deposit, a refused withdrawal in
 * the last 90 days; the kept invested amounts and executed-order counts per account), so its cost
 * does not grow with the client's history. The client.standing job keeps a copy on clients (vip,
 * score, order_num) for lists, audited per change; nothing a client reads comes from that copy.
 */
import { multiplyByRate, type Currency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import * as audit from '../audit/audit.service';
import { storeStanding } from '../client/client-writes.service';
import { listPairs } from '../fx/fx.service';
import * as repo from './standing.repository';
import { standingOf, type Standing, type StandingFacts } from './standing.rules';

const DAY_MS = 86_400_000;

/** How many clients the refresh reads, computes and writes per transaction. */
export const STANDING_REFRESH_BATCH = 200;

async function factsOf(ctx: AppContext, clientId: number): Promise<StandingFacts | undefined> {
  const now = ctx.clock.now();
  const row = await repo.standingFacts(ctx, clientId, now, new Date(now.getTime() - 90 * DAY_MS));
  if (!row) return undefined;
  const stats = row.stats;
  const mids = new Map<string, string>([['ZAR', '1']]);
  if (stats.some((r) => r.currency !== 'ZAR' && BigInt(r.invested) !== 0n)) {
    for (const pair of await listPairs(ctx))
      if (pair.secondary === 'ZAR') mids.set(pair.primary, pair.mid_rate);
  }
  const investedZarMinor = stats.reduce(
    (total, r) =>
      total +
      (r.currency === 'ZAR'
        ? BigInt(r.invested)
        : multiplyByRate(
            BigInt(r.invested),
            mids.get(r.currency) ?? '0',
            'DOWN',
            r.currency as Currency,
            'ZAR',
          )),
    0n,
  );
  return {
    kycApproved: row.kyc === 'approved',
    hasPin: row.has_pin,
    hasBankCard: row.card,
    hasConfirmedDeposit: row.deposit,
    executedOrders: stats.reduce((n, r) => n + Number(r.executed), 0),
    accountAgeDays: Number(row.age_days),
    refusedWithdrawal90d: row.refused,
    investedZarMinor,
  };
}

/** The client's standing by the rules now: what client_info's badges and the standing panel show. */
export async function standingOfClient(ctx: AppContext, clientId: number): Promise<Standing | undefined> {
  const facts = await factsOf(ctx, clientId);
  return facts && standingOf(facts);
}

/**
 * Brings every client's stored vip, score and order_num (the copy lists read) to what the rules
 * say; audited per change. Returns how many clients changed. A rerun with nothing new changes nothing.
 *
 * Clients are taken in batches of `batchSize` by id, each batch read, computed and written in its
 * own transaction, so no transaction holds every client's row lock (the update's) or every client
 * in memory, and a batch's changes commit as it ends. On PostgreSQL the batches run on the pool,
 * beside the job's transaction that keeps holding the job's advisory lock (so the job still runs
 * once at a time); PGlite has one connection, busy with that transaction, so there each batch is a
 * savepoint inside it. The result is the same either way: a client's figures depend only on their
 * own facts, and the refresh is idempotent, so a run stopped between batches is finished by the next.
 */
export async function refreshStandings(ctx: AppContext, batchSize = STANDING_REFRESH_BATCH): Promise<number> {
  const base = ctx.database.kind === 'postgres' ? { ...ctx, db: ctx.database.db } : ctx;
  let changed = 0;
  let afterId = 0;
  for (;;) {
    // The batch's audit entries are appended as it ends, after its row locks (decision 0056).
    const batch = await audit.inAuditedTransaction(base, async (_tx, txCtx) => {
      const clients = await repo.storedStandingsAfter(txCtx.db, afterId, batchSize);
      let batchChanged = 0;
      for (const c of clients) {
        const s = await standingOfClient(txCtx, Number(c.id));
        if (!s || (s.vip === c.vip && s.score === c.score && s.orderNum === c.order_num)) continue;
        await storeStanding(txCtx.db, Number(c.id), s);
        await audit.record(txCtx, {
          actor: 'system:standing',
          action: 'client.standing',
          subjectType: 'client',
          subjectId: c.id,
          before: { vip: c.vip, score: c.score, order_num: c.order_num },
          after: { vip: s.vip, score: s.score, order_num: s.orderNum, rules: s.version },
        });
        batchChanged += 1;
      }
      return { changed: batchChanged, lastId: clients.at(-1)?.id, full: clients.length === batchSize };
    });
    changed += batch.changed;
    if (!batch.full || batch.lastId === undefined) break;
    afterId = Number(batch.lastId);
  }
  return changed;
}
