/**
 * A client's standing (VIP level, trust score, order count) by the rules in standing.rules.ts,
 * computed when asked (issue 24 point 5; decision 0042): client_info's badges and
 * GET /client/app/v1/standing both call standingOfClient, so they never disagree. The facts are
 * one statement of index probes (existence of a card, a confirmed deposit, a refused withdrawal in
 * the last 90 days; the kept invested amounts and executed-order counts per account), so its cost
 * does not grow with the client's history. The client.standing job keeps a copy on clients (vip,
 * score, order_num) for lists, audited per change; nothing a client reads comes from that copy.
 */
import { sql } from 'drizzle-orm';
import { multiplyByRate, type Currency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import * as audit from '../audit/audit.service';
import { listPairs } from '../fx/fx.service';
import { standingOf, type Standing, type StandingFacts } from './standing.rules';
import { rowsOf } from '../../db/rows';
import { runFixed } from '../../db/fixed-statement';

const DAY_MS = 86_400_000;

/**
 * $1 client id, $2 now, $3 the start of the refused-withdrawal window. Each part is an index probe
 * (bank_cards_client_idx, deposits_client_idx, withdrawals_client_idx, the accounts of the client
 * and their portfolio_stats rows); the order count is kept (migration 0018), never counted here.
 */
const FACTS_SQL = `
select c.kyc_status as kyc, c.pin_hash is not null as has_pin,
  floor(extract(epoch from ($2::timestamptz - c.created_at)) / 86400)::int as age_days,
  exists (select 1 from bank_cards b where b.client_id = c.id and b.deleted_at is null) as card,
  exists (select 1 from deposits d where d.client_id = c.id and d.status = 'confirmed') as deposit,
  exists (select 1 from withdrawals w where w.client_id = c.id and w.status = 'rejected'
            and w.created_at >= $3::timestamptz) as refused,
  (select coalesce(json_agg(json_build_object('currency', x.currency, 'invested', x.invested::text,
                                              'executed', x.executed::text)), '[]')
     from (select a.currency, sum(s.invested_minor) as invested, sum(s.executed_count) as executed
             from accounts a join portfolio_stats s on s.account_id = a.id
            where a.client_id = c.id and a.kind = 'client'
            group by a.currency) x) as stats
from clients c where c.id = $1::bigint`;

interface FactsRow {
  kyc: string;
  has_pin: boolean;
  age_days: number;
  card: boolean;
  deposit: boolean;
  refused: boolean;
  stats: { currency: string; invested: string; executed: string }[] | string;
}

async function factsOf(ctx: AppContext, clientId: number): Promise<StandingFacts | undefined> {
  const now = ctx.clock.now();
  const params = [clientId, now.toISOString(), new Date(now.getTime() - 90 * DAY_MS).toISOString()];
  // A request: one named statement on the pool (decision 0038). The job: its transaction's connection.
  const [row] = await runFixed<FactsRow>(ctx, 'imali_standing_facts', FACTS_SQL, params);
  if (!row) return undefined;
  const stats =
    typeof row.stats === 'string' ? (JSON.parse(row.stats) as Exclude<FactsRow['stats'], string>) : row.stats;
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
