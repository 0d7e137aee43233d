/**
 * How market figures are shown (spec section 4 display rules, applied to quotes). Prices arrive in
 * the instrument's quote unit: JSE shares in cents ('ZAc', divided by 100 for rand, as the spec's
 * client does), US and Indian shares in dollars and rupees, indices in points. Every figure is
 * turned into an exact decimal first, so truncation never suffers from binary floating point.
 */
import type { QuoteUnit } from '@imali/contract';
import {
  QUOTE_UNIT_RULES,
  abbreviateAmount,
  formatDecimal,
  formatRatio,
  signedTone,
  truncateDecimals,
  tryParseDecimal,
  type Decimal,
  type SignedTone,
} from '@imali/money';
import { signedColorClass } from '@/lib/tone-classes';

type Numeric = number | string | null | undefined;

/** Display currency of a quote unit; indices have none (@imali/money's one rule per quote unit). */
export const UNIT_CURRENCY: Record<QuoteUnit, string | null> = {
  ZAc: QUOTE_UNIT_RULES.ZAc.currency!,
  USD: QUOTE_UNIT_RULES.USD.currency!,
  INR: QUOTE_UNIT_RULES.INR.currency!,
  points: null,
};

/** A price in its quote unit → exact decimal in the display unit (ZAc cents → rand; points as they are). */
export function toDisplayDecimal(value: Numeric, unit: QuoteUnit): Decimal | undefined {
  const d = tryParseDecimal(value);
  if (!d) return undefined;
  return { coefficient: d.coefficient, scale: d.scale + QUOTE_UNIT_RULES[unit].minorShift };
}

/** The same as a JavaScript number, for charts only (never for shown text). */
export function toDisplayNumber(value: number, unit: QuoteUnit): number {
  return unit === 'ZAc' ? value / 100 : value;
}

const grouped = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Two decimals, truncated, grouped with commas: '6522.569' → '6,522.56'. Invalid → '-'. */
export function formatGrouped2(value: Decimal | undefined): string {
  const text = value ? truncateDecimals(value, 2) : undefined;
  if (text === undefined) return '-';
  // Intl formats a decimal string exactly (no float conversion).
  return grouped.format(text as unknown as number);
}

/** A price for display: '6,522.56' (the unit label is shown apart, see `unitLabel`). */
export function formatPrice(value: Numeric, unit: QuoteUnit): string {
  return formatGrouped2(toDisplayDecimal(value, unit));
}

/** A price with its currency: 'ZAR 6,522.56', '$189.43'; indices as plain points. */
export function formatPriceWithCurrency(value: Numeric, unit: QuoteUnit): string {
  const price = formatPrice(value, unit);
  if (price === '-') return price;
  const currency = UNIT_CURRENCY[unit];
  if (currency === 'USD') return price.startsWith('-') ? `-$${price.slice(1)}` : `$${price}`;
  return currency ? `${currency} ${price}` : price;
}

/** What the price is counted in, for labels: 'ZAR', 'USD', 'INR', 'pts'. */
export function unitLabel(unit: QuoteUnit): string {
  return UNIT_CURRENCY[unit] ?? 'pts';
}

const plus = (text: string, d: Decimal | undefined) =>
  d && d.coefficient > 0n && truncateDecimals(d, 2) !== '0.00' ? `+${text}` : text;

/** A signed change in the display unit: '+28.19', '-657.79', '0.00'. */
export function formatChange(value: Numeric, unit: QuoteUnit): string {
  const d = toDisplayDecimal(value, unit);
  return plus(formatGrouped2(d), d);
}

/**
 * A change in percent as the API sends it (0.43 means 0.43%) shown by the ratio rule: two
 * decimals, truncated, with a sign: '+0.43%', '-0.91%', '0.00%'; '-' when missing.
 */
export function formatChangePercent(percent: Numeric): string {
  const d = tryParseDecimal(percent);
  if (percent === null || percent === undefined || percent === '') return '-';
  if (!d) return '--%';
  const ratio: Decimal = { coefficient: d.coefficient, scale: d.scale + 2 };
  return plus(formatRatio(formatDecimal(ratio)), d);
}

/** Tone of a change for colour: positive green, negative red, zero or missing grey. */
export function changeTone(value: Numeric): SignedTone {
  return signedTone(value);
}

/** Text colour of a change: the money package's signed-value rule (green, red, grey). */
export function changeColorClass(value: Numeric): string {
  return signedColorClass(value);
}

/** A tinted chip for the same rule (index cards, movers). */
export const TONE_BADGE_CLASS: Record<SignedTone, string> = {
  positive: 'bg-green-50 text-green-700',
  negative: 'bg-red-50 text-red-700',
  neutral: 'bg-gray-100 text-gray-600',
};

/** Volumes and market caps abbreviated with the spec's rule: 979379 → '979.379k'. */
export function formatLarge(value: Numeric): string {
  if (value === null || value === undefined) return '-';
  return abbreviateAmount(value);
}

/** A market cap in the currency's major unit: 'ZAR 1.043T'. */
export function formatMarketCap(value: Numeric, unit: QuoteUnit): string {
  if (value === null || value === undefined) return '-';
  const currency = UNIT_CURRENCY[unit];
  const amount = abbreviateAmount(value);
  return currency ? `${currency} ${amount}` : amount;
}

/** Where on a low–high range a value sits, 0..1 (for range bars); 0.5 when the range is empty. */
export function rangePosition(low: number, high: number, value: number): number {
  if (!(high > low)) return 0.5;
  return Math.min(1, Math.max(0, (value - low) / (high - low)));
}
