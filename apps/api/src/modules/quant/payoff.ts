/**
 * The payoff of a structured product, exact (pure; no floats touch money):
 *
 *   multiple = max(protection, min(cap, 1 + participation × r)),  r = (L_end − L_start) / L_start
 *   payoff   = floor(amount × multiple)  (minor units; the issuer never pays a fraction of a cent
 *              more than the formula)
 *
 * Every quantity is an exact rational of bigints: percentages and levels are decimal text, so the
 * payoff a KID scenario shows and the payoff credited at maturity (the underlying at that
 * scenario's return) are the same number by construction.
 */
import { normalizeDecimal, parseDecimal } from '@imali/money';

/** num / den with den > 0. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

export interface PayoffTerms {
  /** Capital protection, % of the amount paid at least at maturity ('90'). */
  protectionPct: string;
  /** Participation in the underlying's return, % ('100'). */
  participationPct: string;
  /** The most paid at maturity, % of the amount ('130'); null: no cap. */
  capPct: string | null;
}

const ratio = (num: bigint, den: bigint): Ratio => (den < 0n ? { num: -num, den: -den } : { num, den });

/** Exact decimal text as a ratio: '-0.2512' → -2512/10000. */
export function ratioOf(text: string): Ratio {
  const d = normalizeDecimal(parseDecimal(text));
  return { num: d.coefficient, den: 10n ** BigInt(d.scale) };
}

/** A percentage as a ratio of 1: '90' → 9/10. */
export const pctRatio = (pct: string): Ratio => {
  const r = ratioOf(pct);
  return { num: r.num, den: r.den * 100n };
};

export const compareRatio = (a: Ratio, b: Ratio) => {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
};

const add = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.den + b.num * a.den, a.den * b.den);
const mul = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.num, a.den * b.den);
const ONE: Ratio = { num: 1n, den: 1n };

/** The underlying's return between two levels (exact decimal text, start > 0). */
export function underlyingReturn(startLevel: string, endLevel: string): Ratio {
  const s = ratioOf(startLevel);
  const e = ratioOf(endLevel);
  if (s.num <= 0n) throw new Error(`start level ${startLevel} is not > 0`);
  // (e − s) / s = (e.num·s.den − s.num·e.den) / (e.den·s.num)
  return ratio(e.num * s.den - s.num * e.den, e.den * s.num);
}

/** max(protection, min(cap, 1 + participation × r)). */
export function payoffMultiple(terms: PayoffTerms, r: Ratio): Ratio {
  let m = add(ONE, mul(pctRatio(terms.participationPct), r));
  if (terms.capPct !== null) {
    const cap = pctRatio(terms.capPct);
    if (compareRatio(m, cap) > 0) m = cap;
  }
  const floor = pctRatio(terms.protectionPct);
  return compareRatio(m, floor) < 0 ? floor : m;
}

const floorDiv = (a: bigint, b: bigint) => {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
};

/** floor(amount × multiple), minor units. */
export function payoffMinor(amountMinor: bigint, terms: PayoffTerms, r: Ratio): bigint {
  const m = payoffMultiple(terms, r);
  return floorDiv(amountMinor * m.num, m.den);
}

/** amount × pct / 100, rounded half-up to the minor unit (entry and exit costs). */
export function pctOfMinor(amountMinor: bigint, pct: string): bigint {
  const p = pctRatio(pct);
  const n = amountMinor * p.num * 2n + p.den;
  return floorDiv(n, 2n * p.den);
}

/** A ratio as decimal text rounded half-up to `scale` places ('0.1234'). */
export function ratioText(r: Ratio, scale = 4): string {
  const f = 10n ** BigInt(scale);
  const neg = r.num < 0n;
  const abs = neg ? -r.num : r.num;
  const q = (abs * f * 2n + r.den) / (2n * r.den);
  const int = q / f;
  const frac = (q % f).toString().padStart(scale, '0');
  const text = scale === 0 ? `${int}` : `${int}.${frac}`;
  return neg && q !== 0n ? `-${text}` : text;
}
