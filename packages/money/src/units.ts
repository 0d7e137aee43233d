/**
 * One display rule per quote unit and per product (decision 0041). Every list row, card, receipt
 * and drawer on the web shows prices, levels, quantities, signed amounts and fees through these,
 * so a structured note is never "3,000 shares at ZAR 0.01" and a fund's NAV never "R12.1959"
 * beside "ZAR 1,000.00".
 *
 * - Quote units: ZAc (JSE shares, cents: ÷ 100 into rand), USD and INR (major units as they are),
 *   points (an index level: not money, '68,691.00 pts').
 * - Products: a stock (standard, fo, otc, ipo) is shares at a price; a fund is units (4 decimals)
 *   at a NAV per unit (4 decimals, its currency); a structured note is an amount invested, its
 *   value and payoff, and the underlying's level in points — never shares, never a price.
 * - Numbers: en-US grouping everywhere (DISPLAY_LOCALE), truncated, never rounded.
 *
 * Exact: inputs are read through their decimal text; Intl formats the decimal string itself.
 */
import { type Decimal, formatDecimal, normalizeDecimal, rescale, tryParseDecimal } from './decimal';
import { DISPLAY_LOCALE, formatCurrency, formatRatio, truncateDecimals } from './display';

type Numeric = string | number | bigint | null | undefined;

// ---------- Quote units ----------

/** The quote units of the market feed (the contract's QUOTE_UNITS). */
export type QuoteUnit = 'ZAc' | 'USD' | 'INR' | 'points';

export interface QuoteUnitRule {
  /** money: a price in a currency; level: index points, not money. */
  kind: 'money' | 'level';
  /** The currency a money unit is shown in. */
  currency?: string;
  /** Decimals between the quote unit and the currency's major unit (ZAc: 2, cents to rand). */
  minorShift: number;
}

export const QUOTE_UNIT_RULES: Readonly<Record<QuoteUnit, QuoteUnitRule>> = Object.freeze({
  ZAc: { kind: 'money', currency: 'ZAR', minorShift: 2 },
  USD: { kind: 'money', currency: 'USD', minorShift: 0 },
  INR: { kind: 'money', currency: 'INR', minorShift: 0 },
  points: { kind: 'level', minorShift: 0 },
});

function ruleOf(unit: string | null | undefined): QuoteUnitRule {
  return QUOTE_UNIT_RULES[(unit ?? 'ZAc') as QuoteUnit] ?? QUOTE_UNIT_RULES.ZAc;
}

/**
 * A money quote in its currency's major unit, exact: ZAc '598741' → '5987.41', USD '189.43' →
 * '189.43'. A level (points) or invalid input → undefined (a level is not money).
 */
export function priceInMajor(value: Numeric, unit: QuoteUnit | string): string | undefined {
  const rule = ruleOf(unit);
  const d = tryParseDecimal(value);
  if (!d || rule.kind !== 'money') return undefined;
  return formatDecimal({ coefficient: d.coefficient, scale: d.scale + rule.minorShift });
}

const groupedFormatters = new Map<string, Intl.NumberFormat>();
function grouped(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`;
  let f = groupedFormatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(DISPLAY_LOCALE, { minimumFractionDigits: min, maximumFractionDigits: max });
    groupedFormatters.set(key, f);
  }
  return f;
}

/** Exact decimal text with en-US grouping and exactly `decimals` decimals: '68691' → '68,691.00'. */
function groupedFixed(d: Decimal, decimals: number): string {
  const text = truncateDecimals(d, decimals)!;
  return grouped(decimals, decimals).format(text as unknown as number);
}

/** An index level in points, two decimals truncated: '68691' → '68,691.00 pts'. Invalid → '-'. */
export function formatLevel(value: Numeric): string {
  const d = tryParseDecimal(value);
  return d ? `${groupedFixed(d, 2)} pts` : '-';
}

/**
 * A price in its quote unit as the client reads it: money in its currency (ZAc ÷ 100 → rand),
 * `decimals` decimals truncated (default 2); a level in points. ZAc '598741' → 'ZAR 5,987.41',
 * USD '189.43' → '$189.43', INR '2950.5' → '₹2,950.50', points '68691' → '68,691.00 pts'.
 * Missing or invalid → '-'.
 */
export function formatPrice(
  value: Numeric,
  unit: QuoteUnit | string,
  options: { decimals?: number } = {},
): string {
  const rule = ruleOf(unit);
  if (rule.kind === 'level') return formatLevel(value);
  const major = priceInMajor(value, unit);
  if (major === undefined) return '-';
  return formatCurrency(major, rule.currency!, options.decimals ?? 2);
}

/** Decimals of a fund's NAV and units, as unit trusts publish them. */
export const FUND_DECIMALS = 4;

/**
 * A fund's NAV per unit in its currency with every digit kept (4 decimals, truncated): ZAc
 * '1219.59' → 'ZAR 12.1959'. A NAV of 0 (not yet struck), missing or invalid → '-'.
 */
export function formatNav(value: Numeric, unit: QuoteUnit | string = 'ZAc'): string {
  const d = tryParseDecimal(value);
  if (!d || d.coefficient <= 0n) return '-';
  return formatPrice(value, unit, { decimals: FUND_DECIMALS });
}

// ---------- Quantities ----------

/** What a quantity counts: shares (stocks), units (funds), lots (an IPO application). */
export type QuantityKind = 'shares' | 'units' | 'lots';

const QUANTITY_WORDS: Record<QuantityKind, [one: string, many: string]> = {
  shares: ['share', 'shares'],
  units: ['unit', 'units'],
  lots: ['lot', 'lots'],
};

/**
 * A quantity with one number format (en-US grouping) and its word: shares and lots as they are
 * ('100000' → '100,000 shares', '1' → '1 share', '2.5' → '2.5 shares'); fund units with 4 decimals
 * truncated ('162.001' → '162.0010 units'). Missing or invalid → '-'.
 */
export function formatQuantity(value: Numeric, kind: QuantityKind): string {
  const d = tryParseDecimal(value);
  if (!d) return '-';
  const [one, many] = QUANTITY_WORDS[kind];
  if (kind === 'units') return `${groupedFixed(d, FUND_DECIMALS)} ${many}`;
  const n = normalizeDecimal(d);
  const scale = Math.max(0, n.scale);
  const text = grouped(scale, scale).format(formatDecimal(n) as unknown as number);
  const isOne = n.coefficient === 1n && n.scale === 0;
  return `${text} ${isOne ? one : many}`;
}

/** A plain number with en-US grouping, exact (no rounding, trailing zeros dropped): '100000' → '100,000'. */
export function formatGrouped(value: Numeric): string {
  const d = tryParseDecimal(value);
  if (!d) return '-';
  const n = normalizeDecimal(d);
  const scale = Math.max(0, n.scale);
  return grouped(scale, scale).format(formatDecimal(n) as unknown as number);
}

// ---------- Signed figures ----------

/** Whether a value shows as positive once truncated to `decimals` (0.004 shows as 0.00: no '+'). */
function showsPositive(value: Numeric, decimals: number): boolean {
  const d = tryParseDecimal(value);
  if (!d) return false;
  return rescale(d, decimals, 'DOWN').coefficient > 0n;
}

/**
 * A gain or loss, one rule everywhere (order rows, receipts, Summary): '+ZAR 12.30', '-ZAR 4.00',
 * 'ZAR 0.00'. Missing or invalid → '-'.
 */
export function formatSignedCurrency(value: Numeric, currency: string): string {
  const text = formatCurrency(value, currency);
  return text !== '-' && showsPositive(value, 2) ? `+${text}` : text;
}

/** A signed ratio as a percentage, truncated: '+12.34%', '-0.72%', '0.00%'; '-' / '--%' as formatRatio. */
export function formatSignedRatio(value: Numeric): string {
  const text = formatRatio(value);
  // A ratio truncated at 4 decimals is its percentage truncated at 2.
  return text.endsWith('%') && text !== '--%' && showsPositive(value, 4) ? `+${text}` : text;
}

// ---------- Products ----------

/** The order ttypes and offering dtypes (the contract's ORDER_TTYPES ∪ OFFERING_DTYPES). */
export type ProductType = 'standard' | 'fo' | 'otc' | 'ipo' | 'fund' | 'quant';
export type ProductKind = 'stock' | 'fund' | 'structured';

export interface ProductUnits {
  kind: ProductKind;
  /** The spec's display name (its drawer titles and product labels). */
  name: string;
  /** What its quantity counts; null: none is shown (a structured note is an amount). */
  quantity: 'shares' | 'units' | null;
  /** What its price is: a share price in the quote unit, a NAV per unit; null: none (a note shows the underlying's level). */
  price: 'share' | 'nav' | null;
  /** Whether the underlying's level (points) is shown. */
  level: boolean;
  /** Per-client limits: a number of shares, or an amount in the currency. */
  limits: 'shares' | 'amount';
  /** The two sides of an order, as its fees are headed: Buy / Sale, Subscription / Redemption, … */
  sides: { buy: string; sell: string };
}

const STOCK_SIDES = { buy: 'Buy', sell: 'Sale' };

export const PRODUCT_UNITS: Readonly<Record<ProductType, ProductUnits>> = Object.freeze({
  standard: {
    kind: 'stock',
    name: 'Stock',
    quantity: 'shares',
    price: 'share',
    level: false,
    limits: 'shares',
    sides: STOCK_SIDES,
  },
  fo: {
    kind: 'stock',
    name: 'DD Trading',
    quantity: 'shares',
    price: 'share',
    level: false,
    limits: 'shares',
    sides: STOCK_SIDES,
  },
  otc: {
    kind: 'stock',
    name: 'Block Trading',
    quantity: 'shares',
    price: 'share',
    level: false,
    limits: 'shares',
    sides: STOCK_SIDES,
  },
  ipo: {
    kind: 'stock',
    name: 'IPO Equity',
    quantity: 'shares',
    price: 'share',
    level: false,
    limits: 'shares',
    sides: STOCK_SIDES,
  },
  fund: {
    kind: 'fund',
    name: 'Fund Investment',
    quantity: 'units',
    price: 'nav',
    level: false,
    limits: 'amount',
    sides: { buy: 'Subscription', sell: 'Redemption' },
  },
  quant: {
    kind: 'structured',
    name: 'Structured Investment',
    quantity: null,
    price: null,
    level: true,
    limits: 'amount',
    sides: { buy: 'Subscription', sell: 'Payout' },
  },
});

/** Which fields a product shows, by its order ttype or offering dtype; anything else is a stock. */
export function productUnits(type: string | null | undefined): ProductUnits {
  return PRODUCT_UNITS[(type ?? '').toLowerCase() as ProductType] ?? PRODUCT_UNITS.standard;
}

/** The spec's display name of a product type: fo → 'DD Trading', quant → 'Structured Investment'. */
export const productName = (type: string | null | undefined): string => productUnits(type).name;

// ---------- References ----------

/** Characters of a quotation id shown on a receipt (the full id goes in a title and the copy button). */
export const SHORT_REFERENCE_LENGTH = 8;

/** '0b7c1a52-6a55-4c3e-…' → '0b7c1a52'; missing → '-'. */
export function shortReference(id: string | null | undefined): string {
  if (!id) return '-';
  return id.slice(0, SHORT_REFERENCE_LENGTH);
}
