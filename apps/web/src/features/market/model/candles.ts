/**
 * Chart ranges and candle mapping. The stock-data API serves candles per interval over fixed
 * spans (1m: the last session, 5m: 5 sessions, 15m: 10, 1h: 22, 1d: 5 years, 1w: since 2016);
 * each range the client offers picks an interval and, where the span is longer, a window.
 */
import type { Candle, CandleInterval, MarketCode, QuoteUnit } from '@imali/contract';
import { toDisplayNumber } from './format';

export const CHART_RANGES = ['1D', '1W', '1M', '1Y', '5Y'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

export interface RangeSpec {
  label: string;
  interval: CandleInterval;
  /** Keep only candles newer than this many days before the last one (undefined: all). */
  windowDays?: number;
  intraday: boolean;
}

export const RANGE_SPECS: Record<ChartRange, RangeSpec> = {
  '1D': { label: '1 day', interval: '1m', intraday: true },
  '1W': { label: '1 week', interval: '5m', intraday: true },
  '1M': { label: '1 month', interval: '1h', intraday: true },
  '1Y': { label: '1 year', interval: '1d', windowDays: 365, intraday: false },
  '5Y': { label: '5 years', interval: '1d', windowDays: 5 * 365 + 1, intraday: false },
};

const DAY_SECONDS = 86_400;

/** The candles a range shows: the interval's candles, cut to the range's window. */
export function candlesForRange(candles: readonly Candle[], range: ChartRange): Candle[] {
  const { windowDays } = RANGE_SPECS[range];
  const last = candles.at(-1);
  if (!last || windowDays === undefined) return [...candles];
  const from = last.time - windowDays * DAY_SECONDS;
  return candles.filter((c) => c.time > from);
}

export interface ChartPoint {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  value: number;
  volume: number;
}

/** Candles in the display unit (ZAc cents → rand), sorted and de-duplicated by time. */
export function toChartPoints(candles: readonly Candle[], unit: QuoteUnit): ChartPoint[] {
  const byTime = new Map<number, ChartPoint>();
  for (const c of candles) {
    const close = toDisplayNumber(c.close, unit);
    byTime.set(c.time, {
      time: c.time,
      open: toDisplayNumber(c.open, unit),
      high: toDisplayNumber(c.high, unit),
      low: toDisplayNumber(c.low, unit),
      close,
      value: close,
      volume: c.volume,
    });
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** Change over the range shown: last close against the first open (for the chart's colour). */
export function rangeChange(points: readonly ChartPoint[]): { change: number; percent: number } | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || first.open === 0) return null;
  const change = last.close - first.open;
  return { change, percent: (change / first.open) * 100 };
}

/**
 * Applies a live price to the last candle of an intraday series: extends its high/low and
 * moves its close, or starts a new candle when the tick falls in the next interval.
 */
export function applyTick(
  points: readonly ChartPoint[],
  tick: { timeSeconds: number; price: number },
  intervalSeconds: number,
): ChartPoint[] {
  const last = points.at(-1);
  if (!last || tick.timeSeconds < last.time) return [...points];
  const bucket = tick.timeSeconds - (tick.timeSeconds % intervalSeconds);
  if (bucket <= last.time) {
    const updated: ChartPoint = {
      ...last,
      high: Math.max(last.high, tick.price),
      low: Math.min(last.low, tick.price),
      close: tick.price,
      value: tick.price,
    };
    return [...points.slice(0, -1), updated];
  }
  return [
    ...points,
    {
      time: bucket,
      open: last.close,
      high: Math.max(last.close, tick.price),
      low: Math.min(last.close, tick.price),
      close: tick.price,
      value: tick.price,
      volume: 0,
    },
  ];
}

export const INTERVAL_SECONDS: Record<CandleInterval, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '1h': 3600,
  '1d': DAY_SECONDS,
  '1w': 7 * DAY_SECONDS,
};

/** Each exchange's own time zone: chart axes and "as of" times read in exchange time. */
export const EXCHANGE_TIME_ZONE: Record<MarketCode, string> = {
  JSE: 'Africa/Johannesburg',
  NYSE: 'America/New_York',
  NASDAQ: 'America/New_York',
  NSE: 'Asia/Kolkata',
};

/** Short zone names people know ('GMT+2' reads as a glitch to a South African client). */
const ZONE_LABEL: Record<string, string> = {
  'Africa/Johannesburg': 'SAST',
  'America/New_York': 'ET',
  'Asia/Kolkata': 'IST',
};

/** '20 Nov, 17:00 SAST': when a quote is as of, in exchange time. */
export function asOfLabel(iso: string, timeZone: string): string {
  const text = formatter(timeZone, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
  return `${text} ${ZONE_LABEL[timeZone] ?? timeZone}`;
}

export function exchangeTimeZone(market: string): string {
  return EXCHANGE_TIME_ZONE[market as MarketCode] ?? 'Africa/Johannesburg';
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    formatters.set(key, f);
  }
  return f;
}

/** An axis label in exchange time: '09:05' intraday, '20 Nov' for days, "Nov '26" for long ranges. */
export function axisLabel(timeSeconds: number, timeZone: string, range: ChartRange): string {
  const date = new Date(timeSeconds * 1000);
  if (range === '1D')
    return formatter(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  if (range === '1W' || range === '1M' || range === '1Y') {
    return formatter(timeZone, { day: 'numeric', month: 'short' }).format(date);
  }
  return formatter(timeZone, { month: 'short', year: 'numeric' }).format(date);
}

/** A crosshair / tooltip time in exchange time: '20 Nov 2026, 16:59' or '20 Nov 2026'. */
export function pointLabel(timeSeconds: number, timeZone: string, intraday: boolean): string {
  const date = new Date(timeSeconds * 1000);
  return formatter(
    timeZone,
    intraday
      ? {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }
      : { day: 'numeric', month: 'short', year: 'numeric' },
  ).format(date);
}
