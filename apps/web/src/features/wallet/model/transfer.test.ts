import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExchangePair } from '@imali/contract';
import { convertAmount, formatMinor, listQuotes, parseAmount, quoteFor, type Currency } from '@imali/money';
import { conversionProblem, convertedAmount, findQuote, matchingAccounts } from './transfer';

const pair = (primary: string, secondary: string, rate: string, mid: string, spread = '0'): ExchangePair =>
  ({ primary, secondary, rate, mid_rate: mid, spread, derived: false, updated_at: '' }) as ExchangePair;

const PAIRS = [
  pair('USD', 'ZAR', '18.05', '18.25', '0.010959'),
  pair('ZAR', 'USD', '0.0542', '0.054795', '0.010859'),
  pair('USD', 'EUR', '0.91', '0.92', '0.010870'),
];

/** The listing GET /caccount/app/v1/pairs answers for these rates (fx.service listPairs). */
const PUBLISHED = [
  { from: 'USD', to: 'ZAR', rate: '18.05', mid: '18.25' },
  { from: 'ZAR', to: 'USD', rate: '0.0542', mid: '0.054795' },
  { from: 'EUR', to: 'ZAR', rate: '19.6', mid: '19.8' },
  { from: 'USD', to: 'EUR', rate: '0.91', mid: '0.92' },
];
const LISTING: ExchangePair[] = listQuotes(PUBLISHED).map((q) => ({
  primary: q.from as Currency,
  secondary: q.to as Currency,
  rate: q.rate,
  mid_rate: q.mid,
  spread: q.spread,
  derived: q.derived,
  updated_at: '2025-01-01T00:00:00.000Z',
}));

/** What the server credits for `amount` from→to (fx.service transfer: quoteFor, then convertAmount). */
function serverCredit(from: Currency, to: Currency, amount: string): string | 'refused' {
  const quote = quoteFor(PUBLISHED, from, to)!;
  const credited = convertAmount(parseAmount(amount, from), quote.rate, from, to);
  return credited === 0n ? 'refused' : formatMinor(credited, to);
}

describe('findQuote', () => {
  it('uses the pair published in the chosen direction', () => {
    expect(findQuote(PAIRS, 'ZAR', 'USD')).toMatchObject({ rate: '0.0542', mid: '0.054795', derived: false });
  });

  it('prices a direction with no pair from the reverse mid with its spread, never 1/rate', () => {
    const quote = findQuote(PAIRS, 'EUR', 'USD');
    // 0.91 / 0.92² = 1.0751417… → 1.075141 (1/0.91 = 1.098901 was better than the mid);
    // mid 1/0.92 = 1.086956521… → 1.086957
    expect(quote).toEqual({
      from: 'EUR',
      to: 'USD',
      rate: '1.075141',
      mid: '1.086957',
      spread: '0.010871',
      derived: true,
    });
  });

  it('prices a derived pair of the listing exactly as the server listed it', () => {
    for (const listed of LISTING) {
      expect(findQuote(LISTING, listed.primary, listed.secondary)).toEqual({
        from: listed.primary,
        to: listed.secondary,
        rate: listed.rate,
        mid: listed.mid_rate,
        spread: listed.spread,
        derived: listed.derived,
      });
    }
  });

  it('swapping is the quote of the other direction: the reverse pair when published', () => {
    expect(findQuote(PAIRS, 'USD', 'ZAR')).toMatchObject({ rate: '18.05', derived: false });
    expect(findQuote(PAIRS, 'USD', 'EUR')).toMatchObject({
      rate: '0.91',
      spread: '0.010870',
      derived: false,
    });
  });

  it('finds nothing for unlinked or equal currencies (Exchange pair not found.)', () => {
    expect(findQuote(PAIRS, 'GBP', 'EUR')).toBeUndefined();
    expect(findQuote(PAIRS, 'ZAR', 'ZAR')).toBeUndefined();
    expect(findQuote(PAIRS, 'XYZ', 'ZAR')).toBeUndefined();
  });
});

describe('convertedAmount', () => {
  const zarUsd = findQuote(PAIRS, 'ZAR', 'USD');

  it('is amount × rate rounded down to 2 decimals (never more than the exact product)', () => {
    expect(convertedAmount('1000', zarUsd)).toBe('54.20');
    // 1000.10 × 0.0542 = 54.20542 → 54.20 (half-up gave 54.21)
    expect(convertedAmount('1000.10', zarUsd)).toBe('54.20');
    // 123.45 × 0.0542 = 6.69099 → 6.69
    expect(convertedAmount('123.45', zarUsd)).toBe('6.69');
    // 9.25 × 0.0542 = 0.50135 → 0.50; 27.77 × 0.0542 = 1.505134 → 1.50
    expect(convertedAmount('9.25', zarUsd)).toBe('0.50');
    expect(convertedAmount('27.77', zarUsd)).toBe('1.50');
    // 1.00 × 0.0542 = 0.0542 → 0.05
    expect(convertedAmount('1.00', zarUsd)).toBe('0.05');
  });

  it('rounds an exact half cent down', () => {
    const usdZar = findQuote([pair('USD', 'ZAR', '0.125', '0.125')], 'USD', 'ZAR');
    // 0.10 × 0.125 = 0.0125 → 0.01; 0.20 × 0.125 = 0.025 → 0.02
    expect(convertedAmount('0.1', usdZar)).toBe('0.01');
    expect(convertedAmount('0.2', usdZar)).toBe('0.02');
  });

  it('is exact for large amounts (no floating point)', () => {
    // 9007199254740993.01 × 18.05 = 162579946548074923.8305 → .83
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

  it('is the amount the server credits, for any amount and direction', () => {
    const directions = LISTING.map((p) => [p.primary, p.secondary] as const);
    fc.assert(
      fc.property(
        fc.constantFrom(...directions),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        ([from, to], minor) => {
          const amount = formatMinor(minor, from);
          const quote = findQuote(LISTING, from, to);
          const credit = serverCredit(from, to, amount);
          if (credit === 'refused') {
            expect(conversionProblem(amount, quote)).toBe('Amount is too small to convert.');
            expect(convertedAmount(amount, quote)).toBe(formatMinor(0n, to));
          } else {
            expect(conversionProblem(amount, quote)).toBeUndefined();
            expect(convertedAmount(amount, quote)).toBe(credit);
          }
        },
      ),
    );
    // The figures the API test asserts for the server (apps/api/src/modules/fx/fx.test.ts).
    expect(convertedAmount('1000.10', findQuote(LISTING, 'ZAR', 'USD'))).toBe('54.20');
    expect(convertedAmount('100', findQuote(LISTING, 'ZAR', 'EUR'))).toBe('4.99');
  });
});

describe('conversionProblem', () => {
  const zarUsd = findQuote(PAIRS, 'ZAR', 'USD');

  it("says 'Amount is too small to convert.' before sending an amount that credits nothing", () => {
    // 0.10 × 0.0542 = 0.00542 → 0.00 USD; 0.18 → 0.009756 → 0.00; 0.19 → 0.010298 → 0.01
    expect(conversionProblem('0.10', zarUsd)).toBe('Amount is too small to convert.');
    expect(conversionProblem('0.18', zarUsd)).toBe('Amount is too small to convert.');
    expect(conversionProblem('0.19', zarUsd)).toBeUndefined();
    expect(conversionProblem('1.00', zarUsd)).toBeUndefined();
  });

  it('leaves other problems to the form (empty, invalid, no quote)', () => {
    expect(conversionProblem('', zarUsd)).toBeUndefined();
    expect(conversionProblem('abc', zarUsd)).toBeUndefined();
    expect(conversionProblem('0', zarUsd)).toBeUndefined();
    expect(conversionProblem('0.10', undefined)).toBeUndefined();
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
