import { MoneyMessages, type ExchangePair } from '@imali/contract';
import {
  type Currency,
  type PublishedRate,
  checkAmount,
  convertAmount,
  formatMinor,
  isCurrency,
  quoteFor,
} from '@imali/money';

/** The price the Fund Transfer modal shows for one direction (from → to). */
export interface TransferQuote {
  from: Currency;
  to: Currency;
  /** What 1 unit of `from` buys in `to`: the rate sent back to the server. */
  rate: string;
  /** Market mid rate in the same direction. */
  mid: string;
  /** (mid − rate) / mid as a fraction: what the client gives up against mid. */
  spread: string;
  /** True when priced from the reverse pair's mid and spread (no pair published this way). */
  derived: boolean;
}

/** The pairs the server publishes; the derived ones in a listing are re-priced by quoteFor. */
function publishedOf(pairs: readonly ExchangePair[]): PublishedRate[] {
  return pairs
    .filter((p) => !p.derived)
    .map((p) => ({ from: p.primary, to: p.secondary, rate: p.rate, mid: p.mid_rate }));
}

/**
 * The quote for from → to by the one swap rule the server prices with (packages/money quoteFor):
 * the pair published in that direction, else the reverse pair's price derived from its mid and
 * spread. Swapping the currencies is just the quote of the other direction. Undefined when the
 * currencies are equal or no pair links them ('Exchange pair not found.').
 */
export function findQuote(
  pairs: readonly ExchangePair[],
  from: string,
  to: string,
): TransferQuote | undefined {
  if (!isCurrency(from) || !isCurrency(to) || from === to) return undefined;
  const quote = quoteFor(publishedOf(pairs), from, to);
  if (!quote) return undefined;
  const { rate, mid, spread, derived } = quote;
  return { from, to, rate, mid, spread, derived };
}

/** The amount in minor units of `quote.from`, or undefined while empty or not a valid positive amount. */
function amountMinor(amount: string, quote: TransferQuote | undefined): bigint | undefined {
  if (!quote || amount.trim() === '') return undefined;
  const parsed = checkAmount(amount, quote.from);
  return parsed.ok ? parsed.minor : undefined;
}

/**
 * The converted amount shown live: what the server will credit, by the same function
 * (convertAmount: amount × rate, 2 decimals, rounded down). Undefined while the amount is empty or
 * not a valid positive amount.
 */
export function convertedAmount(amount: string, quote: TransferQuote | undefined): string | undefined {
  const minor = amountMinor(amount, quote);
  if (minor === undefined || !quote) return undefined;
  return formatMinor(convertAmount(minor, quote.rate, quote.from, quote.to), quote.to);
}

/**
 * 'Amount is too small to convert.' when a valid amount would credit nothing (the server refuses
 * it with the same message); undefined otherwise.
 */
export function conversionProblem(amount: string, quote: TransferQuote | undefined): string | undefined {
  const minor = amountMinor(amount, quote);
  if (minor === undefined || !quote) return undefined;
  return convertAmount(minor, quote.rate, quote.from, quote.to) === 0n
    ? MoneyMessages.amountTooSmallToConvert
    : undefined;
}

/** Accounts of the two chosen currencies, or undefined ('Matching accounts ... not found.'). */
export function matchingAccounts<A extends { currency: string }>(
  accounts: readonly A[],
  from: string,
  to: string,
): { from: A; to: A } | undefined {
  const fromAccount = accounts.find((a) => a.currency === from);
  const toAccount = accounts.find((a) => a.currency === to);
  return fromAccount && toAccount ? { from: fromAccount, to: toAccount } : undefined;
}
