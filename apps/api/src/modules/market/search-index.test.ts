import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@imali/contract';
import { InstrumentSearchIndex, nameWords, normalizeQuery } from './search-index';

const entry = (symbol: string, name: string, country: SearchResult['country'] = 'ZA'): SearchResult => ({
  symbol,
  name,
  market: country === 'ZA' ? 'JSE' : country === 'US' ? 'NYSE' : 'NSE',
  country,
  type: 'stock',
});

const index = new InstrumentSearchIndex([
  entry('NPN', 'Naspers'),
  entry('NPH', 'Northam Platinum Holdings'),
  entry('PRX', 'Prosus'),
  entry('BTI', 'British American Tobacco'),
  entry('AGL', 'Anglo American'),
  entry('SBK', 'Standard Bank Group'),
  entry('SA40', 'South Africa Top 40 Index'),
  entry('SAP', 'Sappi'),
  entry('SOL', 'Sasol'),
  entry('V', 'Visa Inc.', 'US'),
  entry('VOD', 'Vodacom Group'),
  entry('CFR', 'Compagnie Financiere Richemont'),
  entry('M&M', 'Mahindra & Mahindra', 'IN'),
]);
const symbols = (q: string) => index.search(q, 20).map((r) => r.symbol);

describe('instrument search index', () => {
  it('ranks exact symbol, then symbol prefix (shorter first), then name words', () => {
    expect(symbols('npn')).toEqual(['NPN']);
    expect(symbols('np')).toEqual(['NPH', 'NPN']);
    expect(symbols('v')).toEqual(['V', 'VOD']);
    expect(symbols('sa')).toEqual(['SAP', 'SA40', 'SOL']);
  });

  it('finds any word of the name, earlier words first', () => {
    expect(symbols('american')).toEqual(['AGL', 'BTI']);
    expect(symbols('nasp')).toEqual(['NPN']);
    expect(symbols('group')).toEqual(['VOD', 'SBK']); // second word before third
    expect(symbols('rich')).toEqual(['CFR']);
  });

  it('needs every further word of a multi-word query in the name', () => {
    expect(symbols('british american')).toEqual(['BTI']);
    expect(symbols('anglo tobacco')).toEqual([]);
    expect(symbols('  Standard   bank ')).toEqual(['SBK']);
  });

  it('treats every character literally and returns nothing for a blank query', () => {
    expect(symbols('')).toEqual([]);
    expect(symbols('   ')).toEqual([]);
    expect(symbols('%')).toEqual([]);
    expect(symbols('m&m')).toEqual(['M&M']);
  });

  it('caps the number of results', () => {
    const big = new InstrumentSearchIndex(
      Array.from({ length: 500 }, (_, i) => entry(`A${i}`, `Alpha ${i} Holdings`)),
    );
    expect(big.search('a', 20)).toHaveLength(20);
    expect(big.search('holdings', 20)).toHaveLength(20);
  });

  it('splits names into words on spaces and punctuation', () => {
    expect(nameWords('Amazon.com Inc.')).toEqual(['amazon', 'com', 'inc']);
    expect(nameWords('Berkshire Hathaway Inc. Class B')).toEqual([
      'berkshire',
      'hathaway',
      'inc',
      'class',
      'b',
    ]);
  });

  it('ranks exactly as documented on universes large enough to use precomputed ranges', () => {
    // A tiny alphabet makes long runs of shared prefixes, so both the scan and the precomputed
    // path of every tier are exercised; the reference is the ranking rule applied by brute force.
    const countries = ['ZA', 'US', 'IN'] as const;
    const universe = fc.sample(
      fc.record({
        symbol: fc.stringMatching(/^[AB]{1,5}$/),
        words: fc.array(fc.stringMatching(/^[ab]{1,6}$/), { minLength: 1, maxLength: 4 }),
        country: fc.constantFrom(...countries),
      }),
      { numRuns: 6000, seed: 20261121 },
    );
    const entries = universe.map((u) => entry(u.symbol, u.words.join(' '), u.country));
    const big = new InstrumentSearchIndex(entries);
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[ab]{1,4}$/), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 30 }),
        (words, limit) => {
          const query = words.join(' ');
          expect(big.search(query, limit)).toEqual(referenceSearch(entries, query, limit));
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });
});

/** The documented ranking, by brute force over every entry. */
function referenceSearch(entries: SearchResult[], rawQuery: string, limit: number): SearchResult[] {
  const query = normalizeQuery(rawQuery);
  if (!query) return [];
  const queryWords = query.split(' ');
  const indexOf = new Map(entries.map((e, i) => [e, i]));
  const bySymbolOrder = (a: SearchResult, b: SearchResult) =>
    a.symbol.length - b.symbol.length ||
    (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0) ||
    (a.country < b.country ? -1 : a.country > b.country ? 1 : 0) ||
    indexOf.get(a)! - indexOf.get(b)!;
  const symbolHits =
    queryWords.length === 1
      ? entries
          .filter((e) => e.symbol.toLowerCase().startsWith(query))
          .sort(bySymbolOrder)
          .slice(0, limit)
      : [];
  const wordsOf = new Map(entries.map((e) => [e, nameWords(e.name)]));
  const position = (e: SearchResult) => wordsOf.get(e)!.findIndex((w) => w.startsWith(queryWords[0]!));
  const nameHits = entries
    .filter((e) => !symbolHits.includes(e))
    .filter((e) => queryWords.every((q) => wordsOf.get(e)!.some((w) => w.startsWith(q))))
    .sort((a, b) => position(a) - position(b) || bySymbolOrder(a, b));
  return [...symbolHits, ...nameHits].slice(0, limit);
}
