import type { SearchResult } from '@imali/contract';

/**
 * In-memory instrument search. The database is the source of truth; each process keeps this
 * derived index (sorted arrays, binary search) and rebuilds it when the instruments version in
 * the database changes. A query costs a few binary searches and a bounded scan, whatever the
 * size of the universe (see docs/decisions/0020-market-data.md for the measurements).
 */
/** Bounds the work of a multi-word query whose first word is very common. */
const MAX_WORD_SCAN = 20_000;

export class InstrumentSearchIndex {
  private readonly entries: SearchResult[];
  /** Lower-cased symbols, sorted, with the entry they belong to. */
  private readonly symbolKeys: string[];
  private readonly symbolEntry: Int32Array;
  /** Lower-cased words of names, sorted by (word, position). */
  private readonly wordKeys: string[];
  private readonly wordEntry: Int32Array;
  private readonly wordPosition: Int16Array;

  constructor(entries: SearchResult[]) {
    this.entries = entries;
    const symbols = entries.map((e, i) => [e.symbol.toLowerCase(), i] as const);
    symbols.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.symbolKeys = symbols.map((s) => s[0]);
    this.symbolEntry = Int32Array.from(symbols.map((s) => s[1]));
    const words: Array<[string, number, number]> = [];
    entries.forEach((e, i) => {
      nameWords(e.name).forEach((w, position) => words.push([w, position, i]));
    });
    words.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2]));
    this.wordKeys = words.map((w) => w[0]);
    this.wordPosition = Int16Array.from(words.map((w) => Math.min(w[1], 32_000)));
    this.wordEntry = Int32Array.from(words.map((w) => w[2]));
  }

  get size() {
    return this.entries.length;
  }

  /**
   * Ranked: exact symbol (0), symbol prefix (1, shorter symbols first), then a word of the name
   * starting with the first query word (2, earlier words first); further query words must appear
   * in the name. Blank query: nothing.
   */
  search(rawQuery: string, limit: number): SearchResult[] {
    const query = rawQuery.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!query) return [];
    const [first, ...rest] = query.split(' ');
    const hits = new Map<number, { rank: number; position: number }>();
    const take = (entry: number, rank: number, position: number) => {
      const seen = hits.get(entry);
      if (!seen || rank < seen.rank || (rank === seen.rank && position < seen.position)) {
        hits.set(entry, { rank, position });
      }
    };
    // Exact symbol, then symbol prefix: one range of the sorted symbols.
    let prefixHits = 0;
    for (let i = lowerBound(this.symbolKeys, query); i < this.symbolKeys.length; i++) {
      const key = this.symbolKeys[i]!;
      if (!key.startsWith(query)) break;
      if (key === query) take(this.symbolEntry[i]!, 0, 0);
      else if (prefixHits++ < limit) take(this.symbolEntry[i]!, 1, 0);
      else break;
    }
    // Name words starting with the first query word.
    let wordHits = 0;
    const end = Math.min(this.wordKeys.length, lowerBound(this.wordKeys, first!) + MAX_WORD_SCAN);
    for (let i = lowerBound(this.wordKeys, first!); i < end && wordHits < limit * 3; i++) {
      if (!this.wordKeys[i]!.startsWith(first!)) break;
      const entry = this.entries[this.wordEntry[i]!]!;
      const name = entry.name.toLowerCase();
      if (rest.length && !rest.every((w) => name.includes(w))) continue;
      take(this.wordEntry[i]!, 2, this.wordPosition[i]!);
      wordHits++;
    }
    return [...hits.entries()]
      .sort(([a, ha], [b, hb]) => {
        const ea = this.entries[a]!;
        const eb = this.entries[b]!;
        return (
          ha.rank - hb.rank ||
          ha.position - hb.position ||
          ea.symbol.length - eb.symbol.length ||
          (ea.symbol < eb.symbol ? -1 : ea.symbol > eb.symbol ? 1 : 0) ||
          (ea.country < eb.country ? -1 : ea.country > eb.country ? 1 : 0)
        );
      })
      .slice(0, limit)
      .map(([i]) => this.entries[i]!);
  }
}

/** Words of a name for prefix search: 'Compagnie Financiere Richemont' -> three words. */
export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[\s,.()/'"-]+/)
    .filter(Boolean);
}

function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
