// The staff module's secrets (decision 0057): the key that seals TOTP secrets at rest, and the
// TOTP codes themselves (RFC 6238: 30-second steps, 6 digits, SHA-1, what authenticator apps use).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Config } from '../../config/env';
import { openWith, safeEqual, sealWith } from '../../lib/crypto';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code is accepted for (clock drift of the phone): ±30 seconds. */
export const TOTP_WINDOW = 1;
const ISSUER = 'Imali Ops';

const KEY_FILE = 'staff-secret.key';
const keys = new Map<string, string>();

/**
 * The key material that seals TOTP secrets: STAFF_SECRET_KEY, or a random key kept in
 * DATA_DIR/staff-secret.key (mode 0600), created at the first need. It is never in the database,
 * so a copy of the database alone cannot mint codes. Every process of one deployment must see the
 * same key (the same DATA_DIR, or STAFF_SECRET_KEY set).
 */
export function staffSecretKey(config: Pick<Config, 'STAFF_SECRET_KEY' | 'dataDir'>): string {
  if (config.STAFF_SECRET_KEY) return config.STAFF_SECRET_KEY;
  const file = path.join(config.dataDir, KEY_FILE);
  const cached = keys.get(file);
  if (cached) return cached;
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': two processes starting together cannot both write one; the loser reads the winner's.
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = fs.readFileSync(file, 'utf8').trim();
  if (key.length < 32) throw new Error(`${file} holds no staff key: remove it only if no staff user exists`);
  keys.set(file, key);
  return key;
}

// A purpose prefix keeps these seals apart from any other use of the same key material.
export const sealTotpSecret = (key: string, secret: string) => sealWith(`staff-totp:${key}`, secret);

export function openTotpSecret(key: string, sealed: string): string {
  const secret = openWith(`staff-totp:${key}`, sealed);
  if (!secret) throw new Error('a staff TOTP secret cannot be opened: STAFF_SECRET_KEY or DATA_DIR changed');
  return secret;
}

/** A new TOTP secret: 160 random bits (RFC 4226's recommendation), base32 as apps expect it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const isBase32Secret = (secret: string) => /^[A-Z2-7]{16,128}=*$/.test(secret);

/** The time step of an instant: whole 30-second periods since the epoch. */
export const totpStepAt = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code of one step. */
export function totpCodeAtStep(secretBase32: string, step: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: step * TOTP_PERIOD_SECONDS * 1000,
  });
}

/**
 * The step whose code `code` is, among now and ±TOTP_WINDOW steps, and later than `afterStep`
 * (a step once used is spent); undefined when none. The latest matching step wins.
 */
export function matchTotpStep(secretBase32: string, code: string, at: Date, afterStep: number) {
  const now = totpStepAt(at);
  for (let step = now + TOTP_WINDOW; step >= now - TOTP_WINDOW; step -= 1) {
    if (step <= afterStep) break;
    if (safeEqual(totpCodeAtStep(secretBase32, step), code)) return step;
  }
  return undefined;
}

/** The otpauth:// URI an authenticator app scans (as a QR code) to add the account. */
export function totpUri(secretBase32: string, email: string): string {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}
