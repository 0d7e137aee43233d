/**
 * Portfolio returns, exactly: integer minor units in, ratios as decimal text out (no floating
 * point). Conventions (decision 0036):
 *
 * - Days are whole numbers (days since 1970-01-01, South African calendar). A flow (deposit +,
 *   withdrawal −) of day t counts from the start of day t; a value V_t is the account at the end of
 *   day t.
 * - **Time-weighted** (TWR): daily return r_t = (V_t − V_{t−1} − F_t) / (V_{t−1} + F_t), chained:
 *   index_t = index_{t−1} × (1 + r_t), index 1 before the first day; a period's TWR is
 *   index_end / index_start − 1. A day with nothing invested (V_{t−1} + F_t ≤ 0) leaves the index.
 * - **Money-weighted** (MWR), Modified Dietz over (a, b]: (V_b − V_a − F) / (V_a + Σ w_t F_t) with
 *   w_t = (b − t + 1) / (b − a), the share of the period the flow was invested. Running sums
 *   C_F = Σ F_t and C_TF = Σ t·F_t kept per day make it O(1): Σ w_t F_t = ((b + 1)·F − ΣtF) / (b − a).
 */
import { divideRounded, formatDecimal, pow10, ratioText } from './decimal';

/** Decimals of a chained index (stored numeric(30, 12)). */
export const INDEX_DECIMALS = 12;

const INDEX_ONE = pow10(INDEX_DECIMALS);

/** An index as text ('1.000000000000') ↔ its scaled integer. */
export function parseIndex(text: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,12}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an index: ${text}`);
  return BigInt(match[1]!) * INDEX_ONE + BigInt((match[2] ?? '').padEnd(INDEX_DECIMALS, '0') || '0');
}
export const formatIndex = (scaled: bigint) => formatDecimal({ coefficient: scaled, scale: INDEX_DECIMALS });
export const INDEX_START = formatIndex(INDEX_ONE);

/** The next day's time-weighted index (see the file comment), rounded half-up to 12 decimals. */
export function nextTwrIndex(
  previousIndex: string,
  {
    previousValueMinor,
    valueMinor,
    flowMinor,
  }: { previousValueMinor: bigint; valueMinor: bigint; flowMinor: bigint },
): string {
  const base = previousValueMinor + flowMinor;
  const index = parseIndex(previousIndex);
  if (base <= 0n) return formatIndex(index);
  // index × (1 + r) = index × (V_t − F_t − V_{t−1} + V_{t−1} + F_t) / (V_{t−1} + F_t) = index × V_t / base
  const next = divideRounded(index * (valueMinor < 0n ? 0n : valueMinor), base, 'HALF_UP');
  return formatIndex(next);
}

/**
 * index_end / index_start − 1 as an exact ratio (truncated toward zero, never rounded, when it has
 * no finite decimal form; decision 0041); null when the start is 0.
 */
export function periodTwr(startIndex: string, endIndex: string): string | null {
  const start = parseIndex(startIndex);
  if (start === 0n) return null;
  return ratioText(parseIndex(endIndex) - start, start);
}

export interface DietzPoint {
  /** Day number of the point (end of that day). */
  day: number;
  valueMinor: bigint;
  /** Σ flows of every day up to and including `day`. */
  cumFlowMinor: bigint;
  /** Σ day × flow of every day up to and including `day`. */
  cumDayFlow: bigint;
}

/**
 * Modified Dietz return over (start.day, end.day] as an exact ratio (truncated, never rounded, when
 * it has no finite decimal form); null when nothing was invested over the period (V_a + Σ w F ≤ 0)
 * or the period is empty.
 */
export function modifiedDietz(start: DietzPoint, end: DietzPoint): string | null {
  const length = BigInt(end.day - start.day);
  if (length <= 0n) return null;
  const flow = end.cumFlowMinor - start.cumFlowMinor;
  const dayFlow = end.cumDayFlow - start.cumDayFlow;
  // Denominator × length, to stay in integers: V_a·L + (b + 1)·F − ΣtF.
  const weighted = start.valueMinor * length + (BigInt(end.day) + 1n) * flow - dayFlow;
  if (weighted <= 0n) return null;
  const gain = end.valueMinor - start.valueMinor - flow;
  return ratioText(gain * length, weighted);
}

// ---------- Money-weighted return: the IRR of the period's flows (decision 0054) ----------

/** A flow into the account (deposit +, withdrawal −) counted from the start of `day`. */
export interface DayFlow {
  day: number;
  amountMinor: bigint;
}

export interface MoneyWeightedReturn {
  /**
   * The IRR as a ratio, 8 decimals: over the period itself when it is a year or less (up to 366
   * days, so a 1Y period is never annualised, leap year or not), per year (annualised,
   * actual/365) when it is longer; null when nothing was invested or no rate
   * balances the flows.
   */
  rate: string | null;
  basis: 'period' | 'annualised';
}

/** Days in the year of the XIRR convention (actual/365). */
export const IRR_YEAR_DAYS = 365;
/** The longest period shown as its own return rather than a year's: a calendar year, leap or not. */
export const IRR_PERIOD_MAX_DAYS = 366;
/** The solve stops when the bracket of ln(growth) is this narrow: the rate to ~1e-12 relative. */
const LN_GROWTH_TOLERANCE = 1e-13;

/**
 * The money-weighted return over (start.day, end.day]: the rate that makes the start value and the
 * period's flows, compounded to the end, equal the end value (the internal rate of return, XIRR
 * convention: time in actual days ÷ 365). With the period's growth g = (1 + R):
 *
 *   V_a · g + Σ F_t · g^((b − t + 1) / (b − a)) = V_b
 *
 * (a flow of day t is invested from the start of day t, as in the TWR and Modified Dietz). Up to a
 * year the figure is R = g − 1, the return over the period; above a year it is the effective
 * annual rate g^(365 / (b − a)) − 1. Inputs are exact minor units; the solve is float (bisection on
 * ln g, tolerance 1e-13), the result rounded to 8 decimals. Where several rates balance the flows
 * (withdrawals larger than what was paid in), the one nearest the Modified Dietz estimate is taken.
 */
export function moneyWeightedReturn(
  start: { day: number; valueMinor: bigint },
  flows: readonly DayFlow[],
  end: { day: number; valueMinor: bigint },
): MoneyWeightedReturn {
  const length = end.day - start.day;
  const basis = length > IRR_PERIOD_MAX_DAYS ? 'annualised' : 'period';
  if (length <= 0) return { rate: null, basis };
  const inside = flows.filter((f) => f.day > start.day && f.day <= end.day && f.amountMinor !== 0n);
  // Amounts as floats only inside the solve; the weights are exact fractions of whole days.
  const terms = [
    { amount: Number(start.valueMinor), weight: 1 },
    ...inside.map((f) => ({ amount: Number(f.amountMinor), weight: (end.day - f.day + 1) / length })),
  ].filter((t) => t.amount !== 0);
  const endValue = Number(end.valueMinor);
  if (!terms.some((t) => t.amount > 0)) return { rate: null, basis };
  // f(x) = Σ amount · e^(weight · x) − V_b, x = ln g.
  const f = (x: number) => terms.reduce((s, t) => s + t.amount * Math.exp(t.weight * x), 0) - endValue;

  const periodRate = (x: number) =>
    basis === 'period' ? Math.expm1(x) : Math.expm1((x * IRR_YEAR_DAYS) / length);
  const text = (r: number) => {
    const t = r.toFixed(8);
    return /^-0\.0+$/.test(t) ? t.slice(1) : t;
  };
  // Everything lost (V_b = 0, nothing taken out): g → 0, a return of −100 %.
  if (endValue === 0 && terms.every((t) => t.amount >= 0)) return { rate: text(-1), basis };

  // Start from Modified Dietz's estimate and look outward for a change of sign of f.
  const invested = terms.reduce((s, t) => s + t.amount * t.weight, 0);
  const flowSum = terms.reduce((s, t) => s + t.amount, 0) - Number(start.valueMinor);
  const dietz = invested > 0 ? (endValue - Number(start.valueMinor) - flowSum) / invested : 0;
  const guess = dietz > -0.99 ? Math.log1p(dietz) : Math.log(0.01);
  // Fine steps near the estimate (±10 in ln g), then doubling ones (a deposit made on the last
  // days and mostly lost has its root far out: ln g ≈ −45 for 47 → 9 over 2 days of 54).
  const offsets: number[] = [];
  for (let k = 1; k <= 200; k += 1) offsets.push(k * 0.05);
  for (let far = 20; far <= 20_480; far *= 2) offsets.push(far);
  const signAt = (x: number) => {
    const v = f(x);
    return Number.isNaN(v) ? NaN : Math.sign(v);
  };
  let bracket: [number, number] | null = f(guess) === 0 ? [guess, guess] : null;
  let previous = 0;
  for (const offset of offsets) {
    if (bracket) break;
    for (const [lo, hi] of [
      [guess + previous, guess + offset],
      [guess - offset, guess - previous],
    ] as const) {
      const a = signAt(lo);
      const b = signAt(hi);
      if (!Number.isNaN(a) && !Number.isNaN(b) && a !== b) {
        bracket = [lo, hi];
        break;
      }
    }
    previous = offset;
  }
  if (!bracket) return { rate: null, basis };
  let [lo, hi] = bracket;
  const loSign = signAt(lo);
  while (hi - lo > LN_GROWTH_TOLERANCE) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (signAt(mid) === loSign) lo = mid;
    else hi = mid;
  }
  return { rate: text(periodRate((lo + hi) / 2)), basis };
}
