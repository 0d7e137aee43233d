// The ops CLI process as a staff user against a real embedded server (decision 0062): sign in
// with a demo staff's password and TOTP code on stdin, the session kept 0600, commands run through
// the server's ops port as staff:<id>, a command outside the role refused, logout ends it; and
// with the server stopped the same session works straight against the database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sessionFileOf } from './support/ops';
import { startServer, type RunningServer } from './support/server';
import { demoStaffOf, totpCodeFor } from './support/staff';

const DEMO_MOBILE = '612345678';
const embedded = !process.env.DATABASE_URL;

describe('ops CLI as a staff user', () => {
  // The test owns the folder: the last test stops the server and goes on using it.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-ops-cli-'));
  let server: RunningServer;
  beforeAll(async () => {
    // No browser here: the web app need not be built.
    server = await startServer({ SKIP_WEB_BUILD: 'true' }, { dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('login (password + code on stdin) → whoami → client show as staff:<id>; refused outside the role; logout', async () => {
    const file = sessionFileOf(server, 'support');
    const staff = demoStaffOf('support');

    const before = await runCli(server, ['client', 'show', DEMO_MOBILE, '--session-file', file]);
    expect(before.code).toBe(1);
    expect(before.err).toContain('Sign in first: npm run ops -- login --email <you>');

    const login = await runCli(
      server,
      ['login', '--email', staff.email, '--password-stdin', '--session-file', file],
      [staff.password, totpCodeFor(staff.totpSecret)],
    );
    expect(login.err).toBe('');
    expect(login.code).toBe(0);
    expect(login.out).toContain(`Signed in as`);
    expect(login.out).toContain(staff.email);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { via: string; staffId: number };
    expect(stored.via).toBe(embedded ? 'server' : 'direct');

    const whoami = await runCli(server, ['whoami', '--session-file', file]);
    expect(whoami.out).toContain(`<${staff.email}> (staff:${stored.staffId})`);
    expect(whoami.out).toContain('Roles: support');

    const shown = await runCli(server, ['client', 'show', DEMO_MOBILE, '--session-file', file]);
    expect(shown.err).toBe('');
    expect(shown.out).toContain(DEMO_MOBILE);
    expect(shown.out).toContain('Thandi Demo');

    // Support may create invitation codes: audited as the staff user.
    const code = `CLI${Date.now().toString(36).toUpperCase()}`;
    const created = await runCli(server, [
      'invite',
      'create',
      '--advisor',
      'CLI Desk',
      '--code',
      code,
      '--session-file',
      file,
    ]);
    expect(created.out).toContain(code);
    const audit = await runCli(server, ['audit', 'list', '--limit', '5', '--session-file', file]);
    // Support lacks audit.read: refused, naming it.
    expect(audit.code).toBe(1);
    expect(audit.err).toContain('needs the permission audit.read');

    const help = await runCli(server, ['help', '--session-file', file]);
    expect(help.out).toContain('client show <mobile>');
    expect(help.out).not.toContain('withdrawal pay');
    expect(help.out).toContain('login --email EMAIL');

    // A session file others may read is refused.
    fs.chmodSync(file, 0o644);
    const wide = await runCli(server, ['whoami', '--session-file', file]);
    expect(wide.code).toBe(1);
    expect(wide.err).toContain('readable by others');
    fs.chmodSync(file, 0o600);

    const signedIn = fs.readFileSync(file, 'utf8');
    const logout = await runCli(server, ['logout', '--session-file', file]);
    expect(logout.out).toContain(`Signed out ${staff.email}`);
    expect(fs.existsSync(file)).toBe(false);
    const after = await runCli(server, ['client', 'show', DEMO_MOBILE, '--session-file', file]);
    expect(after.err).toContain('Sign in first');
    // The session ended on the server too: its token, put back, no longer works.
    fs.writeFileSync(file, signedIn, { mode: 0o600 });
    const ended = await runCli(server, ['whoami', '--session-file', file]);
    expect(ended.code).toBe(1);
    expect(ended.err).toContain('Sign in first');
    fs.rmSync(file);
  });

  it.skipIf(!embedded)(
    'with the server stopped, a session signed in through it works straight on the database',
    async () => {
      const file = sessionFileOf(server, 'kyc_reviewer');
      const staff = demoStaffOf('kyc_reviewer');
      const login = await runCli(
        server,
        ['login', '--email', staff.email, '--password-stdin', '--session-file', file],
        [staff.password, totpCodeFor(staff.totpSecret)],
      );
      expect(login.code).toBe(0);
      await server.stop();
      const shown = await runCli(server, ['client', 'show', DEMO_MOBILE, '--session-file', file]);
      expect(shown.err).toBe('');
      expect(shown.out).toContain('Thandi Demo');
      const refused = await runCli(server, ['deposit', 'list', '--session-file', file]);
      expect(refused.err).toContain('needs the permission deposits.read');
    },
  );
});

describe('ops staff bootstrap through a running server (no staff yet)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SKIP_WEB_BUILD: 'true', SEED_DEMO: 'false' });
  });
  afterAll(() => server?.stop());

  it.skipIf(!embedded)(
    'creates the first admin with the record’s one-time secret, prints the TOTP secret once; a second is refused',
    async () => {
      const password = 'first-admin-password-1';
      const boot = await runCli(
        server,
        ['staff', 'bootstrap', '--email', 'first@imali.test', '--name', 'First Admin', '--password-stdin'],
        [password],
      );
      expect(boot.err).toBe('');
      expect(boot.out).toContain('Staff admin First Admin <first@imali.test> created');
      const secret = /TOTP secret: ([A-Z2-7]+)/.exec(boot.out)![1]!;
      expect(boot.out).toMatch(/otpauth URI: otpauth:\/\/totp\//);

      const again = await runCli(
        server,
        ['staff', 'bootstrap', '--email', 'second@imali.test', '--name', 'Second', '--password-stdin'],
        [password],
      );
      expect(again.code).toBe(1);

      const file = sessionFileOf(server, 'staff_admin');
      const login = await runCli(
        server,
        ['login', '--email', 'first@imali.test', '--password-stdin', '--session-file', file],
        [password, totpCodeFor(secret)],
      );
      expect(login.code).toBe(0);
      const whoami = await runCli(server, ['whoami', '--session-file', file]);
      expect(whoami.out).toContain('Roles: staff_admin');
    },
  );
});
