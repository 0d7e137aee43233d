import { describe, expect, it } from 'vitest';
import { isoToDay, sessionOf } from './calendar';
import {
  ANCHOR_DAY,
  MarketSimulator,
  aggregate,
  ticksToDecimalString,
  ticksToPrice,
  type SimInstrument,
  type TickCandle,
} from './simulator';

const SEED = 20_260_101;
const npn: SimInstrument = {
  symbol: 'NPN',
  exchange: 'JSE',
  priceDecimals: 0,
  basePrice: 560000,
  annualVolatility: 0.3,
  annualDrift: 0.08,
  avgDailyVolume: 900000,
};
const aapl: SimInstrument = {
  symbol: 'AAPL',
  exchange: 'NASDAQ',
  priceDecimals: 2,
  basePrice: 245,
  annualVolatility: 0.27,
  annualDrift: 0.1,
  avgDailyVolume: 55_000_000,
};
const FRIDAY_MORNING = Date.parse('2026-11-20T10:15:30Z'); // 12:15:30 in Johannesburg

describe('simulated market: determinism', () => {
  it('gives exact, repeatable prices for (seed, symbol, time), in any instance', () => {
    const q = new MarketSimulator(SEED).quoteAt(npn, FRIDAY_MORNING);
    expect(q).toMatchObject({
      price: 661184,
      open: 655789,
      high: 662173,
      low: 652769,
      previousClose: 649437,
      volume: 437325,
      marketOpen: true,
    });
    expect(new MarketSimulator(SEED).quoteAt(npn, FRIDAY_MORNING)).toEqual(q);
    expect(new MarketSimulator(SEED).quoteAt(aapl, Date.parse('2026-11-20T15:00:00Z')).price).toBe(18939);
  });

  it('prices differ by seed and by symbol', () => {
    const a = new MarketSimulator(SEED).quoteAt(npn, FRIDAY_MORNING).price;
    expect(new MarketSimulator(SEED + 1).quoteAt(npn, FRIDAY_MORNING).price).not.toBe(a);
    expect(new MarketSimulator(SEED).quoteAt({ ...npn, symbol: 'PRX' }, FRIDAY_MORNING).price).not.toBe(a);
  });

  it('closes at the base price on the anchor day', () => {
    expect(new MarketSimulator(SEED).dailyBar(npn, ANCHOR_DAY).close).toBe(560000);
    expect(new MarketSimulator(SEED).dailyBar(aapl, ANCHOR_DAY).close).toBe(24500);
  });

  it('walks daily closes with roughly the configured volatility over five years', () => {
    const candles = new MarketSimulator(SEED).candles(npn, '1d', FRIDAY_MORNING);
    expect(candles.length).toBeGreaterThan(1200);
    const returns = candles.slice(1).map((c, i) => Math.log(c.close / candles[i]!.close));
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const sd = Math.sqrt(returns.reduce((a, b) => a + (b - mean) ** 2, 0) / returns.length);
    const annualised = sd * Math.sqrt(252);
    expect(annualised).toBeGreaterThan(0.2);
    expect(annualised).toBeLessThan(0.45);
  });
});

describe('simulated market: candles agree across intervals', () => {
  const sim = new MarketSimulator(SEED);
  const day = isoToDay('2026-11-19');
  const after = Date.parse('2026-11-19T16:00:00Z'); // after the close

  const byTime = (candles: TickCandle[]) => new Map(candles.map((c) => [c.time, c]));

  it('a 1h candle is the aggregate of its sixty 1m candles (high = max of the 1m highs)', () => {
    const minutes = sim.minuteBars(npn, day);
    expect(minutes).toHaveLength(480);
    const hours = byTime(sim.candles(npn, '1h', after));
    for (let h = 0; h < 8; h++) {
      const group = minutes.slice(h * 60, h * 60 + 60);
      const hour = hours.get(group[0]!.time)!;
      expect(hour).toEqual(aggregate(group, group[0]!.time));
      expect(hour.high).toBe(Math.max(...group.map((m) => m.high)));
      expect(hour.low).toBe(Math.min(...group.map((m) => m.low)));
    }
  });

  it('5m and 15m candles aggregate 1m candles; the day candle aggregates the whole session', () => {
    const minutes = sim.minuteBars(npn, day);
    const five = byTime(sim.candles(npn, '5m', after));
    const fifteen = byTime(sim.candles(npn, '15m', after));
    for (let m = 0; m < 480; m += 15) {
      const g15 = minutes.slice(m, m + 15);
      expect(fifteen.get(g15[0]!.time)).toEqual(aggregate(g15, g15[0]!.time));
      const g5 = minutes.slice(m, m + 5);
      expect(five.get(g5[0]!.time)).toEqual(aggregate(g5, g5[0]!.time));
    }
    const daily = sim.dailyBar(npn, day);
    expect(aggregate(minutes, daily.time)).toEqual(daily);
  });

  it('a week candle aggregates its day candles', () => {
    const days = sim.candles(npn, '1d', after);
    const weeks = sim.candles(npn, '1w', after);
    const monday = sessionOf('JSE', isoToDay('2026-11-16')).openMs / 1000;
    const week = weeks.find((w) => w.time === monday)!;
    const its = days.filter((d) => d.time >= monday && d.time < monday + 7 * 86400);
    expect(its).toHaveLength(4); // Monday to Thursday so far
    expect(week).toEqual(aggregate(its, monday));
  });

  it('the candle in progress matches the live quote', () => {
    const quote = sim.quoteAt(npn, FRIDAY_MORNING);
    const minutes = sim.candles(npn, '1m', FRIDAY_MORNING);
    const last = minutes[minutes.length - 1]!;
    expect(last.close).toBe(quote.price);
    expect(last.time).toBe(Date.parse('2026-11-20T10:15:00Z') / 1000);
    const today = sim.candles(npn, '1d', FRIDAY_MORNING).at(-1)!;
    expect(today).toMatchObject({ open: quote.open, high: quote.high, low: quote.low, close: quote.price });
    expect(today.volume).toBe(quote.volume);
    expect(aggregate(minutes, today.time)).toEqual(today);
  });
});

describe('simulated market: trading hours', () => {
  const sim = new MarketSimulator(SEED);

  it('moves during the session and stands still outside it', () => {
    const during = [0, 60_000, 120_000].map((dt) => sim.quoteAt(npn, FRIDAY_MORNING + dt).price);
    expect(new Set(during).size).toBeGreaterThan(1);
    const evening = sim.quoteAt(npn, Date.parse('2026-11-20T16:00:00Z'));
    const saturday = sim.quoteAt(npn, Date.parse('2026-11-21T10:00:00Z'));
    const mondayEarly = sim.quoteAt(npn, Date.parse('2026-11-23T06:59:00Z'));
    expect(evening.marketOpen).toBe(false);
    expect(saturday).toEqual({ ...evening, asOfMs: evening.asOfMs });
    expect(mondayEarly.price).toBe(evening.price);
    expect(evening.price).toBe(sim.dailyBar(npn, isoToDay('2026-11-20')).close);
  });

  it('stands still on a JSE public holiday', () => {
    const holiday = sim.quoteAt(npn, Date.parse('2026-12-16T10:00:00Z'));
    expect(holiday.marketOpen).toBe(false);
    expect(holiday.price).toBe(sim.dailyBar(npn, isoToDay('2026-12-15')).close);
  });

  it('opens at the first second of the session with the day open, after the previous close', () => {
    const open = sim.quoteAt(npn, Date.parse('2026-11-20T07:00:00Z'));
    expect(open.marketOpen).toBe(true);
    expect(open.price).toBe(open.open);
    expect(open.previousClose).toBe(sim.dailyBar(npn, isoToDay('2026-11-19')).close);
  });

  it('keeps every price inside the day range, with positive volumes', () => {
    const day = isoToDay('2026-11-18');
    const bar = sim.dailyBar(npn, day);
    for (const m of sim.minuteBars(npn, day)) {
      expect(m.low).toBeGreaterThanOrEqual(bar.low);
      expect(m.high).toBeLessThanOrEqual(bar.high);
      expect(m.volume).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(m.open) && Number.isInteger(m.close)).toBe(true);
    }
  });
});

describe('cents handling', () => {
  it('keeps JSE prices in whole cents and others with two decimals', () => {
    expect(ticksToPrice(661184, 0)).toBe(661184);
    expect(ticksToPrice(18761, 2)).toBe(187.61);
    expect(ticksToPrice(5, 2)).toBe(0.05);
  });

  it('formats exact decimal strings', () => {
    expect(ticksToDecimalString(656980, 0)).toBe('656980');
    expect(ticksToDecimalString(18761, 2)).toBe('187.61');
    expect(ticksToDecimalString(5, 2)).toBe('0.05');
    expect(ticksToDecimalString(100, 2)).toBe('1.00');
  });
});
