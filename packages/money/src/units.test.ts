import { describe, expect, it } from 'vitest';
import {
  FUND_FEE_SCHEDULE,
  STRUCTURED_TERMS_FEE_SCHEDULE,
  exactQuotient,
  feeScheduleTitle,
  formatCurrency,
  formatDecimal,
  formatGrouped,
  formatLevel,
  formatNav,
  formatPrice,
  formatQuantity,
  formatRatio,
  formatSignedCurrency,
  formatSignedRatio,
  groupFees,
  priceInMajor,
  productName,
  productUnits,
  profitAndRoi,
  ratioText,
  shortReference,
  sumAmounts,
  type FeeLineView,
} from './index';

// Intl puts a no-break space between a currency code and the digits.
const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('one display rule per quote unit', () => {
  it('ZAc: JSE cents shown in rand, two decimals truncated', () => {
    expect(priceInMajor('598741', 'ZAc')).toBe('5987.41');
    expect(nbsp(formatPrice('598741', 'ZAc'))).toBe('ZAR 5,987.41');
    expect(nbsp(formatPrice('5987.5', 'ZAc'))).toBe('ZAR 59.87');
    expect(nbsp(formatPrice('1', 'ZAc'))).toBe('ZAR 0.01');
  });

  it('USD and INR: major units as they are', () => {
    expect(priceInMajor('189.43', 'USD')).toBe('189.43');
    expect(formatPrice('189.43', 'USD')).toBe('$189.43');
    expect(formatPrice('1189.439', 'USD')).toBe('$1,189.43');
    expect(formatPrice('2950.5', 'INR')).toBe('₹2,950.50');
  });

  it('points: an index level is not money', () => {
    expect(priceInMajor('68691', 'points')).toBeUndefined();
    expect(formatPrice('68691', 'points')).toBe('68,691.00 pts');
    expect(formatLevel('67384.689')).toBe('67,384.68 pts');
    expect(formatLevel('68691.00')).toBe('68,691.00 pts');
    expect(formatPrice('68691', 'points')).not.toMatch(/ZAR|R\d/);
  });

  it('fund NAV: per unit in its currency with four decimals (no "R12.1959" beside "ZAR 1,000.00")', () => {
    expect(nbsp(formatNav('1219.59', 'ZAc'))).toBe('ZAR 12.1959');
    expect(nbsp(formatNav('1219.5987', 'ZAc'))).toBe('ZAR 12.1959');
    expect(nbsp(formatNav('123456.78'))).toBe('ZAR 1,234.5678');
    expect(formatNav('0')).toBe('-');
    // A fund's cost per unit (in rand already) with the NAV's four decimals.
    expect(nbsp(formatCurrency('12.43971', 'ZAR', 4))).toBe('ZAR 12.4397');
    expect(formatNav(null)).toBe('-');
  });

  it('missing or invalid → "-"', () => {
    for (const unit of ['ZAc', 'USD', 'INR', 'points'] as const) {
      expect(formatPrice(null, unit)).toBe('-');
      expect(formatPrice('abc', unit)).toBe('-');
    }
  });
});

describe('quantities: one number format (en-US)', () => {
  it('shares with en-US grouping: "100,000 shares" beside "1,000 shares", never "100 000"', () => {
    expect(formatQuantity('100000', 'shares')).toBe('100,000 shares');
    expect(formatQuantity('1000', 'shares')).toBe('1,000 shares');
    expect(formatQuantity(100000, 'shares')).toBe('100,000 shares');
    expect(formatQuantity('1', 'shares')).toBe('1 share');
    expect(formatQuantity('10.000000', 'shares')).toBe('10 shares');
    expect(formatQuantity('2.5', 'shares')).toBe('2.5 shares');
  });

  it('fund units with four decimals, truncated', () => {
    expect(formatQuantity('162.001', 'units')).toBe('162.0010 units');
    expect(formatQuantity('81.99479', 'units')).toBe('81.9947 units');
    expect(formatQuantity('12345.6', 'units')).toBe('12,345.6000 units');
  });

  it('lots', () => {
    expect(formatQuantity('1', 'lots')).toBe('1 lot');
    expect(formatQuantity(1200, 'lots')).toBe('1,200 lots');
    expect(formatQuantity(undefined, 'lots')).toBe('-');
  });

  it('a plain grouped number, exact', () => {
    expect(formatGrouped('500000')).toBe('500,000');
    expect(formatGrouped('1234.50')).toBe('1,234.5');
  });
});

describe('products show their own fields', () => {
  it('a stock (standard, fo, otc, ipo): shares at a share price', () => {
    for (const t of ['standard', 'fo', 'otc', 'ipo']) {
      const u = productUnits(t);
      expect(u).toMatchObject({
        kind: 'stock',
        quantity: 'shares',
        price: 'share',
        level: false,
        limits: 'shares',
      });
    }
  });

  it('a fund: units at a NAV, limits as amounts', () => {
    expect(productUnits('fund')).toMatchObject({
      kind: 'fund',
      quantity: 'units',
      price: 'nav',
      level: false,
      limits: 'amount',
      sides: { buy: 'Subscription', sell: 'Redemption' },
    });
  });

  it('a structured note: an amount and the level in points, never shares nor a price', () => {
    expect(productUnits('quant')).toMatchObject({
      kind: 'structured',
      quantity: null,
      price: null,
      level: true,
      limits: 'amount',
    });
  });

  it("the spec's display names, never the raw codes", () => {
    expect(productName('fo')).toBe('DD Trading');
    expect(productName('otc')).toBe('Block Trading');
    expect(productName('standard')).toBe('Stock');
    expect(productName('ipo')).toBe('IPO Equity');
    expect(productName('fund')).toBe('Fund Investment');
    expect(productName('quant')).toBe('Structured Investment');
    expect(productName('QUANT')).toBe('Structured Investment');
    expect(productName(undefined)).toBe('Stock');
  });
});

describe('signed money and ratios: one rule', () => {
  it('a gain has "+", a loss "-", zero neither', () => {
    expect(nbsp(formatSignedCurrency('12.3', 'ZAR'))).toBe('+ZAR 12.30');
    expect(nbsp(formatSignedCurrency('-4', 'ZAR'))).toBe('-ZAR 4.00');
    expect(nbsp(formatSignedCurrency('0.00', 'ZAR'))).toBe('ZAR 0.00');
    // truncated to 0.00 first: no sign on a figure that reads as zero
    expect(nbsp(formatSignedCurrency('0.004', 'ZAR'))).toBe('ZAR 0.00');
    expect(formatSignedCurrency(null, 'ZAR')).toBe('-');
  });

  it('ratios truncated, signed', () => {
    expect(formatSignedRatio('0.1234')).toBe('+12.34%');
    expect(formatSignedRatio('-0.00726')).toBe('-0.72%');
    expect(formatSignedRatio('0.00004')).toBe('0.00%');
    expect(formatSignedRatio('abc')).toBe('--%');
    expect(formatSignedRatio(null)).toBe('-');
  });
});

describe('exact ratios, truncated once (decision 0041)', () => {
  it('−21.78 on 3,000 is −0.00726 exactly and shows −0.72% (not −0.73%)', () => {
    expect(ratioText(-2178n, 300_000n)).toBe('-0.00726');
    expect(formatRatio(ratioText(-2178n, 300_000n))).toBe('-0.72%');
    expect(profitAndRoi({ buyTotalMinor: 300_000n, sellNetMinor: 297_822n })).toEqual({
      profitMinor: -2178n,
      roi: '-0.00726',
    });
    expect(formatRatio(profitAndRoi({ buyTotalMinor: 300_000n, sellNetMinor: 297_822n }).roi)).toBe('-0.72%');
  });

  it('no finite decimal form: many digits, truncated toward zero, never rounded', () => {
    expect(ratioText(1n, 3n)).toBe('0.33333333333333333333');
    expect(ratioText(2n, 3n)).toBe('0.66666666666666666666');
    expect(ratioText(-2n, 3n)).toBe('-0.66666666666666666666');
    expect(ratioText(-2178n, 303_000n)).toBe('-0.00718811881188118811');
    expect(formatDecimal(exactQuotient(10n, 4n))).toBe('2.5');
    expect(ratioText(0n, 7n)).toBe('0');
    expect(ratioText(6n, -3n)).toBe('-2');
    expect(() => ratioText(1n, 0n)).toThrow();
  });
});

describe('fee groups: summary and lines tell one story', () => {
  const za: FeeLineView[] = [
    { code: 'brokerage', label: 'Brokerage', bucket: 'brokerage', amount: '25.00' },
    { code: 'stt', label: 'Securities Transfer Tax (STT)', bucket: 'stt', amount: '25.00' },
    { code: 'settlement', label: 'Settlement and administration', bucket: 'txn', amount: '7.50' },
    { code: 'ipl', label: 'Investor Protection Levy', bucket: 'txn', amount: '0.02' },
    { code: 'vat', label: 'VAT', bucket: 'gst', amount: '4.88' },
  ];

  it('a bucket of several charges says how they add up', () => {
    const groups = groupFees(za);
    expect(groups.map((g) => [g.label, g.amount])).toEqual([
      ['Brokerage', '25.00'],
      ['Securities Transfer Tax (STT)', '25.00'],
      ['Transaction charges', '7.52'],
      ['VAT', '4.88'],
    ]);
    expect(groups[2]!.explanation).toBe(
      'Transaction charges = Settlement and administration + Investor Protection Levy',
    );
    expect(sumAmounts(groups.map((g) => g.amount))).toBe('62.40');
  });

  it("a structured product's entry cost and a fund's platform fee read as themselves, never as brokerage", () => {
    expect(groupFees([{ code: 'entry', label: 'Entry cost', bucket: 'brokerage', amount: '30.00' }])).toEqual(
      [
        {
          bucket: 'brokerage',
          label: 'Entry cost',
          amount: '30.00',
          parts: [{ code: 'entry', label: 'Entry cost', bucket: 'brokerage', amount: '30.00' }],
        },
      ],
    );
    const fund = groupFees([
      {
        code: 'platform_fee',
        label: 'Platform fee 0.35% a year × 12 days',
        bucket: 'brokerage',
        amount: '0.11',
      },
    ]);
    expect(fund[0]!.label).toBe('Platform fee 0.35% a year × 12 days');
    expect(groupFees([])).toEqual([]);
  });

  it('readable fee schedule names with their version', () => {
    expect(feeScheduleTitle('ZA-2026-11')).toBe('JSE share trading fees, November 2026 (ZA-2026-11)');
    expect(feeScheduleTitle('IN-2026-11')).toBe('NSE share trading fees, November 2026 (IN-2026-11)');
    expect(feeScheduleTitle('ZA-2026-03')).toBe('JSE share trading fees, March 2026 (ZA-2026-03)');
    expect(feeScheduleTitle(STRUCTURED_TERMS_FEE_SCHEDULE)).toBe(
      "The product's terms: entry and early-exit costs",
    );
    expect(feeScheduleTitle(FUND_FEE_SCHEDULE)).toBe(
      'Fund charges: costs in the NAV, platform fee on redemption (version 1)',
    );
    expect(feeScheduleTitle('XX-1')).toBe('Fee schedule XX-1');
  });
});

describe('short quote references', () => {
  it('the first 8 characters', () => {
    expect(shortReference('0b7c1a52-6a55-4c3e-9a75-1f0d4f1d3b10')).toBe('0b7c1a52');
    expect(shortReference(null)).toBe('-');
  });
});
