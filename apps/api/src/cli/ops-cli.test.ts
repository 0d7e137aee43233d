// The CLI in direct mode (no embedded server owns the folder: PostgreSQL or stopped), in process:
// bootstrap the first admin, sign in with password + code, run as that staff user, sign out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config/env';
import { totpCodeFor } from '../test/staff';
import { opsCli, SIGN_IN_FIRST, type AnswerSource } from './ops-cli';

describe.skipIf(!!process.env.DATABASE_URL)('ops CLI, direct mode (embedded database, no server)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-ops-cli-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const config = testConfig({ DATA_DIR: dir });
  const sessionFile = path.join(dir, 'ops-session.json');
  const password = 'Correct-Horse-Battery-9';
  const replies =
    (...lines: string[]): AnswerSource =>
    async () =>
      lines;
  let totpSecret = '';

  it('staff bootstrap creates the first admin and prints the TOTP secret and otpauth URI once', async () => {
    const out = await opsCli(
      ['staff', 'bootstrap', '--email', 'Admin@Imali.test', '--name', 'First Admin', '--password-stdin'],
      config,
      replies(password),
    );
    expect(out).toContain('Staff admin First Admin <admin@imali.test> created');
    totpSecret = /TOTP secret: ([A-Z2-7]+)/.exec(out)![1]!;
    expect(out).toContain(`otpauth://totp/`);
    expect(out).toContain(`secret=${totpSecret}`);
  }, 120_000);

  it('without a session every command says to sign in first', async () => {
    await expect(opsCli(['invite', 'list'], config)).rejects.toThrow(SIGN_IN_FIRST);
    expect(await opsCli(['help'], config)).toContain(SIGN_IN_FIRST);
  });

  it('login keeps the session 0600; commands run as that user, within its roles; logout ends it', async () => {
    const login = await opsCli(
      ['login', '--email', 'admin@imali.test', '--password-stdin'],
      config,
      replies(password, totpCodeFor(totpSecret)),
    );
    expect(login).toContain('Signed in as First Admin <admin@imali.test>');
    expect(fs.statSync(sessionFile).mode & 0o777).toBe(0o600);
    expect(await opsCli(['whoami'], config)).toContain('Roles: staff_admin');
    expect(await opsCli(['market', 'key'], config)).toContain('generated for this database');
    await expect(opsCli(['client', 'show', '612345678'], config)).rejects.toThrow(
      '"client show" needs the permission clients.read',
    );
    const help = await opsCli(['help'], config);
    expect(help).toContain('audit verify');
    expect(help).not.toContain('kyc approve');
    expect(help).toContain('login --email EMAIL');
    expect(await opsCli(['audit', 'verify'], config)).toMatch(/^intact: \d+ rows/);

    fs.chmodSync(sessionFile, 0o640);
    await expect(opsCli(['whoami'], config)).rejects.toThrow(/readable by others/);
    fs.chmodSync(sessionFile, 0o600);

    expect(await opsCli(['logout'], config)).toBe('Signed out admin@imali.test.');
    expect(fs.existsSync(sessionFile)).toBe(false);
    await expect(opsCli(['whoami'], config)).rejects.toThrow(SIGN_IN_FIRST);
  }, 120_000);

  it('a session ended on the server is refused with the sign-in hint', async () => {
    fs.writeFileSync(
      sessionFile,
      JSON.stringify({
        token: 'x'.repeat(43),
        staffId: 9001,
        email: 'admin@imali.test',
        expiresAt: '',
        via: 'direct',
      }),
      { mode: 0o600 },
    );
    await expect(opsCli(['invite', 'list'], config)).rejects.toThrow(SIGN_IN_FIRST);
  }, 120_000);
});
