import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@imali/contract';
import { InstrumentSearchIndex, nameWords } from './search-index';

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
});
