import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instruments } from '../../db/schema/index';

/** Raw rows of db.execute on both drivers. Every figure is cast to text in SQL: exact, one type. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface AccountRow {
  id: number;
  clientId: number;
  currency: string;
  balanceMinor: bigint;
  heldMinor: bigint;
}

export async function clientAccounts(db: Db, clientId: number, accountId?: number): Promise<AccountRow[]> {
  const rows = rowsOf<{ id: string; client_id: string; currency: string; balance: string; held: string }>(
    await db.execute(sql`
      select id::text, client_id::text, currency, balance_minor::text as balance, held_minor::text as held
      from accounts
      where kind = 'client' and purpose = 'cash' and client_id = ${clientId}
        ${accountId === undefined ? sql`` : sql`and id = ${accountId}`}
      order by id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    clientId: Number(r.client_id),
    currency: r.currency,
    balanceMinor: BigInt(r.balance),
    heldMinor: BigInt(r.held),
  }));
}

export interface PositionRow {
  accountId: number;
  product: 'stock' | 'fund' | 'quant';
  instrumentId: number;
  /** The fund's or structured product's offering; 0 for shares. */
  offeringKey: number;
  quantity: string;
  costMinor: bigint;
}

/** The positions still held of the given accounts (at most one row per product and instrument). */
export async function positionsOf(db: Db, accountIds: number[]): Promise<PositionRow[]> {
  if (accountIds.length === 0) return [];
  const rows = rowsOf<{
    account_id: string;
    product: string;
    instrument_id: string;
    offering_key: string;
    quantity: string;
    cost: string;
  }>(
    await db.execute(sql`
      select account_id::text, product, instrument_id::text, offering_key::text, quantity::text,
             cost_minor::text as cost
      from portfolio_positions
      where account_id in (${sql.join(
        accountIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and quantity > 0`),
  );
  return rows.map((r) => ({
    accountId: Number(r.account_id),
    product: r.product as PositionRow['product'],
    instrumentId: Number(r.instrument_id),
    offeringKey: Number(r.offering_key),
    quantity: r.quantity,
    costMinor: BigInt(r.cost),
  }));
}

export interface StatRow {
  accountId: number;
  product: 'stock' | 'fund' | 'quant';
  investedMinor: bigint;
  returnedMinor: bigint;
  realisedProfitMinor: bigint;
  soldCount: number;
}

export async function statsOf(db: Db, accountIds: number[]): Promise<StatRow[]> {
  if (accountIds.length === 0) return [];
  const rows = rowsOf<{
    account_id: string;
    product: string;
    invested: string;
    returned: string;
    realised: string;
    sold: string;
  }>(
    await db.execute(sql`
      select account_id::text, product, invested_minor::text as invested, returned_minor::text as returned,
             realised_profit_minor::text as realised, sold_count::text as sold
      from portfolio_stats
      where account_id in (${sql.join(
        accountIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return rows.map((r) => ({
    accountId: Number(r.account_id),
    product: r.product as StatRow['product'],
    investedMinor: BigInt(r.invested),
    returnedMinor: BigInt(r.returned),
    realisedProfitMinor: BigInt(r.realised),
    soldCount: Number(r.sold),
  }));
}

export interface DailyRow {
  accountId: number;
  day: string;
  cashMinor: bigint;
  marketValueMinor: bigint;
  netFlowMinor: bigint;
  twrIndex: string;
  cumFlowMinor: bigint;
  cumDayFlow: bigint;
}

type DailyRaw = {
  account_id: string;
  day: string;
  cash: string;
  mv: string;
  flow: string;
  twr: string;
  cum_flow: string;
  cum_day_flow: string;
};
const toDaily = (r: DailyRaw): DailyRow => ({
  accountId: Number(r.account_id),
  day: r.day,
  cashMinor: BigInt(r.cash),
  marketValueMinor: BigInt(r.mv),
  netFlowMinor: BigInt(r.flow),
  twrIndex: r.twr,
  cumFlowMinor: BigInt(r.cum_flow),
  cumDayFlow: BigInt(r.cum_day_flow),
});
const DAILY_COLUMNS = sql`account_id::text, to_char(day, 'YYYY-MM-DD') as day, cash_minor::text as cash,
  market_value_minor::text as mv, net_flow_minor::text as flow, twr_index::text as twr,
  cum_flow_minor::text as cum_flow, cum_day_flow::text as cum_day_flow`;

/**
 * For each of `days` ('YYYY-MM-DD'), the account's last snapshot on or before it (one index probe
 * each), plus its latest and first snapshots under the keys 'latest' and 'first'.
 */
export async function snapshotsAt(db: Db, accountId: number, days: string[]) {
  const probes = [
    ...days.map((d) => ({ key: d, before: sql`and day <= ${d}::date`, order: sql`desc` })),
    { key: 'latest', before: sql``, order: sql`desc` },
    { key: 'first', before: sql``, order: sql`asc` },
  ];
  const rows = rowsOf<DailyRaw & { probe: string }>(
    await db.execute(
      sql.join(
        probes.map(
          (p) =>
            sql`(select ${p.key}::text as probe, ${DAILY_COLUMNS} from portfolio_daily
                 where account_id = ${accountId} ${p.before} order by day ${p.order} limit 1)`,
        ),
        sql` union all `,
      ),
    ),
  );
  const out = new Map<string, DailyRow>();
  for (const r of rows) out.set(r.probe, toDaily(r));
  return out;
}

/** The account's snapshots from `fromDay` on, oldest first (a year at most: ~366 rows). */
export async function snapshotsSince(db: Db, accountId: number, fromDay: string): Promise<DailyRow[]> {
  return rowsOf<DailyRaw>(
    await db.execute(sql`
      select ${DAILY_COLUMNS} from portfolio_daily
      where account_id = ${accountId} and day >= ${fromDay}::date order by day`),
  ).map(toDaily);
}

export async function latestSnapshot(db: Db, accountId: number): Promise<DailyRow | undefined> {
  const [row] = rowsOf<DailyRaw>(
    await db.execute(sql`
      select ${DAILY_COLUMNS} from portfolio_daily where account_id = ${accountId} order by day desc limit 1`),
  );
  return row && toDaily(row);
}

/**
 * Σ postings on the account since `since` of entries that are not trades (deposits, withdrawals,
 * transfers, adjustments): through the client's non-trade entries (a partial index), so an
 * account's trades, however many, are never read.
 */
export async function flowsSince(db: Db, account: AccountRow, since: Date): Promise<bigint> {
  const [row] = rowsOf<{ total: string }>(
    await db.execute(sql`
      select coalesce(sum(p.amount_minor), 0)::text as total
      from journal_entries e join postings p on p.entry_id = e.id and p.account_id = ${account.id}
      where e.client_id = ${account.clientId} and e.kind <> 'trade'
        and e.created_at >= ${since.toISOString()}::timestamptz`),
  );
  return BigInt(row!.total);
}

export interface PostingEvent {
  at: Date;
  amountMinor: bigint;
  external: boolean;
}

/** Every posting on the account since `since`, oldest first, marked external (not a trade). */
export async function postingsSince(db: Db, accountId: number, since: Date): Promise<PostingEvent[]> {
  return rowsOf<{ at: string; amount: string; kind: string }>(
    await db.execute(sql`
      select p.created_at::text as at, p.amount_minor::text as amount, e.kind
      from postings p join journal_entries e on e.id = p.entry_id
      where p.account_id = ${accountId} and p.created_at >= ${since.toISOString()}::timestamptz
      order by p.created_at, p.id`),
  ).map((r) => ({ at: new Date(r.at), amountMinor: BigInt(r.amount), external: r.kind !== 'trade' }));
}

export interface MovementEvent {
  at: Date;
  product: 'stock' | 'fund' | 'quant';
  instrumentId: number;
  offeringKey: number;
  quantityDelta: string;
}

/** Every position movement of the account's orders since `since`, oldest first. */
export async function movementsSince(db: Db, accountId: number, since: Date): Promise<MovementEvent[]> {
  return rowsOf<{ at: string; product: string; instrument_id: string; offering_key: string; delta: string }>(
    await db.execute(sql`
      select m.created_at::text as at, portfolio_product(o.ttype) as product, m.instrument_id::text,
             portfolio_offering_key(o.ttype, o.offering_id)::text as offering_key, m.quantity_delta::text as delta
      from position_movements m join orders o on o.id = m.order_id
      where o.account_id = ${accountId} and m.created_at >= ${since.toISOString()}::timestamptz
      order by m.created_at, m.id`),
  ).map((r) => ({
    at: new Date(r.at),
    product: r.product as MovementEvent['product'],
    instrumentId: Number(r.instrument_id),
    offeringKey: Number(r.offering_key),
    quantityDelta: r.delta,
  }));
}

/** When the account's first posting was made (undefined: no money ever moved). */
export async function firstPostingAt(db: Db, accountId: number): Promise<Date | undefined> {
  const [row] = rowsOf<{ at: string | null }>(
    await db.execute(sql`select min(created_at)::text as at from postings where account_id = ${accountId}`),
  );
  return row?.at ? new Date(row.at) : undefined;
}

/** Client cash accounts that have had a posting (the ones worth a daily value). */
export async function accountsWithActivity(db: Db): Promise<AccountRow[]> {
  const rows = rowsOf<{ id: string; client_id: string; currency: string; balance: string; held: string }>(
    await db.execute(sql`
      select a.id::text, a.client_id::text, a.currency, a.balance_minor::text as balance, a.held_minor::text as held
      from accounts a
      where a.kind = 'client' and exists (select 1 from postings p where p.account_id = a.id)
      order by a.id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    clientId: Number(r.client_id),
    currency: r.currency,
    balanceMinor: BigInt(r.balance),
    heldMinor: BigInt(r.held),
  }));
}

export async function insertDaily(db: Db, row: DailyRow) {
  await db.execute(sql`
    insert into portfolio_daily (account_id, day, cash_minor, market_value_minor, net_flow_minor, twr_index,
                                 cum_flow_minor, cum_day_flow)
    values (${row.accountId}, ${row.day}::date, ${row.cashMinor.toString()}::bigint, ${row.marketValueMinor.toString()}::bigint,
            ${row.netFlowMinor.toString()}::bigint, ${row.twrIndex}::numeric, ${row.cumFlowMinor.toString()}::bigint,
            ${row.cumDayFlow.toString()}::numeric)
    on conflict (account_id, day) do nothing`);
}

/** The instruments of the positions shown (name, sector, prices: the simulator needs the row). */
export async function instrumentsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(instruments).where(inArray(instruments.id, ids));
}

/** Names of offerings by id (funds and structured products are shown by their own name). */
export async function offeringNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string; name: string }>(
    await db.execute(
      sql`select id::text, name from offerings where id in (${sql.join(
        [...new Set(ids)].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
