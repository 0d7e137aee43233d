/**
 * The display rules of spec section 4. Inputs may be decimal strings, bigints or numbers from an
 * API payload; they are converted to exact decimals first, so truncation never suffers from
 * binary floating point (2.675 shows as 2.67, not 2.68 or 2.67499…).
 */
import {
  type Decimal,
  compareDecimal,
  formatDecimal,
  multiplyDecimal,
  pow10,
  rescale,
  tryParseDecimal,
} from './decimal';

type Numeric = string | number | bigint | null | undefined;

export type SignedTone = 'positive' | 'negative' | 'neutral';

/** Positive green, negative red, zero or missing (or not a number) grey. */
export function signedTone(value: Numeric): SignedTone {
  const d = tryParseDecimal(value);
  if (!d || d.coefficient === 0n) return 'neutral';
  return d.coefficient > 0n ? 'positive' : 'negative';
}

/** Truncates (toward zero) to `decimals`, never rounds: '2.679' → '2.67', '-2.679' → '-2.67'. */
export function truncateDecimals(value: Numeric | Decimal, decimals = 2): string | undefined {
  const d = typeof value === 'object' && value !== null ? value : tryParseDecimal(value);
  if (!d) return undefined;
  const truncated = rescale(d, decimals, 'DOWN');
  // '-0.00' reads as a loss; a truncated tiny negative is shown as zero.
  return formatDecimal(truncated.coefficient === 0n ? { coefficient: 0n, scale: decimals } : truncated);
}

/** The spec's number rule: two decimals, truncated. Missing or invalid → '-'. */
export function formatNumber2(value: Numeric): string {
  return truncateDecimals(value, 2) ?? '-';
}

/**
 * A ratio (0.1234) as a percentage with two decimals, truncated: '12.34%'.
 * Missing (null, undefined, '') → '-'; present but not a finite number → '--%'.
 */
export function formatRatio(value: Numeric): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return '-';
  const d = tryParseDecimal(value);
  if (!d) return '--%';
  return `${truncateDecimals(multiplyDecimal(d, { coefficient: 100n, scale: 0 }), 2)}%`;
}

/** Country → display currency (spec: ZA uses ZAR, US uses USD; the default country is ZA). */
export const COUNTRY_CURRENCY: Record<string, string> = { ZA: 'ZAR', US: 'USD', IN: 'INR' };
export const DEFAULT_COUNTRY = 'ZA';
export const DISPLAY_LOCALE = 'en-US';

export function currencyForCountry(country: string | undefined): string {
  return COUNTRY_CURRENCY[(country ?? DEFAULT_COUNTRY).toUpperCase()] ?? COUNTRY_CURRENCY[DEFAULT_COUNTRY]!;
}

const formatters = new Map<string, Intl.NumberFormat>();
function currencyFormatter(currency: string, decimals: number): Intl.NumberFormat {
  const key = `${currency}:${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(DISPLAY_LOCALE, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * An amount as currency with 2 decimals (truncated first), in en-US: ZAR → 'ZAR 1,234.56',
 * USD → '$1,234.56'. Intl formats the decimal string exactly (no float conversion). `decimals`
 * other than 2 only for a money figure per unit (a fund's NAV or cost per unit: 4).
 */
export function formatCurrency(value: Numeric, currency: string, decimals = 2): string {
  const text = truncateDecimals(value, decimals);
  if (text === undefined) return '-';
  return currencyFormatter(currency, decimals).format(text as unknown as number);
}

/** formatCurrency with the currency of a country profile (ZA → ZAR, US → USD). */
export function formatCountryCurrency(value: Numeric, country: string | undefined): string {
  return formatCurrency(value, currencyForCountry(country));
}

const ABBREVIATIONS: Array<{ suffix: string; power: number }> = [
  { suffix: 'T', power: 12 },
  { suffix: 'B', power: 9 },
  { suffix: 'M', power: 6 },
  { suffix: 'k', power: 3 },
];

/**
 * Large amounts abbreviated with three decimals (truncated): 1234 → '1.234k', 2500000 → '2.500M',
 * 1e12 → '1.000T'. Below 1,000 the plain two-decimal rule applies. Missing/invalid → '-'.
 */
export function abbreviateAmount(value: Numeric): string {
  const d = tryParseDecimal(value);
  if (!d) return '-';
  const magnitude: Decimal = {
    coefficient: d.coefficient < 0n ? -d.coefficient : d.coefficient,
    scale: d.scale,
  };
  for (const { suffix, power } of ABBREVIATIONS) {
    if (compareDecimal(magnitude, { coefficient: pow10(power), scale: 0 }) >= 0) {
      const scaled: Decimal = { coefficient: d.coefficient, scale: d.scale + power };
      return `${formatDecimal(rescale(scaled, 3, 'DOWN'))}${suffix}`;
    }
  }
  return formatNumber2(value);
}

/** Sub-label under the STOCK product-type label (spec section 4). Unknown types → ''. */
export const PRODUCT_SUB_LABELS: Record<string, string> = {
  fo: 'D.D.',
  otc: 'P.M.',
  ipo: 'ST',
  standard: 'STD',
};

export function productSubLabel(type: string | null | undefined): string {
  return PRODUCT_SUB_LABELS[(type ?? '').toLowerCase()] ?? '';
}

export type StatusTone = 'amber' | 'yellow' | 'green' | 'dark-red' | 'red' | 'grey';

/** Order status colours, case-insensitive (spec section 4); anything else is grey. */
export const STATUS_TONES: Record<string, StatusTone> = {
  pending: 'amber',
  awaiting: 'yellow',
  holding: 'green',
  sold: 'dark-red',
  rejected: 'red',
  approved: 'green',
  listing: 'amber',
};

export function statusTone(status: string | null | undefined): StatusTone {
  return STATUS_TONES[(status ?? '').toLowerCase()] ?? 'grey';
}

/**
 * Deposit and withdrawal records (not covered by the spec's order colours): pending amber,
 * confirmed/paid green, rejected red, anything else grey. Kept apart so the order rule stays verbatim.
 */
export function recordStatusTone(status: string | null | undefined): StatusTone {
  const s = (status ?? '').toLowerCase();
  if (s === 'confirmed' || s === 'paid') return 'green';
  if (s === 'pending' || s === 'rejected') return statusTone(s);
  return 'grey';
}

/**
 * A quote-unit price as the client shows and sends it (spec section 4, close-order flow): for
 * country ZA the price is divided by 100 (JSE cents to rand), exactly; other countries unchanged.
 * '598741' (ZA) → '5987.41'; '5987.5' (ZA) → '59.875'; '189.43' (US) → '189.43'. Invalid → undefined.
 */
export function countryPrice(price: Numeric, country: string | undefined): string | undefined {
  const d = tryParseDecimal(price);
  if (!d) return undefined;
  const shown = (country ?? DEFAULT_COUNTRY).toUpperCase() === 'ZA' ? { ...d, scale: d.scale + 2 } : d;
  return formatDecimal(shown);
}

/** A usable quotation price: present, a number and above zero (spec: missing or zero is retried). */
export function isValidPrice(price: Numeric): boolean {
  const d = tryParseDecimal(price);
  return d !== undefined && d.coefficient > 0n;
}

export type CountdownTone = 'red' | 'yellow' | 'green';

/**
 * The quotation countdown bar's colour (spec section 4): red at 30% of the time left or below,
 * yellow at 60% or below, otherwise green. `remaining` and `total` in the same unit (ms).
 */
export function countdownTone(remaining: number, total: number): CountdownTone {
  const left = total > 0 ? Math.max(0, remaining) / total : 0;
  if (left <= 0.3) return 'red';
  if (left <= 0.6) return 'yellow';
  return 'green';
}
