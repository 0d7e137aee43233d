/**
 * Properties of the fee engine over random schedules (built as JSON and validated by
 * parseFeeSchedule, like the shipped ones) and random trades.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEE_SCHEDULES,
  type FeeBreakdown,
  computeFees,
  parseFeeSchedule,
  pow10,
  profitAndRoi,
  tradeConsiderationMinor,
} from './index';

/** Decimal text of coefficient / 10^scale (coefficient ≥ 0). */
const decimalText = (coefficient: bigint, scale: number) => {
  const digits = coefficient.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
};

/** A rate as text: ≤ 1 for consideration lines (up to 10% here), anything ≥ 0 per share. */
const rateArb = (base: 'consideration' | 'per_share') =>
  fc
    .tuple(fc.integer({ min: 0, max: 8 }), fc.bigInt({ min: 0n, max: 100_000n }))
    .map(([scale, coefficient]) => ({ scale: scale + 4, coefficient }))
    .map(({ scale, coefficient }) =>
      decimalText(base === 'consideration' ? coefficient % (pow10(scale) / 10n + 1n) : coefficient, scale),
    );

const lineArb = (index: number, bases: readonly ('consideration' | 'per_share')[]) =>
  fc
    .record({
      base: fc.constantFrom(...bases),
      receiptBucket: fc.constantFrom('brokerage', 'stt', 'txn'),
      side: fc.constantFrom('buy', 'sell', 'both'),
      mode: fc.constantFrom('HALF_UP', 'UP', 'DOWN'),
      toMinor: fc.constantFrom(1, 1, 5, 100),
      vatApplies: fc.boolean(),
      minimum: fc.option(fc.bigInt({ min: 0n, max: 5_000n }), { nil: undefined }),
      span: fc.option(fc.bigInt({ min: 0n, max: 50_000n }), { nil: undefined }),
    })
    .chain((l) => rateArb(l.base).map((rate) => ({ ...l, rate })))
    .map((l) => {
      const line: Record<string, unknown> = {
        code: `line_${index}`,
        label: `Line ${index}`,
        receiptBucket: l.receiptBucket,
        rate: l.rate,
        base: l.base,
        side: l.side,
        rounding: { mode: l.mode, toMinor: l.toMinor },
        vatApplies: l.vatApplies,
      };
      if (l.minimum !== undefined) line.minimumMinor = l.minimum.toString();
      if (l.span !== undefined) line.maximumMinor = ((l.minimum ?? 0n) + l.span).toString();
      return line;
    });

const scheduleArb = (bases: readonly ('consideration' | 'per_share')[] = ['consideration', 'per_share']) =>
  fc
    .record({
      count: fc.integer({ min: 0, max: 6 }),
      vatRate: fc.constantFrom('0', '0.15', '0.18', '0.2', '0.075'),
      exponent: fc.constantFrom(0, 2, 3),
    })
    .chain(({ count, vatRate, exponent }) =>
      fc.tuple(...Array.from({ length: count }, (_, i) => lineArb(i, bases))).map((lines) =>
        parseFeeSchedule({
          country: 'XX',
          version: 'XX-PROP',
          currency: 'XXX',
          currencyExponent: exponent,
          vatRate,
          vatLabel: 'VAT',
          lines,
        }),
      ),
    );

const anySchedule = fc.oneof(scheduleArb(), fc.constantFrom(...DEFAULT_FEE_SCHEDULES));
const sideArb = fc.constantFrom('buy' as const, 'sell' as const);
const considerationArb = fc.bigInt({ min: 0n, max: 10n ** 13n });
const quantityArb = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 8n }), fc.integer({ min: 0, max: 6 }))
  .map(([coefficient, scale]) => decimalText(coefficient, scale));

const sumItems = (b: FeeBreakdown) => b.items.reduce((t, i) => t + i.amountMinor, 0n);
const sumBucket = (b: FeeBreakdown, bucket: string) =>
  b.items.filter((i) => i.bucket === bucket).reduce((t, i) => t + i.amountMinor, 0n);

describe('fee engine properties', () => {
  it('total = Σ items, every item ≥ 0, bucket fields = bucket sums', () => {
    fc.assert(
      fc.property(
        anySchedule,
        sideArb,
        considerationArb,
        quantityArb,
        (schedule, side, considerationMinor, quantity) => {
          const b = computeFees(schedule, { side, considerationMinor, quantity });
          expect(b.totalMinor).toBe(sumItems(b));
          for (const item of b.items) expect(item.amountMinor >= 0n).toBe(true);
          expect(b.brokerageMinor).toBe(sumBucket(b, 'brokerage'));
          expect(b.sttMinor).toBe(sumBucket(b, 'stt'));
          expect(b.txnMinor).toBe(sumBucket(b, 'txn'));
          expect(b.gstMinor).toBe(sumBucket(b, 'gst'));
          expect(b.totalMinor).toBe(b.brokerageMinor + b.sttMinor + b.txnMinor + b.gstMinor);
          expect(b.scheduleVersion).toBe(schedule.version);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('lists exactly the lines for the side, in schedule order, then VAT when a VAT-able line applies', () => {
    fc.assert(
      fc.property(anySchedule, sideArb, considerationArb, (schedule, side, considerationMinor) => {
        const b = computeFees(schedule, { side, considerationMinor, quantity: '10' });
        const applying = schedule.lines.filter((l) => l.side === 'both' || l.side === side);
        const expected = applying.map((l) => l.code);
        if (applying.some((l) => l.vatApplies)) expected.push('vat');
        expect(b.items.map((i) => i.code)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('is monotone non-decreasing in the consideration (same side and quantity)', () => {
    fc.assert(
      fc.property(
        scheduleArb(['consideration']),
        sideArb,
        considerationArb,
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (schedule, side, low, delta) => {
          const a = computeFees(schedule, { side, considerationMinor: low, quantity: '1' });
          const b = computeFees(schedule, { side, considerationMinor: low + delta, quantity: '1' });
          expect(a.totalMinor <= b.totalMinor).toBe(true);
          a.items.forEach((item, i) => expect(item.amountMinor <= b.items[i]!.amountMinor).toBe(true));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the shipped schedules are monotone in the consideration too', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DEFAULT_FEE_SCHEDULES),
        sideArb,
        considerationArb,
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        quantityArb,
        (schedule, side, low, delta, quantity) => {
          const a = computeFees(schedule, { side, considerationMinor: low, quantity }).totalMinor;
          const b = computeFees(schedule, { side, considerationMinor: low + delta, quantity }).totalMinor;
          expect(a <= b).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rounds each unclamped line within one step of the exact amount, in its mode’s direction', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('HALF_UP', 'UP', 'DOWN'),
        fc.constantFrom(1n, 5n, 100n),
        rateArb('consideration'),
        considerationArb,
        (mode, step, rate, considerationMinor) => {
          const schedule = parseFeeSchedule({
            country: 'XX',
            version: 'XX-ROUND',
            currency: 'XXX',
            currencyExponent: 2,
            vatRate: '0',
            vatLabel: 'VAT',
            lines: [
              {
                code: 'fee',
                label: 'Fee',
                receiptBucket: 'txn',
                rate,
                base: 'consideration',
                side: 'both',
                rounding: { mode, toMinor: step.toString() },
                vatApplies: false,
              },
            ],
          });
          const amount = computeFees(schedule, { side: 'buy', considerationMinor, quantity: '1' }).totalMinor;
          // exact = considerationMinor × rate = numerator / denominator minor units
          const [whole = '0', fraction = ''] = rate.split('.');
          const numerator = considerationMinor * BigInt(whole + fraction);
          const denominator = pow10(fraction.length);
          const scaled = amount * denominator; // amount, on the same denominator
          expect(amount % step).toBe(0n);
          if (mode === 'UP')
            expect(scaled >= numerator && scaled - numerator < step * denominator).toBe(true);
          if (mode === 'DOWN')
            expect(scaled <= numerator && numerator - scaled < step * denominator).toBe(true);
          if (mode === 'HALF_UP') {
            const twiceError = 2n * (scaled - numerator);
            expect(twiceError > -step * denominator && twiceError <= step * denominator).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('tradeConsiderationMinor is the half-up rounding of quantity × price', () => {
    fc.assert(
      fc.property(quantityArb, quantityArb, fc.constantFrom(0, 2, 3), (quantity, price, exponent) => {
        const minor = tradeConsiderationMinor(quantity, price, exponent);
        const digits = (t: string) => BigInt(t.replace('.', ''));
        const scale = (t: string) => (t.split('.')[1] ?? '').length;
        const numerator = digits(quantity) * digits(price) * pow10(exponent);
        const denominator = pow10(scale(quantity) + scale(price));
        const twiceError = 2n * (minor * denominator - numerator);
        expect(twiceError > -denominator && twiceError <= denominator).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('profitAndRoi: profit is exact; the ROI exact, or truncated toward zero at 20 decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        (buyTotalMinor, sellNetMinor) => {
          const { profitMinor, roi } = profitAndRoi({ buyTotalMinor, sellNetMinor });
          expect(profitMinor).toBe(sellNetMinor - buyTotalMinor);
          expect(roi).toMatch(/^-?\d+(\.\d{1,20})?$/);
          const [whole = '0', fraction = ''] = roi.replace('-', '').split('.');
          const sign = roi.startsWith('-') ? -1n : 1n;
          const scaled = sign * BigInt(whole + fraction.padEnd(20, '0')); // roi × 10^20
          // error = profit × 10^20 − roi × 10^20 × cost: 0 when exact, else below one unit of the
          // 20th decimal and on the side of zero (truncated, never rounded away from it).
          const error = profitMinor * 10n ** 20n - scaled * buyTotalMinor;
          // Whenever 20 decimals hold the quotient, it is sent exactly.
          if ((profitMinor * 10n ** 20n) % buyTotalMinor === 0n) expect(error).toBe(0n);
          const magnitude = error < 0n ? -error : error;
          expect(magnitude < buyTotalMinor).toBe(true);
          expect(error === 0n || error < 0n === profitMinor < 0n).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
