/**
 * The spec's display rules (section 4) for portfolio figures, on top of @imali/money's exact
 * helpers (the same ones the portfolio receipts and the order forms use): amounts truncated to two
 * decimals, large amounts abbreviated k/M/B/T with three decimals, ratios as percentages with two
 * decimals and '--%' when the ratio is not defined, signed values green/red/grey.
 */
import type { PortfolioPeriod, PortfolioProduct } from '@imali/contract';
import {
  abbreviateAmount,
  formatCurrency,
  formatRatio,
  formatSignedCurrency,
  formatSignedRatio,
  formatDecimal,
  rescale,
  tryParseDecimal,
} from '@imali/money';
import { signedColorClass } from '@/lib/tone-classes';

/** What an amount shows while the client has hidden their balances (the wallet shows the same). */
export const MASK = '******';

/** An amount in its currency, two decimals truncated: 'ZAR 1,234.56'; masked when hidden. */
export function money(value: string | null | undefined, currency: string, visible = true): string {
  return visible ? formatCurrency(value, currency) : MASK;
}

/**
 * A signed amount: '+ZAR 12.30', '-ZAR 4.00', 'ZAR 0.00' (@imali/money's one signed rule, the
 * same as the order rows and receipts); masked when hidden.
 */
export function signedMoney(value: string | null | undefined, currency: string, visible = true): string {
  return visible ? formatSignedCurrency(value, currency) : MASK;
}

/**
 * A large amount abbreviated (spec: k from 1e3, M from 1e6, B from 1e9, T from 1e12, three
 * decimals, truncated), with the currency: 'ZAR 1.234M'; below 1,000 two decimals: 'ZAR 999.99'.
 */
export function compactMoney(value: string | null | undefined, currency: string, visible = true): string {
  if (!visible) return MASK;
  const text = abbreviateAmount(value);
  return text === '-' ? '-' : `${currency} ${text}`;
}

/** A signed compact amount: '+ZAR 1.234k'. */
export function signedCompactMoney(
  value: string | null | undefined,
  currency: string,
  visible = true,
): string {
  const text = compactMoney(value, currency, visible);
  // The sign of the money rule: '+' only when the figure shows above zero.
  return visible && formatSignedCurrency(value, currency).startsWith('+') ? `+${text}` : text;
}

/**
 * A ratio ('0.123456') as a percentage with two decimals, truncated: '12.34%'. A ratio the server
 * could not define (null: nothing was invested over the period) or that is not a number: '--%'.
 */
export function ratio(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '--%';
  return formatRatio(value);
}

/** A signed ratio: '+12.34%', '-0.50%', '0.00%', '--%' (@imali/money's formatSignedRatio). */
export function signedRatio(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '--%';
  return formatSignedRatio(value);
}

/** Green when positive, red when negative, grey when zero or missing (spec section 4). */
export const toneClass = (value: string | null | undefined): string => signedColorClass(value);

/** A decimal string as a plain number, for drawing only (bar heights, arcs); never for display. */
export function magnitude(value: string | null | undefined): number {
  const d = tryParseDecimal(value);
  if (!d) return 0;
  return Number(d.coefficient) / 10 ** d.scale;
}

export const PRODUCT_LABELS: Record<PortfolioProduct, string> = {
  stock: 'Stocks',
  fund: 'Funds',
  quant: 'Structured',
};

export const PERIOD_LABELS: Record<PortfolioPeriod, string> = {
  '1W': '1 week',
  '1M': '1 month',
  '3M': '3 months',
  YTD: 'Year to date',
  '1Y': '1 year',
  ALL: 'All time',
};

/** '2026-11-18' → '18 Nov 2026' (a calendar day, no time zone shift). */
export function dayLabel(day: string, withYear = true): string {
  const at = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(at);
}

/** '2026-11-18' → 'Wed' (the week-profit bars' axis). */
export function weekdayLabel(day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }).format(at);
}

/** Σ of amounts (decimal strings) exactly, at the largest scale among them: for the week's total. */
export function sumAmounts(values: Array<string | null | undefined>): string {
  const parsed = values.map((v) => tryParseDecimal(v)).filter((d) => d !== undefined);
  const scale = Math.max(2, ...parsed.map((d) => d.scale));
  const total = parsed.reduce((acc, d) => acc + rescale(d, scale, 'DOWN').coefficient, 0n);
  return formatDecimal({ coefficient: total, scale });
}
