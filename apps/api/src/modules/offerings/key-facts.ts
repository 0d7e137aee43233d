/**
 * The key-facts sheet of an offering (issue 12): what a client reads before confirming, generated
 * once from the offering's terms and the country's fee schedule in force, and stored with the
 * offering (so the sheet a client saw stays the sheet of record). Pure: no I/O.
 */
import { KEY_FACT_KEYS, TRADING_COUNTRY_PROFILES, type KeyFact, type QuoteUnit } from '@imali/contract';
import {
  formatCurrency,
  formatDecimal,
  formatMinor,
  isCurrency,
  normalizeDecimal,
  parseDecimal,
  type FeeLine,
  type FeeSchedule,
} from '@imali/money';

export type KeyFactKey = (typeof KEY_FACT_KEYS)[number];

export const KEY_FACT_LABELS: Record<KeyFactKey, string> = {
  what_you_buy: 'What you buy',
  price_basis: 'Price',
  lock_up: 'Lock-up',
  early_exit: 'Selling early',
  fees: 'Fees',
  allocation: 'Allocation',
  maximum_loss: 'Maximum loss',
};

export const MAXIMUM_LOSS_TEXT = 'You can lose all of the money you invest.';

const DAY_MS = 86_400_000;

/** '0.0025' (a fraction) → '0.25' (percent), exactly. */
export function percentText(fraction: string): string {
  const d = parseDecimal(fraction);
  return formatDecimal(normalizeDecimal({ coefficient: d.coefficient * 100n, scale: d.scale }));
}

const money = (minor: bigint, currency: string) =>
  isCurrency(currency)
    ? `${formatMinor(minor, currency)} ${currency}`
    : `${minor} minor units of ${currency}`;

const WHOLE_UNIT: Record<string, string> = { ZAR: 'rand', USD: 'dollar', INR: 'rupee' };
const SMALLEST_UNIT: Record<string, string> = { ZAR: 'cent', USD: 'cent', INR: 'paisa' };

/** How a line rounds, in words; '' for the default (half-up to the cent). */
function roundingText(line: FeeLine, currency: string): string {
  const { mode, toMinor } = line.rounding;
  if (mode === 'HALF_UP' && toMinor === 1n) return '';
  const step =
    toMinor === 1n
      ? `the ${SMALLEST_UNIT[currency] ?? 'minor unit'}`
      : toMinor === 100n && WHOLE_UNIT[currency]
        ? `the ${WHOLE_UNIT[currency]}`
        : `${money(toMinor, currency)}`;
  return `rounded ${mode === 'UP' ? 'up ' : mode === 'DOWN' ? 'down ' : ''}to ${step}`;
}

/** One schedule line in words: 'Securities Transfer Tax (STT) 0.25% (buys)'. */
export function describeFeeLine(line: FeeLine, schedule: FeeSchedule): string {
  const rate =
    line.base === 'consideration'
      ? `${percentText(line.rate)}%`
      : `${line.rate} ${schedule.currency} per share`;
  const notes: string[] = [];
  if (line.side === 'buy') notes.push('buys');
  if (line.side === 'sell') notes.push('sales');
  if (line.minimumMinor !== undefined) notes.push(`minimum ${money(line.minimumMinor, schedule.currency)}`);
  if (line.maximumMinor !== undefined) notes.push(`maximum ${money(line.maximumMinor, schedule.currency)}`);
  const rounding = roundingText(line, schedule.currency);
  if (rounding) notes.push(rounding);
  return `${line.label} ${rate}${notes.length ? ` (${notes.join(', ')})` : ''}`;
}

/** VAT/GST in words, or '' when the schedule charges none: 'VAT 15% on all fees except …'. */
export function describeTax(schedule: FeeSchedule): string {
  const taxed = schedule.lines.filter((l) => l.vatApplies);
  if (taxed.length === 0 || parseDecimal(schedule.vatRate).coefficient === 0n) return '';
  const untaxed = schedule.lines.filter((l) => !l.vatApplies);
  const list = (lines: readonly FeeLine[]) => {
    const labels = lines.map((l) => l.label);
    return labels.length <= 1 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
  };
  const base = untaxed.length === 0 ? 'all fees' : `all fees except ${list(untaxed)}`;
  return `${schedule.vatLabel} ${percentText(schedule.vatRate)}% on ${base}`;
}

/** The whole schedule in words, with its version (the key facts' fees line and `fees show`). */
export function describeSchedule(schedule: FeeSchedule): string {
  const lines = schedule.lines.map((l) => describeFeeLine(l, schedule)).join(', ');
  const tax = describeTax(schedule);
  return `${lines}${tax ? `; ${tax}` : ''}. Fee schedule ${schedule.version}.`;
}

// Intl separates the currency code with a no-break space; the sheet is plain text.
const currencyText = (value: string, currency: string) =>
  formatCurrency(value, currency).replace(/\u00a0/g, ' ');

/** A price in the quote unit as a client reads it: ZAc '290000' → 'ZAR 2,900.00 (290000c)'. */
export function priceText(price: string, unit: QuoteUnit, currency: string): string {
  if (unit === 'ZAc') {
    const d = parseDecimal(price);
    const rand = formatDecimal({ coefficient: d.coefficient, scale: d.scale + 2 });
    return `${currencyText(rand, 'ZAR')} (${formatDecimal(normalizeDecimal(d))}c)`;
  }
  return currencyText(price, currency);
}

function dateText(at: Date, country: string): string {
  const profile = TRADING_COUNTRY_PROFILES.find((p) => p.code === country);
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: profile?.timezones[0] ?? 'Africa/Johannesburg',
  }).format(at);
}

/** (market − block) / market in percent, one decimal, half-up on the magnitude. */
function discountText(blockPrice: string, marketPrice: string): string {
  const b = parseDecimal(blockPrice);
  const m = parseDecimal(marketPrice);
  const scale = Math.max(b.scale, m.scale);
  const bc = b.coefficient * 10n ** BigInt(scale - b.scale);
  const mc = m.coefficient * 10n ** BigInt(scale - m.scale);
  if (mc <= 0n || bc === mc) return 'the same as';
  const diff = bc < mc ? mc - bc : bc - mc;
  const tenths = (diff * 2000n + mc) / (2n * mc); // round(diff / m × 1000)
  const pct = formatDecimal(normalizeDecimal({ coefficient: tenths, scale: 1 }));
  return `${pct}% ${bc < mc ? 'below' : 'above'}`;
}

export interface KeyFactsInput {
  dtype: 'fo' | 'otc';
  symbol: string;
  instrumentName: string;
  market: string;
  country: string;
  currency: string;
  quoteUnit: QuoteUnit;
  opensAt: Date;
  termDays?: number | null;
  blockPrice?: string | null;
  blockSize?: string | null;
  /** The instrument's price when the offering is created (quote unit), for the block's discount. */
  marketPrice: string;
  schedule: FeeSchedule;
}

const unitWords: Record<QuoteUnit, string> = {
  ZAc: 'quoted in cents per share; divide by 100 for rand',
  USD: 'quoted in US dollars per share',
  INR: 'quoted in rupees per share',
  points: 'quoted in index points',
};

/** Whole shares with grouping: '50000' → '50,000'. */
const shares = (text: string) =>
  BigInt(formatDecimal(normalizeDecimal(parseDecimal(text)))).toLocaleString('en-US');

/** Every key of KEY_FACT_KEYS, in that order, with its label and text. */
export function buildKeyFacts(input: KeyFactsInput): KeyFact[] {
  const what = `${input.instrumentName} (${input.symbol}, ${input.market})`;
  const texts: Record<KeyFactKey, string> =
    input.dtype === 'fo'
      ? {
          what_you_buy: `Shares in ${what}, bought at once and held for a fixed term of ${input.termDays} days.`,
          price_basis: `The live quote at the time you buy, valid for 20 seconds (${unitWords[input.quoteUnit]}).`,
          lock_up:
            `Locked for ${input.termDays} days from the day you buy; it cannot be sold before then ` +
            `(bought on ${dateText(input.opensAt, input.country)}: not before ` +
            `${dateText(new Date(input.opensAt.getTime() + input.termDays! * DAY_MS), input.country)}). ` +
            'Your order shows its exact unlock date.',
          early_exit:
            'Not possible before the term ends: there is no early exit. After it ends you can sell at a quote like any holding.',
          fees: describeSchedule(input.schedule),
          allocation: 'Immediate: your order is filled in full at the quote when you buy.',
          maximum_loss: MAXIMUM_LOSS_TEXT,
        }
      : {
          what_you_buy: `Shares in ${what} from a block of ${shares(input.blockSize!)} shares sold at one fixed price.`,
          price_basis:
            `The fixed block price of ${priceText(input.blockPrice!, input.quoteUnit, input.currency)} per share, ` +
            `${discountText(input.blockPrice!, input.marketPrice)} the market price of ` +
            `${priceText(input.marketPrice, input.quoteUnit, input.currency)} when the offering was created.`,
          lock_up: 'None after allocation: allocated shares can be sold at any time.',
          early_exit: 'Sell at any time after allocation, at a quote like any holding; selling fees apply.',
          fees: describeSchedule(input.schedule),
          allocation:
            `Pro rata to the shares requested when the block of ${shares(input.blockSize!)} shares is oversubscribed: ` +
            'whole shares, rounded down, with the leftover shares going one at a time to the earliest requests. ' +
            'Your funds (block price + fees) are held meanwhile; funds for shares not allocated are released at settlement.',
          maximum_loss: MAXIMUM_LOSS_TEXT,
        };
  return KEY_FACT_KEYS.map((key) => ({ key, label: KEY_FACT_LABELS[key], text: texts[key] }));
}
