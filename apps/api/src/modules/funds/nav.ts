/**
 * A fund's NAV and its dealing calendar, pure: no I/O, no clock. The NAV per unit (in cents, as
 * SA unit trusts publish it) is a function of (seed, fund, business day): the fund's launch NAV
 * moved by its benchmark's simulated closes since launch, less the fund's running costs (TER +
 * transaction costs) accrued daily, times a small tracking difference drawn from (seed, fund
 * code, day) that does not accumulate. A business day is a JSE trading day (weekends, the JSE's
 * published holidays and the closures an operator declared excluded: simulator/calendar.ts,
 * decision 0055); dealing times are in SAST.
 */
import {
  EXCHANGES,
  dayToIso,
  isTradingDay,
  isoToDay,
  localDay,
  nextTradingDay,
  previousTradingDay,
  tradingDaysBetween,
  zonedToUtcMs,
} from '../market/simulator/calendar';
import { hashString, Rng } from '../market/simulator/random';
import { HISTORY_START_DAY, type MarketSimulator, type SimInstrument } from '../market/simulator/simulator';

const JSE = 'JSE' as const;
const SAST = EXCHANGES.JSE.timeZone;
/** Random stream purpose of the tracking difference (apart from the simulator's draws). */
const TRACKING_PURPOSE = 0x46554e44; // 'FUND'
/** Daily tracking difference (standard deviation, as a fraction of the NAV). */
const TRACKING_SIGMA = 0.0008;

export interface NavFund {
  /** The fund's code: its random stream. */
  code: string;
  benchmark: SimInstrument;
  /** Day number of the launch (a business day on or after the simulated history's start). */
  launchDay: number;
  /** NAV at launch, cents per unit (decimal text, 2 decimals at most). */
  launchNav: string;
  /** Running costs per year, in percent (TER + transaction costs): they reduce the NAV daily. */
  annualCostPercent: number;
}

export const isBusinessDay = (day: number) => isTradingDay(JSE, day);
export const nextBusinessDay = (day: number) => nextTradingDay(JSE, day);
export const previousBusinessDay = (day: number) => previousTradingDay(JSE, day);
export const businessDaysBetween = (from: number, to: number) => tradingDaysBetween(JSE, from, to);
export { dayToIso, isoToDay };

/** The instant of a minute of a day in SAST. */
export const sastInstant = (day: number, minuteOfDay: number) =>
  new Date(zonedToUtcMs(day, minuteOfDay, SAST));

/** 'HH:mm' of a minute of the day. */
export const minuteText = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * Forward pricing: the business day whose NAV prices an order placed at `at`. Before the cut-off
 * of a business day: that day; at or after it, or on a weekend or holiday: the next business day.
 */
export function valuationDayFor(at: Date, cutoffMinute: number): number {
  const ms = at.getTime();
  const today = localDay(JSE, ms);
  if (isBusinessDay(today) && ms < zonedToUtcMs(today, cutoffMinute, SAST)) return today;
  return nextBusinessDay(today);
}

/**
 * The business day an order's stored valuation (or redemption) day prices at now: that day, or,
 * when an operator declared the JSE closed on it after the order was placed, the next business
 * day (decision 0055). Declarations are refused for past days, so a valued order keeps its day.
 */
export function pricedOn(iso: string): number {
  const day = isoToDay(iso);
  return isBusinessDay(day) ? day : nextBusinessDay(day);
}

/** The latest business day whose valuation time has passed at `at` (its NAV is struck). */
export function lastValuationDay(at: Date, valuationMinute: number): number {
  const ms = at.getTime();
  const today = localDay(JSE, ms);
  if (isBusinessDay(today) && ms >= zonedToUtcMs(today, valuationMinute, SAST)) return today;
  return previousBusinessDay(today);
}

/** The benchmark's close (ticks) on its last trading day on or before `day`. */
function benchmarkClose(sim: MarketSimulator, benchmark: SimInstrument, day: number): number {
  const d = isTradingDay(benchmark.exchange, day) ? day : previousTradingDay(benchmark.exchange, day);
  return sim.dailyBar(benchmark, d).close;
}

/** Launch NAV as integer hundredths of a cent. */
const launchHundredths = (text: string) => Math.round(Number(text) * 100);

/**
 * The NAV (cents per unit, 2 decimals) of a business day on or after the launch. Throws for a day
 * that is not a business day or before the launch: no NAV is struck then.
 */
export function navOn(sim: MarketSimulator, fund: NavFund, day: number): string {
  if (!isBusinessDay(day)) throw new Error(`${dayToIso(day)} is not a business day`);
  if (day < fund.launchDay || fund.launchDay < HISTORY_START_DAY) {
    throw new Error(`${fund.code} has no NAV on ${dayToIso(day)}`);
  }
  const growth =
    benchmarkClose(sim, fund.benchmark, day) / benchmarkClose(sim, fund.benchmark, fund.launchDay);
  const years = (day - fund.launchDay) / 365;
  const costs = Math.pow(1 - fund.annualCostPercent / 100, years);
  const tracking =
    day === fund.launchDay
      ? 1
      : Math.exp(TRACKING_SIGMA * new Rng(sim.seed, hashString(fund.code), day, TRACKING_PURPOSE).normal());
  // Floating point for the model only: the NAV is then fixed as exact text, and every rand
  // computed from it uses exact integers (units.ts).
  const hundredths = Math.max(1, Math.round(launchHundredths(fund.launchNav) * growth * costs * tracking));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** NAVs of the business days in [from, to] (clamped to the launch), ascending. */
export function navHistory(sim: MarketSimulator, fund: NavFund, from: number, to: number) {
  return businessDaysBetween(Math.max(from, fund.launchDay), to).map((day) => ({
    day,
    nav: navOn(sim, fund, day),
  }));
}
