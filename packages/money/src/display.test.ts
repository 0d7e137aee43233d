import { describe, expect, it } from 'vitest';
import {
  abbreviateAmount,
  countdownTone,
  countryPrice,
  currencyForCountry,
  formatCountryCurrency,
  formatCurrency,
  formatNumber2,
  formatRatio,
  isValidPrice,
  productSubLabel,
  recordStatusTone,
  signedTone,
  statusTone,
  truncateDecimals,
} from './index';

// Intl puts a no-break space between a currency code and the digits.
const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('signed colours', () => {
  it('is green when positive, red when negative, grey when zero or missing', () => {
    expect(signedTone('0.01')).toBe('positive');
    expect(signedTone(-3)).toBe('negative');
    expect(signedTone('0.00')).toBe('neutral');
    expect(signedTone(null)).toBe('neutral');
    expect(signedTone(undefined)).toBe('neutral');
    expect(signedTone('abc')).toBe('neutral');
  });
});

describe('truncate, not round', () => {
  it('cuts toward zero at two decimals', () => {
    expect(formatNumber2('2.679')).toBe('2.67');
    expect(formatNumber2(2.675)).toBe('2.67');
    expect(formatNumber2(1.005)).toBe('1.00');
    expect(formatNumber2('-2.679')).toBe('-2.67');
    expect(formatNumber2('-0.001')).toBe('0.00');
    expect(formatNumber2(7)).toBe('7.00');
    expect(formatNumber2(null)).toBe('-');
    expect(formatNumber2('x')).toBe('-');
    expect(truncateDecimals('1.23456', 4)).toBe('1.2345');
  });
});

describe('ratio', () => {
  it('shows a percentage with two decimals (truncated)', () => {
    expect(formatRatio(0.1234)).toBe('12.34%');
    expect(formatRatio('0.123456')).toBe('12.34%');
    expect(formatRatio('-0.05')).toBe('-5.00%');
    expect(formatRatio(0)).toBe('0.00%');
    expect(formatRatio(1)).toBe('100.00%');
  });
  it("shows '-' when missing and '--%' when invalid", () => {
    expect(formatRatio(null)).toBe('-');
    expect(formatRatio(undefined)).toBe('-');
    expect(formatRatio('')).toBe('-');
    expect(formatRatio('abc')).toBe('--%');
    expect(formatRatio(Number.NaN)).toBe('--%');
    expect(formatRatio(Number.POSITIVE_INFINITY)).toBe('--%');
  });
});

describe('currency', () => {
  it('uses ZAR for ZA and USD for US, en-US, two decimals, truncated', () => {
    expect(currencyForCountry('ZA')).toBe('ZAR');
    expect(currencyForCountry('us')).toBe('USD');
    expect(currencyForCountry(undefined)).toBe('ZAR');
    expect(nbsp(formatCountryCurrency('1234.567', 'ZA'))).toBe('ZAR 1,234.56');
    expect(formatCountryCurrency('1234.567', 'US')).toBe('$1,234.56');
    expect(formatCurrency('-0.5', 'USD')).toBe('-$0.50');
    expect(formatCurrency('12345678901234567.89', 'USD')).toBe('$12,345,678,901,234,567.89');
    expect(nbsp(formatCurrency(100, 'EUR'))).toBe('€100.00');
    expect(formatCurrency(undefined, 'USD')).toBe('-');
  });
});

describe('abbreviations', () => {
  it('uses k, M, B, T with three decimals', () => {
    expect(abbreviateAmount(999.999)).toBe('999.99');
    expect(abbreviateAmount(1000)).toBe('1.000k');
    expect(abbreviateAmount('1234.5')).toBe('1.234k');
    expect(abbreviateAmount(2_500_000)).toBe('2.500M');
    expect(abbreviateAmount('1999999999')).toBe('1.999B');
    expect(abbreviateAmount('1000000000000')).toBe('1.000T');
    expect(abbreviateAmount('-45678')).toBe('-45.678k');
    expect(abbreviateAmount(null)).toBe('-');
  });
});

describe('labels and statuses', () => {
  it('gives product sub-labels', () => {
    expect(productSubLabel('fo')).toBe('D.D.');
    expect(productSubLabel('otc')).toBe('P.M.');
    expect(productSubLabel('ipo')).toBe('ST');
    expect(productSubLabel('standard')).toBe('STD');
    expect(productSubLabel('fund')).toBe('');
  });

  it('colours order statuses case-insensitively, others grey', () => {
    expect(statusTone('PENDING')).toBe('amber');
    expect(statusTone('awaiting')).toBe('yellow');
    expect(statusTone('Holding')).toBe('green');
    expect(statusTone('sold')).toBe('dark-red');
    expect(statusTone('rejected')).toBe('red');
    expect(statusTone('approved')).toBe('green');
    expect(statusTone('listing')).toBe('amber');
    expect(statusTone('whatever')).toBe('grey');
    expect(statusTone(undefined)).toBe('grey');
  });

  it('colours deposit and withdrawal records', () => {
    expect(recordStatusTone('pending')).toBe('amber');
    expect(recordStatusTone('confirmed')).toBe('green');
    expect(recordStatusTone('PAID')).toBe('green');
    expect(recordStatusTone('rejected')).toBe('red');
    expect(recordStatusTone('other')).toBe('grey');
  });
});

describe('quotation rules (close-order flow)', () => {
  it('divides a ZA price by 100 exactly, leaves other countries as they are', () => {
    expect(countryPrice('598741', 'ZA')).toBe('5987.41');
    expect(countryPrice('5987.5', 'za')).toBe('59.875');
    expect(countryPrice('598700', 'ZA')).toBe('5987.00');
    expect(countryPrice('189.43', 'US')).toBe('189.43');
    expect(countryPrice('2450.5', 'IN')).toBe('2450.5');
    expect(countryPrice('abc', 'ZA')).toBeUndefined();
    expect(countryPrice(undefined, 'ZA')).toBeUndefined();
  });

  it('treats a missing, zero or non-numeric price as invalid', () => {
    expect(isValidPrice('598741')).toBe(true);
    expect(isValidPrice('0.01')).toBe(true);
    expect(isValidPrice('0')).toBe(false);
    expect(isValidPrice('0.00')).toBe(false);
    expect(isValidPrice('')).toBe(false);
    expect(isValidPrice(null)).toBe(false);
    expect(isValidPrice('-5')).toBe(false);
  });

  it('colours the countdown: red at 30% or below, yellow at 60% or below, else green', () => {
    expect(countdownTone(20_000, 20_000)).toBe('green');
    expect(countdownTone(12_001, 20_000)).toBe('green');
    expect(countdownTone(12_000, 20_000)).toBe('yellow');
    expect(countdownTone(6_001, 20_000)).toBe('yellow');
    expect(countdownTone(6_000, 20_000)).toBe('red');
    expect(countdownTone(0, 20_000)).toBe('red');
    expect(countdownTone(-5, 20_000)).toBe('red');
  });
});
