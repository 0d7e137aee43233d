import { inArray, sql } from 'drizzle-orm';
import type { DatabaseHandle, Db } from '../../db/client';
import { instruments } from '../../db/schema/index';
import { rowsOf } from '../../db/rows';
import { saDayStartSql } from '../../lib/sa-time';

type InstrumentRow = typeof instruments.$inferSelect;

// Raw rows (rowsOf): every figure is cast to text in SQL, exact and one type on both drivers.

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

/** The account's snapshots from `fromDay` on, oldest first (a year at most: ~366 rows). */
export async function snapshotsSince(db: Db, accountId: number, fromDay: string): Promise<DailyRow[]> {
  return rowsOf<DailyRaw>(
    await db.execute(sql`
      select ${DAILY_COLUMNS} from portfolio_daily
      where account_id = ${accountId} and day >= ${fromDay}::date order by day`),
  ).map(toDaily);
}

/**
 * The stored days of several accounts from `fromDay` on (every day when null), oldest first: the
 * client's total time-weighted return is chained from them (decision 0054). At most one row per
 * account and day.
 */
export async function snapshotsOfAccounts(
  db: Db,
  accountIds: number[],
  fromDay: string | null,
): Promise<DailyRow[]> {
  if (accountIds.length === 0) return [];
  return rowsOf<DailyRaw>(
    await db.execute(sql`
      select ${DAILY_COLUMNS} from portfolio_daily
      where account_id in (${sql.join(
        accountIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and (${fromDay}::date is null or day >= ${fromDay}::date)
      order by day, account_id`),
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

// ---------- The portfolio summary's one read ----------

/** A position with its instrument and (funds, structured products) its offering's name. */
export interface HeldPosition extends PositionRow {
  instrument: InstrumentRow;
  offeringName: string | null;
}

/** Everything the summary reads of one account, as of one statement. */
export interface AccountFigures {
  account: AccountRow;
  positions: HeldPosition[];
  stats: StatRow[];
  /** The last stored day on or before each probe day ('YYYY-MM-DD'), and under 'latest' and 'first'. */
  snapshots: Map<string, DailyRow>;
  /** Σ non-trade postings after the latest stored day (all of them when there is none). */
  flowSinceLatestMinor: bigint;
  /** Every stored day with a flow, oldest first (the money-weighted return's flows, decision 0054). */
  flowDays: { day: string; flowMinor: bigint }[];
}

// Every figure leaves as text (exact, one type on both drivers), inside JSON for the lists.
const DAILY_JSON = (alias: string) => `json_build_object(
  'account_id', ${alias}.account_id::text, 'day', to_char(${alias}.day, 'YYYY-MM-DD'),
  'cash', ${alias}.cash_minor::text, 'mv', ${alias}.market_value_minor::text,
  'flow', ${alias}.net_flow_minor::text, 'twr', ${alias}.twr_index::text,
  'cum_flow', ${alias}.cum_flow_minor::text, 'cum_day_flow', ${alias}.cum_day_flow::text)`;

/**
 * The portfolio summary's reads in one statement, one row per cash account of the client (or the
 * one asked for): the account, its positions with their instruments and offering names, its stats,
 * its stored days at the probe days plus the latest and first, and its flows since the latest
 * stored day (through the client's non-trade entries, as flowsSince). Each part is an index probe
 * of its own table, so the statement reads the same rows at 10 orders or 10,000. A fixed text: on
 * PostgreSQL a named statement, parsed and planned once per connection (decision 0038).
 * $1 client id, $2 account id or null (every cash account), $3 probe days 'YYYY-MM-DD,…'.
 */
const SUMMARY_SQL = `
select a.id::text as id, a.client_id::text as client_id, a.currency,
       a.balance_minor::text as balance, a.held_minor::text as held,
  (select coalesce(json_agg(json_build_object(
            'product', p.product, 'instrument_id', p.instrument_id::text,
            'offering_key', p.offering_key::text, 'quantity', p.quantity::text,
            'cost', p.cost_minor::text, 'offering_name', o.name,
            'i_symbol', i.symbol, 'i_name', i.name, 'i_market', i.market, 'i_country', i.country,
            'i_currency', i.currency, 'i_type', i.type, 'i_sector', i.sector, 'i_profile', i.profile,
            'i_tradable', i.tradable, 'i_price_decimals', i.price_decimals::text,
            'i_base_price', i.base_price::text, 'i_annual_volatility', i.annual_volatility::text,
            'i_annual_drift', i.annual_drift::text, 'i_avg_daily_volume', i.avg_daily_volume::text,
            'i_shares_outstanding', i.shares_outstanding::text, 'i_listing_state', i.listing_state,
            'i_listed_on', to_char(i.listed_on, 'YYYY-MM-DD'),
            'i_created_at', to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
            'i_updated_at', to_char(i.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
          order by p.product, p.instrument_id, p.offering_key), '[]')
     from portfolio_positions p
     join instruments i on i.id = p.instrument_id
     left join offerings o on p.offering_key > 0 and o.id = p.offering_key
    where p.account_id = a.id and p.quantity > 0) as positions,
  (select coalesce(json_agg(json_build_object(
            'product', s.product, 'invested', s.invested_minor::text, 'returned', s.returned_minor::text,
            'realised', s.realised_profit_minor::text, 'sold', s.sold_count::text)
          order by s.product), '[]')
     from portfolio_stats s where s.account_id = a.id) as stats,
  (select coalesce(json_agg(json_build_object('probe', probe.day, 'row', ${DAILY_JSON('d')})), '[]')
     from unnest(string_to_array($3::text, ',')) as probe(day)
     cross join lateral (select * from portfolio_daily pd
                          where pd.account_id = a.id and pd.day <= probe.day::date
                          order by pd.day desc limit 1) d) as probes,
  (select coalesce(json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'flow', d.net_flow_minor::text)
            order by d.day), '[]')
     from portfolio_daily d where d.account_id = a.id and d.net_flow_minor <> 0) as flow_days,
  (select ${DAILY_JSON('d')} from portfolio_daily d where d.account_id = a.id order by d.day desc limit 1) as latest,
  (select ${DAILY_JSON('d')} from portfolio_daily d where d.account_id = a.id order by d.day asc limit 1) as first,
  (select coalesce(sum(p.amount_minor), 0)::text
     from journal_entries e join postings p on p.entry_id = e.id and p.account_id = a.id
    where e.client_id = a.client_id and e.kind <> 'trade'
      and e.created_at >= coalesce(
        (select ${saDayStartSql('d.day + 1')}
           from portfolio_daily d where d.account_id = a.id order by d.day desc limit 1),
        'epoch'::timestamptz)) as flow
from accounts a
where a.kind = 'client' and a.purpose = 'cash' and a.client_id = $1::bigint
  and ($2::bigint is null or a.id = $2::bigint)
order by a.id`;

type Json<T> = T | string;
const parsed = <T>(value: Json<T>): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

interface PositionJson {
  product: PositionRow['product'];
  instrument_id: string;
  offering_key: string;
  quantity: string;
  cost: string;
  offering_name: string | null;
  i_symbol: string;
  i_name: string;
  i_market: InstrumentRow['market'];
  i_country: InstrumentRow['country'];
  i_currency: InstrumentRow['currency'];
  i_type: InstrumentRow['type'];
  i_sector: string;
  i_profile: string;
  i_tradable: boolean;
  i_price_decimals: string;
  i_base_price: string;
  i_annual_volatility: string;
  i_annual_drift: string;
  i_avg_daily_volume: string;
  i_shares_outstanding: string | null;
  i_listing_state: InstrumentRow['listingState'];
  i_listed_on: string | null;
  i_created_at: string;
  i_updated_at: string;
}

/** The instrument row as Drizzle maps it (numeric as text, bigint as number, dates as Date). */
const instrumentOf = (p: PositionJson): InstrumentRow => ({
  id: Number(p.instrument_id),
  symbol: p.i_symbol,
  name: p.i_name,
  market: p.i_market,
  country: p.i_country,
  currency: p.i_currency,
  type: p.i_type,
  sector: p.i_sector,
  profile: p.i_profile,
  tradable: p.i_tradable,
  priceDecimals: Number(p.i_price_decimals),
  basePrice: p.i_base_price,
  annualVolatility: p.i_annual_volatility,
  annualDrift: p.i_annual_drift,
  avgDailyVolume: Number(p.i_avg_daily_volume),
  sharesOutstanding: p.i_shares_outstanding === null ? null : Number(p.i_shares_outstanding),
  listingState: p.i_listing_state,
  listedOn: p.i_listed_on,
  createdAt: new Date(p.i_created_at),
  updatedAt: new Date(p.i_updated_at),
});

export async function summaryFigures(
  database: Pick<DatabaseHandle, 'prepared'>,
  clientId: number,
  accountId: number | undefined,
  probeDays: string[],
): Promise<AccountFigures[]> {
  const rows = await database.prepared<{
    id: string;
    client_id: string;
    currency: string;
    balance: string;
    held: string;
    positions: Json<PositionJson[]>;
    stats: Json<
      { product: StatRow['product']; invested: string; returned: string; realised: string; sold: string }[]
    >;
    probes: Json<{ probe: string; row: DailyRaw }[]>;
    latest: Json<DailyRaw> | null;
    first: Json<DailyRaw> | null;
    flow: string;
    flow_days: Json<{ day: string; flow: string }[]>;
  }>('imali_portfolio_summary', SUMMARY_SQL, [clientId, accountId ?? null, probeDays.join(',')]);
  return rows.map((r) => {
    const id = Number(r.id);
    const snapshots = new Map<string, DailyRow>();
    for (const probe of parsed(r.probes)) snapshots.set(probe.probe, toDaily(probe.row));
    if (r.latest) snapshots.set('latest', toDaily(parsed(r.latest)));
    if (r.first) snapshots.set('first', toDaily(parsed(r.first)));
    return {
      account: {
        id,
        clientId: Number(r.client_id),
        currency: r.currency,
        balanceMinor: BigInt(r.balance),
        heldMinor: BigInt(r.held),
      },
      positions: parsed(r.positions).map((p) => ({
        accountId: id,
        product: p.product,
        instrumentId: Number(p.instrument_id),
        offeringKey: Number(p.offering_key),
        quantity: p.quantity,
        costMinor: BigInt(p.cost),
        instrument: instrumentOf(p),
        offeringName: p.offering_name,
      })),
      stats: parsed(r.stats).map((s) => ({
        accountId: id,
        product: s.product,
        investedMinor: BigInt(s.invested),
        returnedMinor: BigInt(s.returned),
        realisedProfitMinor: BigInt(s.realised),
        soldCount: Number(s.sold),
      })),
      snapshots,
      flowSinceLatestMinor: BigInt(r.flow),
      flowDays: parsed(r.flow_days).map((f) => ({ day: f.day, flowMinor: BigInt(f.flow) })),
    };
  });
}
