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
