import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAmount,
  convertAmount,
  divideRounded,
  formatMinor,
  invertRate,
  multiplyByRate,
  parseAmount,
  parseDecimal,
  parseRate,
  rateFor,
  sameRate,
  spreadAgainstMid,
} from './index';

describe('parseAmount', () => {
  it('turns decimal strings into minor units', () => {
    expect(parseAmount('1000', 'ZAR')).toBe(100000n);
    expect(parseAmount('12.5', 'USD')).toBe(1250n);
    expect(parseAmount('0.01', 'EUR')).toBe(1n);
    expect(parseAmount(' 7.10 ', 'GBP')).toBe(710n);
    expect(parseAmount('3.100', 'ZAR')).toBe(310n); // trailing zeros are not extra precision
    expect(parseAmount('92233720368547758.07', 'ZAR')).toBe(9223372036854775807n);
  });

  it('refuses what is not a plain decimal, with a clear message', () => {
    for (const bad of [
      '',
      ' ',
      'abc',
      '1,000',
      '1.2.3',
      '1e3',
      '+5',
      '.5',
      '5.',
      'NaN',
      'Infinity',
      '0x10',
    ]) {
      expect(() => parseAmount(bad, 'ZAR'), bad).toThrow('Enter a valid amount');
    }
  });

  it('refuses too many decimals, negatives and zero unless allowed', () => {
    expect(() => parseAmount('1.234', 'ZAR')).toThrow('ZAR amounts allow at most 2 decimal places');
    expect(() => parseAmount('-5', 'ZAR')).toThrow('Amount must not be negative');
    expect(() => parseAmount('0', 'ZAR')).toThrow('Amount must be greater than 0');
    expect(() => parseAmount('0.00', 'ZAR')).toThrow('Amount must be greater than 0');
    expect(parseAmount('-5.25', 'ZAR', { allowNegative: true })).toBe(-525n);
    expect(parseAmount('0', 'ZAR', { allowZero: true })).toBe(0n);
    expect(() => parseAmount('92233720368547758.08', 'ZAR')).toThrow('Amount is too large');
  });

  it('checkAmount answers instead of throwing', () => {
    expect(checkAmount('10', 'ZAR')).toEqual({ ok: true, minor: 1000n });
    expect(checkAmount('x', 'ZAR')).toEqual({ ok: false, message: 'Enter a valid amount' });
  });

  it('round-trips with formatMinor', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (minor) => {
        const text = formatMinor(minor, 'ZAR');
        expect(parseAmount(text, 'ZAR', { allowNegative: true, allowZero: true })).toBe(minor);
      }),
    );
  });
});

describe('formatMinor', () => {
  it('prints the currency decimals exactly', () => {
    expect(formatMinor(123450n, 'ZAR')).toBe('1234.50');
    expect(formatMinor(5n, 'USD')).toBe('0.05');
    expect(formatMinor(-5n, 'USD')).toBe('-0.05');
    expect(formatMinor(0n, 'EUR')).toBe('0.00');
    expect(formatMinor(9223372036854775807n, 'GBP')).toBe('92233720368547758.07');
  });
});

describe('rounding', () => {
  it('applies the named mode', () => {
    // 25 / 10 = 2.5; 35 / 10 = 3.5; -25 / 10 = -2.5
    expect(divideRounded(25n, 10n, 'HALF_EVEN')).toBe(2n);
    expect(divideRounded(35n, 10n, 'HALF_EVEN')).toBe(4n);
    expect(divideRounded(25n, 10n, 'HALF_UP')).toBe(3n);
    expect(divideRounded(-25n, 10n, 'HALF_UP')).toBe(-3n);
    expect(divideRounded(-25n, 10n, 'HALF_EVEN')).toBe(-2n);
    expect(divideRounded(29n, 10n, 'DOWN')).toBe(2n);
    expect(divideRounded(-29n, 10n, 'DOWN')).toBe(-2n);
    expect(divideRounded(26n, 10n, 'HALF_EVEN')).toBe(3n);
    expect(divideRounded(24n, 10n, 'HALF_UP')).toBe(2n);
  });

  it('multiplies by a rate into the target currency with the named mode', () => {
    // 100.00 ZAR × 0.054795 = 5.4795 USD
    expect(multiplyByRate(10000n, '0.054795', 'HALF_UP', 'ZAR', 'USD')).toBe(548n);
    expect(multiplyByRate(10000n, '0.054795', 'DOWN', 'ZAR', 'USD')).toBe(547n);
    // 0.25 × 0.5 = 0.125 → half-even 0.12, half-up 0.13
    expect(multiplyByRate(25n, '0.5', 'HALF_EVEN')).toBe(12n);
    expect(multiplyByRate(25n, '0.5', 'HALF_UP')).toBe(13n);
  });

  it('converts per the spec: amount × rate rounded to 2 decimals', () => {
    expect(convertAmount(100000n, '18.25', 'USD', 'ZAR')).toBe(1825000n); // 1000 USD → 18250 ZAR
    expect(convertAmount(123n, '18.2567', 'USD', 'ZAR')).toBe(2246n); // 1.23 × 18.2567 = 22.455741
    expect(convertAmount(1n, '0.005', 'ZAR', 'USD')).toBe(0n); // 0.00005 → 0.00
  });

  it('never loses a cent against exact rational arithmetic', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 8 }),
        (minor, rateCoefficient, rateScale) => {
          const rate = formatMinorScale(rateCoefficient, rateScale);
          const down = multiplyByRate(minor, rate, 'DOWN');
          const exact = minor * rateCoefficient; // scaled by 10^rateScale
          const unit = 10n ** BigInt(rateScale);
          expect(down * unit <= exact && exact < (down + 1n) * unit).toBe(true);
          const up = multiplyByRate(minor, rate, 'HALF_UP');
          expect(up === down || up === down + 1n).toBe(true);
        },
      ),
    );
  });
});

function formatMinorScale(coefficient: bigint, scale: number) {
  const digits = coefficient.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

describe('rates', () => {
  it('inverts to 6 decimals', () => {
    expect(invertRate('18.25')).toBe('0.054795'); // 0.0547945205… → half-up 0.054795
    expect(invertRate('2')).toBe('0.5');
    expect(invertRate('0.054795')).toBe('18.24984');
    expect(invertRate('3')).toBe('0.333333');
    expect(invertRate('1.5', 6, 'DOWN')).toBe('0.666666');
    expect(() => invertRate('0')).toThrow();
  });

  it('prefers the published reverse pair, else inverts', () => {
    const pairs = [
      { from: 'USD', to: 'ZAR', rate: '18.25' },
      { from: 'ZAR', to: 'USD', rate: '0.0546' },
      { from: 'EUR', to: 'ZAR', rate: '20' },
    ];
    expect(rateFor(pairs, 'USD', 'ZAR')).toBe('18.25');
    expect(rateFor(pairs, 'ZAR', 'USD')).toBe('0.0546');
    expect(rateFor(pairs, 'ZAR', 'EUR')).toBe('0.05');
    expect(rateFor(pairs, 'GBP', 'ZAR')).toBeUndefined();
  });

  it('parses and compares rates', () => {
    expect(parseRate('18.2500')).toBe('18.25');
    expect(parseRate('0.054795')).toBe('0.054795');
    expect(() => parseRate('0')).toThrow('Rate must be greater than 0');
    expect(() => parseRate('-1')).toThrow('Enter a valid rate');
    expect(() => parseRate('1.0000000000001')).toThrow('at most 12 decimal places');
    expect(sameRate('18.25', '18.250')).toBe(true);
    expect(sameRate('18.25', '18.26')).toBe(false);
    expect(sameRate('x', '18.26')).toBe(false);
  });

  it('states the spread against mid', () => {
    expect(spreadAgainstMid('18.07', '18.25')).toBe('0.009863');
    expect(spreadAgainstMid('18.25', '18.25')).toBe('0.000000');
  });
});

describe('parseDecimal', () => {
  it('reads number-shaped text exactly, exponents included', () => {
    expect(parseDecimal('1.25e-7')).toEqual({ coefficient: 125n, scale: 9 });
    expect(parseDecimal(1e21)).toEqual({ coefficient: 10n ** 21n, scale: 0 });
    expect(parseDecimal('-0.5')).toEqual({ coefficient: -5n, scale: 1 });
    expect(() => parseDecimal('abc')).toThrow();
    expect(() => parseDecimal(Number.NaN)).toThrow();
  });
});
