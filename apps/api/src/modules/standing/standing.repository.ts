import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runFixed } from '../../db/fixed-statement';
import { rowsOf } from '../../db/rows';

type FixedContext = Parameters<typeof runFixed>[0];

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

export interface StandingFactsRow {
  kyc: string;
  has_pin: boolean;
  age_days: number;
  card: boolean;
  deposit: boolean;
  refused: boolean;
  /** Per currency: the kept invested amount (minor units) and executed-order count, as text. */
  stats: { currency: string; invested: string; executed: string }[];
}

/** The facts the standing rules read, in one statement; undefined for no such client. */
export async function standingFacts(
  ctx: FixedContext,
  clientId: number,
  now: Date,
  refusedSince: Date,
): Promise<StandingFactsRow | undefined> {
  const params = [clientId, now.toISOString(), refusedSince.toISOString()];
  // A request: one named statement on the pool (decision 0038). The job: its transaction's connection.
  const [row] = await runFixed<
    Omit<StandingFactsRow, 'stats'> & { stats: StandingFactsRow['stats'] | string }
  >(ctx, 'imali_standing_facts', FACTS_SQL, params);
  if (!row) return undefined;
  const stats =
    typeof row.stats === 'string' ? (JSON.parse(row.stats) as StandingFactsRow['stats']) : row.stats;
  return { ...row, stats };
}

export interface StoredStanding {
  id: string;
  vip: number;
  score: number;
  order_num: number;
}

/** The stored copy (vip, score, order_num) of up to `limit` clients with an id above `afterId`, by id. */
export async function storedStandingsAfter(db: Db, afterId: number, limit: number) {
  return rowsOf<StoredStanding>(
    await db.execute(
      sql`select id::text, vip, score, order_num from clients where id > ${afterId} order by id limit ${limit}`,
    ),
  );
}
