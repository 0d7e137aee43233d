import { describe, expect, it, vi } from 'vitest';
import { TradingMessages, type Offering, type Quotation } from '@imali/contract';
import { categoryOf, filterOfferings, groupByType, productLabel } from './catalog';
import { accountsFor, covers } from './funds';
import { formatPrice, formatQuantity } from '@imali/money';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { normalQuantity, quantityError } from './quantity';
import { fetchValidQuotation, quoteDeadline, secondsLeft } from './quote';

const quotation = (price: string): Quotation => ({
  symbol: 'NPN',
  market: 'JSE',
  country: 'ZA',
  currency: 'ZAR',
  quote_unit: 'ZAc',
  price,
  S1: 1,
  market_open: true,
  closed_message: null,
  as_of: '2026-11-18T10:00:00.000Z',
  quote_id: 'q-1',
  expires_at: '2026-11-18T10:00:20.000Z',
});

describe('quantity', () => {
  it('gives the contract messages for bad quantities', () => {
    expect(quantityError('')).toBe(TradingMessages.quantityRequired);
    expect(quantityError('   ')).toBe(TradingMessages.quantityRequired);
    expect(quantityError('abc')).toBe(TradingMessages.quantityInvalid);
    expect(quantityError('-3')).toBe(TradingMessages.quantityInvalid);
    expect(quantityError('0')).toBe(TradingMessages.quantityPositive);
    expect(quantityError('0.000')).toBe(TradingMessages.quantityPositive);
    expect(quantityError('1.5')).toBe(TradingMessages.wholeShares);
    expect(quantityError('3')).toBeUndefined();
    expect(quantityError('10.000')).toBeUndefined();
  });

  it('checks the per-client limits', () => {
    const limits = { min: '5.000000', max: '2000.000000' };
    expect(quantityError('4', limits)).toBe(TradingMessages.belowMinimum('5 shares'));
    expect(quantityError('2001', limits)).toBe(TradingMessages.aboveMaximum('2,000 shares'));
    expect(quantityError('5', limits)).toBeUndefined();
    expect(quantityError('2000', limits)).toBeUndefined();
  });

  it('normalises and words quantities', () => {
    expect(normalQuantity(' 007 ')).toBe('7');
    expect(normalQuantity('10.000')).toBe('10');
    expect(formatQuantity('1', 'shares')).toBe('1 share');
    expect(formatQuantity('50000.000000', 'shares')).toBe('50,000 shares');
  });
});

describe('the quotation: a missing or zero price is retried once', () => {
  it('returns the first valid price', async () => {
    const fetcher = vi.fn().mockResolvedValue(quotation('598741'));
    expect(await fetchValidQuotation(fetcher)).toEqual({ kind: 'ok', quotation: quotation('598741') });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('retries a zero price once and takes the second answer', async () => {
    const fetcher = vi.fn().mockResolvedValueOnce(quotation('0')).mockResolvedValueOnce(quotation('598800'));
    const result = await fetchValidQuotation(fetcher);
    expect(result.kind).toBe('ok');
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('fails at the second missing or zero price', async () => {
    const fetcher = vi
      .fn()
      .mockResolvedValueOnce(quotation(''))
      .mockResolvedValueOnce(quotation('0.00'))
      .mockResolvedValue(quotation('598800'));
    expect(await fetchValidQuotation(fetcher)).toEqual({ kind: 'unavailable' });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('fails at once when the request fails', async () => {
    const error = new Error('network');
    const fetcher = vi.fn().mockRejectedValue(error);
    expect(await fetchValidQuotation(fetcher)).toEqual({ kind: 'failed', error });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('is valid for 20 seconds from its arrival', () => {
    expect(quoteDeadline(1_000)).toBe(21_000);
    expect(secondsLeft(19_200)).toBe(20);
    expect(secondsLeft(800)).toBe(1);
    expect(secondsLeft(0)).toBe(0);
    expect(secondsLeft(-50)).toBe(0);
  });
});

describe('prices', () => {
  it('shows a ZAc price in rand (cents ÷ 100), others as quoted, a level in points', () => {
    const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');
    expect(nbsp(formatPrice('598741', 'ZAc'))).toBe('ZAR 5,987.41');
    expect(nbsp(formatPrice('5987.59', 'ZAc'))).toBe('ZAR 59.87');
    expect(formatPrice('189.43', 'USD')).toBe('$189.43');
    expect(formatPrice('67384.68', 'points')).toBe('67,384.68 pts');
    expect(formatPrice(null, 'ZAc')).toBe('-');
  });
});

describe('catalog', () => {
  const offering = (id: number, dtype: Offering['dtype'], country: Offering['country'] = 'ZA') =>
    ({ id, dtype, country }) as Offering;
  const list = [
    offering(1, 'fo'),
    offering(2, 'otc'),
    offering(3, 'fund'),
    offering(4, 'quant'),
    offering(5, 'fo', 'US'),
  ];

  it('puts fo, otc and ipo under STOCK with their sub-labels', () => {
    expect(categoryOf('fo')).toBe('stock');
    expect(categoryOf('otc')).toBe('stock');
    expect(categoryOf('ipo')).toBe('stock');
    expect(productLabel('fo')).toEqual({ label: 'STOCK', subLabel: 'D.D.' });
    expect(productLabel('otc')).toEqual({ label: 'STOCK', subLabel: 'P.M.' });
    expect(productLabel('fund')).toEqual({ label: 'FUND', subLabel: '' });
  });

  it('filters by the spec categories (all, stock, fund, quant) and by country', () => {
    expect(filterOfferings(list, { category: 'all' }).map((o) => o.id)).toEqual([1, 2, 3, 4, 5]);
    expect(filterOfferings(list, { category: 'stock' }).map((o) => o.id)).toEqual([1, 2, 5]);
    expect(filterOfferings(list, { category: 'fund' }).map((o) => o.id)).toEqual([3]);
    expect(filterOfferings(list, { category: 'quant' }).map((o) => o.id)).toEqual([4]);
    expect(filterOfferings(list, { category: 'stock', country: 'US' }).map((o) => o.id)).toEqual([5]);
  });

  it('groups by type in a fixed order', () => {
    expect(groupByType(list).map((g) => [g.dtype, g.items.length])).toEqual([
      ['fo', 2],
      ['otc', 1],
      ['fund', 1],
      ['quant', 1],
    ]);
  });
});

describe('funds and keys', () => {
  const accounts = [
    { id: 1, currency: 'ZAR' as const, balance: '100.00', available: '80.00', held: '20.00' },
    { id: 2, currency: 'USD' as const, balance: '5.00', available: '5.00', held: '0.00' },
  ];
  it('pays from the account in the instrument currency and checks it covers the total', () => {
    expect(accountsFor(accounts, 'ZAR').map((a) => a.id)).toEqual([1]);
    expect(accountsFor(accounts, 'INR')).toEqual([]);
    expect(covers(accounts[0], '80.00')).toBe(true);
    expect(covers(accounts[0], '80.01')).toBe(false);
  });

  it('reuses an idempotency key for the same order until it is settled', () => {
    let n = 0;
    const keeper = createIdempotencyKeeper(() => `k${++n}`);
    expect(keeper.keyFor({ q: 1 })).toBe('k1');
    expect(keeper.keyFor({ q: 1 })).toBe('k1');
    expect(keeper.keyFor({ q: 2 })).toBe('k2');
    keeper.settle();
    expect(keeper.keyFor({ q: 2 })).toBe('k3');
  });
});
