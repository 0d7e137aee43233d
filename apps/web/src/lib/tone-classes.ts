/**
 * The Tailwind classes of @imali/money's tones. The package names a tone (positive, amber, red…)
 * and knows nothing of styling; how a tone looks is the web's, here, in one place.
 */
import { signedTone, statusTone, type CountdownTone, type SignedTone, type StatusTone } from '@imali/money';

type Numeric = string | number | bigint | null | undefined;

export const SIGNED_TONE_CLASS: Record<SignedTone, string> = {
  positive: 'text-green-600',
  negative: 'text-red-600',
  neutral: 'text-gray-500',
};

/** The text colour class for a signed value: positive green, negative red, zero or missing grey. */
export function signedColorClass(value: Numeric): string {
  return SIGNED_TONE_CLASS[signedTone(value)];
}

export const STATUS_TONE_CLASS: Record<StatusTone, string> = {
  amber: 'text-amber-500',
  yellow: 'text-yellow-500',
  green: 'text-green-600',
  'dark-red': 'text-red-800',
  red: 'text-red-600',
  grey: 'text-gray-500',
};

/** The text colour class of an order status (spec section 4), case-insensitive; others grey. */
export function statusColorClass(status: string | null | undefined): string {
  return STATUS_TONE_CLASS[statusTone(status)];
}

/** The quotation countdown bar's background per tone. */
export const COUNTDOWN_TONE_CLASS: Record<CountdownTone, string> = {
  red: 'bg-red-500',
  yellow: 'bg-yellow-400',
  green: 'bg-green-500',
};
