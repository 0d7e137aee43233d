// Runs the ops CLI (`npm run ops -- …`) with the same DATA_DIR / DATABASE_URL as the server, as a
// signed-in demo staff user (decision 0062): each command runs as the demo staff of a role that
// holds its permission. The CLI says which permission a refused command needs ("… needs the
// permission X …"); the helper then signs in (once per server) the demo staff of a role granting
// X, with its own session file, and runs the command again.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROLE_PERMISSIONS, STAFF_ROLES, type StaffPermission, type StaffRole } from '@imali/contract';
import { repoRoot, type RunningServer } from './server';
import { demoStaffOf, totpCodeFor } from './staff';

interface CliResult {
  code: number | null;
  out: string;
  err: string;
}

/** Runs the CLI once; `stdin` lines are written to it (the password and code of `login`). */
export function runCli(server: RunningServer, args: string[], stdin?: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'ops', '--', ...args], {
      cwd: process.env.E2E_SERVER_ROOT ?? repoRoot,
      env: server.env,
      stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, err }));
    if (stdin) child.stdin!.end(`${stdin.join('\n')}\n`);
  });
}

/** Signed-in roles of each server (by data folder): their session files. */
const signedIn = new Map<string, Map<StaffRole, string>>();
/** The role each server's last command ran as (the next one tries it first). */
const lastRole = new Map<string, StaffRole>();

export const sessionFileOf = (server: RunningServer, role: StaffRole) =>
  path.join(server.dataDir, `ops-session-${role}.json`);

/**
 * Signs a role's demo staff in through the CLI (`login --password-stdin`) into its own session
 * file. A TOTP code is accepted once: when another sign-in of the same user took this 30 s step
 * (servers sharing one PostgreSQL), wait for the next step and try again.
 */
export async function loginAs(server: RunningServer, role: StaffRole): Promise<string> {
  const staff = demoStaffOf(role);
  const file = sessionFileOf(server, role);
  let last: CliResult | undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const res = await runCli(
      server,
      ['login', '--email', staff.email, '--password-stdin', '--session-file', file],
      [staff.password, totpCodeFor(staff.totpSecret)],
    );
    if (res.code === 0) {
      let roles = signedIn.get(server.dataDir);
      if (!roles) signedIn.set(server.dataDir, (roles = new Map()));
      roles.set(role, file);
      return res.out;
    }
    last = res;
    // The next TOTP step starts at the next multiple of 30 s.
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
  }
  throw new Error(`ops login as ${role} (${staff.email}) failed: ${last?.err || last?.out}`);
}

/** The first role (in the contract's order) that grants `permission`. */
export function roleFor(permission: StaffPermission): StaffRole {
  const role = STAFF_ROLES.find((r) => ROLE_PERMISSIONS[r].includes(permission));
  if (!role) throw new Error(`No role grants ${permission}.`);
  return role;
}

export async function runOps(server: RunningServer, ...args: string[]): Promise<string> {
  let role = lastRole.get(server.dataDir) ?? 'support';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const file = signedIn.get(server.dataDir)?.get(role) ?? sessionFileOf(server, role);
    if (!fs.existsSync(file)) await loginAs(server, role);
    const res = await runCli(server, [...args, '--session-file', file]);
    if (res.code === 0) {
      lastRole.set(server.dataDir, role);
      return res.out;
    }
    const needs = /needs the permission ([\w.]+)/.exec(res.err)?.[1] as StaffPermission | undefined;
    if (needs) {
      role = roleFor(needs);
      continue;
    }
    if (/Sign in first/.test(res.err)) {
      // The session ended (idle, or a restarted server on a fresh database): sign in again.
      fs.rmSync(file, { force: true });
      continue;
    }
    throw new Error(`ops ${args.join(' ')} exited ${res.code}: ${res.err || res.out}`);
  }
  throw new Error(`ops ${args.join(' ')}: no demo staff role could run it.`);
}
