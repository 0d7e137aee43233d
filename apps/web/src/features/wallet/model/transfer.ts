import type { ExchangePair } from '@imali/contract';
import {
  type Currency,
  checkAmount,
  convertAmount,
  formatMinor,
  invertRate,
  isCurrency,
  spreadAgainstMid,
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
  /** True when the rate was derived as 1/rate of the reverse pair (spec section 5). */
  derived: boolean;
}

function quoteOf(pair: ExchangePair): TransferQuote {
  return {
    from: pair.primary,
    to: pair.secondary,
    rate: pair.rate,
    mid: pair.mid_rate,
    spread: pair.spread,
    derived: pair.derived,
  };
}

/** The reverse of a quote when no pair is published that way: 1/rate and 1/mid, 6 decimals. */
function invertQuote(quote: TransferQuote): TransferQuote {
  const rate = invertRate(quote.rate);
  const mid = invertRate(quote.mid);
  return { from: quote.to, to: quote.from, rate, mid, spread: spreadAgainstMid(rate, mid), derived: true };
}

/**
 * The quote for from → to: the pair published in that direction, else the reverse pair inverted
 * (1/rate rounded to 6 decimals). Undefined when the currencies are equal or no pair links them
 * ('Exchange pair not found.').
 */
export function findQuote(
  pairs: readonly ExchangePair[],
  from: string,
  to: string,
): TransferQuote | undefined {
  if (!isCurrency(from) || !isCurrency(to) || from === to) return undefined;
  const direct = pairs.find((p) => p.primary === from && p.secondary === to);
  if (direct) return quoteOf(direct);
  const reverse = pairs.find((p) => p.primary === to && p.secondary === from);
  return reverse ? invertQuote(quoteOf(reverse)) : undefined;
}

/**
 * Swapping the direction (spec section 5): the reverse pair when it exists, otherwise 1/rate
 * rounded to 6 decimals of the current quote.
 */
export function swapQuote(pairs: readonly ExchangePair[], quote: TransferQuote): TransferQuote {
  const reverse = pairs.find((p) => p.primary === quote.to && p.secondary === quote.from);
  return reverse ? quoteOf(reverse) : invertQuote(quote);
}

/**
 * The converted amount shown live: amount × rate rounded to 2 decimals (half-up, the same rule
 * as the server). Undefined while the amount is empty or not a valid positive amount.
 */
export function convertedAmount(amount: string, quote: TransferQuote | undefined): string | undefined {
  if (!quote || amount.trim() === '') return undefined;
  const parsed = checkAmount(amount, quote.from);
  if (!parsed.ok) return undefined;
  return formatMinor(convertAmount(parsed.minor, quote.rate, quote.from, quote.to), quote.to);
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
