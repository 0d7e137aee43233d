import type { Candle } from '@imali/contract';
import { describe, expect, it } from 'vitest';
import {
  applyTick,
  asOfLabel,
  axisLabel,
  candlesForRange,
  pointLabel,
  rangeChange,
  RANGE_SPECS,
  toChartPoints,
} from './candles';

const day = 86_400;
const candle = (time: number, close: number, extra: Partial<Candle> = {}): Candle => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume: 100,
  ...extra,
});

describe('chart ranges', () => {
  it('asks for the interval each range needs', () => {
    expect(RANGE_SPECS['1D'].interval).toBe('1m');
    expect(RANGE_SPECS['1W'].interval).toBe('5m');
    expect(RANGE_SPECS['1M'].interval).toBe('1h');
    expect(RANGE_SPECS['1Y'].interval).toBe('1d');
    expect(RANGE_SPECS['5Y'].interval).toBe('1d');
  });

  it('cuts daily candles to the last year for 1Y and keeps five years for 5Y', () => {
    const end = 1_795_158_000;
    const candles = Array.from({ length: 5 * 365 }, (_, i) => candle(end - (5 * 365 - 1 - i) * day, 100 + i));
    const year = candlesForRange(candles, '1Y');
    expect(year.at(-1)!.time).toBe(end);
    expect(year[0]!.time).toBe(end - 364 * day);
    expect(year).toHaveLength(365);
    expect(candlesForRange(candles, '5Y')).toHaveLength(5 * 365);
    expect(candlesForRange([], '1Y')).toEqual([]);
  });
});

describe('candle mapping', () => {
  it('converts JSE cents to rand and sorts by time without duplicates', () => {
    const points = toChartPoints(
      [
        candle(120, 652256, { open: 650000, high: 653000, low: 649000 }),
        candle(60, 650000),
        candle(120, 652300),
      ],
      'ZAc',
    );
    expect(points.map((p) => p.time)).toEqual([60, 120]);
    expect(points[1]).toMatchObject({ close: 6523, value: 6523, volume: 100 });
    expect(points[0]).toMatchObject({ open: 6500, high: 6500, low: 6500 });
  });

  it('keeps dollar and point prices as they are', () => {
    expect(toChartPoints([candle(60, 189.43)], 'USD')[0]!.close).toBe(189.43);
  });

  it('measures the change over the range from the first open to the last close', () => {
    const points = toChartPoints([candle(0, 100, { open: 80 }), candle(60, 120)], 'points');
    expect(rangeChange(points)).toEqual({ change: 40, percent: 50 });
    expect(rangeChange([])).toBeNull();
  });
});

describe('live ticks on the last candle', () => {
  const points = toChartPoints(
    [candle(0, 100), candle(60, 101, { open: 100, high: 102, low: 99 })],
    'points',
  );

  it('moves the close and stretches high and low inside the interval', () => {
    const next = applyTick(points, { timeSeconds: 90, price: 103 }, 60);
    expect(next).toHaveLength(2);
    expect(next[1]).toMatchObject({ time: 60, open: 100, high: 103, low: 99, close: 103 });
    expect(applyTick(points, { timeSeconds: 100, price: 98 }, 60)[1]).toMatchObject({ low: 98, high: 102 });
  });

  it('starts a new candle in the next interval, opening at the last close', () => {
    const next = applyTick(points, { timeSeconds: 125, price: 104 }, 60);
    expect(next).toHaveLength(3);
    expect(next[2]).toMatchObject({ time: 120, open: 101, high: 104, low: 101, close: 104 });
  });

  it('ignores ticks older than the last candle', () => {
    expect(applyTick(points, { timeSeconds: 10, price: 500 }, 60)).toEqual(points);
  });
});

describe('times in exchange time', () => {
  // 2026-11-20 07:00 UTC is 09:00 in Johannesburg (the JSE open).
  const open = Date.UTC(2026, 10, 20, 7, 0) / 1000;
  it('labels the axis in the exchange time zone', () => {
    expect(axisLabel(open, 'Africa/Johannesburg', '1D')).toBe('09:00');
    expect(axisLabel(open, 'America/New_York', '1D')).toBe('02:00');
    expect(axisLabel(open, 'Africa/Johannesburg', '1M')).toBe('20 Nov');
    expect(axisLabel(open, 'Africa/Johannesburg', '5Y')).toBe('Nov 2026');
  });
  it('labels crosshair points with date and, intraday, time', () => {
    expect(pointLabel(open, 'Africa/Johannesburg', true)).toBe('20 Nov 2026, 09:00');
    expect(pointLabel(open, 'Africa/Johannesburg', false)).toBe('20 Nov 2026');
  });
});

describe('as-of label', () => {
  it('names the zone the way clients know it', () => {
    expect(asOfLabel('2026-11-20T15:00:00.000Z', 'Africa/Johannesburg')).toBe('20 Nov, 17:00 SAST');
    expect(asOfLabel('2026-11-20T21:00:00.000Z', 'America/New_York')).toBe('20 Nov, 16:00 ET');
  });
});
