import { PIN_LENGTH } from '@imali/contract';

export { PIN_LENGTH };

/** Spec section 5: digits only, cut at 6. */
export function sanitizePin(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, PIN_LENGTH);
}

export function isPinComplete(pin: string): boolean {
  return pin.length === PIN_LENGTH && /^\d+$/.test(pin);
}
