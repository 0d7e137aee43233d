/**
 * The simulated market. Pure: no I/O, no clock; every figure is a function of (seed, instrument,
 * time). Prices are held as integer "ticks" (the smallest price step: one cent of the quote
 * unit; for JSE shares, whose quote unit is already cents, one tick is one cent).
 *
 * Model: daily closes follow a geometric random walk (per-instrument drift and volatility),
 * anchored so that the close of the anchor day equals the instrument's base price. Each trading
 * day has an open (a small gap from the previous close), a high and a low; its intraday path is
 * a per-second Brownian bridge from the open through the high and the low to the close, clamped
 * to [low, high]. Every candle is an aggregate of that one path, so candles of all intervals
 * agree with each other by construction.
 */
import {
  type ExchangeCode,
  isoToDay,
  previousTradingDay,
  referenceSession,
  sessionMinutes,
  sessionOf,
  tradingDaysBetween,
  calendarVersion,
} from './calendar';
import { hashString, Rng } from './random';
import { LRUCache } from 'lru-cache';

export interface SimInstrument {
  symbol: string;
  exchange: ExchangeCode;
  /** Decimals of the quote unit: 0 for JSE shares (quoted in cents), 2 otherwise. */
  priceDecimals: number;
  /** Price in quote units at the anchor day. */
  basePrice: number;
  annualVolatility: number;
  annualDrift: number;
  avgDailyVolume: number;
  /**
   * Issue 13: an instrument listed by an IPO on this trading day. Its history starts then: the
   * listing day opens at the base price (the listing price), the walk is anchored on the day
   * before (so the first previous close is the listing price), and no earlier candle is given.
   */
  listedDay?: number;
}

export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '1d', '1w'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

/** The simulated history starts here; the base price holds at the anchor day. */
export const HISTORY_START_DAY = isoToDay('2016-01-04');
export const ANCHOR_DAY = isoToDay('2026-01-05');
const TRADING_DAYS_PER_YEAR = 252;

/** A candle in ticks. `time` is the candle's start (unix seconds). */
export interface TickCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface TickQuote {
  /** Last price (ticks). */
  price: number;
  open: number;
  high: number;
  low: number;
  previousClose: number;
  volume: number;
  /** 52-week range (ticks), including today's session so far. */
  week52High: number;
  week52Low: number;
  /** The trading day (day number) the figures belong to. */
  tradingDay: number;
  marketOpen: boolean;
  /** The instant the price is as of (ms): now while trading, else the session close. */
  asOfMs: number;
}

interface DailySeries {
  days: Int32Array;
  index: Map<number, number>;
  /** Session open of each day (unix seconds): a candle's time. */
  openSeconds: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  lastDay: number;
  /** The calendar's version it was computed with (calendar.ts `calendarVersion`). */
  calendarVersion: number;
}

interface DayPath {
  /** Price (ticks) at each second of the session. */
  seconds: Float64Array;
  /** Per minute: open, high, low, close, volume. */
  minutes: Float64Array;
}

/** Per minute: open, high, low, close, volume (what past days need; 1/60 of a path's memory). */
type MinuteTable = Float64Array;

interface ExchangeDays {
  days: Int32Array;
  index: Map<number, number>;
  openSeconds: Float64Array;
}
const exchangeDaysCache = new Map<string, ExchangeDays>();

/** Trading days from the history start to `lastDay`, shared by every instrument of an exchange. */
function exchangeDays(exchange: ExchangeCode, lastDay: number): ExchangeDays {
  // The calendar's version: a declared closure changes the trading days (decision 0055).
  const key = `${exchange}:${lastDay}:${calendarVersion()}`;
  let cached = exchangeDaysCache.get(key);
  if (!cached) {
    const list = tradingDaysBetween(exchange, HISTORY_START_DAY, lastDay);
    cached = {
      days: Int32Array.from(list),
      index: new Map(list.map((d, i) => [d, i])),
      openSeconds: Float64Array.from(list.map((d) => sessionOf(exchange, d).openMs / 1000)),
    };
    if (exchangeDaysCache.size > 32) exchangeDaysCache.clear();
    exchangeDaysCache.set(key, cached);
  }
  return cached;
}

const instrumentKey = (i: SimInstrument) =>
  `${i.exchange}:${i.symbol}:${i.priceDecimals}:${i.basePrice}:${i.annualVolatility}:${i.annualDrift}:${i.avgDailyVolume}:${i.listedDay ?? ''}`;

export class MarketSimulator {
  // Per-process caches: the simulation is derivable, so dropping an entry at any time is safe.
  private readonly daily = new LRUCache<string, DailySeries>({ max: 512 });
  private readonly paths = new LRUCache<string, DayPath>({ max: 64 });
  private readonly minuteTables = new LRUCache<string, MinuteTable>({ max: 2048 });

  constructor(readonly seed: number) {}

  // ---- daily series ------------------------------------------------------------------------

  private series(inst: SimInstrument, untilDay: number): DailySeries {
    const key = instrumentKey(inst);
    const cached = this.daily.get(key);
    if (cached && cached.lastDay >= untilDay && cached.calendarVersion === calendarVersion()) return cached;
    // Compute a little past what was asked so that a clock ticking forward reuses the series.
    const lastDay = Math.max(untilDay, ANCHOR_DAY) + 64;
    const calendar = exchangeDays(inst.exchange, lastDay);
    const days = calendar.days;
    const n = days.length;
    const s: DailySeries = {
      days,
      index: calendar.index,
      openSeconds: calendar.openSeconds,
      open: new Float64Array(n),
      high: new Float64Array(n),
      low: new Float64Array(n),
      close: new Float64Array(n),
      volume: new Float64Array(n),
      lastDay,
      calendarVersion: calendarVersion(),
    };
    const symbolHash = hashString(inst.symbol + '@' + inst.exchange);
    const sigma = inst.annualVolatility / Math.sqrt(TRADING_DAYS_PER_YEAR);
    const mu =
      (inst.annualDrift - (inst.annualVolatility * inst.annualVolatility) / 2) / TRADING_DAYS_PER_YEAR;
    const logs = new Float64Array(n);
    // Five normal draws per day, from a generator seeded by (seed, symbol, day) alone, so a day's
    // figures do not depend on where the history starts.
    const draws = new Float64Array(n * 5);
    let anchorIndex = 0;
    // A listed IPO: anchored on the last day before its listing day (index of the listing day − 1).
    const listedDay = inst.listedDay;
    let listingIndex = -1;
    for (let i = 0; i < n; i++) {
      const rng = new Rng(this.seed, symbolHash, days[i]!);
      for (let k = 0; k < 5; k++) draws[i * 5 + k] = rng.normal();
      logs[i] = (i === 0 ? 0 : logs[i - 1]!) + mu + sigma * draws[i * 5]!;
      if (listedDay === undefined ? days[i]! <= ANCHOR_DAY : days[i]! < listedDay) anchorIndex = i;
      if (listedDay !== undefined && listingIndex < 0 && days[i]! >= listedDay) listingIndex = i;
    }
    const baseTicks = Math.round(inst.basePrice * 10 ** inst.priceDecimals);
    for (let i = 0; i < n; i++) {
      const o = i * 5;
      const close = Math.max(1, Math.round(baseTicks * Math.exp(logs[i]! - logs[anchorIndex]!)));
      const reference = i === 0 ? close * Math.exp(-sigma * draws[o + 0]!) : s.close[i - 1]!;
      // The listing day opens at the listing price exactly.
      const open =
        i === listingIndex
          ? baseTicks
          : Math.max(1, Math.round(reference * Math.exp(0.25 * sigma * draws[o + 1]!)));
      let high = Math.round(Math.max(open, close) * Math.exp(Math.abs(draws[o + 2]!) * 0.6 * sigma));
      let low = Math.round(Math.min(open, close) * Math.exp(-Math.abs(draws[o + 3]!) * 0.6 * sigma));
      high = Math.max(high, open, close);
      low = Math.max(1, Math.min(low, open, close));
      s.open[i] = open;
      s.high[i] = high;
      s.low[i] = low;
      s.close[i] = close;
      s.volume[i] = Math.round(inst.avgDailyVolume * Math.exp(0.4 * draws[o + 4]! - 0.08));
    }
    this.daily.set(key, s);
    return s;
  }

  private dayIndex(inst: SimInstrument, day: number): { s: DailySeries; i: number } {
    const s = this.series(inst, day);
    const i = s.index.get(day);
    if (i === undefined) throw new Error(`${day} is not a simulated trading day of ${inst.exchange}`);
    return { s, i };
  }

  // ---- intraday path ------------------------------------------------------------------------

  private dayPath(inst: SimInstrument, day: number): DayPath {
    // The session's length is in the key: an early close (published or declared) is a shorter path.
    const key = `${instrumentKey(inst)}|${day}|${sessionMinutes(inst.exchange, day)}`;
    const cached = this.paths.get(key);
    if (cached) return cached;
    const { s, i } = this.dayIndex(inst, day);
    const open = s.open[i]!;
    const high = s.high[i]!;
    const low = s.low[i]!;
    const close = s.close[i]!;
    const minutesInSession = sessionMinutes(inst.exchange, day);
    const n = minutesInSession * 60;
    const rng = new Rng(this.seed, hashString(inst.symbol + '@' + inst.exchange), day, 0x1d);
    const highAt = rng.int(1, n - 2);
    let lowAt = rng.int(1, n - 2);
    while (lowAt === highAt) lowAt = rng.int(1, n - 2);
    const anchors: Array<[number, number]> = [
      [0, open],
      [highAt, high],
      [lowAt, low],
      [n - 1, close],
    ];
    anchors.sort((a, b) => a[0] - b[0]);
    // Noise scaled to the day's range, so the path wanders inside it rather than pinning to it.
    const stepTicks = (Math.max(high - low, 1) * 0.6) / Math.sqrt(n);
    const seconds = new Float64Array(n);
    const walk = new Float64Array(n);
    for (let k = 0; k < anchors.length - 1; k++) {
      const [a, va] = anchors[k]!;
      const [b, vb] = anchors[k + 1]!;
      walk[a] = 0;
      for (let t = a + 1; t <= b; t++) walk[t] = walk[t - 1]! + stepTicks * rng.fastNormal();
      const end = walk[b]!;
      for (let t = a; t <= b; t++) {
        const f = (t - a) / (b - a);
        const v = Math.round(va + (vb - va) * f + walk[t]! - f * end);
        // Reflect off the day's high and low (a clamp alone would leave flat stretches).
        const r = v > high ? 2 * high - v : v < low ? 2 * low - v : v;
        seconds[t] = r > high ? high : r < low ? low : r;
      }
    }
    // Anchors exactly (a clamp can never move them, but rounding of the bridge ends could).
    for (const [t, v] of anchors) seconds[t] = v;

    // Volume: the day's volume spread over minutes with a U shape (busy open and close).
    const vrng = new Rng(this.seed, hashString(inst.symbol + '@' + inst.exchange), day, 0x7f);
    const weights = new Float64Array(minutesInSession + 1);
    for (let m = 0; m < minutesInSession; m++) {
      const x = (m - minutesInSession / 2) / (minutesInSession / 2);
      weights[m + 1] = weights[m]! + (1 + 1.5 * x * x) * Math.exp(0.5 * vrng.normal());
    }
    const total = weights[minutesInSession]!;
    const dayVolume = s.volume[i]!;
    // Cumulative volume up to a minute; the last is the day's volume exactly (no float drift).
    const cumulative = (m: number) =>
      m >= minutesInSession ? dayVolume : Math.floor((dayVolume * weights[m]!) / total);
    const minutes = new Float64Array(minutesInSession * 5);
    for (let m = 0; m < minutesInSession; m++) {
      let h = -Infinity;
      let l = Infinity;
      for (let t = m * 60; t < m * 60 + 60; t++) {
        const v = seconds[t]!;
        if (v > h) h = v;
        if (v < l) l = v;
      }
      minutes[m * 5] = seconds[m * 60]!;
      minutes[m * 5 + 1] = h;
      minutes[m * 5 + 2] = l;
      minutes[m * 5 + 3] = seconds[m * 60 + 59]!;
      minutes[m * 5 + 4] = cumulative(m + 1) - cumulative(m);
    }
    const path = { seconds, minutes };
    this.paths.set(key, path);
    this.minuteTables.set(key, minutes);
    return path;
  }

  private minuteTable(inst: SimInstrument, day: number): MinuteTable {
    return (
      this.minuteTables.get(`${instrumentKey(inst)}|${day}|${sessionMinutes(inst.exchange, day)}`) ??
      this.dayPath(inst, day).minutes
    );
  }

  /** Daily OHLCV of a trading day (ticks), complete. */
  dailyBar(inst: SimInstrument, day: number): TickCandle {
    const { s, i } = this.dayIndex(inst, day);
    return {
      time: sessionOf(inst.exchange, day).openMs / 1000,
      open: s.open[i]!,
      high: s.high[i]!,
      low: s.low[i]!,
      close: s.close[i]!,
      volume: s.volume[i]!,
    };
  }

  /** One-minute candles of a trading day; `untilSecond` (exclusive) cuts a session in progress. */
  minuteBars(inst: SimInstrument, day: number, untilSecond?: number): TickCandle[] {
    const total = sessionMinutes(inst.exchange, day) * 60;
    const cut = Math.min(untilSecond ?? total, total);
    const mm = cut % 60 === 0 ? this.minuteTable(inst, day) : this.dayPath(inst, day).minutes;
    const openMs = sessionOf(inst.exchange, day).openMs;
    const out: TickCandle[] = [];
    for (let m = 0; m * 60 < cut; m++) {
      const time = openMs / 1000 + m * 60;
      if ((m + 1) * 60 <= cut) {
        const o = m * 5;
        out.push({
          time,
          open: mm[o]!,
          high: mm[o + 1]!,
          low: mm[o + 2]!,
          close: mm[o + 3]!,
          volume: mm[o + 4]!,
        });
      } else {
        out.push(this.partialMinute(this.dayPath(inst, day), m, cut, time));
      }
    }
    return out;
  }

  private partialMinute(path: DayPath, m: number, cut: number, time: number): TickCandle {
    let h = -Infinity;
    let l = Infinity;
    for (let t = m * 60; t < cut; t++) {
      const v = path.seconds[t]!;
      if (v > h) h = v;
      if (v < l) l = v;
    }
    const elapsed = cut - m * 60;
    return {
      time,
      open: path.seconds[m * 60]!,
      high: h,
      low: l,
      close: path.seconds[cut - 1]!,
      volume: Math.floor((path.minutes[m * 5 + 4]! * elapsed) / 60),
    };
  }

  /** The trading day's candle as it stood at second `untilSecond` of the session. */
  private partialDay(inst: SimInstrument, day: number, untilSecond: number): TickCandle {
    // Same figures as aggregating minuteBars(inst, day, untilSecond), without allocating them:
    // quotes of open markets run this on every stream tick.
    const path = this.dayPath(inst, day);
    const mm = path.minutes;
    const cut = Math.min(untilSecond, path.seconds.length);
    const fullMinutes = Math.floor(cut / 60);
    let high = -Infinity;
    let low = Infinity;
    let volume = 0;
    for (let m = 0; m < fullMinutes; m++) {
      if (mm[m * 5 + 1]! > high) high = mm[m * 5 + 1]!;
      if (mm[m * 5 + 2]! < low) low = mm[m * 5 + 2]!;
      volume += mm[m * 5 + 4]!;
    }
    if (cut % 60 !== 0) {
      const partial = this.partialMinute(path, fullMinutes, cut, 0);
      if (partial.high > high) high = partial.high;
      if (partial.low < low) low = partial.low;
      volume += partial.volume;
    }
    return {
      time: sessionOf(inst.exchange, day).openMs / 1000,
      open: path.seconds[0]!,
      high,
      low,
      close: path.seconds[cut - 1]!,
      volume,
    };
  }

  // ---- quotes -------------------------------------------------------------------------------

  quoteAt(inst: SimInstrument, ms: number): TickQuote {
    const session = referenceSession(inst.exchange, ms);
    const day = session.day;
    const { s, i } = this.dayIndex(inst, day);
    let bar: TickCandle;
    if (session.live) {
      bar = this.partialDay(inst, day, Math.floor((ms - session.openMs) / 1000) + 1);
    } else {
      bar = this.dailyBar(inst, day);
    }
    const previousClose = i > 0 ? s.close[i - 1]! : this.dailyBar(inst, day).open;
    let week52High = bar.high;
    let week52Low = bar.low;
    const yearAgo = Math.max(day - 365, (inst.listedDay ?? 0) - 1);
    for (let k = i - 1; k >= 0 && s.days[k]! > yearAgo; k--) {
      if (s.high[k]! > week52High) week52High = s.high[k]!;
      if (s.low[k]! < week52Low) week52Low = s.low[k]!;
    }
    return {
      price: bar.close,
      open: bar.open,
      high: bar.high,
      low: bar.low,
      previousClose,
      volume: bar.volume,
      week52High,
      week52Low,
      tradingDay: day,
      marketOpen: session.live,
      asOfMs: session.live ? ms : session.closeMs,
    };
  }

  // ---- candles ------------------------------------------------------------------------------

  /** Candles of an interval up to `ms`, oldest first; the last one may be in progress. */
  candles(inst: SimInstrument, interval: CandleInterval, ms: number): TickCandle[] {
    const session = referenceSession(inst.exchange, ms);
    const liveSecond = session.live ? Math.floor((ms - session.openMs) / 1000) + 1 : undefined;
    if (interval === '1d' || interval === '1w') {
      const fromDay = Math.max(
        interval === '1d' ? session.day - 5 * 365 : HISTORY_START_DAY,
        inst.listedDay ?? HISTORY_START_DAY,
      );
      const s = this.series(inst, session.day);
      const out: TickCandle[] = [];
      const outDays: number[] = [];
      for (let k = 0; k < s.days.length && s.days[k]! <= session.day; k++) {
        const day = s.days[k]!;
        if (day < fromDay) continue;
        outDays.push(day);
        if (day === session.day && liveSecond !== undefined) {
          out.push(this.partialDay(inst, day, liveSecond));
        } else {
          out.push({
            time: s.openSeconds[k]!,
            open: s.open[k]!,
            high: s.high[k]!,
            low: s.low[k]!,
            close: s.close[k]!,
            volume: s.volume[k]!,
          });
        }
      }
      if (interval === '1d') return out;
      const weeks: TickCandle[] = [];
      let group: TickCandle[] = [];
      let groupWeek = NaN;
      for (let k = 0; k < out.length; k++) {
        const week = Math.floor((outDays[k]! - 4) / 7); // weeks start on Monday
        if (week !== groupWeek && group.length) {
          weeks.push(aggregate(group, group[0]!.time));
          group = [];
        }
        groupWeek = week;
        group.push(out[k]!);
      }
      if (group.length) weeks.push(aggregate(group, group[0]!.time));
      return weeks;
    }
    const minutesPerCandle = { '1m': 1, '5m': 5, '15m': 15, '1h': 60 }[interval];
    const dayCount = { '1m': 1, '5m': 5, '15m': 10, '1h': 22 }[interval];
    const days: number[] = [session.day];
    while (days.length < dayCount) {
      const before = previousTradingDay(inst.exchange, days[0]!);
      if (inst.listedDay !== undefined && before < inst.listedDay) break;
      days.unshift(before);
    }
    const out: TickCandle[] = [];
    for (const day of days) {
      const bars = this.minuteBars(inst, day, day === session.day ? liveSecond : undefined);
      for (let m = 0; m < bars.length; m += minutesPerCandle) {
        const group = bars.slice(m, m + minutesPerCandle);
        out.push(aggregate(group, group[0]!.time));
      }
    }
    return out;
  }
}

/** One candle from consecutive finer ones. */
export function aggregate(bars: TickCandle[], time: number): TickCandle {
  let high = -Infinity;
  let low = Infinity;
  let volume = 0;
  for (const b of bars) {
    if (b.high > high) high = b.high;
    if (b.low < low) low = b.low;
    volume += b.volume;
  }
  return { time, open: bars[0]!.open, high, low, close: bars[bars.length - 1]!.close, volume };
}

/** Ticks to the quote unit (JSE shares: cents stay whole; others get their 2 decimals). */
export const ticksToPrice = (ticks: number, priceDecimals: number) =>
  priceDecimals === 0 ? ticks : Math.round(ticks) / 10 ** priceDecimals;

/** Ticks as a decimal string in the quote unit, exact (no float formatting surprises). */
export function ticksToDecimalString(ticks: number, priceDecimals: number): string {
  const whole = BigInt(Math.round(ticks));
  if (priceDecimals === 0) return whole.toString();
  const scale = 10n ** BigInt(priceDecimals);
  const frac = (whole % scale).toString().padStart(priceDecimals, '0');
  return `${whole / scale}.${frac}`;
}
