import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAmount,
  convertAmount,
  deriveReverseRate,
  divideRounded,
  formatMinor,
  invertRate,
  listQuotes,
  multiplyByRate,
  parseAmount,
  parseDecimal,
  parseRate,
  publishRefusal,
  quoteFor,
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

  it('converts amount × rate to 2 decimals, rounded DOWN (toward the house)', () => {
    expect(convertAmount(100000n, '18.25', 'USD', 'ZAR')).toBe(1825000n); // 1000 USD → 18250 ZAR
    expect(convertAmount(123n, '18.2567', 'USD', 'ZAR')).toBe(2245n); // 1.23 × 18.2567 = 22.455741 → 22.45
    expect(convertAmount(10000n, '0.054795', 'ZAR', 'USD')).toBe(547n); // 5.4795 → 5.47, not 5.48
    expect(convertAmount(100010n, '0.0542', 'ZAR', 'USD')).toBe(5420n); // 54.20542 → 54.20
    expect(convertAmount(1n, '0.005', 'ZAR', 'USD')).toBe(0n); // 0.00005 → 0.00
  });

  it('worked example: 0.10 ZAR at 0.0542 credits nothing (refused); 1.00 ZAR credits 0.05 USD', () => {
    // 0.10 × 0.0542 = 0.00542: half-up credited 0.01 USD, worth 0.18 ZAR back (the probe).
    expect(convertAmount(10n, '0.0542', 'ZAR', 'USD')).toBe(0n);
    expect(convertAmount(100n, '0.0542', 'ZAR', 'USD')).toBe(5n); // 0.0542 → 0.05
    expect(convertAmount(19n, '0.0542', 'ZAR', 'USD')).toBe(1n); // 0.19 is the smallest convertible
    expect(convertAmount(18n, '0.0542', 'ZAR', 'USD')).toBe(0n);
  });

  it('never credits more than the exact product, and less by under one minor unit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 12 }),
        (minor, rateCoefficient, rateScale) => {
          const credited = convertAmount(minor, formatMinorScale(rateCoefficient, rateScale), 'ZAR', 'USD');
          const exact = minor * rateCoefficient; // credited × 10^rateScale, exactly
          const unit = 10n ** BigInt(rateScale);
          expect(credited * unit <= exact).toBe(true);
          expect(exact < (credited + 1n) * unit).toBe(true);
        },
      ),
    );
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
  it('inverts to 6 decimals, half-up (the mid of a derived pair)', () => {
    expect(invertRate('18.25')).toBe('0.054795'); // 0.0547945205… → half-up 0.054795
    expect(invertRate('2')).toBe('0.5');
    expect(invertRate('0.054795')).toBe('18.24984');
    expect(invertRate('3')).toBe('0.333333');
    expect(invertRate('1.5', 6, 'DOWN')).toBe('0.666666');
    expect(() => invertRate('0')).toThrow();
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

const SEED = [
  { from: 'USD', to: 'ZAR', rate: '18.05', mid: '18.25' },
  { from: 'ZAR', to: 'USD', rate: '0.0542', mid: '0.054795' },
  { from: 'EUR', to: 'ZAR', rate: '19.60', mid: '19.80' },
  { from: 'USD', to: 'EUR', rate: '0.91', mid: '0.92' },
];

describe('derived reverse rate (from the mid, with the published spread)', () => {
  it('is (1/mid) × (1 − spread) = rate / mid², rounded down to 6 decimals; its mid is 1/mid', () => {
    // 18.05 / 18.25² = 0.054194…; 1/rate gave 0.055402, better than the mid 0.054795.
    expect(deriveReverseRate('18.05', '18.25')).toEqual({ rate: '0.054194', mid: '0.054795' });
    // 19.6 / 19.8² = 0.0499948…; 1/19.6 = 0.05102 gave the spread away.
    expect(deriveReverseRate('19.6', '19.8')).toEqual({ rate: '0.049994', mid: '0.050505' });
    // 0.91 / 0.92² = 1.0751417…; 1/0.91 = 1.098901 was 1.1% better than the mid 1.086957.
    expect(deriveReverseRate('0.91', '0.92')).toEqual({ rate: '1.075141', mid: '1.086957' });
    // No spread: 1/mid, still rounded down.
    expect(deriveReverseRate('3', '3')).toEqual({ rate: '0.333333', mid: '0.333333' });
    expect(deriveReverseRate('2', '2')).toEqual({ rate: '0.5', mid: '0.5' });
    // Too small to price at 6 decimals.
    expect(deriveReverseRate('5000000', '5000000')).toBeUndefined();
  });

  it('is never better than the exact reverse mid, and keeps at least the published spread', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 500 }), // spread in basis points
        (midCoefficient, midScale, bps) => {
          const mid = formatMinorScale(midCoefficient, midScale);
          const rateCoefficient = (midCoefficient * BigInt(10_000 - bps)) / 10_000n;
          fc.pre(rateCoefficient > 0n);
          const rate = formatMinorScale(rateCoefficient, midScale + 4);
          const rateValue = parseDecimal(rate);
          const reverse = deriveReverseRate(rate, mid);
          fc.pre(reverse !== undefined);
          const r = parseDecimal(reverse!.rate);
          // reverse ≤ 1/mid ⇔ r × mid ≤ 1; and the round trip rate × reverse ≤ 1.
          const m = parseDecimal(mid);
          expect(r.coefficient * m.coefficient <= 10n ** BigInt(r.scale + m.scale)).toBe(true);
          expect(r.coefficient * rateValue.coefficient <= 10n ** BigInt(r.scale + rateValue.scale)).toBe(
            true,
          );
        },
      ),
    );
  });
});

describe('quoteFor: the one swap rule', () => {
  it('uses the pair published in that direction (canonical text, spread against its mid)', () => {
    expect(quoteFor(SEED, 'USD', 'ZAR')).toMatchObject({
      from: 'USD',
      to: 'ZAR',
      rate: '18.05',
      mid: '18.25',
      spread: '0.010959',
      derived: false,
      source: SEED[0],
    });
    expect(
      quoteFor([{ from: 'EUR', to: 'ZAR', rate: '19.600000000000', mid: '19.800000000000' }], 'EUR', 'ZAR'),
    ).toMatchObject({ rate: '19.6', mid: '19.8', spread: '0.010101' });
  });

  it('derives an unpublished direction from the reverse pair’s mid and spread', () => {
    expect(quoteFor(SEED, 'ZAR', 'EUR')).toEqual({
      from: 'ZAR',
      to: 'EUR',
      rate: '0.049994',
      mid: '0.050505',
      spread: '0.010118',
      derived: true,
      source: SEED[2],
    });
    expect(quoteFor(SEED, 'EUR', 'USD')).toMatchObject({ rate: '1.075141', mid: '1.086957', derived: true });
  });

  it('finds nothing for equal or unlinked currencies', () => {
    expect(quoteFor(SEED, 'ZAR', 'ZAR')).toBeUndefined();
    expect(quoteFor(SEED, 'GBP', 'ZAR')).toBeUndefined();
  });

  it('lists each published pair, followed by its derived reverse when none is published', () => {
    expect(listQuotes(SEED).map((q) => `${q.from}→${q.to} ${q.rate}${q.derived ? ' derived' : ''}`)).toEqual([
      'USD→ZAR 18.05',
      'ZAR→USD 0.0542',
      'EUR→ZAR 19.6',
      'ZAR→EUR 0.049994 derived',
      'USD→EUR 0.91',
      'EUR→USD 1.075141 derived',
    ]);
  });
});

describe('publishRefusal: what setRate refuses', () => {
  it('accepts the seed rates one by one', () => {
    const published: typeof SEED = [];
    for (const r of SEED) {
      expect(publishRefusal(published, r)).toBeUndefined();
      published.push(r);
    }
  });

  it('refuses a rate better than its mid', () => {
    expect(publishRefusal(SEED, { from: 'ZAR', to: 'USD', rate: '0.0549', mid: '0.054795' })).toBe(
      'Refused: the ZAR→USD rate 0.0549 is better than its mid 0.054795; a rate must not exceed its mid.',
    );
    expect(
      publishRefusal(SEED, { from: 'ZAR', to: 'USD', rate: '0.054795', mid: '0.054795' }),
    ).toBeUndefined();
  });

  it('refuses a published reverse that makes the round trip profitable', () => {
    // 18.05 × 0.0555 = 1.001775: 1 USD → 18.05 ZAR → 1.001775 USD.
    expect(publishRefusal(SEED, { from: 'ZAR', to: 'USD', rate: '0.0555', mid: '0.0556' })).toBe(
      'Refused: ZAR→USD at 0.0555 and back at 18.05 returns more than it started with (0.0555 × 18.05 = 1.001775 > 1).',
    );
    // 18.05 × 0.0554 = 0.99997: allowed.
    expect(publishRefusal(SEED, { from: 'ZAR', to: 'USD', rate: '0.0554', mid: '0.0556' })).toBeUndefined();
  });

  it('refuses a triangle that returns more than it started with (derived legs included)', () => {
    // USD→EUR 0.96 × EUR→ZAR 19.6 × ZAR→USD 0.0542 = 1.0198272.
    expect(publishRefusal(SEED, { from: 'USD', to: 'EUR', rate: '0.96', mid: '0.97' })).toBe(
      'Refused: the round trip USD→EUR→ZAR→USD at 0.96 × 19.6 × 0.0542 returns more than it started with (1.019828 > 1).',
    );
    // Raising EUR→ZAR to 21: EUR→ZAR 21 × ZAR→USD 0.0542 × USD→EUR 0.91 = 1.035762.
    expect(publishRefusal(SEED, { from: 'EUR', to: 'ZAR', rate: '21', mid: '21.2' })).toBe(
      'Refused: the round trip EUR→ZAR→USD→EUR at 21 × 0.0542 × 0.91 returns more than it started with (1.035762 > 1).',
    );
    // EUR→ZAR 16 at a mid of 16 (no spread) is no better than its mid, but the derived legs
    // ZAR→EUR 0.0625 and EUR→USD 1.075141 then close a paying triangle with USD→ZAR 18.05.
    expect(publishRefusal(SEED, { from: 'EUR', to: 'ZAR', rate: '16', mid: '16' })).toBe(
      'Refused: the round trip EUR→USD→ZAR→EUR at 1.075141 × 18.05 × 0.0625 returns more than it started with (1.212894 > 1).',
    );
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
