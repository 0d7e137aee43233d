import {
  type Decimal,
  type RoundingMode,
  DecimalError,
  compareDecimal,
  divideRounded,
  formatDecimal,
  normalizeDecimal,
  parseDecimal,
  pow10,
  rescale,
} from './decimal';

/** The currencies Imali keeps accounts in, and their minor-unit exponents (ISO 4217). */
export const CURRENCIES = ['ZAR', 'USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_EXPONENT: Record<Currency, number> = { ZAR: 2, USD: 2, EUR: 2, GBP: 2 };

export const CURRENCY_NAMES: Record<Currency, string> = {
  ZAR: 'South African Rand',
  USD: 'US Dollar',
  EUR: 'Euro',
  GBP: 'British Pound',
};

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

export class MoneyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyError';
  }
}

export interface ParseAmountOptions {
  /** Negative amounts are refused unless allowed (every client-entered amount refuses them). */
  allowNegative?: boolean;
  /** Zero is refused unless allowed. */
  allowZero?: boolean;
}

// Amounts as people type them: digits, an optional point and fraction, an optional leading minus.
// No exponent, no grouping separators, no '+': an amount on the wire is unambiguous or refused.
const AMOUNT_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Parses a decimal amount string into integer minor units of `currency`:
 * '1000' → 100000n, '12.5' → 1250n for ZAR. Refuses, with a message a client can read,
 * anything that is not a plain decimal, has more decimals than the currency allows, is
 * negative or zero (unless allowed), or exceeds the ledger's bigint column.
 */
export function parseAmount(text: string, currency: Currency, options: ParseAmountOptions = {}): bigint {
  const exponent = CURRENCY_EXPONENT[currency];
  const trimmed = typeof text === 'string' ? text.trim() : '';
  const match = AMOUNT_PATTERN.exec(trimmed);
  if (!match) throw new MoneyError('Enter a valid amount');
  const [, minus, whole = '0', fraction = ''] = match;
  const significantFraction = fraction.replace(/0+$/, '');
  if (significantFraction.length > exponent) {
    throw new MoneyError(`${currency} amounts allow at most ${exponent} decimal places`);
  }
  let minor = BigInt(whole) * pow10(exponent) + BigInt(significantFraction.padEnd(exponent, '0') || '0');
  if (minus) minor = -minor;
  if (minor < 0n && !options.allowNegative) throw new MoneyError('Amount must not be negative');
  if (minor === 0n && !options.allowZero) throw new MoneyError('Amount must be greater than 0');
  if (minor > MAX_MINOR || minor < -MAX_MINOR) throw new MoneyError('Amount is too large');
  return minor;
}

/** parseAmount that answers instead of throwing: for form validation. */
export function checkAmount(
  text: string,
  currency: Currency,
  options: ParseAmountOptions = {},
): { ok: true; minor: bigint } | { ok: false; message: string } {
  try {
    return { ok: true, minor: parseAmount(text, currency, options) };
  } catch (error) {
    if (error instanceof MoneyError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The largest magnitude a PostgreSQL bigint column holds. */
export const MAX_MINOR = 9_223_372_036_854_775_807n;

/** Minor units → decimal string with the currency's decimals: 123450n (ZAR) → '1234.50'. */
export function formatMinor(minor: bigint, currency: Currency): string {
  return formatDecimal({ coefficient: minor, scale: CURRENCY_EXPONENT[currency] });
}

/** Minor units as a Decimal, for the display helpers. */
export function minorToDecimal(minor: bigint, currency: Currency): Decimal {
  return { coefficient: minor, scale: CURRENCY_EXPONENT[currency] };
}

// ---------- Rates ----------

/** Rates carry at most this many decimals (1/rate is published with 6; quotes may carry more). */
export const MAX_RATE_DECIMALS = 12;
/** The spec's precision for a reverse rate computed as 1/rate (section 5 Transfer). */
export const INVERSE_RATE_DECIMALS = 6;
/** The spec's precision of a converted amount (section 5 Transfer). */
export const CONVERTED_DECIMALS = 2;
/**
 * The spec says "rounded" without naming a mode; we use half-up (what a client expects from a
 * calculator) for both the converted amount and 1/rate, everywhere (server and web).
 */
export const SPEC_ROUNDING: RoundingMode = 'HALF_UP';

/** Parses a positive exchange rate ('18.25', '0.054795'); returns its canonical text. */
export function parseRate(text: string): string {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  if (!/^\d+(\.\d+)?$/.test(trimmed)) throw new MoneyError('Enter a valid rate');
  const value = normalizeDecimal(parseDecimal(trimmed));
  if (value.coefficient <= 0n) throw new MoneyError('Rate must be greater than 0');
  if (value.scale > MAX_RATE_DECIMALS) {
    throw new MoneyError(`Rates allow at most ${MAX_RATE_DECIMALS} decimal places`);
  }
  return formatDecimal(value);
}

/** True when two rate strings denote the same number ('18.2500' equals '18.25'). */
export function sameRate(a: string, b: string): boolean {
  try {
    return compareDecimal(parseDecimal(a), parseDecimal(b)) === 0;
  } catch {
    return false;
  }
}

/**
 * Multiplies an amount in minor units of `from` by a decimal `rate`, giving minor units of `to`,
 * rounded with `mode`. With both currencies at 2 decimals this is the spec's
 * "amount × rate rounded to 2 decimals".
 */
export function multiplyByRate(
  minor: bigint,
  rate: string,
  mode: RoundingMode,
  from: Currency = 'ZAR',
  to: Currency = from,
): bigint {
  const r = parseDecimal(rate);
  if (r.coefficient < 0n) throw new MoneyError('Rate must not be negative');
  const product = { coefficient: minor * r.coefficient, scale: CURRENCY_EXPONENT[from] + r.scale };
  return rescale(product, CURRENCY_EXPONENT[to], mode).coefficient;
}

/** The spec's converted amount: amount × rate rounded (SPEC_ROUNDING) to the target's 2 decimals. */
export function convertAmount(minor: bigint, rate: string, from: Currency, to: Currency): bigint {
  return multiplyByRate(minor, rate, SPEC_ROUNDING, from, to);
}

/** 1/rate rounded to `decimals` (the spec: 6) with `mode`; the text has no trailing zeros. */
export function invertRate(
  rate: string,
  decimals = INVERSE_RATE_DECIMALS,
  mode: RoundingMode = SPEC_ROUNDING,
): string {
  const r = parseDecimal(rate);
  if (r.coefficient <= 0n) throw new MoneyError('Rate must be greater than 0');
  // 1 / (c / 10^s) = 10^s / c; scaled by 10^decimals before the integer division.
  const coefficient = divideRounded(pow10(r.scale + decimals), r.coefficient, mode);
  if (coefficient === 0n) throw new MoneyError('Rate too large to invert');
  return formatDecimal(normalizeDecimal({ coefficient, scale: decimals }));
}

export interface PairRate {
  from: string;
  to: string;
  rate: string;
}

/**
 * The rate for from→to per the spec's swap rule: the published pair when it exists, else the
 * reverse pair inverted (1/rate rounded to 6 decimals). Undefined when neither exists.
 */
export function rateFor(pairs: readonly PairRate[], from: string, to: string): string | undefined {
  const direct = pairs.find((p) => p.from === from && p.to === to);
  if (direct) return direct.rate;
  const reverse = pairs.find((p) => p.from === to && p.to === from);
  return reverse ? invertRate(reverse.rate) : undefined;
}

/**
 * Spread of a client rate against the mid rate, as a fraction string with 6 decimals
 * ((mid − rate) / mid; positive when the client gets less than mid).
 */
export function spreadAgainstMid(rate: string, mid: string): string {
  const r = parseDecimal(rate);
  const m = parseDecimal(mid);
  if (m.coefficient <= 0n) throw new MoneyError('Mid rate must be greater than 0');
  const scale = Math.max(r.scale, m.scale);
  const rc = rescale(r, scale, 'DOWN').coefficient;
  const mc = rescale(m, scale, 'DOWN').coefficient;
  const coefficient = divideRounded((mc - rc) * pow10(6), mc, 'HALF_EVEN');
  return formatDecimal({ coefficient, scale: 6 });
}

export { DecimalError };
