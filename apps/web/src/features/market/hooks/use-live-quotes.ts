import { useEffect, useState } from 'react';
import type { Quote } from '@imali/contract';
import { subscribeQuote } from '../api/quote-stream';
import { stockKey, type StockKey } from '../model/quotes';

/** Live quotes of the given stocks, keyed by `stockKey`; empty until the stream delivers. */
export function useLiveQuotes(stocks: readonly StockKey[]): ReadonlyMap<string, Quote> {
  const [quotes, setQuotes] = useState<ReadonlyMap<string, Quote>>(() => new Map());
  const signature = [...new Set(stocks.map(stockKey))].sort().join('|');

  useEffect(() => {
    if (!signature) return;
    const unsubscribes = signature.split('|').map((key) => {
      const [country = '', market = '', symbol = ''] = key.split(':');
      return subscribeQuote({ country, market, symbol }, (quote) =>
        setQuotes((prev) => {
          const next = new Map(prev);
          next.set(key, quote);
          return next;
        }),
      );
    });
    return () => unsubscribes.forEach((u) => u());
  }, [signature]);

  return quotes;
}

/** The live quote of one stock (undefined until the stream delivers). */
export function useLiveQuote(stock: StockKey | null): Quote | undefined {
  const quotes = useLiveQuotes(stock ? [stock] : []);
  return stock ? quotes.get(stockKey(stock)) : undefined;
}
