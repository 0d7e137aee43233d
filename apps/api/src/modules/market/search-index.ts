import type { SearchResult } from '@imali/contract';

/**
 * In-memory instrument search. The database is the source of truth; each process keeps this
 * derived index and rebuilds it when the instruments version in the database changes.
 *
 * Ranking (exact): exact symbol, then symbol prefix (shorter symbols first, then alphabetical,
 * then country), then names with a word starting with the first query word (earlier words
 * first, then the same symbol order); every further query word must start a word of the name.
 *
 * A prefix is a contiguous range of a sorted key array, and the best few entries of a range are
 * found by one scan when the range is small, or read from a list computed at build time when it
 * is large. So a query costs a few binary searches plus a scan of at most SCAN_LIMIT keys,
 * whatever the size of the universe (docs/decisions/0020-market-data.md has the measurements).
 */

/** Ranges up to this many keys are scanned; larger ones have their best entries precomputed. */
const SCAN_LIMIT = 512;
/** Entries kept per precomputed range: room for a result page after excluding symbol hits. */
const PRECOMPUTED = 64;

/** Sorted keys, each pointing at an entry with a score (lower ranks first). */
class PrefixIndex {
  private readonly keys: string[];
  private readonly entryOf: Int32Array;
  private readonly scoreOf: Float64Array;
  private readonly best = new Map<string, Int32Array>();

  constructor(items: Array<{ key: string; entry: number; score: number }>) {
    items.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.score - b.score));
    this.keys = items.map((i) => i.key);
    this.entryOf = Int32Array.from(items, (i) => i.entry);
    this.scoreOf = Float64Array.from(items, (i) => i.score);
    this.precompute(0, this.keys.length, 0);
  }

  /** The keys starting with `prefix`: [lo, hi). */
  range(prefix: string): [number, number] {
    return [lowerBound(this.keys, prefix), lowerBound(this.keys, `${prefix}\uffff`)];
  }

  /**
   * Up to `count` distinct entries with a key starting with `prefix`, best score first, skipping
   * `excluded` ones.
   */
  top(prefix: string, count: number, excluded?: ReadonlySet<number>): number[] {
    const [lo, hi] = this.range(prefix);
    const precomputed = hi - lo > SCAN_LIMIT ? this.best.get(prefix) : undefined;
    if (precomputed) {
      const out: number[] = [];
      for (const entry of precomputed) {
        if (excluded?.has(entry)) continue;
        out.push(entry);
        if (out.length === count) return out;
      }
      // The list held every distinct entry of the range, or we need more than it keeps.
      if (precomputed.length < PRECOMPUTED) return out;
    }
    return this.scan(lo, hi, count, excluded);
  }

  /** Calls `visit` with the entry and score of every key starting with `prefix`. */
  forEach(prefix: string, visit: (entry: number, score: number) => void) {
    const [lo, hi] = this.range(prefix);
    for (let i = lo; i < hi; i++) visit(this.entryOf[i]!, this.scoreOf[i]!);
  }

  private scan(lo: number, hi: number, count: number, excluded?: ReadonlySet<number>): number[] {
    const best = new TopEntries(count);
    for (let i = lo; i < hi; i++) {
      const entry = this.entryOf[i]!;
      if (!excluded?.has(entry)) best.offer(entry, this.scoreOf[i]!);
    }
    return best.entries();
  }

  /** Every range of more than SCAN_LIMIT keys sharing a prefix gets its best entries stored. */
  private precompute(lo: number, hi: number, depth: number) {
    if (hi - lo <= SCAN_LIMIT) return;
    if (depth > 0) {
      this.best.set(this.keys[lo]!.slice(0, depth), Int32Array.from(this.scan(lo, hi, PRECOMPUTED)));
    }
    let i = lo;
    while (i < hi && this.keys[i]!.length <= depth) i++;
    while (i < hi) {
      const unit = this.keys[i]!.charCodeAt(depth);
      let j = i + 1;
      while (j < hi && this.keys[j]!.charCodeAt(depth) === unit) j++;
      this.precompute(i, j, depth + 1);
      i = j;
    }
  }
}

/** The `capacity` best distinct entries offered so far, kept sorted by score. */
class TopEntries {
  private readonly entryList: number[] = [];
  private readonly scores: number[] = [];

  constructor(private readonly capacity: number) {}

  offer(entry: number, score: number) {
    const size = this.scores.length;
    if (size === this.capacity && score >= this.scores[size - 1]!) return;
    const existing = this.entryList.indexOf(entry);
    if (existing >= 0) {
      if (this.scores[existing]! <= score) return;
      this.entryList.splice(existing, 1);
      this.scores.splice(existing, 1);
    }
    let at = this.scores.length;
    while (at > 0 && this.scores[at - 1]! > score) at--;
    this.entryList.splice(at, 0, entry);
    this.scores.splice(at, 0, score);
    if (this.scores.length > this.capacity) {
      this.entryList.pop();
      this.scores.pop();
    }
  }

  entries(): number[] {
    return this.entryList;
  }
}

export class InstrumentSearchIndex {
  private readonly entries: SearchResult[];
  private readonly wordsOf: string[][];
  private readonly symbols: PrefixIndex;
  private readonly words: PrefixIndex;
  /** Rank of each entry by (symbol length, symbol, country): the tie-break of every tier. */
  private readonly symbolOrder: Int32Array;

  constructor(entries: SearchResult[]) {
    this.entries = entries;
    const order = entries.map((_, i) => i);
    order.sort((a, b) => {
      const ea = entries[a]!;
      const eb = entries[b]!;
      return (
        ea.symbol.length - eb.symbol.length ||
        compare(ea.symbol, eb.symbol) ||
        compare(ea.country, eb.country) ||
        a - b
      );
    });
    this.symbolOrder = new Int32Array(entries.length);
    order.forEach((entry, rank) => (this.symbolOrder[entry] = rank));
    this.wordsOf = entries.map((e) => nameWords(e.name));
    this.symbols = new PrefixIndex(
      entries.map((e, i) => ({ key: e.symbol.toLowerCase(), entry: i, score: this.symbolOrder[i]! })),
    );
    const n = entries.length;
    this.words = new PrefixIndex(
      this.wordsOf.flatMap((words, i) =>
        words.map((key, position) => ({ key, entry: i, score: position * n + this.symbolOrder[i]! })),
      ),
    );
  }

  get size() {
    return this.entries.length;
  }

  search(rawQuery: string, limit: number): SearchResult[] {
    const query = normalizeQuery(rawQuery);
    if (!query) return [];
    const queryWords = query.split(' ');
    const picked =
      queryWords.length === 1 ? this.searchOneWord(query, limit) : this.searchWords(queryWords, limit);
    return picked.map((i) => this.entries[i]!);
  }

  private searchOneWord(word: string, limit: number): number[] {
    const bySymbol = this.symbols.top(word, limit);
    if (bySymbol.length === limit) return bySymbol;
    return bySymbol.concat(this.words.top(word, limit - bySymbol.length, new Set(bySymbol)));
  }

  /** Multi-word: scan the rarest word's range, keep names that have every word, rank by the first. */
  private searchWords(queryWords: string[], limit: number): number[] {
    const [first] = queryWords as [string, ...string[]];
    let driver = first;
    let driverSize = Infinity;
    for (const word of queryWords) {
      const [lo, hi] = this.words.range(word);
      if (hi - lo < driverSize) [driver, driverSize] = [word, hi - lo];
    }
    const n = this.entries.length;
    const best = new TopEntries(limit);
    this.words.forEach(driver, (entry) => {
      const words = this.wordsOf[entry]!;
      if (!queryWords.every((q) => words.some((w) => w.startsWith(q)))) return;
      const position = words.findIndex((w) => w.startsWith(first));
      best.offer(entry, position * n + this.symbolOrder[entry]!);
    });
    return best.entries();
  }
}

/** What a query means: trimmed, lower case, single spaces. Also the response cache's key. */
export function normalizeQuery(rawQuery: string): string {
  return rawQuery.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Words of a name for prefix search: 'Compagnie Financiere Richemont' -> three words. */
export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[\s,.()/'"-]+/)
    .filter(Boolean);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
