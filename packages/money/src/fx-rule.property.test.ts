/**
 * The FX house never pays out on conversions: for rates setRate accepts (publishRefusal), any
 * sequence of conversions priced by the one swap rule (quoteFor) and credited by convertAmount
 * never grows a client's money.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  type Currency,
  convertAmount,
  publishRefusal,
  quoteFor,
  type PublishedRate,
} from './index';

/** Every ordered path A→B→…→A through 2, 3 or 4 distinct currencies (round trips and triangles). */
function cycles(): Currency[][] {
  const out: Currency[][] = [];
  const walk = (path: Currency[]) => {
    if (path.length >= 2) out.push([...path, path[0]!]);
    if (path.length === CURRENCIES.length) return;
    for (const c of CURRENCIES) if (!path.includes(c)) walk([...path, c]);
  };
  for (const c of CURRENCIES) walk([c]);
  return out;
}
const CYCLES = cycles();

const decimalText = (coefficient: bigint, scale: number) => {
  const digits = coefficient.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
};

/** A rate `bps` basis points under (negative: over) a mid of `scale` decimals, rounded down. */
const underMid = (midCoefficient: bigint, scale: number, bps: number) =>
  decimalText((midCoefficient * BigInt(10_000 - bps)) / 10_000n, scale);

type Balances = Record<Currency, bigint>;

/** One conversion as the API books it: refused (nothing moves) without a quote, funds or credit. */
function convert(
  published: readonly PublishedRate[],
  balances: Balances,
  from: Currency,
  to: Currency,
  minor: bigint,
) {
  const quote = quoteFor(published, from, to);
  if (!quote || minor <= 0n || minor > balances[from]) return 0n;
  const credited = convertAmount(minor, quote.rate, from, to);
  if (credited === 0n) return 0n; // amountTooSmallToConvert
  balances[from] -= minor;
  balances[to] += credited;
  return credited;
}

describe('FX rule: no conversion sequence makes money', () => {
  // Mid prices in ZAR of the form 2^a·5^b, so that every pair's mid P_A/P_B is an exact decimal and
  // the client's value at mid, Σ balance × P, is exact (ZAR cents).
  const PAIRS = (CURRENCIES.length * (CURRENCIES.length - 1)) / 2;
  const price = fc.record({ a: fc.integer({ min: 0, max: 6 }), b: fc.integer({ min: 0, max: 3 }) });
  const world = fc
    .record({
      prices: fc.array(price, { minLength: CURRENCIES.length - 1, maxLength: CURRENCIES.length - 1 }),
      // per unordered pair: 0 none, 1 A→B, 2 B→A, 3 both; and a spread per direction in basis
      // points (negative: a rate above its mid, which setRate refuses)
      published: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: PAIRS, maxLength: PAIRS }),
      spreads: fc.array(fc.integer({ min: -50, max: 300 }), { minLength: 2 * PAIRS, maxLength: 2 * PAIRS }),
    })
    .map(({ prices, published, spreads }) => {
      // Price of each currency in ZAR as a fraction num/den with den a power of 10 (exact).
      const P = { ZAR: 1n } as Record<Currency, bigint>;
      CURRENCIES.filter((c) => c !== 'ZAR').forEach((c, i) => {
        P[c] = 2n ** BigInt(prices[i]!.a) * 5n ** BigInt(prices[i]!.b);
      });
      const rates: (PublishedRate & { bps: number })[] = [];
      let k = 0;
      for (let i = 0; i < CURRENCIES.length; i += 1) {
        for (let j = i + 1; j < CURRENCIES.length; j += 1) {
          const choice = published[k]!;
          for (const [dir, from, to] of [
            [1, CURRENCIES[i]!, CURRENCIES[j]!],
            [2, CURRENCIES[j]!, CURRENCIES[i]!],
          ] as const) {
            if ((choice & dir) === 0) continue;
            // mid = P[from] / P[to] exactly: P[to] = 2^x·5^y divides 10^12.
            const scale = 12;
            const mid = (P[from] * 10n ** BigInt(scale)) / P[to];
            const bps = spreads[2 * k + dir - 1]!;
            rates.push({
              bps,
              from,
              to,
              mid: decimalText(mid, scale),
              rate: underMid(mid, scale, bps),
            });
          }
          k += 1;
        }
      }
      return { P, rates };
    });

  const operations = fc.array(
    fc.record({
      path: fc.constantFrom(...CYCLES, ...CURRENCIES.flatMap((a) => CURRENCIES.map((b) => [a, b]))),
      /** Share of the start currency's balance (per mille), or a tiny amount in minor units. */
      permille: fc.integer({ min: 1, max: 1000 }),
      tiny: fc.option(fc.bigInt({ min: 1n, max: 200n })),
    }),
    { maxLength: 30 },
  );

  const startBalances = fc.tuple(...CURRENCIES.map(() => fc.bigInt({ min: 0n, max: 10n ** 12n })));

  it('with mids that agree, no sequence of conversions, round trips or triangles raises the value at mid', () => {
    fc.assert(
      fc.property(world, startBalances, operations, ({ P, rates }, start, ops) => {
        // Published one after another, setRate accepts exactly the rates not above their mid.
        const published: PublishedRate[] = [];
        for (const { bps, ...r } of rates) {
          const refusal = publishRefusal(published, r);
          expect(refusal === undefined).toBe(bps >= 0);
          if (refusal === undefined) published.push(r);
        }
        const balances = Object.fromEntries(CURRENCIES.map((c, i) => [c, start[i]!])) as Balances;
        const value = () => CURRENCIES.reduce((sum, c) => sum + balances[c] * P[c], 0n);
        for (const op of ops) {
          const first = op.path[0]!;
          let minor = op.tiny ?? (balances[first] * BigInt(op.permille)) / 1000n;
          const startMinor = minor;
          for (let leg = 0; leg + 1 < op.path.length; leg += 1) {
            const before = value();
            minor = convert(published, balances, op.path[leg]!, op.path[leg + 1]!, minor);
            expect(value() <= before).toBe(true);
            if (minor === 0n) break;
          }
          // A completed round trip or triangle returns at most what it started with.
          if (minor > 0n && op.path.length > 2 && op.path.at(-1) === first) {
            expect(minor <= startMinor).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  // Any publications, kept only where setRate's check accepts them (mids may disagree between
  // pairs): every cycle returns at most what it started with.
  const publication = fc.record({
    from: fc.constantFrom(...CURRENCIES),
    to: fc.constantFrom(...CURRENCIES),
    mid: fc.bigInt({ min: 1n, max: 3_000_000n }), // 0.0001 … 300, 4 decimals
    bps: fc.integer({ min: -50, max: 400 }), // negative: a rate above its mid (refused)
  });

  it('for any rates setRate accepts, no round trip or triangle returns more than it started with', () => {
    fc.assert(
      fc.property(
        fc.array(publication, { maxLength: 20 }),
        fc.array(
          fc.tuple(
            fc.constantFrom(...CYCLES),
            fc.oneof(fc.bigInt({ min: 1n, max: 1000n }), fc.bigInt({ min: 1n, max: 10n ** 14n })),
          ),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        (candidates, trips) => {
          const published: PublishedRate[] = [];
          for (const c of candidates) {
            if (c.from === c.to) continue;
            const candidate = {
              from: c.from,
              to: c.to,
              mid: decimalText(c.mid, 4),
              rate: underMid(c.mid * 10_000n, 8, c.bps),
            };
            if (publishRefusal(published, candidate) !== undefined) continue;
            const at = published.findIndex((p) => p.from === c.from && p.to === c.to);
            if (at >= 0) published.splice(at, 1);
            published.push(candidate);
          }
          for (const [path, amount] of trips) {
            const balances = Object.fromEntries(CURRENCIES.map((c) => [c, 0n])) as Balances;
            balances[path[0]!] = amount;
            let minor = amount;
            for (let leg = 0; leg + 1 < path.length && minor > 0n; leg += 1) {
              minor = convert(published, balances, path[leg]!, path[leg + 1]!, minor);
            }
            expect(balances[path[0]!] <= amount).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
