import { PIN_LENGTH } from '@imali/contract';

export { PIN_LENGTH };

/** Spec section 5: digits only, cut at 6. */
export function sanitizePin(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, PIN_LENGTH);
}

export function isPinComplete(pin: string): boolean {
  return pin.length === PIN_LENGTH && /^\d+$/.test(pin);
}

/** The server accepts a PIN verified on the session within 5 minutes. */
export const PIN_FRESH_MS = 5 * 60_000;
/**
 * Ask again a little before the server would: a request that leaves at 4:59 could arrive at
 * 5:01 and be refused after the user already confirmed.
 */
export const PIN_FRESH_MARGIN_MS = 30_000;

/** Whether a PIN verified at `verifiedAt` (ms) still lets a withdrawal through at `now`. */
export function isPinFresh(verifiedAt: number | null, now: number): boolean {
  return verifiedAt !== null && now - verifiedAt < PIN_FRESH_MS - PIN_FRESH_MARGIN_MS;
}
