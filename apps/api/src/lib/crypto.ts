import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
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

/**
 * Seals `secret` (AES-256-GCM) under a key derived from `keyMaterial`: only a holder of the key
 * material can open it. Used to keep a rotated token's successor for a second refresh of the same
 * token, without storing any token in a form the database alone could use.
 */
export function sealWith(keyMaterial: string, secret: string): string {
  const key = createHash('sha256').update(`seal:${keyMaterial}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** Opens what `sealWith` sealed; undefined when the key material is wrong or the text damaged. */
export function openWith(keyMaterial: string, sealed: string): string | undefined {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) return undefined;
  try {
    const key = createHash('sha256').update(`seal:${keyMaterial}`).digest();
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
