import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** 256 random bits, URL-safe. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

// argon2id with the library's defaults (m=19 MiB, t=2, p=1): OWASP's baseline.
export const hashSecret = (md5Hex: string) => hash(md5Hex);

export async function verifySecret(storedHash: string, md5Hex: string): Promise<boolean> {
  try {
    return await verify(storedHash, md5Hex);
  } catch {
    return false;
  }
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
