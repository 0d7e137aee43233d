import { describe, expect, it } from 'vitest';
import type { ExchangePair } from '@imali/contract';
import { convertedAmount, findQuote, matchingAccounts, swapQuote } from './transfer';

const pair = (primary: string, secondary: string, rate: string, mid: string, spread = '0'): ExchangePair =>
  ({ primary, secondary, rate, mid_rate: mid, spread, derived: false, updated_at: '' }) as ExchangePair;

const PAIRS = [
  pair('USD', 'ZAR', '18.05', '18.25', '0.010958'),
  pair('ZAR', 'USD', '0.0542', '0.054795', '0.010858'),
  pair('USD', 'EUR', '0.91', '0.92', '0.010869'),
];

describe('findQuote', () => {
  it('uses the pair published in the chosen direction', () => {
    expect(findQuote(PAIRS, 'ZAR', 'USD')).toMatchObject({ rate: '0.0542', mid: '0.054795', derived: false });
  });

  it('prices a direction with no pair as 1/rate of the reverse pair, 6 decimals', () => {
    const quote = findQuote(PAIRS, 'EUR', 'USD');
    // 1 / 0.91 = 1.098901098… → 1.098901; 1 / 0.92 = 1.086956521… → 1.086957
    expect(quote).toMatchObject({ from: 'EUR', to: 'USD', rate: '1.098901', mid: '1.086957', derived: true });
  });

  it('finds nothing for unlinked or equal currencies (Exchange pair not found.)', () => {
    expect(findQuote(PAIRS, 'GBP', 'EUR')).toBeUndefined();
    expect(findQuote(PAIRS, 'ZAR', 'ZAR')).toBeUndefined();
    expect(findQuote(PAIRS, 'XYZ', 'ZAR')).toBeUndefined();
  });
});

describe('swapQuote', () => {
  it('uses the reverse pair when it exists', () => {
    const quote = findQuote(PAIRS, 'ZAR', 'USD')!;
    expect(swapQuote(PAIRS, quote)).toMatchObject({ from: 'USD', to: 'ZAR', rate: '18.05', derived: false });
  });

  it('otherwise inverts the rate, rounded to 6 decimals', () => {
    const quote = findQuote(PAIRS, 'USD', 'EUR')!;
    expect(swapQuote(PAIRS, quote)).toMatchObject({
      from: 'EUR',
      to: 'USD',
      rate: '1.098901',
      derived: true,
    });
  });

  it('computes the spread of an inverted quote against the inverted mid', () => {
    const swapped = swapQuote(PAIRS, findQuote(PAIRS, 'USD', 'EUR')!);
    // (1.086957 − 1.098901) / 1.086957: inverting turns a spread paid into a negative figure
    expect(swapped.spread).toBe('-0.010988');
  });
});

describe('convertedAmount', () => {
  const zarUsd = findQuote(PAIRS, 'ZAR', 'USD');

  it('is amount × rate rounded to 2 decimals', () => {
    expect(convertedAmount('1000', zarUsd)).toBe('54.20');
    // 123.45 × 0.0542 = 6.69099 → 6.69
    expect(convertedAmount('123.45', zarUsd)).toBe('6.69');
    // 9.25 × 0.0542 = 0.50135 → 0.50; 27.77 × 0.0542 = 1.505134 → 1.51
    expect(convertedAmount('9.25', zarUsd)).toBe('0.50');
    expect(convertedAmount('27.77', zarUsd)).toBe('1.51');
  });

  it('rounds half up on an exact half cent', () => {
    const usdZar = findQuote([pair('USD', 'ZAR', '0.125', '0.125')], 'USD', 'ZAR');
    // 0.10 × 0.125 = 0.0125 → 0.01; 0.20 × 0.125 = 0.025 → 0.03
    expect(convertedAmount('0.1', usdZar)).toBe('0.01');
    expect(convertedAmount('0.2', usdZar)).toBe('0.03');
  });

  it('is exact for large amounts (no floating point)', () => {
    expect(convertedAmount('9007199254740993.01', findQuote(PAIRS, 'USD', 'ZAR'))).toBe(
      '162579946548074923.83',
    );
  });

  it('shows nothing for an empty, invalid or missing quote', () => {
    expect(convertedAmount('', zarUsd)).toBeUndefined();
    expect(convertedAmount('abc', zarUsd)).toBeUndefined();
    expect(convertedAmount('1.234', zarUsd)).toBeUndefined();
    expect(convertedAmount('0', zarUsd)).toBeUndefined();
    expect(convertedAmount('100', undefined)).toBeUndefined();
  });
});

describe('matchingAccounts', () => {
  const accounts = [
    { id: 1, currency: 'ZAR' },
    { id: 2, currency: 'USD' },
  ];
  it('finds the accounts of both currencies', () => {
    expect(matchingAccounts(accounts, 'ZAR', 'USD')).toEqual({ from: accounts[0], to: accounts[1] });
  });
  it('is undefined when one is missing', () => {
    expect(matchingAccounts(accounts, 'ZAR', 'EUR')).toBeUndefined();
  });
});
