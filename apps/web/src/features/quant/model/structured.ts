/**
 * Pure display rules of a structured product: the risk score's meaning, the amount form's checks
 * against the product's limits, the entry cost shown before subscribing, and scenario texts.
 */
import { QuantMessages, isPlainDecimal, type KidScenario } from '@imali/contract';
import { formatRatio, tryParseDecimal } from '@imali/money';

export const RISK_WORDS = [
  'Very low',
  'Low',
  'Medium-low',
  'Medium',
  'Medium-high',
  'High',
  'Very high',
] as const;

/** 'Low risk (2 of 7)'. */
export function riskLabel(score: number): string {
  return `${RISK_WORDS[Math.min(7, Math.max(1, score)) - 1]} risk (${score} of 7)`;
}

/** Cents of a plain amount text ('1000.5' → 100050n), or undefined. */
export function toCents(text: string): bigint | undefined {
  const t = text.trim();
  if (!isPlainDecimal(t, 2, 12)) return undefined;
  const [int, frac = ''] = t.split('.');
  return BigInt(int!) * 100n + BigInt(frac.padEnd(2, '0'));
}

export const centsText = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;

/** The amount's error against the limits (the server says the same), or undefined when valid. */
export function amountError(
  text: string,
  limits: { min: string; max: string; currency: string },
): string | undefined {
  if (text.trim() === '') return QuantMessages.amountRequired;
  const cents = toCents(text);
  if (cents === undefined) {
    return isPlainDecimal(text.trim(), Infinity, 12)
      ? 'Amounts allow at most 2 decimal places'
      : 'Enter a valid amount';
  }
  if (cents === 0n) return 'Amount must be greater than 0';
  if (cents < toCents(limits.min)!) return QuantMessages.belowMinimum(limits.min, limits.currency);
  if (cents > toCents(limits.max)!) return QuantMessages.aboveMaximum(limits.max, limits.currency);
  return undefined;
}

/** amount × pct / 100 rounded half-up to the cent (the server's entry cost rule). */
export function entryCost(text: string, pct: string): bigint | undefined {
  const cents = toCents(text);
  const p = tryParseDecimal(pct);
  if (cents === undefined || !p) return undefined;
  const den = 100n * 10n ** BigInt(p.scale);
  return (cents * p.coefficient * 2n + den) / (2n * den);
}

/** '+12.62%' / '-10.00%': a scenario's return as shown. */
export const returnText = (s: Pick<KidScenario, 'return'>) => formatRatio(s.return);

/** '1 day', '730 days'. */
export const daysText = (days: number) => `${days.toLocaleString('en-US')} ${days === 1 ? 'day' : 'days'}`;

/** 1 → '1st', 2 → '2nd', 3 → '3rd', 11 → '11th', 50 → '50th' (English ordinals). */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}
