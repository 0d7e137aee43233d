import type { Quote } from '@imali/contract';
import { describe, expect, it } from 'vitest';
import {
  candidateRefs,
  isWatched,
  latestAsOf,
  newerQuote,
  quoteRow,
  rankingRows,
  stockKey,
  streamSpec,
  withLiveQuote,
} from './quotes';

const quote = (over: Partial<Quote> = {}): Quote => ({
  symbol: 'NPN',
  name: 'Naspers',
  market: 'JSE',
  country: 'ZA',
  currency: 'ZAR',
  type: 'stock',
  quote_unit: 'ZAc',
  price: 652256,
  open: 655789,
  high: 662173,
  low: 648719,
  previous_close: 649437,
  change: 2819,
  change_percent: 0.43,
  volume: 979379,
  market_open: false,
  as_of: '2026-11-20T15:00:00.000Z',
  S1: 1,
  ...over,
});

describe('quote identity', () => {
  it('keys an instrument by country, market and symbol', () => {
    expect(stockKey({ symbol: 'npn', market: 'jse', country: 'za' })).toBe('ZA:JSE:NPN');
    expect(streamSpec({ symbol: 'FTCRZAFN.TR', market: 'JSE' })).toBe('JSE:FTCRZAFN.TR');
  });

  it('finds a stock in the watch list', () => {
    const list = [quote(), quote({ symbol: 'SBK' })];
    expect(isWatched(list, { symbol: 'npn', market: 'JSE', country: 'ZA' })).toBe(true);
    expect(isWatched(list, { symbol: 'AGL', market: 'JSE', country: 'ZA' })).toBe(false);
    expect(isWatched(undefined, { symbol: 'NPN', market: 'JSE', country: 'ZA' })).toBe(false);
  });
});

describe('live quotes', () => {
  it('takes the live price over a loaded detail when it is as new or newer', () => {
    const detail = { ...quote(), week52_high: 787199 };
    const live = quote({
      price: 653000,
      change: 3563,
      change_percent: 0.54,
      as_of: '2026-11-20T15:00:01.000Z',
    });
    const merged = withLiveQuote(detail, live);
    expect(merged.price).toBe(653000);
    expect(merged.change_percent).toBe(0.54);
    expect(merged.week52_high).toBe(787199);
  });

  it('keeps the loaded figures when the live one is older', () => {
    const detail = quote();
    expect(withLiveQuote(detail, quote({ price: 1, as_of: '2026-11-20T14:00:00.000Z' }))).toBe(detail);
    expect(withLiveQuote(detail, undefined)).toBe(detail);
    expect(newerQuote(detail, quote({ as_of: '2026-11-19T15:00:00.000Z' }))).toBe(detail);
  });
});

describe('list rows', () => {
  it('shows price, change and change % by the display rules', () => {
    expect(quoteRow(quote())).toMatchObject({
      key: 'ZA:JSE:NPN',
      price: '6,522.56',
      unit: 'ZAR',
      change: '+28.19',
      changePercent: '+0.43%',
      tone: 'positive',
      volume: '979.379k',
      restricted: false,
    });
    expect(quoteRow(quote({ change: -65779, change_percent: -0.91 }))).toMatchObject({
      change: '-657.79',
      changePercent: '-0.91%',
      tone: 'negative',
    });
    expect(quoteRow(quote({ change: 0, change_percent: 0, S1: 0 }))).toMatchObject({
      tone: 'neutral',
      restricted: true,
    });
  });

  it('keeps the server ranking order while live prices update', () => {
    const items = [
      quote({ symbol: 'CFR', change_percent: 4.56 }),
      quote({ symbol: 'REM', change_percent: 3.4 }),
    ];
    const live = new Map([
      [
        'ZA:JSE:REM',
        quote({ symbol: 'REM', change_percent: 9, change: 9000, as_of: '2026-11-20T15:00:05.000Z' }),
      ],
    ]);
    const rows = rankingRows(items, live);
    expect(rows.map((r) => r.symbol)).toEqual(['CFR', 'REM']);
    expect(rows[1]!.changePercent).toBe('+9.00%');
  });
});

describe('news tags to batch references', () => {
  it('asks every market of the country, so the batch call answers from the right one', () => {
    expect(candidateRefs(['npn', 'PRX'], 'ZA')).toEqual([
      { symbol: 'NPN', market: 'JSE', country: 'ZA' },
      { symbol: 'PRX', market: 'JSE', country: 'ZA' },
    ]);
    expect(candidateRefs(['AAPL'], 'US')).toEqual([
      { symbol: 'AAPL', market: 'NYSE', country: 'US' },
      { symbol: 'AAPL', market: 'NASDAQ', country: 'US' },
    ]);
    expect(candidateRefs(['X'], 'FR')).toEqual([]);
  });
});

describe('latestAsOf', () => {
  it('picks the newest price time and ignores unreadable ones', () => {
    expect(
      latestAsOf([
        { as_of: '2026-01-12T12:30:00.000Z' },
        { as_of: 'not a time' },
        { as_of: '2026-01-12T12:31:05.000Z' },
        { as_of: '2026-01-12T09:00:00.000Z' },
      ]),
    ).toBe('2026-01-12T12:31:05.000Z');
    expect(latestAsOf([])).toBeUndefined();
  });
});
