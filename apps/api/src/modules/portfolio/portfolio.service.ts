/**
 * Portfolio analytics (issue 14; decision 0036). A request reads what is kept as it happens:
 * the account row (cash), portfolio_positions (one row per product and instrument still held, kept
 * by a trigger on position_movements), portfolio_stats (invested, returned, realised per product,
 * kept by triggers) and a handful of portfolio_daily rows found by index probes (period starts).
 * Nothing here folds the order history, so a request costs the same at 10 orders or 10,000.
 *
 * Values: cash balance + positions at the latest simulated price (stocks: quantity × price, the
 * orders module's consideration rule; funds and structured products by their module's valuation,
 * at cost until one is known). Returns: time-weighted (daily chain) and money-weighted (the IRR of
 * the period's flows, XIRR convention, with Modified Dietz beside it as labelled; decision 0054),
 * packages/money returns.ts, over 1W, 1M, 3M, YTD, 1Y and ALL, ending with a live point. The
 * client's total (all accounts, in ZAR) chains its own time-weighted index from the accounts'
 * stored days converted at today's mid rate, so it has a TWR from its first valued day as well.
 */
import {
  type AssetSummary,
  type InvestStat,
  type MonthReturn,
  type PeriodReturn,
  type PortfolioPeriod,
  type PortfolioProduct,
  type PortfolioSummary,
  type ProductPortfolio,
  type ValueSeries,
  type WeekProfit,
  PORTFOLIO_PRODUCTS,
} from '@imali/contract';
import {
  multiplyByRate,
  normalizeDecimal,
  parseDecimal,
  rescale,
  divideRounded,
  formatDecimal,
  formatMinor,
  INDEX_START,
  modifiedDietz,
  moneyWeightedReturn,
  nextTwrIndex,
  parseIndex,
  periodTwr,
  pow10,
  ratioText,
  exactQuotient,
  type Currency,
  type DayFlow,
  type DietzPoint,
} from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DAY_MS, saDayNumber, saDayStartOfNumber } from '../../lib/sa-time';
import { accountNotFound } from '../ledger/ledger.service';
import { providerFor, toSim, type InstrumentRow } from '../market/market.service';
import { isTradingDay } from '../market/simulator/calendar';
import { ticksToDecimalString } from '../market/simulator/simulator';
import { considerationOf } from '../orders/orders.service';
import { listPairs } from '../fx/fx.service';
import { loanFlowsSince, loansOwed } from '../applications/applications.service';
import * as repo from './portfolio.repository';

// ---------- Days ----------

// The South African day itself is lib/sa-time's; a day number here is its saDayNumber.
export { saDayNumber };
export const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const dayOfText = (text: string) => Math.round(Date.parse(`${text}T00:00:00Z`) / DAY_MS);
/** The instant the South African day `day` ends (the next day's start). */
export const dayEnd = (day: number) => saDayStartOfNumber(day + 1);

/** The same calendar day `months` earlier, clamped to the month's last day (31 Mar − 1M = 28/29 Feb). */
export function monthsBefore(day: number, months: number): number {
  const d = new Date(day * DAY_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Math.round(Date.UTC(y, m, Math.min(d.getUTCDate(), lastDay)) / DAY_MS);
}

/** The day each period starts from (its return covers the days after it); null: since the first day. */
export function periodStarts(today: number): Record<PortfolioPeriod, number | null> {
  const year = new Date(today * DAY_MS).getUTCFullYear();
  return {
    '1W': today - 7,
    '1M': monthsBefore(today, 1),
    '3M': monthsBefore(today, 3),
    YTD: Math.round(Date.UTC(year - 1, 11, 31) / DAY_MS),
    '1Y': monthsBefore(today, 12),
    ALL: null,
  };
}

// ---------- Valuation ----------

export interface ValuedPosition extends repo.PositionRow {
  instrument: InstrumentRow;
  /** A fund's or structured product's name (its instrument is the benchmark or underlying). */
  offeringName: string | null;
  valueMinor: bigint;
}

/** The instrument's price at an instant of the market clock, in its quote unit, exact. */
function priceAt(ctx: AppContext, instrument: InstrumentRow, marketAt: Date): string {
  const q = providerFor(ctx).quote(toSim(instrument), marketAt);
  return ticksToDecimalString(q.priceTicks, instrument.priceDecimals);
}

/**
 * A position's value at a market instant, in minor units of the instrument's currency: shares at
 * the simulated price (an IPO's shares at cost until they list); funds and structured products
 * by their product definition's valuer; never invented.
 */
async function valueOf(
  ctx: AppContext,
  p: repo.PositionRow,
  instrument: InstrumentRow,
  marketAt: Date,
): Promise<bigint> {
  if (p.product !== 'stock') {
    // A fund's or structured product's own valuation (its product definition, modules/wiring.ts).
    const valuer = ctx.wiring.products[p.product].positionValuer;
    return valuer
      ? valuer(
          ctx,
          {
            offeringId: p.offeringKey,
            quantity: p.quantity,
            costMinor: p.costMinor,
            currency: instrument.currency as Currency,
          },
          marketAt,
        )
      : p.costMinor;
  }
  if ((instrument as { listingState?: string }).listingState === 'pending') return p.costMinor;
  return considerationOf(instrument, p.quantity, priceAt(ctx, instrument, marketAt));
}

async function valuePositions(ctx: AppContext, positions: repo.PositionRow[], marketAt: Date) {
  const instruments = new Map(
    (await repo.instrumentsByIds(ctx.db, [...new Set(positions.map((p) => p.instrumentId))])).map((i) => [
      i.id,
      i,
    ]),
  );
  const names = await repo.offeringNames(
    ctx.db,
    positions.filter((p) => p.offeringKey > 0).map((p) => p.offeringKey),
  );
  return valueHeld(
    ctx,
    positions.map((p) => ({
      ...p,
      instrument: instruments.get(p.instrumentId)!,
      offeringName: names.get(p.offeringKey) ?? null,
    })),
    marketAt,
  );
}

/** Positions read with their instruments and offering names, valued at a market instant. */
function valueHeld(ctx: AppContext, positions: repo.HeldPosition[], marketAt: Date) {
  return Promise.all(
    positions.map(async (p): Promise<ValuedPosition> => ({
      ...p,
      valueMinor: await valueOf(ctx, p, p.instrument, marketAt),
    })),
  );
}

/** part / whole, exact (truncated, never rounded, when it repeats; decision 0041); null when whole is 0. */
const ratioOf = (part: bigint, whole: bigint): string | null =>
  whole === 0n ? null : ratioText(part, whole);

const sum = <T>(items: T[], f: (item: T) => bigint) => items.reduce((total, item) => total + f(item), 0n);

// ---------- Accounts ----------

/** The client's account (404 when it is not theirs), or every cash account when no id is given. */
async function accountsFor(ctx: AppContext, clientId: number, accountId: number | undefined) {
  const accounts = await repo.clientAccounts(ctx.db, clientId, accountId);
  if (accountId !== undefined && accounts.length === 0) throw accountNotFound();
  return accounts;
}

/** Mid rates to ZAR of the published pairs (1 for ZAR itself). */
async function midRatesToZar(ctx: AppContext): Promise<Map<string, string>> {
  const rates = new Map<string, string>([['ZAR', '1']]);
  for (const pair of await listPairs(ctx)) {
    if (pair.secondary === 'ZAR') rates.set(pair.primary, pair.mid_rate);
  }
  return rates;
}

// ---------- The live point of an account ----------

export interface LivePoint {
  account: repo.AccountRow;
  positions: ValuedPosition[];
  marketValueMinor: bigint;
  valueMinor: bigint;
  /** Today's point for returns: index, running sums and value at the end of today (so far). */
  today: DietzPoint & { twrIndex: string; day: number };
  /** The last stored day (yesterday once the job ran), or the zero origin. */
  previous: DietzPoint & { twrIndex: string };
  flowTodayMinor: bigint;
}

const origin = (day: number) => ({
  day,
  valueMinor: 0n,
  cumFlowMinor: 0n,
  cumDayFlow: 0n,
  twrIndex: INDEX_START,
});

const pointOf = (row: repo.DailyRow) => ({
  day: dayOfText(row.day),
  valueMinor: row.cashMinor + row.marketValueMinor,
  cumFlowMinor: row.cumFlowMinor,
  cumDayFlow: row.cumDayFlow,
  twrIndex: row.twrIndex,
});

async function livePoint(
  ctx: AppContext,
  account: repo.AccountRow,
  positions: repo.PositionRow[],
  latest: repo.DailyRow | undefined,
): Promise<LivePoint> {
  const today = saDayNumber(ctx.clock.now());
  const valued = await valuePositions(ctx, positions, ctx.clock.now());
  // Flows after the last stored day (today's, when the job keeps up) count from the start of today.
  const since = latest ? dayEnd(dayOfText(latest.day)) : new Date(0);
  const flow = await repo.flowsSince(ctx.db, account, since);
  return liveOf(account, valued, latest, flow, today);
}

/** The live point from what was read: valued positions, the last stored day, flows since it. */
function liveOf(
  account: repo.AccountRow,
  valued: ValuedPosition[],
  latest: repo.DailyRow | undefined,
  flow: bigint,
  today: number,
): LivePoint {
  const marketValueMinor = sum(valued, (p) => p.valueMinor);
  const valueMinor = account.balanceMinor + marketValueMinor;
  const previous = latest ? pointOf(latest) : origin(today - 1);
  const twrIndex = nextTwrIndex(previous.twrIndex, {
    previousValueMinor: previous.valueMinor,
    valueMinor,
    flowMinor: flow,
  });
  return {
    account,
    positions: valued,
    marketValueMinor,
    valueMinor,
    previous,
    flowTodayMinor: flow,
    today: {
      day: today,
      valueMinor,
      cumFlowMinor: previous.cumFlowMinor + flow,
      cumDayFlow: previous.cumDayFlow + BigInt(today) * flow,
      twrIndex,
    },
  };
}

/** The account's first stored day, or today when it has none (a period then starts with today). */
const firstDayOf = (live: LivePoint, found: Map<string, repo.DailyRow>) => {
  const first = found.get('first');
  return first ? dayOfText(first.day) : live.today.day;
};

/** The days whose stored values the periods start from ('YYYY-MM-DD', each once). */
const probeDaysOf = (today: number) =>
  [...new Set(Object.values(periodStarts(today)).filter((d): d is number => d !== null))].map(dayText);

/** A period's figures from its start and end points, the flows between and its TWR. */
function periodReturnOf(
  period: PortfolioPeriod,
  start: DietzPoint,
  end: DietzPoint,
  flows: readonly DayFlow[],
  twr: string | null,
): PeriodReturn {
  const mwr = moneyWeightedReturn(start, flows, end);
  return {
    period,
    twr,
    mwr: mwr.rate,
    mwr_basis: mwr.basis,
    modified_dietz: modifiedDietz(start, end),
    from: dayText(start.day + 1),
    days: end.day - start.day,
  };
}

/**
 * An account's flows by day: its stored days with a flow, then what came in or out since the last
 * stored day, counted on today (as the live point counts it).
 */
function flowsOf(live: LivePoint, flowDays: AccountFlowDays): DayFlow[] {
  const flows = flowDays.map((f) => ({ day: dayOfText(f.day), amountMinor: f.flowMinor }));
  if (live.flowTodayMinor !== 0n) flows.push({ day: live.today.day, amountMinor: live.flowTodayMinor });
  return flows;
}
type AccountFlowDays = repo.AccountFigures['flowDays'];

/** Each period's returns; `found`: the stored days at the probe days, 'latest' and 'first'. */
function returnsOf(
  live: LivePoint,
  found: Map<string, repo.DailyRow>,
  flowDays: AccountFlowDays,
): PeriodReturn[] {
  const flows = flowsOf(live, flowDays);
  return [...startPoints(live, found)].map(([period, start]) =>
    periodReturnOf(period, start, live.today, flows, periodTwr(start.twrIndex, live.today.twrIndex)),
  );
}

/**
 * The client's total time-weighted index at the end of each day, in the summary's currency: each
 * day's return is that of the accounts together, Σ V_t / Σ (V_{t−1} + F_t) with every amount
 * converted at today's mid rate (as the total's values are), chained from the first day any
 * account has a value (a day with nothing invested leaves the index). `rows`: every stored day of
 * the accounts, oldest first; today is each account's live point.
 */
export function totalTwrIndex(
  lives: LivePoint[],
  rows: repo.DailyRow[],
  convert: (minor: bigint, currency: string) => bigint,
  today: number,
): (day: number) => string {
  const byDay = new Map<number, repo.DailyRow[]>();
  for (const r of rows) {
    const day = dayOfText(r.day);
    if (day >= today) continue;
    byDay.set(day, [...(byDay.get(day) ?? []), r]);
  }
  const firstDay = Math.min(today, ...byDay.keys());
  const currencyOf = new Map(lives.map((l) => [l.account.id, l.account.currency]));
  const carried = new Map<number, bigint>(); // each account's value at the end of the day before
  const total = () => {
    let v = 0n;
    for (const [id, value] of carried) v += convert(value, currencyOf.get(id) ?? 'ZAR');
    return v;
  };
  const indexAt = new Map<number, string>();
  let index = INDEX_START;
  for (let day = firstDay; day <= today; day += 1) {
    const previousValueMinor = total();
    let flowMinor = 0n;
    if (day < today) {
      for (const r of byDay.get(day) ?? []) {
        flowMinor += convert(r.netFlowMinor, currencyOf.get(r.accountId) ?? 'ZAR');
        carried.set(r.accountId, r.cashMinor + r.marketValueMinor);
      }
    } else {
      for (const l of lives) {
        flowMinor += convert(l.flowTodayMinor, l.account.currency);
        carried.set(l.account.id, l.valueMinor);
      }
    }
    index = nextTwrIndex(index, { previousValueMinor, valueMinor: total(), flowMinor });
    indexAt.set(day, index);
  }
  return (day: number) => (day < firstDay ? INDEX_START : (indexAt.get(Math.min(day, today)) ?? INDEX_START));
}

// ---------- Summary ----------

function allocation(positions: ValuedPosition[], currencyOf: (p: ValuedPosition) => bigint) {
  const total = sum(positions, currencyOf);
  const byProduct = PORTFOLIO_PRODUCTS.map((product) => {
    const value = sum(
      positions.filter((p) => p.product === product),
      currencyOf,
    );
    return { product, value };
  }).filter((x) => x.value > 0n);
  const sectors = new Map<string, bigint>();
  for (const p of positions) {
    const sector =
      p.product === 'stock'
        ? (p.instrument.sector ?? 'Other')
        : p.product === 'fund'
          ? 'Funds'
          : 'Structured';
    sectors.set(sector, (sectors.get(sector) ?? 0n) + currencyOf(p));
  }
  return { total, byProduct, sectors };
}

/**
 * GET /stat/app/v1/portfolio. One account: its figures in its currency. No account: the client's
 * total in ZAR, each account converted at the published mid rate (returns then money-weighted
 * only: a time-weighted index does not add up across currencies).
 */
export async function portfolioSummary(
  ctx: AppContext,
  clientId: number,
  accountId: number | undefined,
): Promise<PortfolioSummary> {
  const today = saDayNumber(ctx.clock.now());
  const single = accountId !== undefined;
  // One statement for every figure the accounts keep (rates beside it for a total), decision 0038.
  const [figures, rates, loans] = await Promise.all([
    repo.summaryFigures(ctx.database, clientId, accountId, probeDaysOf(today)),
    single ? undefined : midRatesToZar(ctx),
    loansOwed(ctx, clientId, accountId, dayText(today)),
  ]);
  // The total's TWR is chained from every stored day of its accounts (one row per account a day).
  const totalRows = single
    ? []
    : await repo.snapshotsOfAccounts(
        ctx.db,
        figures.map((f) => f.account.id),
        null,
      );
  if (single && figures.length === 0) throw accountNotFound();
  const accounts = figures.map((f) => f.account);
  const stats = figures.flatMap((f) => f.stats);
  const currency = (single ? accounts[0]!.currency : 'ZAR') as Currency;
  // At mid, half-up: a statement of value, not a conversion that credits anything.
  const toCurrency = (minor: bigint, from: string) =>
    from === currency
      ? minor
      : multiplyByRate(minor, rates?.get(from) ?? '0', 'HALF_UP', from as Currency, currency);

  const marketAt = ctx.clock.now();
  const lives: LivePoint[] = [];
  for (const f of figures) {
    const valued = await valueHeld(ctx, f.positions, marketAt);
    lives.push(liveOf(f.account, valued, f.snapshots.get('latest'), f.flowSinceLatestMinor, today));
  }
  const converted = (f: (l: LivePoint) => bigint) => sum(lives, (l) => toCurrency(f(l), l.account.currency));
  const balance = converted((l) => l.account.balanceMinor);
  const held = converted((l) => l.account.heldMinor);
  const marketValue = converted((l) => l.marketValueMinor);
  const cost = converted((l) => sum(l.positions, (p) => p.costMinor));
  const realised = sum(stats, (s) =>
    toCurrency(s.realisedProfitMinor, accounts.find((a) => a.id === s.accountId)!.currency),
  );
  const totalValue = balance + marketValue;
  // A loan's payout sits in the cash (and so in the total); what it leaves owed is shown beside it.
  const owed = sum(loans, (l) => toCurrency(l.outstandingMinor, l.currency));
  const dayChange = converted((l) => l.valueMinor - l.previous.valueMinor - l.flowTodayMinor);
  const dayBase = converted((l) => l.previous.valueMinor + l.flowTodayMinor);

  let returns: PeriodReturn[];
  if (single) {
    returns = returnsOf(lives[0]!, figures[0]!.snapshots, figures[0]!.flowDays);
  } else {
    // Σ of each account's points and flows, converted: the client's money-weighted return.
    const perAccount = lives.map((l, i) => ({ l, starts: startPoints(l, figures[i]!.snapshots) }));
    const flows = lives.flatMap((l, i) =>
      flowsOf(l, figures[i]!.flowDays).map((f) => ({
        day: f.day,
        amountMinor: toCurrency(f.amountMinor, l.account.currency),
      })),
    );
    const twrIndexAt = totalTwrIndex(lives, totalRows, toCurrency, today);
    returns = (Object.keys(periodStarts(0)) as PortfolioPeriod[]).map((period) => {
      const add = (pick: (x: (typeof perAccount)[number]) => DietzPoint) =>
        perAccount.reduce(
          (acc, x) => {
            const p = pick(x);
            const c = x.l.account.currency;
            return {
              day: p.day,
              valueMinor: acc.valueMinor + toCurrency(p.valueMinor, c),
              cumFlowMinor: acc.cumFlowMinor + toCurrency(p.cumFlowMinor, c),
              cumDayFlow: acc.cumDayFlow + toCurrency(p.cumDayFlow, c),
            };
          },
          { day: 0, valueMinor: 0n, cumFlowMinor: 0n, cumDayFlow: 0n },
        );
      // The period starts where the oldest account's figures start: the period's first day, or,
      // when every account is younger, the first day any of them has (as for one account).
      const startDay = Math.min(...perAccount.map((x) => x.starts.get(period)!.day));
      const start = { ...add((x) => x.starts.get(period)!), day: startDay };
      const end = { ...add((x) => x.l.today), day: lives[0]?.today.day ?? 0 };
      const twr = periodTwr(twrIndexAt(start.day), twrIndexAt(end.day));
      return periodReturnOf(period, start, end, flows, twr);
    });
  }

  const allPositions = lives.flatMap((l) => l.positions);
  const alloc = allocation(allPositions, (p) =>
    toCurrency(p.valueMinor, accounts.find((a) => a.id === p.accountId)!.currency),
  );
  return {
    account_id: single ? accounts[0]!.id : null,
    currency,
    converted: !single && accounts.some((a) => a.currency !== currency),
    cash: {
      balance: formatMinor(balance, currency),
      available: formatMinor(balance - held, currency),
      held: formatMinor(held, currency),
    },
    market_value: formatMinor(marketValue, currency),
    cost: formatMinor(cost, currency),
    unrealised_profit: formatMinor(marketValue - cost, currency),
    realised_profit: formatMinor(realised, currency),
    total_value: formatMinor(totalValue, currency),
    day_change: formatMinor(dayChange, currency),
    day_change_ratio: dayBase > 0n ? ratioOf(dayChange, dayBase) : null,
    returns,
    allocation: {
      by_product: alloc.byProduct.map((x) => ({
        product: x.product,
        market_value: formatMinor(x.value, currency),
        weight: ratioOf(x.value, alloc.total),
      })),
      by_sector: [...alloc.sectors]
        .sort((a, b) => (a[1] === b[1] ? a[0].localeCompare(b[0]) : a[1] > b[1] ? -1 : 1))
        .map(([sector, value]) => ({
          sector,
          market_value: formatMinor(value, currency),
          weight: ratioOf(value, alloc.total),
        })),
    },
    as_of: ctx.clock.now().toISOString(),
    liabilities: {
      total: formatMinor(owed, currency),
      loans: loans.map((l) => ({
        reference: l.reference,
        account_id: l.accountId,
        currency: l.currency,
        principal: formatMinor(l.principalMinor, l.currency),
        outstanding: formatMinor(l.outstandingMinor, l.currency),
        next_instalment: l.next
          ? { amount: formatMinor(l.next.amountMinor, l.currency), due_on: l.next.dueOn }
          : null,
        paid_out_at: l.paidOutAt.toISOString(),
      })),
    },
    net_value: formatMinor(totalValue - owed, currency),
  };
}

function startPoints(live: LivePoint, found: Map<string, repo.DailyRow>) {
  const starts = periodStarts(live.today.day);
  // Younger than the period (or ALL): since the account's first day, from nothing.
  const out = new Map<PortfolioPeriod, DietzPoint & { twrIndex: string }>();
  for (const period of Object.keys(starts) as PortfolioPeriod[]) {
    const startDay = starts[period];
    const row = startDay === null ? undefined : found.get(dayText(startDay));
    out.set(period, row ? pointOf(row) : origin(firstDayOf(live, found) - 1));
  }
  return out;
}

// ---------- The other stat endpoints ----------

/** GET /stat/app/v1/asset: every account's cash and holdings, and the total in ZAR. */
export async function assetSummary(
  ctx: AppContext,
  clientId: number,
  accountId: number | undefined,
): Promise<AssetSummary> {
  const accounts = await accountsFor(ctx, clientId, accountId);
  const positions = await valuePositions(
    ctx,
    await repo.positionsOf(
      ctx.db,
      accounts.map((a) => a.id),
    ),
    ctx.clock.now(),
  );
  const rates = await midRatesToZar(ctx);
  let totalZar = 0n;
  const rows = accounts.map((a) => {
    const currency = a.currency as Currency;
    const mv = sum(
      positions.filter((p) => p.accountId === a.id),
      (p) => p.valueMinor,
    );
    const total = a.balanceMinor + mv;
    totalZar +=
      currency === 'ZAR'
        ? total
        : multiplyByRate(total, rates.get(currency) ?? '0', 'HALF_UP', currency, 'ZAR');
    return {
      account_id: a.id,
      currency,
      balance: formatMinor(a.balanceMinor, currency),
      available: formatMinor(a.balanceMinor - a.heldMinor, currency),
      held: formatMinor(a.heldMinor, currency),
      market_value: formatMinor(mv, currency),
      total_value: formatMinor(total, currency),
    };
  });
  return { accounts: rows, total_value_zar: formatMinor(totalZar, 'ZAR') };
}

/** The account asked for, or the client's ZAR account (the home currency) when none is given. */
async function oneAccount(ctx: AppContext, clientId: number, accountId: number | undefined) {
  const accounts = await accountsFor(ctx, clientId, accountId);
  const account =
    accountId !== undefined ? accounts[0] : (accounts.find((a) => a.currency === 'ZAR') ?? accounts[0]);
  if (!account) throw accountNotFound();
  return account;
}

/** GET /stat/app/v1/week_profit: the last 7 JSE trading days' profit (value change less flows). */
export async function weekProfit(
  ctx: AppContext,
  clientId: number,
  accountId: number | undefined,
): Promise<WeekProfit> {
  const account = await oneAccount(ctx, clientId, accountId);
  const currency = account.currency as Currency;
  const today = saDayNumber(ctx.clock.now());
  const days: number[] = [];
  for (let d = today; days.length < 7; d -= 1) if (isTradingDay('JSE', d)) days.unshift(d);
  const rows = await repo.snapshotsSince(ctx.db, account.id, dayText(days[0]! - 10));
  const positions = await repo.positionsOf(ctx.db, [account.id]);
  const live = await livePoint(ctx, account, positions, rows.at(-1));
  // Value at the end of a day = its snapshot, or the last one before it (nothing moved in between).
  const valueAt = (day: number) => {
    let found: repo.DailyRow | undefined;
    for (const r of rows) if (dayOfText(r.day) <= day) found = r;
    return found ? { v: found.cashMinor + found.marketValueMinor, c: found.cumFlowMinor } : { v: 0n, c: 0n };
  };
  return {
    currency,
    days: days.map((day) => {
      const prev = day === today ? live.previous : undefined;
      let profit: bigint;
      if (day === today) {
        profit = live.valueMinor - (prev?.valueMinor ?? 0n) - live.flowTodayMinor;
      } else {
        const end = valueAt(day);
        const start = valueAt(day - 1);
        profit = end.v - start.v - (end.c - start.c);
      }
      return { day: dayText(day), profit: formatMinor(profit, currency) };
    }),
  };
}

/** GET /stat/app/v1/month_return: time-weighted return of each of the last 12 calendar months. */
export async function monthReturn(
  ctx: AppContext,
  clientId: number,
  accountId: number | undefined,
): Promise<MonthReturn> {
  const account = await oneAccount(ctx, clientId, accountId);
  const today = saDayNumber(ctx.clock.now());
  const first = new Date(today * DAY_MS);
  const monthStart = (back: number) =>
    Math.round(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() - back, 1) / DAY_MS);
  const rows = await repo.snapshotsSince(ctx.db, account.id, dayText(monthStart(12) - 1));
  const live = await livePoint(ctx, account, await repo.positionsOf(ctx.db, [account.id]), rows.at(-1));
  const indexAt = (day: number): string | undefined => {
    if (day >= today) return live.today.twrIndex;
    let found: repo.DailyRow | undefined;
    for (const r of rows) if (dayOfText(r.day) <= day) found = r;
    return found?.twrIndex;
  };
  const months = [];
  for (let back = 11; back >= 0; back -= 1) {
    const start = monthStart(back) - 1;
    const end = back === 0 ? today : monthStart(back - 1) - 1;
    const a = indexAt(start) ?? (indexAt(end) !== undefined ? INDEX_START : undefined);
    const b = indexAt(end);
    months.push({ month: dayText(monthStart(back)).slice(0, 7), twr: a && b ? periodTwr(a, b) : null });
  }
  return { currency: account.currency, months };
}

/** GET /stat/app/v1/invest_stat: invested, returned and realised per product type. */
export async function investStat(
  ctx: AppContext,
  clientId: number,
  accountId: number | undefined,
): Promise<InvestStat> {
  const account = await oneAccount(ctx, clientId, accountId);
  const currency = account.currency as Currency;
  const [stats, positions] = await Promise.all([
    repo.statsOf(ctx.db, [account.id]),
    repo.positionsOf(ctx.db, [account.id]).then((p) => valuePositions(ctx, p, ctx.clock.now())),
  ]);
  return {
    currency,
    products: PORTFOLIO_PRODUCTS.map((product) => {
      const s = stats.find((x) => x.product === product);
      return {
        product,
        invested: formatMinor(s?.investedMinor ?? 0n, currency),
        returned: formatMinor(s?.returnedMinor ?? 0n, currency),
        realised_profit: formatMinor(s?.realisedProfitMinor ?? 0n, currency),
        sold_orders: s?.soldCount ?? 0,
        market_value: formatMinor(
          sum(
            positions.filter((p) => p.product === product),
            (p) => p.valueMinor,
          ),
          currency,
        ),
      };
    }),
  };
}

/** GET /stat/app/v1/{stock,fund,stru}_portfolio: one product type's positions, largest first. */
export async function productPortfolio(
  ctx: AppContext,
  clientId: number,
  accountId: number | undefined,
  product: PortfolioProduct,
): Promise<ProductPortfolio> {
  const account = await oneAccount(ctx, clientId, accountId);
  const currency = account.currency as Currency;
  const positions = (
    await valuePositions(
      ctx,
      (await repo.positionsOf(ctx.db, [account.id])).filter((p) => p.product === product),
      ctx.clock.now(),
    )
  ).sort((a, b) =>
    a.valueMinor === b.valueMinor ? a.instrumentId - b.instrumentId : a.valueMinor > b.valueMinor ? -1 : 1,
  );
  const total = sum(positions, (p) => p.valueMinor);
  const cost = sum(positions, (p) => p.costMinor);
  return {
    currency,
    product,
    market_value: formatMinor(total, currency),
    cost: formatMinor(cost, currency),
    positions: positions.map((p) => {
      const qty = Number(p.quantity) > 0 ? p.quantity : '0';
      return {
        symbol: p.instrument.symbol,
        name: p.offeringName ?? p.instrument.name,
        market: p.instrument.market,
        country: p.instrument.country,
        sector: p.instrument.sector ?? null,
        quantity: formatDecimal(normalizeDecimal(parseDecimal(qty))),
        average_cost: averageCost(p.costMinor, qty, currency),
        cost: formatMinor(p.costMinor, currency),
        market_value: formatMinor(p.valueMinor, currency),
        unrealised_profit: formatMinor(p.valueMinor - p.costMinor, currency),
        unrealised_ratio: ratioOf(p.valueMinor - p.costMinor, p.costMinor),
        weight: ratioOf(p.valueMinor, total),
      };
    }),
  };
}

/** cost ÷ quantity in the currency's major unit, 4 decimals, rounded half-up. */
function averageCost(costMinor: bigint, quantity: string, currency: Currency): string {
  const q = normalizeDecimal(parseDecimal(quantity));
  if (q.coefficient === 0n) return formatMinor(0n, currency);
  // costMinor / 100 / (coef / 10^scale) with 4 decimals.
  const scaled = divideRounded(costMinor * pow10(q.scale + 4), q.coefficient * 100n, 'HALF_UP');
  return formatDecimal({ coefficient: scaled, scale: 4 });
}

/** GET /stat/app/v1/value_series: the stored end-of-day values over the period, then today's. */
export async function valueSeries(
  ctx: AppContext,
  clientId: number,
  accountId: number | undefined,
  period: PortfolioPeriod,
): Promise<ValueSeries> {
  const account = await oneAccount(ctx, clientId, accountId);
  const currency = account.currency as Currency;
  const today = saDayNumber(ctx.clock.now());
  const startDay = periodStarts(today)[period];
  const rows = await repo.snapshotsSince(ctx.db, account.id, dayText(startDay ?? 0));
  const live = await livePoint(ctx, account, await repo.positionsOf(ctx.db, [account.id]), rows.at(-1));
  // Loan money is an external flow for the returns but not a deposit (decision 0042): each day's
  // net flow is told apart into Net deposits and the loan's own flow.
  const loanFlows = await loanFlowsSince(
    ctx,
    [account.id],
    startDay === null ? new Date(0) : dayEnd(startDay - 1),
  );
  const loanOn = (day: number) =>
    sum(
      loanFlows.filter((f) => saDayNumber(f.at) === day),
      (f) => f.amountMinor,
    );
  const latestStored = rows.at(-1);
  const liveSince = latestStored ? dayEnd(dayOfText(latestStored.day)) : new Date(0);
  const liveLoan = sum(
    loanFlows.filter((f) => f.at >= liveSince),
    (f) => f.amountMinor,
  );
  const baseIndex = rows[0]?.twrIndex ?? live.today.twrIndex;
  const points = rows
    .filter((r) => dayOfText(r.day) < today)
    .map((r) => {
      const loan = loanOn(dayOfText(r.day));
      return {
        day: r.day,
        value: formatMinor(r.cashMinor + r.marketValueMinor, currency),
        net_flow: formatMinor(r.netFlowMinor - loan, currency),
        loan_flow: formatMinor(loan, currency),
        growth: growthOf(baseIndex, r.twrIndex),
      };
    });
  points.push({
    day: dayText(today),
    value: formatMinor(live.valueMinor, currency),
    net_flow: formatMinor(live.flowTodayMinor - liveLoan, currency),
    loan_flow: formatMinor(liveLoan, currency),
    growth: growthOf(baseIndex, live.today.twrIndex),
  });
  return { currency, period, points };
}

/**
 * 1 + the time-weighted return from `base` to `index` (index / base), a chart's y-value with 6
 * decimals, truncated ('1.000000' when undefined).
 */
const growthOf = (base: string, index: string) => {
  const start = parseIndex(base);
  if (start === 0n) return '1.000000';
  return formatDecimal(rescale(exactQuotient(parseIndex(index), start), 6, 'DOWN'));
};

// ---------- Daily values (the job) ----------

/**
 * Writes each active client account's value at the end of every South African day from its last
 * stored day (or its first posting) up to yesterday: cash and positions at that day's end,
 * rebuilt from the current rows less what moved after it (postings and position movements since,
 * a bounded read), priced at the simulated price then; flows of the day; the chained TWR index and
 * the Modified Dietz running sums. Runs under the job runner's lock; a day already stored is kept
 * (on conflict do nothing), so a rerun writes nothing.
 */
export async function snapshotDays(ctx: AppContext): Promise<{ accounts: number; days: number }> {
  const yesterday = saDayNumber(ctx.clock.now()) - 1;
  let written = 0;
  let touched = 0;
  for (const account of await repo.accountsWithActivity(ctx.db)) {
    const latest = await repo.latestSnapshot(ctx.db, account.id);
    let firstDay: number;
    if (latest) firstDay = dayOfText(latest.day) + 1;
    else {
      const first = await repo.firstPostingAt(ctx.db, account.id);
      if (!first) continue;
      firstDay = saDayNumber(first);
    }
    if (firstDay > yesterday) continue;
    touched += 1;
    const since = saDayStartOfNumber(firstDay);
    // One after another: ctx.db is the job's transaction, one connection (pg refuses overlapping
    // queries on a client from pg@9 and warns today).
    const postings = await repo.postingsSince(ctx.db, account.id, since);
    const movements = await repo.movementsSince(ctx.db, account.id, since);
    const positions = await repo.positionsOf(ctx.db, [account.id]);
    const instruments = new Map(
      (
        await repo.instrumentsByIds(ctx.db, [
          ...new Set([...positions.map((p) => p.instrumentId), ...movements.map((m) => m.instrumentId)]),
        ])
      ).map((i) => [i.id, i]),
    );
    let prev = latest ? pointOf(latest) : origin(firstDay - 1);
    for (let day = firstDay; day <= yesterday; day += 1) {
      const end = dayEnd(day);
      const start = new Date(end.getTime() - DAY_MS);
      const after = postings.filter((p) => p.at >= end);
      const cash = account.balanceMinor - sum(after, (p) => p.amountMinor);
      const flow = sum(
        postings.filter((p) => p.external && p.at >= start && p.at < end),
        (p) => p.amountMinor,
      );
      // Positions at the end of the day: today's rows less what moved after it.
      const held = new Map<string, repo.PositionRow>();
      for (const p of positions) held.set(`${p.product}:${p.instrumentId}:${p.offeringKey}`, { ...p });
      for (const m of movements.filter((x) => x.at >= end)) {
        const key = `${m.product}:${m.instrumentId}:${m.offeringKey}`;
        const row = held.get(key) ?? {
          accountId: account.id,
          product: m.product,
          instrumentId: m.instrumentId,
          offeringKey: m.offeringKey,
          quantity: '0',
          costMinor: 0n,
        };
        row.quantity = subtractQuantity(row.quantity, m.quantityDelta);
        held.set(key, row);
      }
      let marketValue = 0n;
      for (const p of held.values()) {
        if (parseDecimal(p.quantity).coefficient <= 0n) continue;
        const instrument = instruments.get(p.instrumentId);
        if (!instrument) continue;
        marketValue += await valueOf(ctx, p, instrument, new Date(end.getTime() - 1));
      }
      const value = cash + marketValue;
      const twrIndex = nextTwrIndex(prev.twrIndex, {
        previousValueMinor: prev.valueMinor,
        valueMinor: value,
        flowMinor: flow,
      });
      const row: repo.DailyRow = {
        accountId: account.id,
        day: dayText(day),
        cashMinor: cash,
        marketValueMinor: marketValue,
        netFlowMinor: flow,
        twrIndex,
        cumFlowMinor: prev.cumFlowMinor + flow,
        cumDayFlow: prev.cumDayFlow + BigInt(day) * flow,
      };
      await repo.insertDaily(ctx.db, row);
      written += 1;
      prev = pointOf(row);
    }
  }
  return { accounts: touched, days: written };
}

/** a − b of quantity decimal texts, exactly (stored quantities have at most 6 decimals). */
function subtractQuantity(a: string, b: string): string {
  const at6 = (t: string) => rescale(parseDecimal(t), 6, 'DOWN').coefficient;
  return formatDecimal({ coefficient: at6(a) - at6(b), scale: 6 });
}

/** The positions still held in these accounts, as stored (the console's client 360). */
export async function positionsOfAccounts(ctx: AppContext, accountIds: number[]) {
  const rows = await repo.positionsOf(ctx.db, accountIds);
  return rows.map((r) => ({ ...r, costMinor: r.costMinor.toString() }));
}
