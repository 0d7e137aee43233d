/**
 * Exchange calendars: trading hours in each exchange's own time zone, weekends and public
 * holidays. Dates are "day numbers" (days since 1970-01-01 of the local calendar date), so a
 * trading day is an integer and needs no time zone once it is known.
 */

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

export const sessionMinutes = (exchange: ExchangeCode) =>
  EXCHANGES[exchange].closeMinute - EXCHANGES[exchange].openMinute;

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

const holidayCache = new Map<string, Set<number>>();

export function holidays(exchange: ExchangeCode, year: number): Set<number> {
  const key = `${exchange}:${year}`;
  let set = holidayCache.get(key);
  if (!set) {
    set = exchange === 'JSE' ? jseHolidays(year) : exchange === 'NSE' ? nseHolidays(year) : usHolidays(year);
    holidayCache.set(key, set);
  }
  return set;
}

const yearOf = (day: number) => new Date(day * DAY_MS).getUTCFullYear();

export function isTradingDay(exchange: ExchangeCode, day: number): boolean {
  return !isWeekend(day) && !holidays(exchange, yearOf(day)).has(day);
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

/** Opening and closing instants of a trading day (whether or not it is one). */
export function sessionOf(exchange: ExchangeCode, day: number): Session {
  const key = `${exchange}:${day}`;
  let s = sessionCache.get(key);
  if (!s) {
    const info = EXCHANGES[exchange];
    s = {
      day,
      openMs: zonedToUtcMs(day, info.openMinute, info.timeZone),
      closeMs: zonedToUtcMs(day, info.closeMinute, info.timeZone),
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
