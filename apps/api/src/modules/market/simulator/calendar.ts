/**
 * Exchange calendars: trading hours in each exchange's own time zone, weekends, public holidays,
 * early closes and the closures an operator declared. Dates are "day numbers" (days since
 * 1970-01-01 of the local calendar date), so a trading day is an integer and needs no time zone
 * once it is known.
 *
 * The one calendar of the app (decision 0055): trading hours, the market simulator's sessions,
 * quotes, fund valuation days, IPO listing days and settlement dates all ask these functions.
 * Three layers, the later winning:
 * 1. rules (below) for the years of the simulated history without a published list;
 * 2. each exchange's published list for 2025–2027 (published-calendars.ts, with its source);
 * 3. the closures and early closes an operator declared (table exchange_closures, read by
 *    exchange-calendar.ts, which hands them over with `setDeclaredDays`).
 * The functions stay synchronous and pure apart from layer 3, a per-process copy of the table.
 */
import { PUBLISHED_CALENDARS, type PublishedYear } from './published-calendars';

export type ExchangeCode = 'JSE' | 'NYSE' | 'NASDAQ' | 'NSE';

export interface ExchangeInfo {
  code: ExchangeCode;
  timeZone: string;
  /** Minutes after local midnight. */
  openMinute: number;
  closeMinute: number;
}

export const EXCHANGES: Record<ExchangeCode, ExchangeInfo> = {
  JSE: { code: 'JSE', timeZone: 'Africa/Johannesburg', openMinute: 9 * 60, closeMinute: 17 * 60 },
  NYSE: { code: 'NYSE', timeZone: 'America/New_York', openMinute: 9 * 60 + 30, closeMinute: 16 * 60 },
  NASDAQ: { code: 'NASDAQ', timeZone: 'America/New_York', openMinute: 9 * 60 + 30, closeMinute: 16 * 60 },
  NSE: { code: 'NSE', timeZone: 'Asia/Kolkata', openMinute: 9 * 60 + 15, closeMinute: 15 * 60 + 30 },
};

/** Minutes of a session: a regular one, or the given day's (an early close is shorter). */
export const sessionMinutes = (exchange: ExchangeCode, day?: number) =>
  (day === undefined ? EXCHANGES[exchange].closeMinute : closeMinuteOn(exchange, day)) -
  EXCHANGES[exchange].openMinute;

const DAY_MS = 86_400_000;

export const dayNumber = (year: number, month: number, day: number) =>
  Date.UTC(year, month - 1, day) / DAY_MS;

export function dayToIso(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function isoToDay(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return dayNumber(y!, m!, d!);
}

/** 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday). */
export const weekday = (day: number) => (((day + 4) % 7) + 7) % 7;
const isWeekend = (day: number) => weekday(day) === 0 || weekday(day) === 6;

/** Easter Sunday (anonymous Gregorian algorithm). */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumber(year, month, dayOfMonth);
}

/** The n-th (1-based) given weekday of a month; n = -1 for the last one. */
function nthWeekday(year: number, month: number, wd: number, n: number): number {
  if (n > 0) {
    const first = dayNumber(year, month, 1);
    return first + ((wd - weekday(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = dayNumber(year, month + 1, 1) - 1;
  return last - ((weekday(last) - wd + 7) % 7);
}

/** South Africa (Public Holidays Act): a holiday on a Sunday moves to the next free weekday. */
function jseHolidays(year: number): Set<number> {
  const easter = easterSunday(year);
  const fixed: Array<[number, number]> = [
    [1, 1],
    [3, 21],
    [4, 27],
    [5, 1],
    [6, 16],
    [8, 9],
    [9, 24],
    [12, 16],
    [12, 25],
    [12, 26],
  ];
  const days = new Set<number>([easter - 2, easter + 1]);
  const sundays: number[] = [];
  for (const [m, d] of fixed) {
    const day = dayNumber(year, m, d);
    days.add(day);
    if (weekday(day) === 0) sundays.push(day);
  }
  for (const sunday of sundays) {
    let observed = sunday + 1;
    while (days.has(observed) || isWeekend(observed)) observed++;
    days.add(observed);
  }
  // Election days and other one-off holidays declared by the government.
  for (const iso of ['2016-08-03', '2019-05-08', '2021-11-01', '2022-12-27', '2024-05-29']) {
    if (iso.startsWith(String(year))) days.add(isoToDay(iso));
  }
  return days;
}

/** NYSE rules: Saturday holidays close the Friday before (except New Year), Sunday ones the Monday after. */
function usHolidays(year: number): Set<number> {
  const days = new Set<number>();
  const observed = (day: number, allowFriday = true) => {
    if (weekday(day) === 6) {
      if (allowFriday) days.add(day - 1);
    } else if (weekday(day) === 0) days.add(day + 1);
    else days.add(day);
  };
  observed(dayNumber(year, 1, 1), false);
  days.add(nthWeekday(year, 1, 1, 3)); // Martin Luther King Jr. Day
  days.add(nthWeekday(year, 2, 1, 3)); // Washington's Birthday
  days.add(easterSunday(year) - 2); // Good Friday
  days.add(nthWeekday(year, 5, 1, -1)); // Memorial Day
  if (year >= 2022) observed(dayNumber(year, 6, 19)); // Juneteenth
  observed(dayNumber(year, 7, 4));
  days.add(nthWeekday(year, 9, 1, 1)); // Labor Day
  days.add(nthWeekday(year, 11, 4, 4)); // Thanksgiving
  observed(dayNumber(year, 12, 25));
  for (const iso of ['2018-12-05', '2025-01-09']) {
    if (iso.startsWith(String(year))) days.add(isoToDay(iso));
  }
  return days;
}

/** NSE: national fixed-date holidays and Good Friday; lunar-calendar festivals are not modelled. */
function nseHolidays(year: number): Set<number> {
  const days = new Set<number>([easterSunday(year) - 2]);
  for (const [m, d] of [
    [1, 26],
    [5, 1],
    [8, 15],
    [10, 2],
    [12, 25],
  ] as const) {
    days.add(dayNumber(year, m, d));
  }
  return days;
}

/** The holidays the rules give for a year (layer 1), whether or not the year has a published list. */
export function ruleHolidays(exchange: ExchangeCode, year: number): Set<number> {
  return exchange === 'JSE' ? jseHolidays(year) : exchange === 'NSE' ? nseHolidays(year) : usHolidays(year);
}

/**
 * NYSE and Nasdaq early closes by rule, 13:00 ET: 3 July when it is a Monday to Thursday, the day
 * after Thanksgiving, and Christmas Eve when it is a Monday to Thursday. JSE and NSE: none.
 */
export function ruleEarlyCloses(exchange: ExchangeCode, year: number): Map<number, number> {
  const out = new Map<number, number>();
  if (exchange !== 'NYSE' && exchange !== 'NASDAQ') return out;
  const monToThu = (day: number) => weekday(day) >= 1 && weekday(day) <= 4;
  const july3 = dayNumber(year, 7, 3);
  if (monToThu(july3)) out.set(july3, 13 * 60);
  out.set(nthWeekday(year, 11, 4, 4) + 1, 13 * 60);
  const christmasEve = dayNumber(year, 12, 24);
  if (monToThu(christmasEve)) out.set(christmasEve, 13 * 60);
  return out;
}

interface YearCalendar {
  holidays: Set<number>;
  /** Day → close minute. */
  earlyCloses: Map<number, number>;
  /** Weekend days with a session. */
  specialSessions: Set<number>;
  /** Whether the year comes from the exchange's published list (else from the rules). */
  published: boolean;
}

const yearCache = new Map<string, YearCalendar>();

function yearCalendar(exchange: ExchangeCode, year: number): YearCalendar {
  const key = `${exchange}:${year}`;
  let cal = yearCache.get(key);
  if (!cal) {
    const published: PublishedYear | undefined = PUBLISHED_CALENDARS[exchange].years[year];
    cal = published
      ? {
          holidays: new Set(published.holidays.map(isoToDay)),
          earlyCloses: new Map((published.earlyCloses ?? []).map((e) => [isoToDay(e.date), e.closeMinute])),
          specialSessions: new Set((published.specialSessions ?? []).map(isoToDay)),
          published: true,
        }
      : {
          holidays: ruleHolidays(exchange, year),
          earlyCloses: ruleEarlyCloses(exchange, year),
          specialSessions: new Set(),
          published: false,
        };
    yearCache.set(key, cal);
  }
  return cal;
}

/** The exchange's holidays of a year: its published list (2025–2027), else the rules. */
export function holidays(exchange: ExchangeCode, year: number): Set<number> {
  return yearCalendar(exchange, year).holidays;
}

/** Whether the year's calendar is the exchange's published list (false: the rules). */
export const isPublishedYear = (exchange: ExchangeCode, year: number) =>
  yearCalendar(exchange, year).published;

/** Scheduled early closes of a year (day → close minute), published or by rule; declared ones aside. */
export function earlyCloses(exchange: ExchangeCode, year: number): ReadonlyMap<number, number> {
  return yearCalendar(exchange, year).earlyCloses;
}

export const yearOf = (day: number) => new Date(day * DAY_MS).getUTCFullYear();

// ---- declared closures (layer 3) ------------------------------------------------------------

/** A day an operator declared: closed all day (`closeMinute` null) or closing early. */
export interface DeclaredDay {
  exchange: ExchangeCode;
  day: number;
  closeMinute: number | null;
}

let declared = new Map<string, number | null>();
let declaredKey = '';
let version = 0;

/**
 * Replaces the declared closures (the whole set: exchange-calendar.ts reads the table and hands
 * it over). Every cache derived from the calendar here and in the simulator follows: the version
 * moves when the set changes.
 */
export function setDeclaredDays(days: readonly DeclaredDay[]): void {
  const key = days
    .map((d) => `${d.exchange}:${d.day}:${d.closeMinute ?? 'closed'}`)
    .sort()
    .join(',');
  if (key === declaredKey) return;
  declared = new Map(days.map((d) => [`${d.exchange}:${d.day}`, d.closeMinute]));
  declaredKey = key;
  version += 1;
  sessionCache.clear();
}

/** Moves whenever the declared closures change: caches derived from the calendar key on it. */
export const calendarVersion = () => version;

/** What an operator declared for a day: undefined (nothing), null (closed) or the close minute. */
export function declaredOn(exchange: ExchangeCode, day: number): number | null | undefined {
  const key = `${exchange}:${day}`;
  return declared.has(key) ? declared.get(key)! : undefined;
}

/** A trading day by the published calendar or the rules alone (what a declaration changes). */
export function isScheduledTradingDay(exchange: ExchangeCode, day: number): boolean {
  const cal = yearCalendar(exchange, yearOf(day));
  if (cal.specialSessions.has(day)) return true;
  return !isWeekend(day) && !cal.holidays.has(day);
}

export function isTradingDay(exchange: ExchangeCode, day: number): boolean {
  if (declared.size > 0 && declaredOn(exchange, day) === null) return false;
  return isScheduledTradingDay(exchange, day);
}

/** The close (minutes after local midnight) of a day: declared, else scheduled early, else regular. */
export function closeMinuteOn(exchange: ExchangeCode, day: number): number {
  const declaredClose = declared.size > 0 ? declaredOn(exchange, day) : undefined;
  if (typeof declaredClose === 'number') return declaredClose;
  return yearCalendar(exchange, yearOf(day)).earlyCloses.get(day) ?? EXCHANGES[exchange].closeMinute;
}

// ---- settlement -----------------------------------------------------------------------------

/** Settlement cycles in business days: JSE T+3, US T+1 (since 2024-05-28), India T+1. */
export const SETTLEMENT_CYCLE_DAYS: Readonly<Record<ExchangeCode, number>> = {
  JSE: 3,
  NYSE: 1,
  NASDAQ: 1,
  NSE: 1,
};

/**
 * A day settlement can happen on: a trading day that is a weekday (a weekend special session,
 * like the NSE's budget-day ones, trades but does not settle; banks are closed).
 */
export const isSettlementDay = (exchange: ExchangeCode, day: number) =>
  !isWeekend(day) && isTradingDay(exchange, day);

/** The settlement day of a trade on `tradeDay`: T+n counted in settlement days (n defaults to the exchange's cycle). */
export function settlementDay(
  exchange: ExchangeCode,
  tradeDay: number,
  n: number = SETTLEMENT_CYCLE_DAYS[exchange],
): number {
  let d = tradeDay;
  for (let left = n; left > 0;) {
    d += 1;
    if (isSettlementDay(exchange, d)) left -= 1;
  }
  return d;
}

export function previousTradingDay(exchange: ExchangeCode, day: number): number {
  let d = day - 1;
  while (!isTradingDay(exchange, d)) d--;
  return d;
}

export function nextTradingDay(exchange: ExchangeCode, day: number): number {
  let d = day + 1;
  while (!isTradingDay(exchange, d)) d++;
  return d;
}

/** Trading days in [fromDay, toDay], ascending. */
export function tradingDaysBetween(exchange: ExchangeCode, fromDay: number, toDay: number): number[] {
  const out: number[] = [];
  for (let d = fromDay; d <= toDay; d++) if (isTradingDay(exchange, d)) out.push(d);
  return out;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The local wall-clock time of an instant in a zone, as if it were UTC (ms). */
function wallClockMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

const offsetCache = new Map<string, number>();
const HOUR_MS = 3_600_000;

/**
 * UTC offset of a zone at an instant, in ms (SAST gives +7_200_000). Offsets only change on whole
 * hours (UTC) in the zones we use, so one Intl call per zone and hour is enough.
 */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const key = `${timeZone}:${Math.floor(ms / HOUR_MS)}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    const at = Math.floor(ms / HOUR_MS) * HOUR_MS;
    offset = wallClockMs(at, timeZone) - at;
    if (offsetCache.size > 100_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

/** The instant of a local date and minute-of-day in a zone (DST-safe for trading hours). */
export function zonedToUtcMs(day: number, minuteOfDay: number, timeZone: string): number {
  const wall = day * DAY_MS + minuteOfDay * 60_000;
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}

/** The local calendar day of an instant at an exchange. */
export function localDay(exchange: ExchangeCode, ms: number): number {
  return Math.floor((ms + zoneOffsetMs(ms, EXCHANGES[exchange].timeZone)) / DAY_MS);
}

export interface Session {
  day: number;
  openMs: number;
  closeMs: number;
}

const sessionCache = new Map<string, Session>();

/** Opening and closing instants of a day (whether or not it trades), its close early on an early-close day. */
export function sessionOf(exchange: ExchangeCode, day: number): Session {
  const key = `${exchange}:${day}`;
  let s = sessionCache.get(key);
  if (!s) {
    const info = EXCHANGES[exchange];
    s = {
      day,
      openMs: zonedToUtcMs(day, info.openMinute, info.timeZone),
      closeMs: zonedToUtcMs(day, closeMinuteOn(exchange, day), info.timeZone),
    };
    if (sessionCache.size > 50_000) sessionCache.clear();
    sessionCache.set(key, s);
  }
  return s;
}

/** Whether the exchange is trading at an instant. */
export function isOpenAt(exchange: ExchangeCode, ms: number): boolean {
  const day = localDay(exchange, ms);
  if (!isTradingDay(exchange, day)) return false;
  const s = sessionOf(exchange, day);
  return ms >= s.openMs && ms < s.closeMs;
}

/**
 * The session a quote at `ms` refers to: today's once it has opened, otherwise the last one.
 * `live` is true while that session is trading.
 */
export function referenceSession(exchange: ExchangeCode, ms: number): Session & { live: boolean } {
  const day = localDay(exchange, ms);
  if (isTradingDay(exchange, day)) {
    const s = sessionOf(exchange, day);
    if (ms >= s.openMs) return { ...s, live: ms < s.closeMs };
  }
  return { ...sessionOf(exchange, previousTradingDay(exchange, day)), live: false };
}
