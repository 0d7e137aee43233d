/**
 * Pure display rules of a structured product: the risk score's meaning, the amount form's checks
 * against the product's limits, the entry cost shown before subscribing, and scenario texts.
 */
import { QuantMessages, isPlainDecimal, type Kid, type KidScenario } from '@imali/contract';
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

/**
 * The two classes the score combines (PRIIPs Annex II Part 3; decision 0054): 'Market risk class 2
 * of 7 · credit risk class 3 of 6 (Imali's credit quality step 3)'. A sheet from before kid-v3 had
 * no credit step: it says so.
 */
export function riskClassesText(
  kid: Pick<Kid, 'market_risk_class' | 'credit_risk_class' | 'credit_quality_step'>,
): string {
  const market = `Market risk class ${kid.market_risk_class} of 7`;
  return kid.credit_risk_class === null
    ? `${market} · credit risk not assessed on this sheet`
    : `${market} · credit risk class ${kid.credit_risk_class} of 6 (Imali's credit quality step ${kid.credit_quality_step})`;
}

/** The costs table's impact column: the reduction in yield a year, or over the time held under a year. */
export const COST_IMPACT_LABELS = {
  yearly: 'Annual cost impact',
  held: 'Cost impact over the time held',
} as const;

/**
 * Under the costs table (PRIIPs Annex VII's footnote): held to maturity, the moderate scenario's
 * return before and after costs; undefined for a sheet without them (before kid-v3).
 */
export function costsFootnote(kid: Pick<Kid, 'costs_over_time'>): string | undefined {
  const end = kid.costs_over_time.at(-1);
  if (!end || end.return_before_costs === null || end.return_after_costs === null) return undefined;
  const each = end.annual_cost_impact !== null ? ' a year' : '';
  return (
    `The cost impact is how much the costs reduce your return. Held to maturity, your return is projected at ` +
    `${formatRatio(end.return_before_costs)}${each} before costs and ${formatRatio(end.return_after_costs)}${each} ` +
    `after costs (moderate scenario).`
  );
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
