/**
 * Gathers a client's facts for the standing rules (standing.rules.ts) and keeps clients.vip,
 * clients.score and clients.order_num equal to what the rules say: recomputed by the
 * client.standing job for clients whose facts may have moved, each change audited with the rules
 * version. No operator path writes these columns.
 */
import { sql } from 'drizzle-orm';
import { multiplyByRate, type Currency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import * as audit from '../audit/audit.service';
import { listPairs } from '../fx/fx.service';
import { standingOf, type Standing, type StandingFacts } from './standing.rules';
import { rowsOf } from '../../db/rows';

const DAY_MS = 86_400_000;

async function factsOf(ctx: AppContext, clientId: number): Promise<StandingFacts | undefined> {
  const now = ctx.clock.now();
  const [row] = rowsOf<{
    kyc: string;
    has_pin: boolean;
    created_at: string;
    cards: string;
    deposits: string;
    orders: string;
    refused: string;
  }>(
    await ctx.db.execute(sql`
      select c.kyc_status as kyc, c.pin_hash is not null as has_pin, c.created_at::text as created_at,
        (select count(*) from bank_cards b where b.client_id = c.id and b.deleted_at is null)::text as cards,
        (select count(*) from deposits d where d.client_id = c.id and d.status = 'confirmed')::text as deposits,
        (select count(*) from orders o where o.client_id = c.id and o.status in ('holding', 'sold'))::text as orders,
        (select count(*) from withdrawals w where w.client_id = c.id and w.status = 'rejected'
           and w.created_at >= ${new Date(now.getTime() - 90 * DAY_MS).toISOString()}::timestamptz)::text as refused
      from clients c where c.id = ${clientId}`),
  );
  if (!row) return undefined;
  const invested = rowsOf<{ currency: string; invested: string }>(
    await ctx.db.execute(sql`
      select a.currency, coalesce(sum(s.invested_minor), 0)::text as invested
      from accounts a join portfolio_stats s on s.account_id = a.id
      where a.client_id = ${clientId} group by a.currency`),
  );
  const mids = new Map<string, string>([['ZAR', '1']]);
  if (invested.some((r) => r.currency !== 'ZAR')) {
    for (const pair of await listPairs(ctx))
      if (pair.secondary === 'ZAR') mids.set(pair.primary, pair.mid_rate);
  }
  const investedZarMinor = invested.reduce(
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
    bankCards: Number(row.cards),
    confirmedDeposits: Number(row.deposits),
    executedOrders: Number(row.orders),
    accountAgeDays: Math.floor((now.getTime() - new Date(row.created_at).getTime()) / DAY_MS),
    refusedWithdrawals90d: Number(row.refused),
    investedZarMinor,
  };
}

/** The client's standing by the rules now (what GET /client/app/v1/standing shows). */
export async function standingOfClient(ctx: AppContext, clientId: number): Promise<Standing | undefined> {
  const facts = await factsOf(ctx, clientId);
  return facts && standingOf(facts);
}

/**
 * Brings every client's stored vip, score and order_num to what the rules say; audited per
 * change. Returns how many clients changed. A rerun with nothing new changes nothing.
 */
export async function refreshStandings(ctx: AppContext): Promise<number> {
  const clients = rowsOf<{ id: string; vip: number; score: number; order_num: number }>(
    await ctx.db.execute(sql`select id::text, vip, score, order_num from clients order by id`),
  );
  let changed = 0;
  for (const c of clients) {
    const s = await standingOfClient(ctx, Number(c.id));
    if (!s || (s.vip === c.vip && s.score === c.score && s.orderNum === c.order_num)) continue;
    await ctx.db.execute(
      sql`update clients set vip = ${s.vip}, score = ${s.score}, order_num = ${s.orderNum} where id = ${Number(c.id)}`,
    );
    await audit.record(ctx, {
      actor: 'system:standing',
      action: 'client.standing',
      subjectType: 'client',
      subjectId: c.id,
      before: { vip: c.vip, score: c.score, order_num: c.order_num },
      after: { vip: s.vip, score: s.score, order_num: s.orderNum, rules: s.version },
    });
    changed += 1;
  }
  return changed;
}
