import { QUOTE_VALIDITY_MS, type Quotation } from '@imali/contract';
import { isValidPrice } from '@imali/money';

export { QUOTE_VALIDITY_MS };

export type QuoteOutcome =
  | { kind: 'ok'; quotation: Quotation }
  /** The price was missing or zero twice (spec: 'Unable to fetch a valid price. Please retry later.'). */
  | { kind: 'unavailable' }
  /** The request failed (spec: 'Failed to fetch latest price. Please try again.'). */
  | { kind: 'failed'; error: unknown };

/**
 * Spec sections 4 and 9: the latest price is fetched; a missing or zero price is retried once and
 * fails at the second; a failed request fails at once. Never throws.
 */
export async function fetchValidQuotation(fetcher: () => Promise<Quotation>): Promise<QuoteOutcome> {
  for (let attempt = 0; attempt < 2; attempt++) {
    let quotation: Quotation;
    try {
      quotation = await fetcher();
    } catch (error) {
      return { kind: 'failed', error };
    }
    if (quotation && isValidPrice(quotation.price)) return { kind: 'ok', quotation };
  }
  return { kind: 'unavailable' };
}

/**
 * When a quotation received at `receivedAt` (local clock) stops being valid: 20 s after it arrived.
 * The server's `expires_at` is on the server's clock, which may differ from the browser's; the
 * server decides anyway (an expired quote is refused with the spec's timeout message).
 */
export function quoteDeadline(receivedAt: number, validityMs: number = QUOTE_VALIDITY_MS): number {
  return receivedAt + validityMs;
}

/** Whole seconds left, rounded up (19.2 s → 20, shown until it reaches 0). */
export function secondsLeft(remainingMs: number): number {
  return Math.max(0, Math.ceil(remainingMs / 1000));
}
