import { describe, expect, it } from 'vitest';
import {
  changeColorClass,
  formatChange,
  formatChangePercent,
  formatLarge,
  formatMarketCap,
  formatPrice,
  formatPriceWithCurrency,
  rangePosition,
  toDisplayDecimal,
  unitLabel,
} from './format';

describe('prices in the quote unit', () => {
  it('shows JSE cents as rand, two decimals, grouped', () => {
    expect(formatPrice(652256, 'ZAc')).toBe('6,522.56');
    expect(formatPrice(18490, 'ZAc')).toBe('184.90');
    expect(formatPrice(5, 'ZAc')).toBe('0.05');
    expect(formatPriceWithCurrency(652256, 'ZAc')).toBe('ZAR 6,522.56');
  });

  it('divides cents exactly, without binary floating point', () => {
    expect(toDisplayDecimal(652256, 'ZAc')).toEqual({ coefficient: 652256n, scale: 2 });
    // 0.29 * 100 is 28.999999999999996 in floating point; cents 29 must still read 0.29.
    expect(formatPrice(29, 'ZAc')).toBe('0.29');
  });

  it('truncates instead of rounding', () => {
    expect(formatPrice(189.439, 'USD')).toBe('189.43');
    expect(formatPrice(71299.159, 'points')).toBe('71,299.15');
    expect(formatPrice(2.675, 'USD')).toBe('2.67');
  });

  it('labels the unit: currency for shares, points for indices', () => {
    expect(formatPriceWithCurrency(189.43, 'USD')).toBe('$189.43');
    expect(formatPriceWithCurrency(2871.5, 'INR')).toBe('INR 2,871.50');
    expect(formatPriceWithCurrency(8937.41, 'points')).toBe('8,937.41');
    expect(unitLabel('ZAc')).toBe('ZAR');
    expect(unitLabel('points')).toBe('pts');
  });

  it('shows a dash for missing prices', () => {
    expect(formatPrice(null, 'ZAc')).toBe('-');
    expect(formatPrice(Number.NaN, 'USD')).toBe('-');
  });
});

describe('change and change %', () => {
  it('signs and converts a change in cents', () => {
    expect(formatChange(2819, 'ZAc')).toBe('+28.19');
    expect(formatChange(-65779, 'ZAc')).toBe('-657.79');
    expect(formatChange(0, 'ZAc')).toBe('0.00');
    expect(formatChange(-657.799, 'points')).toBe('-657.79');
  });

  it('shows the percentage with two decimals, truncated, signed', () => {
    expect(formatChangePercent(0.43)).toBe('+0.43%');
    expect(formatChangePercent(-0.91)).toBe('-0.91%');
    expect(formatChangePercent(4.569)).toBe('+4.56%');
    expect(formatChangePercent(0)).toBe('0.00%');
    // A tiny loss truncates to zero and must not read as a loss or a gain.
    expect(formatChangePercent(-0.001)).toBe('0.00%');
    expect(formatChangePercent(0.004)).toBe('0.00%');
  });

  it("uses the spec's markers for missing and invalid ratios", () => {
    expect(formatChangePercent(null)).toBe('-');
    expect(formatChangePercent(undefined)).toBe('-');
    expect(formatChangePercent('abc')).toBe('--%');
  });

  it('colours by sign: green up, red down, grey flat or missing', () => {
    expect(changeColorClass(2819)).toBe('text-green-600');
    expect(changeColorClass(-1)).toBe('text-red-600');
    expect(changeColorClass(0)).toBe('text-gray-500');
    expect(changeColorClass(undefined)).toBe('text-gray-500');
  });
});

describe('large figures', () => {
  it('abbreviates volume and market cap with three decimals', () => {
    expect(formatLarge(979379)).toBe('979.379k');
    expect(formatLarge(12_345_678)).toBe('12.345M');
    expect(formatLarge(999)).toBe('999.00');
    expect(formatMarketCap(1043609600000, 'ZAc')).toBe('ZAR 1.043T');
    expect(formatMarketCap(null, 'ZAc')).toBe('-');
  });
});

describe('range position', () => {
  it('places the price between low and high', () => {
    expect(rangePosition(100, 200, 150)).toBe(0.5);
    expect(rangePosition(100, 200, 250)).toBe(1);
    expect(rangePosition(100, 200, 50)).toBe(0);
    expect(rangePosition(100, 100, 100)).toBe(0.5);
  });
});
