import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEE_SCHEDULES,
  type FeeBreakdown,
  FeeInputError,
  type FeeSchedule,
  FeeScheduleError,
  computeFees,
  feeScheduleByVersion,
  feeScheduleFor,
  parseFeeSchedule,
  profitAndRoi,
  tradeConsiderationMinor,
  tradeSettlementMinor,
} from './index';

const ZA = feeScheduleFor('ZA');
const IN = feeScheduleFor('IN');
const US = feeScheduleFor('US');

/** The itemised list as [code, amountMinor] pairs, for compact assertions. */
const itemised = (b: FeeBreakdown) => b.items.map((i) => [i.code, i.amountMinor]);

/** A test-only schedule with one line; `line` overrides the defaults below. */
function oneLine(line: Record<string, unknown>, schedule: Record<string, unknown> = {}): FeeSchedule {
  return parseFeeSchedule({
    country: 'XX',
    version: 'XX-TEST',
    currency: 'XXX',
    currencyExponent: 2,
    vatRate: '0',
    vatLabel: 'VAT',
    lines: [
      {
        code: 'fee',
        label: 'Fee',
        receiptBucket: 'txn',
        rate: '0.001',
        base: 'consideration',
        side: 'both',
        vatApplies: false,
        ...line,
      },
    ],
    ...schedule,
  });
}

const fee = (
  schedule: FeeSchedule,
  considerationMinor: bigint,
  side: 'buy' | 'sell' = 'buy',
  quantity = '1',
) => computeFees(schedule, { side, considerationMinor, quantity }).totalMinor;

describe('South Africa (ZA-2026-11, EasyEquities profile)', () => {
  it('a R10,000.00 buy costs R62.40', () => {
    const b = computeFees(ZA, { side: 'buy', considerationMinor: 1_000_000n, quantity: '100' });
    // brokerage 0.25% = 2500c; STT 0.25% = 2500c; settlement 0.075% = 750c; IPL 0.0002% = 2c;
    // VAT 15% × (2500 + 750 + 2) = 487.8c → 488c (STT carries no VAT). 2500+2500+750+2+488 = 6240c.
    expect(itemised(b)).toEqual([
      ['brokerage', 2500n],
      ['stt', 2500n],
      ['settlement', 750n],
      ['ipl', 2n],
      ['vat', 488n],
    ]);
    expect(b).toMatchObject({
      scheduleVersion: 'ZA-2026-11',
      country: 'ZA',
      currency: 'ZAR',
      brokerageMinor: 2500n,
      sttMinor: 2500n,
      txnMinor: 752n,
      gstMinor: 488n,
      totalMinor: 6240n,
    });
    expect(b.items.map((i) => i.bucket)).toEqual(['brokerage', 'stt', 'txn', 'txn', 'gst']);
    expect(b.items.at(-1)?.label).toBe('VAT');
  });

  it('a R10,000.00 sale costs R37.40 (no STT on a sale)', () => {
    const b = computeFees(ZA, { side: 'sell', considerationMinor: 1_000_000n, quantity: '100' });
    // 2500 + 750 + 2 + VAT 488 = 3740c
    expect(itemised(b)).toEqual([
      ['brokerage', 2500n],
      ['settlement', 750n],
      ['ipl', 2n],
      ['vat', 488n],
    ]);
    expect(b.sttMinor).toBe(0n);
    expect(b.totalMinor).toBe(3740n);
  });

  it('charges the 1c minimum brokerage on a tiny trade', () => {
    // R1.00: brokerage 0.25c → 0 → minimum 1c; STT 0.25c → 0; settlement 0.075c → 0; IPL 0;
    // VAT 15% × 1c = 0.15c → 0.
    const b = computeFees(ZA, { side: 'buy', considerationMinor: 100n, quantity: '1' });
    expect(itemised(b)).toEqual([
      ['brokerage', 1n],
      ['stt', 0n],
      ['settlement', 0n],
      ['ipl', 0n],
      ['vat', 0n],
    ]);
  });
});

describe('India (IN-2026-11, Zerodha equity delivery on NSE)', () => {
  // ₹1,00,000 = 10,000,000 paise.
  it('a ₹1,00,000 delivery buy costs ₹118.62', () => {
    const b = computeFees(IN, { side: 'buy', considerationMinor: 10_000_000n, quantity: '40' });
    // brokerage 0
    // STT 0.1% × ₹1,00,000 = ₹100 = 10000 paise (already a whole rupee)
    // exchange 0.00297% × 10,000,000 paise = 297 paise (₹2.97)
    // SEBI 0.0001% × 10,000,000 paise = 10 paise (₹0.10)
    // stamp duty 0.015% × 10,000,000 paise = 1500 paise (₹15), buy only
    // GST 18% × (0 + 297 + 10) = 55.26 paise → 55 (₹0.55); not on STT or stamp duty
    // total 10000 + 297 + 10 + 1500 + 55 = 11862 paise = ₹118.62
    expect(itemised(b)).toEqual([
      ['brokerage', 0n],
      ['stt', 10000n],
      ['exchange_txn', 297n],
      ['sebi', 10n],
      ['stamp_duty', 1500n],
      ['vat', 55n],
    ]);
    expect(b).toMatchObject({
      currency: 'INR',
      brokerageMinor: 0n,
      sttMinor: 10000n,
      txnMinor: 1807n,
      gstMinor: 55n,
      totalMinor: 11862n,
    });
    expect(b.items.at(-1)?.label).toBe('GST');
  });

  it('the matching sale costs ₹103.62 (no stamp duty)', () => {
    const b = computeFees(IN, { side: 'sell', considerationMinor: 10_000_000n, quantity: '40' });
    // 0 + 10000 + 297 + 10 + GST 55 = 10362 paise = ₹103.62
    expect(itemised(b)).toEqual([
      ['brokerage', 0n],
      ['stt', 10000n],
      ['exchange_txn', 297n],
      ['sebi', 10n],
      ['vat', 55n],
    ]);
    expect(b.totalMinor).toBe(10362n);
  });

  it('rounds STT to the nearest rupee, half up', () => {
    const stt = (considerationMinor: bigint) =>
      computeFees(IN, { side: 'sell', considerationMinor, quantity: '1' }).sttMinor;
    expect(stt(1_250_000n)).toBe(1300n); // ₹12,500 → ₹12.50 → ₹13
    expect(stt(1_249_900n)).toBe(1200n); // ₹12,499 → ₹12.499 → ₹12
    expect(stt(1_349_000n)).toBe(1300n); // ₹13,490 → ₹13.49 → ₹13
    expect(stt(49_900n)).toBe(0n); // ₹499 → ₹0.499 → ₹0
    expect(stt(50_000n)).toBe(100n); // ₹500 → ₹0.50 → ₹1
  });
});

describe('United States (US-2026-11)', () => {
  it('a sale of 100 shares at $50 pays the SEC fee and TAF, each rounded up to the cent', () => {
    const considerationMinor = tradeConsiderationMinor('100', '50', US.currencyExponent);
    expect(considerationMinor).toBe(500_000n);
    const b = computeFees(US, { side: 'sell', considerationMinor, quantity: '100' });
    // SEC: $5,000 × 27.80/1,000,000 = $0.139 = 13.9c → up → 14c
    // TAF: 100 × $0.000166 = $0.0166 = 1.66c → up → 2c
    expect(itemised(b)).toEqual([
      ['brokerage', 0n],
      ['sec_fee', 14n],
      ['finra_taf', 2n],
    ]);
    expect(b).toMatchObject({
      brokerageMinor: 0n,
      sttMinor: 0n,
      txnMinor: 16n,
      gstMinor: 0n,
      totalMinor: 16n,
    });
  });

  it('a buy has no fees (only the zero commission line is listed; no tax line)', () => {
    const b = computeFees(US, { side: 'buy', considerationMinor: 500_000n, quantity: '100' });
    expect(itemised(b)).toEqual([['brokerage', 0n]]);
    expect(b.totalMinor).toBe(0n);
  });

  it('caps the TAF at $8.30 and charges at least 1c', () => {
    const taf = (quantity: string) =>
      computeFees(US, { side: 'sell', considerationMinor: 0n, quantity }).items.find(
        (i) => i.code === 'finra_taf',
      )?.amountMinor;
    expect(taf('50000')).toBe(830n); // exactly $8.30
    expect(taf('60000')).toBe(830n); // $9.96 → capped
    expect(taf('49999')).toBe(830n); // $8.299834 → up → $8.30
    expect(taf('1')).toBe(1n); // 0.0166c → up → 1c
    expect(taf('0.001')).toBe(1n); // fractional share: still the 1c minimum
  });

  it('a zero SEC rate (as from 14 May 2025) gives a zero SEC line', () => {
    const zero = parseFeeSchedule({
      ...JSON.parse(JSON.stringify(US, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))),
      version: 'US-ZERO-SEC',
      lines: US.lines.map((l) => ({
        ...l,
        rate: l.code === 'sec_fee' ? '0' : l.rate,
        minimumMinor: l.minimumMinor?.toString(),
        maximumMinor: l.maximumMinor?.toString(),
        rounding: { mode: l.rounding.mode, toMinor: l.rounding.toMinor.toString() },
      })),
    });
    const b = computeFees(zero, { side: 'sell', considerationMinor: 500_000n, quantity: '100' });
    expect(itemised(b)).toEqual([
      ['brokerage', 0n],
      ['sec_fee', 0n],
      ['finra_taf', 2n],
    ]);
  });
});

describe('rounding', () => {
  // rate 0.001 on the consideration: 12,500c → 12.5c; 12,400c → 12.4c; 12,600c → 12.6c; 12,000c → 12c.
  it.each([
    ['HALF_UP', 12_500n, 13n],
    ['HALF_UP', 12_400n, 12n],
    ['HALF_UP', 12_600n, 13n],
    ['HALF_UP', 12_000n, 12n],
    ['UP', 12_500n, 13n],
    ['UP', 12_001n, 13n], // 12.001c → 13c
    ['UP', 12_000n, 12n],
    ['DOWN', 12_500n, 12n],
    ['DOWN', 12_999n, 12n], // 12.999c → 12c
    ['DOWN', 12_000n, 12n],
  ])('%s to the cent: %s × 0.001 → %s', (mode, considerationMinor, expected) => {
    expect(fee(oneLine({ rounding: { mode, toMinor: 1 } }), considerationMinor)).toBe(expected);
  });

  // rate 0.001: 1,250,000c → 1250c = 12.50 units; to whole units (100 minor).
  it.each([
    ['HALF_UP', 1_250_000n, 1300n],
    ['HALF_UP', 1_249_999n, 1200n], // 1249.999c
    ['UP', 1_200_001n, 1300n], // 1200.001c
    ['UP', 1_200_000n, 1200n],
    ['DOWN', 1_299_999n, 1200n],
  ])('%s to the whole unit (toMinor 100): %s → %s', (mode, considerationMinor, expected) => {
    expect(fee(oneLine({ rounding: { mode, toMinor: 100 } }), considerationMinor)).toBe(expected);
  });

  it('rounds to any step (5c), and accepts toMinor as an integer string', () => {
    const s = oneLine({ rounding: { mode: 'HALF_UP', toMinor: '5' } });
    expect(fee(s, 12_400n)).toBe(10n); // 12.4c → 2.48 steps → 2 → 10c
    expect(fee(s, 12_500n)).toBe(15n); // 12.5c → 2.5 steps → 3 → 15c
  });

  it('defaults to half-up to the cent', () => {
    const s = oneLine({});
    expect(s.lines[0]?.rounding).toEqual({ mode: 'HALF_UP', toMinor: 1n });
    expect(fee(s, 12_500n)).toBe(13n);
  });

  it('prices per-share lines exactly, including fractional quantities', () => {
    // 2.5 shares × 0.013 per share = 0.0325 units = 3.25c
    const s = oneLine({ base: 'per_share', rate: '0.013', rounding: { mode: 'UP', toMinor: 1 } });
    expect(computeFees(s, { side: 'buy', considerationMinor: 0n, quantity: '2.5' }).totalMinor).toBe(4n);
    expect(
      computeFees(s, { side: 'buy', considerationMinor: 0n, quantity: { coefficient: 25n, scale: 1 } })
        .totalMinor,
    ).toBe(4n);
  });

  it('rounds VAT half up to the cent on the sum of the rounded VAT-able lines', () => {
    const s = parseFeeSchedule({
      country: 'XX',
      version: 'XX-VAT',
      currency: 'XXX',
      currencyExponent: 2,
      vatRate: '0.15',
      vatLabel: 'VAT',
      lines: [
        // 0.0015 × 1,000c = 1.5c → 2c (each line rounds first), then VAT on 2 + 2 = 4c → 0.6c → 1c.
        // Unrounded lines would give VAT on 3c = 0.45c → 0c.
        {
          code: 'a',
          label: 'A',
          receiptBucket: 'txn',
          rate: '0.0015',
          base: 'consideration',
          side: 'both',
          vatApplies: true,
        },
        {
          code: 'b',
          label: 'B',
          receiptBucket: 'txn',
          rate: '0.0015',
          base: 'consideration',
          side: 'both',
          vatApplies: true,
        },
      ],
    });
    const b = computeFees(s, { side: 'buy', considerationMinor: 1_000n, quantity: '1' });
    expect(itemised(b)).toEqual([
      ['a', 2n],
      ['b', 2n],
      ['vat', 1n],
    ]);
    // 0.15 × 30c = 4.5c → 5c (tie up)
    const tie = computeFees(s, { side: 'buy', considerationMinor: 10_000n, quantity: '1' });
    expect(tie.gstMinor).toBe(5n);
  });
});

describe('minimum and maximum', () => {
  const clamped = oneLine({ rate: '0.01', minimumMinor: '500', maximumMinor: '2000' });
  it.each([
    [0n, 500n], // 0 → minimum 5.00
    [10_000n, 500n], // 1.00 → minimum
    [50_000n, 500n], // exactly the minimum
    [100_000n, 1000n], // inside: 10.00
    [200_000n, 2000n], // exactly the maximum
    [1_000_000n, 2000n], // 100.00 → maximum 20.00
  ])('consideration %s → %s', (considerationMinor, expected) => {
    expect(fee(clamped, considerationMinor)).toBe(expected);
  });

  it('clamps after rounding', () => {
    // 0.001 × 14,990c = 14.99c → to whole units (100) half up = 0 → minimum 50c
    const s = oneLine({ minimumMinor: '50', rounding: { mode: 'HALF_UP', toMinor: 100 } });
    expect(fee(s, 14_990n)).toBe(50n);
  });

  it('a minimum alone and a maximum alone', () => {
    expect(fee(oneLine({ minimumMinor: '7' }), 1n)).toBe(7n);
    expect(fee(oneLine({ maximumMinor: '7' }), 1_000_000n)).toBe(7n);
  });
});

describe('side filtering', () => {
  const s = parseFeeSchedule({
    country: 'XX',
    version: 'XX-SIDES',
    currency: 'XXX',
    currencyExponent: 2,
    vatRate: '0.1',
    vatLabel: 'VAT',
    lines: [
      {
        code: 'both',
        label: 'Both',
        receiptBucket: 'brokerage',
        rate: '0',
        base: 'consideration',
        side: 'both',
        vatApplies: false,
      },
      {
        code: 'buy_only',
        label: 'Buy',
        receiptBucket: 'stt',
        rate: '0.01',
        base: 'consideration',
        side: 'buy',
        vatApplies: true,
      },
      {
        code: 'sell_only',
        label: 'Sell',
        receiptBucket: 'txn',
        rate: '0.02',
        base: 'consideration',
        side: 'sell',
        vatApplies: false,
      },
    ],
  });

  it('lists the lines for the side (zero amounts kept), omits the others', () => {
    const buy = computeFees(s, { side: 'buy', considerationMinor: 10_000n, quantity: '1' });
    expect(itemised(buy)).toEqual([
      ['both', 0n],
      ['buy_only', 100n],
      ['vat', 10n],
    ]);
    const sell = computeFees(s, { side: 'sell', considerationMinor: 10_000n, quantity: '1' });
    // no VAT-able line applies to a sale: no VAT line
    expect(itemised(sell)).toEqual([
      ['both', 0n],
      ['sell_only', 200n],
    ]);
    expect(sell.gstMinor).toBe(0n);
  });
});

describe('trade amounts and returns', () => {
  it('tradeConsiderationMinor: quantity × price in minor units, half up', () => {
    expect(tradeConsiderationMinor('100', '50', 2)).toBe(500_000n);
    expect(tradeConsiderationMinor('0.5', '10.005', 2)).toBe(500n); // 5.0025 → 500.25c → 500c
    expect(tradeConsiderationMinor('1', '0.005', 2)).toBe(1n); // 0.5c → 1c
    expect(tradeConsiderationMinor('3', '0.0049', 2)).toBe(1n); // 1.47c → 1c
    expect(tradeConsiderationMinor({ coefficient: 15n, scale: 1 }, '2', 2)).toBe(300n);
    expect(tradeConsiderationMinor('7', '123.45', 0)).toBe(864n); // 864.15 → 864
    expect(() => tradeConsiderationMinor('-1', '2', 2)).toThrow(FeeInputError);
    expect(() => tradeConsiderationMinor('1', 'abc', 2)).toThrow('price must be a decimal number');
    expect(() => tradeConsiderationMinor('1', '1', -1)).toThrow('exponent');
  });

  it('tradeSettlementMinor: a buy pays consideration + fees, a sale receives consideration − fees', () => {
    expect(tradeSettlementMinor('buy', 1_000_000n, 6240n)).toBe(1_006_240n);
    expect(tradeSettlementMinor('sell', 1_000_000n, 3740n)).toBe(996_260n);
  });

  it('profitAndRoi: exact profit and an exact ROI ratio, truncated (never rounded) when it repeats', () => {
    // ZA round trip: buy R10,000 (+R62.40 fees), sell R11,000: fees 2750 + 825 + 2 (IPL 2.2c) + VAT
    // 15% × 3577 = 536.55 → 537 → 4114c; net 1,100,000 − 4114 = 1,095,886.
    const sell = computeFees(ZA, { side: 'sell', considerationMinor: 1_100_000n, quantity: '100' });
    expect(sell.totalMinor).toBe(4114n);
    const buyTotalMinor = tradeSettlementMinor('buy', 1_000_000n, 6240n);
    const sellNetMinor = tradeSettlementMinor('sell', 1_100_000n, sell.totalMinor);
    // profit 1,095,886 − 1,006,240 = 89,646c; 89,646 / 1,006,240 = 0.0890900779138177770799… (repeats)
    expect(profitAndRoi({ buyTotalMinor, sellNetMinor })).toEqual({
      profitMinor: 89_646n,
      roi: '0.08909007791381777707',
    });
    expect(profitAndRoi({ buyTotalMinor: 100_000n, sellNetMinor: 112_340n })).toEqual({
      profitMinor: 12_340n,
      roi: '0.1234',
    });
    expect(profitAndRoi({ buyTotalMinor: 100_000n, sellNetMinor: 95_000n })).toEqual({
      profitMinor: -5_000n,
      roi: '-0.05',
    });
    // No rounding anywhere: 1/20000 is 0.00005 exactly, in both directions.
    expect(profitAndRoi({ buyTotalMinor: 20_000n, sellNetMinor: 20_001n }).roi).toBe('0.00005');
    expect(profitAndRoi({ buyTotalMinor: 20_000n, sellNetMinor: 19_999n }).roi).toBe('-0.00005');
    // −21.78 on 3,000: −0.00726 (a 4-decimal half-up ROI said −0.0073, −0.73 %; issue 24).
    expect(profitAndRoi({ buyTotalMinor: 300_000n, sellNetMinor: 297_822n }).roi).toBe('-0.00726');
    expect(profitAndRoi({ buyTotalMinor: 3n, sellNetMinor: 3n }).roi).toBe('0');
    expect(profitAndRoi({ buyTotalMinor: 0n, sellNetMinor: 500n })).toEqual({ profitMinor: 500n, roi: '0' });
    expect(() => profitAndRoi({ buyTotalMinor: -1n, sellNetMinor: 0n })).toThrow(FeeInputError);
  });
});

describe('computeFees input checks', () => {
  it.each<[string, unknown, string]>([
    [
      'an unknown side',
      { side: 'hold', considerationMinor: 1n, quantity: '1' },
      "side must be 'buy' or 'sell'",
    ],
    [
      'a negative consideration',
      { side: 'buy', considerationMinor: -1n, quantity: '1' },
      'considerationMinor must be a bigint ≥ 0',
    ],
    [
      'a number consideration',
      { side: 'buy', considerationMinor: 100, quantity: '1' },
      'considerationMinor must be a bigint ≥ 0',
    ],
    [
      'a negative quantity',
      { side: 'buy', considerationMinor: 1n, quantity: '-2' },
      'quantity must not be negative',
    ],
    [
      'a text quantity',
      { side: 'buy', considerationMinor: 1n, quantity: 'ten' },
      'quantity must be a decimal number',
    ],
    [
      'a number quantity',
      { side: 'buy', considerationMinor: 1n, quantity: 3 },
      'quantity must be a decimal string or a Decimal',
    ],
  ])('refuses %s', (_name, input, message) => {
    expect(() => computeFees(ZA, input as never)).toThrow(FeeInputError);
    expect(() => computeFees(ZA, input as never)).toThrow(message);
  });
});

describe('schedules: defaults and lookup', () => {
  it('ships ZA, IN and US, validated and frozen', () => {
    expect(DEFAULT_FEE_SCHEDULES.map((s) => [s.country, s.version, s.currency, s.currencyExponent])).toEqual([
      ['ZA', 'ZA-2026-11', 'ZAR', 2],
      ['IN', 'IN-2026-11', 'INR', 2],
      ['US', 'US-2026-11', 'USD', 2],
    ]);
    expect(Object.isFrozen(DEFAULT_FEE_SCHEDULES)).toBe(true);
    expect(Object.isFrozen(ZA)).toBe(true);
    expect(Object.isFrozen(ZA.lines)).toBe(true);
    expect(Object.isFrozen(ZA.lines[0])).toBe(true);
    for (const s of DEFAULT_FEE_SCHEDULES) expect(s.source).toBeTruthy();
  });

  it('feeScheduleFor finds a country and refuses an unknown or ambiguous one', () => {
    expect(feeScheduleFor('IN').version).toBe('IN-2026-11');
    expect(() => feeScheduleFor('GB')).toThrow('No fee schedule for country "GB"');
    expect(() => feeScheduleFor('ZA', [ZA, { ...ZA, version: 'ZA-2027-01' }])).toThrow(
      'Several fee schedules for country "ZA" (ZA-2026-11, ZA-2027-01)',
    );
    expect(feeScheduleFor('XX', [oneLine({})]).version).toBe('XX-TEST');
  });

  it('feeScheduleByVersion finds the version a receipt snapshotted', () => {
    expect(feeScheduleByVersion('US-2026-11')).toBe(US);
    expect(() => feeScheduleByVersion('US-1999-01')).toThrow('No fee schedule with version "US-1999-01"');
  });

  it('canonicalises rates and minor amounts', () => {
    const s = oneLine({ rate: '0.00250', minimumMinor: '0010' });
    expect(s.lines[0]?.rate).toBe('0.0025');
    expect(s.lines[0]?.minimumMinor).toBe(10n);
  });
});

describe('parseFeeSchedule validation', () => {
  type Valid = Record<string, unknown> & { lines: Record<string, unknown>[] };
  const valid = (): Valid => ({
    country: 'ZA',
    version: 'ZA-TEST',
    currency: 'ZAR',
    currencyExponent: 2,
    vatRate: '0.15',
    vatLabel: 'VAT',
    lines: [
      {
        code: 'brokerage',
        label: 'Brokerage',
        receiptBucket: 'brokerage',
        rate: '0.0025',
        base: 'consideration',
        side: 'both',
        vatApplies: true,
      },
    ],
  });
  const withSchedule = (patch: (s: Valid) => void) => {
    const s = valid();
    patch(s);
    return () => parseFeeSchedule(s);
  };
  const withLine = (patch: Record<string, unknown>) =>
    withSchedule((s) => {
      s.lines[0] = { ...s.lines[0], ...patch };
    });

  it('accepts the valid base case, and an empty line list', () => {
    expect(parseFeeSchedule(valid()).lines).toHaveLength(1);
    expect(withSchedule((s) => (s.lines = []))().lines).toEqual([]);
  });

  it.each([
    [null, 'Fee schedule: must be a JSON object (got null)'],
    [[], 'Fee schedule: must be a JSON object'],
    ['ZA', 'Fee schedule: must be a JSON object'],
  ])('refuses a non-object %j', (json, message) => {
    expect(() => parseFeeSchedule(json)).toThrow(message);
  });

  it.each<[string, (s: Valid) => void, string]>([
    ['missing country', (s) => delete s.country, 'Fee schedule ZA-TEST: country must be a non-empty string'],
    ['lowercase country', (s) => (s.country = 'za'), 'country must be an ISO 3166 alpha-2 code'],
    ['missing version', (s) => delete s.version, 'Fee schedule ZA: version must be a non-empty string'],
    ['blank version', (s) => (s.version = ' '), 'version must be a non-empty string'],
    [
      'bad currency',
      (s) => (s.currency = 'RAND'),
      'currency must be an ISO 4217 code such as \'ZAR\' (got "RAND")',
    ],
    [
      'fractional exponent',
      (s) => (s.currencyExponent = 1.5),
      'currencyExponent must be an integer from 0 to 18',
    ],
    ['string exponent', (s) => (s.currencyExponent = '2'), 'currencyExponent must be an integer'],
    ['percent VAT', (s) => (s.vatRate = '15%'), 'vatRate must be a decimal string'],
    ['numeric VAT', (s) => (s.vatRate = 0.15), 'vatRate must be a decimal string ≥ 0 such as'],
    ['VAT above 1', (s) => (s.vatRate = '15'), 'vatRate must be a fraction ≤ 1'],
    ['missing vatLabel', (s) => delete s.vatLabel, 'vatLabel must be a non-empty string'],
    ['lines not an array', (s) => (s.lines = {} as never), 'lines must be an array'],
    ['line not an object', (s) => (s.lines = ['brokerage'] as never), 'lines[0] must be an object'],
    ['unknown field', (s) => (s.vat = '0.15'), 'Fee schedule ZA-TEST: vat is not a known field'],
    [
      'duplicate code',
      (s) => s.lines.push({ ...s.lines[0] }),
      'Fee schedule ZA-TEST: lines[1].code is used by another line of this schedule (got "brokerage")',
    ],
  ])('refuses a schedule with %s', (_name, patch, message) => {
    expect(withSchedule(patch)).toThrow(FeeScheduleError);
    expect(withSchedule(patch)).toThrow(message);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no code', { code: undefined }, 'lines[0].code must be a non-empty string'],
    ['a camelCase code', { code: 'secFee' }, 'lines[0].code must be snake_case'],
    ['the reserved code', { code: 'vat' }, 'lines[0].code is reserved for the VAT/GST line'],
    ['no label', { label: '' }, 'lines[0].label must be a non-empty string'],
    [
      'a bad bucket',
      { receiptBucket: 'gst' },
      "lines[0].receiptBucket must be one of 'brokerage', 'stt', 'txn' (got \"gst\")",
    ],
    ['a percent rate', { rate: '0.25%' }, 'lines[0].rate must be a decimal string'],
    ['a negative rate', { rate: '-0.01' }, 'lines[0].rate must be a decimal string ≥ 0'],
    ['an exponent rate', { rate: '2.5e-3' }, 'lines[0].rate must be a decimal string'],
    ['a numeric rate', { rate: 0.0025 }, 'lines[0].rate must be a decimal string ≥ 0 such as'],
    [
      'a consideration rate above 1',
      { rate: '25' },
      'lines[0].rate is a fraction of the consideration and must be ≤ 1',
    ],
    ['a bad base', { base: 'shares' }, "lines[0].base must be one of 'consideration', 'per_share'"],
    ['a bad side', { side: 'buys' }, "lines[0].side must be one of 'buy', 'sell', 'both'"],
    [
      'a decimal minimum',
      { minimumMinor: '1.5' },
      'lines[0].minimumMinor must be an integer string of minor units',
    ],
    [
      'a numeric minimum',
      { minimumMinor: 100 },
      'lines[0].minimumMinor must be an integer string of minor units',
    ],
    ['a negative maximum', { maximumMinor: '-1' }, 'lines[0].maximumMinor must be an integer string'],
    [
      'minimum above maximum',
      { minimumMinor: '10', maximumMinor: '5' },
      'lines[0].minimumMinor must not exceed maximumMinor (5)',
    ],
    ['rounding not an object', { rounding: 'HALF_UP' }, 'lines[0].rounding must be an object'],
    [
      'HALF_EVEN rounding',
      { rounding: { mode: 'HALF_EVEN' } },
      "lines[0].rounding.mode must be one of 'HALF_UP', 'UP', 'DOWN'",
    ],
    [
      'a zero step',
      { rounding: { mode: 'UP', toMinor: 0 } },
      'lines[0].rounding.toMinor must be a whole number of minor units ≥ 1',
    ],
    [
      'a fractional step',
      { rounding: { mode: 'UP', toMinor: 0.5 } },
      'lines[0].rounding.toMinor must be a whole number',
    ],
    [
      'an unknown rounding field',
      { rounding: { mode: 'UP', step: 1 } },
      'lines[0].rounding.step is not a known field',
    ],
    ['no vatApplies', { vatApplies: undefined }, 'lines[0].vatApplies must be true or false'],
    ['a string vatApplies', { vatApplies: 'yes' }, 'lines[0].vatApplies must be true or false (got "yes")'],
    ['a misspelt field', { minimumMInor: '1' }, 'lines[0].minimumMInor is not a known field'],
  ])('refuses a line with %s', (_name, patch, message) => {
    expect(withLine(patch)).toThrow(FeeScheduleError);
    expect(withLine(patch)).toThrow(message);
  });

  it('allows a per-share rate above 1', () => {
    expect(withLine({ base: 'per_share', rate: '2.5' })().lines[0]?.rate).toBe('2.5');
  });

  it('ignores undefined optional fields (absent in JSON)', () => {
    const s = withLine({ minimumMinor: undefined, source: undefined })();
    expect(s.lines[0]).not.toHaveProperty('minimumMinor');
  });
});
