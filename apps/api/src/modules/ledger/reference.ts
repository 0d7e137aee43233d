import { randomBytes } from 'node:crypto';

// Crockford-style alphabet: no I, L, O, U, so a reference read over the phone is unambiguous.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A reference a client quotes on a payment, e.g. 'DEP-7K3M9Q2XRT' (50 random bits). */
export function newReference(prefix: string, length = 10): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 32];
  return `${prefix}-${out}`;
}
