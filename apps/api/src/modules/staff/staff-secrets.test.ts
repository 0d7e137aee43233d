import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  matchTotpStep,
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
  staffSecretKey,
  totpCodeAtStep,
  totpStepAt,
} from './staff-secrets';

describe('staff secrets', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-staff-key-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps the sealing key in a 0600 file of DATA_DIR, the same at every call, unless STAFF_SECRET_KEY is set', () => {
    const key = staffSecretKey({ dataDir: dir });
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, 'staff-secret.key')).mode & 0o777).toBe(0o600);
    expect(staffSecretKey({ dataDir: dir })).toBe(key);
    const configured = 'k'.repeat(40);
    expect(staffSecretKey({ dataDir: dir, STAFF_SECRET_KEY: configured })).toBe(configured);
  });

  it('seals a TOTP secret so that only the key opens it', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const sealed = sealTotpSecret('a'.repeat(40), secret);
    expect(sealed).not.toContain(secret);
    expect(openTotpSecret('a'.repeat(40), sealed)).toBe(secret);
    expect(() => openTotpSecret('b'.repeat(40), sealed)).toThrow(/cannot be opened/);
  });

  it('matches a code to its step within ±1 step, and only after the last step used', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-11-28T12:00:10Z');
    const now = totpStepAt(at);
    for (const step of [now - 1, now, now + 1]) {
      expect(matchTotpStep(secret, totpCodeAtStep(secret, step), at, 0)).toBe(step);
    }
    expect(matchTotpStep(secret, totpCodeAtStep(secret, now - 2), at, 0)).toBeUndefined();
    expect(matchTotpStep(secret, totpCodeAtStep(secret, now + 2), at, 0)).toBeUndefined();
    // Spent: a step not after the last one used.
    expect(matchTotpStep(secret, totpCodeAtStep(secret, now), at, now)).toBeUndefined();
    expect(matchTotpStep(secret, totpCodeAtStep(secret, now + 1), at, now)).toBe(now + 1);
  });
});
