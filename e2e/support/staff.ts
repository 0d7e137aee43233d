// The demo staff users the server seeds in demo mode (SEED_DEMO; fixed passwords and TOTP secrets,
// documented in the README) and their current TOTP codes (RFC 6238: SHA-1, 30 s, 6 digits).
import crypto from 'node:crypto';
import type { StaffRole } from '@imali/contract';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../apps/api/src/db/seed';

export interface DemoStaff {
  email: string;
  password: string;
  totpSecret: string;
}

export function demoStaffOf(role: StaffRole): DemoStaff {
  const staff =
    DEMO_STAFF.find((s) => s.roles.length === 1 && s.roles[0] === role) ??
    DEMO_STAFF.find((s) => s.roles.includes(role));
  if (!staff) throw new Error(`No demo staff user has the role ${role}.`);
  return { email: staff.email, password: DEMO_STAFF_PASSWORD, totpSecret: staff.totpSecret };
}

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/=+$/, '').toUpperCase()) {
    const v = alphabet.indexOf(ch);
    if (v < 0) throw new Error(`Not base32: ${text}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The 6-digit code of a base32 TOTP secret at `at` (now by default). */
export function totpCodeFor(secret: string, at: Date = new Date()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000)));
  const mac = crypto.createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}
