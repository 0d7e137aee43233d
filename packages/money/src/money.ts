import {
  type Decimal,
  type RoundingMode,
  DecimalError,
  compareDecimal,
  divideRounded,
  formatDecimal,
  multiplyDecimal,
  normalizeDecimal,
  parseDecimal,
  pow10,
  rescale,
} from './decimal';

/** The currencies Imali keeps accounts in, and their minor-unit exponents (ISO 4217). */
export const CURRENCIES = ['ZAR', 'USD', 'EUR', 'GBP', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_EXPONENT: Record<Currency, number> = { ZAR: 2, USD: 2, EUR: 2, GBP: 2, INR: 2 };

export const CURRENCY_NAMES: Record<Currency, string> = {
  ZAR: 'South African Rand',
  USD: 'US Dollar',
  EUR: 'Euro',
  GBP: 'British Pound',
  INR: 'Indian Rupee',
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

/** Rates carry at most this many decimals (a derived reverse rate has 6; a published one up to 12). */
export const MAX_RATE_DECIMALS = 12;
/** Decimals of a derived reverse rate and of its mid (spec section 5: "rounded to 6 decimals"). */
export const DERIVED_RATE_DECIMALS = 6;
/** The spec's precision of a converted amount (section 5 Transfer). */
export const CONVERTED_DECIMALS = 2;
/**
 * A conversion never credits a client more than the exact amount × rate: the credited amount
 * rounds toward the house (DOWN), on the server and in the web's preview alike. Half-up paid out
 * on every round trip of a small amount (0.10 ZAR → 0.01 USD → 0.18 ZAR).
 */
export const CONVERSION_ROUNDING: RoundingMode = 'DOWN';

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
 * rounded with `mode`.
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

/**
 * The amount a conversion credits: amount × rate in the target's minor units, rounded DOWN
 * (CONVERSION_ROUNDING), so never more than the exact product. 0 means there is nothing to
 * credit and the conversion is refused (MoneyMessages.amountTooSmallToConvert):
 * 0.10 ZAR at 0.0542 = 0.00542 USD → 0; 1.00 ZAR at 0.0542 = 0.0542 → 0.05 USD.
 */
export function convertAmount(minor: bigint, rate: string, from: Currency, to: Currency): bigint {
  return multiplyByRate(minor, rate, CONVERSION_ROUNDING, from, to);
}

/**
 * 1/rate rounded to `decimals` with `mode` (no trailing zeros). Used for the mid of a derived
 * reverse pair only: a client rate is never 1/rate (see deriveReverseRate).
 */
export function invertRate(
  rate: string,
  decimals = DERIVED_RATE_DECIMALS,
  mode: RoundingMode = 'HALF_UP',
): string {
  const r = parseDecimal(rate);
  if (r.coefficient <= 0n) throw new MoneyError('Rate must be greater than 0');
  // 1 / (c / 10^s) = 10^s / c; scaled by 10^decimals before the integer division.
  const coefficient = divideRounded(pow10(r.scale + decimals), r.coefficient, mode);
  if (coefficient === 0n) throw new MoneyError('Rate too large to invert');
  return formatDecimal(normalizeDecimal({ coefficient, scale: decimals }));
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

/**
 * The reverse of a published pair that has no published reverse: from the mid, with the pair's
 * spread. reverse = (1/mid) × (1 − spread) where spread = (mid − rate)/mid, i.e. rate / mid²,
 * rounded DOWN to 6 decimals, so never better than the reverse mid 1/mid (which 1/rate was: it
 * gave the spread away on the reverse leg). The reverse mid is 1/mid rounded half-up to 6
 * decimals. Undefined when the reverse rounds to 0 (no usable price).
 * USD→ZAR 18.05, mid 18.25 → ZAR→USD 0.054194 (18.05 / 18.25² = 0.0541940…), mid 0.054795.
 */
export function deriveReverseRate(rate: string, mid: string): { rate: string; mid: string } | undefined {
  const r = parseDecimal(rate);
  const m = parseDecimal(mid);
  if (r.coefficient <= 0n || m.coefficient <= 0n) throw new MoneyError('Rate must be greater than 0');
  // rate / mid² = (rc / 10^rs) / (mc² / 10^2ms) = rc · 10^(2ms) / (10^rs · mc²); × 10^6 for 6 decimals.
  const coefficient = divideRounded(
    r.coefficient * pow10(2 * m.scale + DERIVED_RATE_DECIMALS),
    pow10(r.scale) * m.coefficient * m.coefficient,
    'DOWN',
  );
  if (coefficient === 0n) return undefined;
  return {
    rate: formatDecimal(normalizeDecimal({ coefficient, scale: DERIVED_RATE_DECIMALS })),
    mid: invertRate(mid),
  };
}

/** A published exchange rate: 1 `from` buys `rate` `to`; `mid` is the market mid, same direction. */
export interface PublishedRate {
  from: string;
  to: string;
  rate: string;
  mid: string;
}

/** The price of one direction, by the one swap rule (quoteFor). */
export interface RateQuote<P extends PublishedRate = PublishedRate> {
  from: string;
  to: string;
  /** What 1 `from` buys in `to`: the client's rate (canonical text). */
  rate: string;
  /** The market mid in the same direction. */
  mid: string;
  /** (mid − rate) / mid as a fraction with 6 decimals: what the client gives up against mid. */
  spread: string;
  /** True when priced from the reverse pair (deriveReverseRate). */
  derived: boolean;
  /** The published pair the price comes from (the reverse pair when derived). */
  source: P;
}

const canonicalRate = (text: string) => formatDecimal(normalizeDecimal(parseDecimal(text)));

/**
 * THE swap rule, for every place that prices a conversion (the API's pair listing and transfer
 * pricing, the web's Fund Transfer modal): the pair published from→to when there is one, else the
 * reverse pair's price derived from its mid and spread (deriveReverseRate). Undefined when the
 * currencies are equal, no pair links them, or the derived price rounds to 0.
 */
export function quoteFor<P extends PublishedRate>(
  published: readonly P[],
  from: string,
  to: string,
): RateQuote<P> | undefined {
  if (from === to) return undefined;
  const direct = published.find((p) => p.from === from && p.to === to);
  if (direct) {
    const rate = canonicalRate(direct.rate);
    const mid = canonicalRate(direct.mid);
    return { from, to, rate, mid, spread: spreadAgainstMid(rate, mid), derived: false, source: direct };
  }
  const reverse = published.find((p) => p.from === to && p.to === from);
  const derived = reverse && deriveReverseRate(reverse.rate, reverse.mid);
  if (!reverse || !derived) return undefined;
  const { rate, mid } = derived;
  return { from, to, rate, mid, spread: spreadAgainstMid(rate, mid), derived: true, source: reverse };
}

/** Every quotable direction: each published pair, followed by its derived reverse if unpublished. */
export function listQuotes<P extends PublishedRate>(published: readonly P[]): RateQuote<P>[] {
  const quotes: RateQuote<P>[] = [];
  for (const p of published) {
    const direct = quoteFor(published, p.from, p.to);
    if (direct) quotes.push(direct);
    if (!published.some((q) => q.from === p.to && q.to === p.from)) {
      const derived = quoteFor(published, p.to, p.from);
      if (derived) quotes.push(derived);
    }
  }
  return quotes;
}

const ONE: Decimal = { coefficient: 1n, scale: 0 };

/** A product of rates as text with at most 6 decimals, rounded up: it is shown as "> 1". */
function productText(value: Decimal): string {
  const down = rescale(value, 6, 'DOWN');
  const exact = compareDecimal(down, value) === 0;
  return formatDecimal(normalizeDecimal(exact ? down : { ...down, coefficient: down.coefficient + 1n }));
}

/**
 * Why publishing `candidate` (replacing the published pair in its direction) must be refused, or
 * undefined when it may be published. Refused:
 * - a rate better than its mid (rate > mid): the client would beat the market;
 * - a published reverse making the round trip profitable (rate × reverse > 1);
 * - any other round trip through the candidate's pair (a triangle or longer, derived reverses
 *   included) that returns more than it started with. With no such cycle, no sequence of
 *   conversions can grow a client's money: rounding is DOWN at every leg.
 */
export function publishRefusal(
  published: readonly PublishedRate[],
  candidate: PublishedRate,
): string | undefined {
  const { from, to } = candidate;
  const rate = canonicalRate(candidate.rate);
  const mid = canonicalRate(candidate.mid);
  if (compareDecimal(parseDecimal(rate), parseDecimal(mid)) > 0) {
    return `Refused: the ${from}→${to} rate ${rate} is better than its mid ${mid}; a rate must not exceed its mid.`;
  }
  const after = [...published.filter((p) => !(p.from === from && p.to === to)), { from, to, rate, mid }];
  const reverse = after.find((p) => p.from === to && p.to === from);
  if (reverse) {
    const product = multiplyDecimal(parseDecimal(rate), parseDecimal(reverse.rate));
    if (compareDecimal(product, ONE) > 0) {
      const back = canonicalRate(reverse.rate);
      return (
        `Refused: ${from}→${to} at ${rate} and back at ${back} returns more than it started with ` +
        `(${rate} × ${back} = ${productText(product)} > 1).`
      );
    }
  }
  const cycle = profitableCycle(after, from, to);
  if (cycle) {
    return (
      `Refused: the round trip ${cycle.path.join('→')} at ${cycle.rates.join(' × ')} returns more ` +
      `than it started with (${productText(cycle.product)} > 1).`
    );
  }
  return undefined;
}

/**
 * A simple cycle of quotable directions through the pair from/to (either way) whose product
 * exceeds 1, written from `from`. Every such cycle passes through `from`, so the walk starts there.
 */
function profitableCycle(published: readonly PublishedRate[], from: string, to: string) {
  const currencies = [...new Set(published.flatMap((p) => [p.from, p.to]))];
  const rates = new Map<string, string>();
  for (const q of listQuotes(published)) rates.set(`${q.from}:${q.to}`, q.rate);
  const usesPair = (path: readonly string[]) =>
    path.slice(1).some((c, i) => (path[i] === from && c === to) || (path[i] === to && c === from));
  const walk = (path: string[], legRates: string[], product: Decimal): ProfitableCycle | undefined => {
    const last = path[path.length - 1]!;
    for (const next of currencies) {
      const rate = rates.get(`${last}:${next}`);
      if (rate === undefined) continue;
      const value = multiplyDecimal(product, parseDecimal(rate));
      if (next === from) {
        const cycle = [...path, next];
        if (usesPair(cycle) && compareDecimal(value, ONE) > 0) {
          return { path: cycle, rates: [...legRates, rate], product: value };
        }
      } else if (!path.includes(next)) {
        const found = walk([...path, next], [...legRates, rate], value);
        if (found) return found;
      }
    }
    return undefined;
  };
  return walk([from], [], ONE);
}

interface ProfitableCycle {
  path: string[];
  rates: string[];
  product: Decimal;
}

export { DecimalError };
