import { TradingMessages, isPlainDecimal } from '@imali/contract';
import { compareDecimal, formatDecimal, formatQuantity, normalizeDecimal, parseDecimal } from '@imali/money';

/** '10.000000' → '10', for limits read from the API. */
export const plainNumber = (text: string): string => formatDecimal(normalizeDecimal(parseDecimal(text)));

/**
 * The quantity typed in an order form: whole shares, above zero, within the offering's per-client
 * limits. Returns the message to show (the contract's TradingMessages), or undefined when valid.
 */
export function quantityError(
  raw: string,
  limits: { min?: string | null; max?: string | null } = {},
): string | undefined {
  const text = raw.trim();
  if (text === '') return TradingMessages.quantityRequired;
  if (!isPlainDecimal(text, 6, 12)) return TradingMessages.quantityInvalid;
  const value = normalizeDecimal(parseDecimal(text));
  if (value.coefficient === 0n) return TradingMessages.quantityPositive;
  if (value.scale > 0) return TradingMessages.wholeShares;
  if (limits.min && compareDecimal(value, parseDecimal(limits.min)) < 0)
    return TradingMessages.belowMinimum(formatQuantity(limits.min, 'shares'));
  if (limits.max && compareDecimal(value, parseDecimal(limits.max)) > 0)
    return TradingMessages.aboveMaximum(formatQuantity(limits.max, 'shares'));
  return undefined;
}

/** The quantity as sent to the API ('007' → '7'); only call it on a valid quantity. */
export const normalQuantity = (raw: string): string => plainNumber(raw.trim());
