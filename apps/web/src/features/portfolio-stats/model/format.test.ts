import { describe, expect, it } from 'vitest';
import { donutArcs, valuePath, weekBars } from './charts';
import { MASK, compactMoney, money, ratio, signedMoney, signedRatio, sumAmounts, toneClass } from './format';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('portfolio display rules (spec section 4)', () => {
  it('truncates amounts to two decimals, never rounds', () => {
    expect(nbsp(money('1234.567', 'ZAR'))).toBe('ZAR 1,234.56');
    expect(nbsp(money('-0.009', 'ZAR'))).toBe('ZAR 0.00');
    expect(nbsp(money('2.675', 'USD'))).toBe('$2.67');
    expect(nbsp(signedMoney('12.309', 'ZAR'))).toBe('+ZAR 12.30');
    expect(nbsp(signedMoney('-4.999', 'ZAR'))).toBe('-ZAR 4.99');
    expect(nbsp(signedMoney('0', 'ZAR'))).toBe('ZAR 0.00');
  });

  it('abbreviates large amounts k/M/B/T with three decimals, truncated', () => {
    expect(compactMoney('999.999', 'ZAR')).toBe('ZAR 999.99');
    expect(compactMoney('1234.5', 'ZAR')).toBe('ZAR 1.234k');
    expect(compactMoney('2500000', 'ZAR')).toBe('ZAR 2.500M');
    expect(compactMoney('1999999999', 'ZAR')).toBe('ZAR 1.999B');
    expect(compactMoney('1000000000000', 'ZAR')).toBe('ZAR 1.000T');
    expect(compactMoney('-45678.9', 'ZAR')).toBe('ZAR -45.678k');
    expect(compactMoney(null, 'ZAR')).toBe('-');
  });

  it("shows ratios as percentages with two decimals and '--%' when not defined", () => {
    expect(ratio('0.123456')).toBe('12.34%');
    expect(ratio('-0.000099')).toBe('0.00%');
    expect(ratio(null)).toBe('--%');
    expect(ratio(undefined)).toBe('--%');
    expect(ratio('')).toBe('--%');
    expect(ratio('NaN')).toBe('--%');
    expect(signedRatio('0.05')).toBe('+5.00%');
    expect(signedRatio('-0.0123')).toBe('-1.23%');
    expect(signedRatio(null)).toBe('--%');
  });

  it('−21.78 on 3,000 reads −0.72 % here as on the receipt and the order rows (truncated once); one signed rule', () => {
    expect(ratio('-0.00726')).toBe('-0.72%');
    expect(signedRatio('-0.00726')).toBe('-0.72%');
    expect(nbsp(signedMoney('-21.78', 'ZAR'))).toBe('-ZAR 21.78');
    // The sign of what is shown: a gain that truncates to 0.00 has no '+'.
    expect(nbsp(signedMoney('0.004', 'ZAR'))).toBe('ZAR 0.00');
    expect(signedRatio('0.00004')).toBe('0.00%');
  });

  it('colours signed values green, red or grey', () => {
    expect(toneClass('0.01')).toBe('text-green-600');
    expect(toneClass('-0.01')).toBe('text-red-600');
    expect(toneClass('0.00')).toBe('text-gray-500');
    expect(toneClass(null)).toBe('text-gray-500');
  });

  it('masks every amount when balances are hidden', () => {
    expect(money('10', 'ZAR', false)).toBe(MASK);
    expect(signedMoney('10', 'ZAR', false)).toBe(MASK);
    expect(compactMoney('10000', 'ZAR', false)).toBe(MASK);
  });

  it('adds amounts exactly', () => {
    expect(sumAmounts(['0.10', '0.20', '-0.05'])).toBe('0.25');
    expect(sumAmounts(['1000000.01', '2.345'])).toBe('1000002.355');
    expect(sumAmounts([])).toBe('0.00');
  });
});

describe('chart geometry', () => {
  it('scales the week bars to the largest move', () => {
    const bars = weekBars([
      { day: '2026-11-12', profit: '50.00' },
      { day: '2026-11-13', profit: '-100.00' },
      { day: '2026-11-16', profit: '0.00' },
    ]);
    expect(bars.map((b) => [b.direction, b.size])).toEqual([
      ['up', 0.5],
      ['down', 1],
      ['flat', 0],
    ]);
    expect(weekBars([{ day: '2026-11-12', profit: '0.00' }])[0]!.size).toBe(0);
  });

  it('draws one arc per share, a whole ring for a single holding', () => {
    const arcs = donutArcs([
      { key: 'stock', value: '75' },
      { key: 'fund', value: '25' },
      { key: 'quant', value: '0' },
    ]);
    expect(arcs.map((a) => [a.key, a.share])).toEqual([
      ['stock', 0.75],
      ['fund', 0.25],
    ]);
    const whole = donutArcs([{ key: 'stock', value: '10' }]);
    expect(whole).toHaveLength(1);
    expect(whole[0]!.path.match(/M/g)).toHaveLength(2);
    expect(donutArcs([])).toEqual([]);
  });
});

describe('value chart geometry', () => {
  it('spans the box left to right, higher values nearer the top', () => {
    const g = valuePath([100, 200, 150]);
    expect(g.line.startsWith('M0 ')).toBe(true);
    expect(g.line).toContain('L100 ');
    expect(g.ys[1]!).toBeLessThan(g.ys[2]!);
    expect(g.ys[2]!).toBeLessThan(g.ys[0]!);
    expect(g.min).toBeLessThan(100);
    expect(g.max).toBeGreaterThan(200);
    expect(g.area.endsWith('Z')).toBe(true);
  });

  it('keeps a flat line in the middle with a scale of at least ±0.5%', () => {
    const g = valuePath([40000, 40000]);
    expect(g.ys).toEqual([50, 50]);
    expect(g.max - g.min).toBeGreaterThanOrEqual(400);
  });
});
