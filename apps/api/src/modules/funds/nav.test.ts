import { describe, expect, it } from 'vitest';
import { MarketSimulator } from '../market/simulator/simulator';
import {
  dayToIso,
  isBusinessDay,
  isoToDay,
  lastValuationDay,
  navHistory,
  navOn,
  sastInstant,
  valuationDayFor,
  type NavFund,
} from './nav';

const CUTOFF = 14 * 60;
const VALUATION = 15 * 60;
/** An instant in SAST: 'YYYY-MM-DD', 'HH:mm'. */
const sast = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number);
  return sastInstant(isoToDay(date), h! * 60 + m!);
};
const pricedOn = (date: string, time: string) => dayToIso(valuationDayFor(sast(date, time), CUTOFF));

const fund: NavFund = {
  code: 'TST40',
  benchmark: {
    symbol: 'SA40',
    exchange: 'JSE',
    priceDecimals: 2,
    basePrice: 85000,
    annualVolatility: 0.17,
    annualDrift: 0.07,
    avgDailyVolume: 0,
  },
  launchDay: isoToDay('2024-01-02'),
  launchNav: '1000.00',
  annualCostPercent: 0.5,
};

describe('forward pricing (JSE business days, cut-off 14:00 SAST)', () => {
  it('13:59 is priced today, 14:00 and 14:01 the next business day', () => {
    // Tuesday 2026-03-10
    expect(pricedOn('2026-03-10', '13:59')).toBe('2026-03-10');
    expect(pricedOn('2026-03-10', '14:00')).toBe('2026-03-11');
    expect(pricedOn('2026-03-10', '14:01')).toBe('2026-03-11');
    expect(pricedOn('2026-03-10', '00:01')).toBe('2026-03-10');
  });

  it('Friday after the cut-off and the weekend go to Monday', () => {
    expect(pricedOn('2026-03-13', '13:59')).toBe('2026-03-13');
    expect(pricedOn('2026-03-13', '14:01')).toBe('2026-03-16');
    expect(pricedOn('2026-03-14', '10:00')).toBe('2026-03-16');
    expect(pricedOn('2026-03-15', '23:59')).toBe('2026-03-16');
  });

  it('JSE holidays are skipped: Freedom Day, Day of Reconciliation, Easter', () => {
    expect(isBusinessDay(isoToDay('2026-04-27'))).toBe(false); // Freedom Day (Monday)
    expect(pricedOn('2026-04-24', '14:01')).toBe('2026-04-28'); // Friday after cut-off → Tuesday
    expect(pricedOn('2026-04-27', '09:00')).toBe('2026-04-28');
    expect(pricedOn('2026-12-15', '15:00')).toBe('2026-12-17'); // 16 December is a holiday
    expect(isBusinessDay(isoToDay('2026-04-03'))).toBe(false); // Good Friday
    expect(pricedOn('2026-04-02', '14:30')).toBe('2026-04-07'); // past Good Friday and Family Day
  });

  it('the last valuation passed: today from 15:00, else the business day before', () => {
    const last = (date: string, time: string) => dayToIso(lastValuationDay(sast(date, time), VALUATION));
    expect(last('2026-03-10', '14:59')).toBe('2026-03-09');
    expect(last('2026-03-10', '15:00')).toBe('2026-03-10');
    expect(last('2026-03-16', '10:00')).toBe('2026-03-13'); // Monday morning → Friday
    expect(last('2026-04-28', '09:00')).toBe('2026-04-24'); // after Freedom Day → Friday
  });

  it('the cut-off and valuation are SAST instants (UTC+2)', () => {
    expect(sast('2026-03-10', '14:00').toISOString()).toBe('2026-03-10T12:00:00.000Z');
  });
});

describe('NAV', () => {
  const sim = new MarketSimulator(42);
  const other = new MarketSimulator(43);

  it('is a pure function of (seed, fund, day): the same in a new simulator, another with another seed', () => {
    const day = isoToDay('2025-06-10');
    expect(navOn(sim, fund, day)).toBe(navOn(new MarketSimulator(42), fund, day));
    expect(navOn(sim, fund, day)).not.toBe(navOn(other, fund, day));
    expect(navOn(sim, { ...fund, code: 'OTHER' }, day)).not.toBe(navOn(sim, fund, day));
    expect(navOn(sim, fund, day)).toMatch(/^\d+\.\d{2}$/);
  });

  it('starts at the launch NAV and moves with the benchmark less costs', () => {
    expect(navOn(sim, fund, fund.launchDay)).toBe('1000.00');
    const days = navHistory(sim, fund, fund.launchDay, isoToDay('2025-12-31'));
    expect(days.every((d) => isBusinessDay(d.day))).toBe(true);
    const bench = (day: number) => sim.dailyBar(fund.benchmark, day).close;
    // Daily NAV returns follow the benchmark's closely (tracking difference of a few basis points).
    let close = 0;
    for (let i = 1; i < days.length; i++) {
      const fundReturn = Number(days[i]!.nav) / Number(days[i - 1]!.nav) - 1;
      const benchReturn = bench(days[i]!.day) / bench(days[i - 1]!.day) - 1;
      if (Math.abs(fundReturn - benchReturn) < 0.004) close += 1;
    }
    expect(close / (days.length - 1)).toBeGreaterThan(0.95);
    // Costs: a costlier fund ends lower, by about the difference in costs.
    const end = isoToDay('2025-12-31') - 1;
    const last = days.at(-1)!.day;
    expect(last).toBeLessThanOrEqual(end + 1);
    const cheap = Number(navOn(sim, { ...fund, annualCostPercent: 0 }, last));
    const dear = Number(navOn(sim, { ...fund, annualCostPercent: 2 }, last));
    expect(dear / cheap).toBeGreaterThan(0.955);
    expect(dear / cheap).toBeLessThan(0.97);
  });

  it('is struck only on business days after the launch', () => {
    expect(() => navOn(sim, fund, isoToDay('2026-03-14'))).toThrow(/not a business day/);
    expect(() => navOn(sim, fund, isoToDay('2023-12-29'))).toThrow(/no NAV/);
  });
});
