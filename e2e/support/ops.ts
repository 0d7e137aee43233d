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
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../apps/api/src/db/seed';
import { demoStaffOf, totpCodeFor, type DemoStaff } from './staff';

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
  const out = await loginStaff(server, demoStaffOf(role), sessionFileOf(server, role));
  let roles = signedIn.get(server.dataDir);
  if (!roles) signedIn.set(server.dataDir, (roles = new Map()));
  roles.set(role, sessionFileOf(server, role));
  return out;
}

/** Signs one demo staff user in through the CLI into `file` (see loginAs). */
async function loginStaff(server: RunningServer, staff: DemoStaff, file: string): Promise<string> {
  let last: CliResult | undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const res = await runCli(
      server,
      ['login', '--email', staff.email, '--password-stdin', '--session-file', file],
      [staff.password, totpCodeFor(staff.totpSecret)],
    );
    if (res.code === 0) return res.out;
    last = res;
    // The next TOTP step starts at the next multiple of 30 s.
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
  }
  throw new Error(`ops login as ${staff.email} failed: ${last?.err || last?.out}`);
}

/** The last 30 s step whose code each demo staff user spent through this helper (by email). */
const lastStepOf = new Map<string, number>();
const STEP_MS = 30_000;

/**
 * Runs `approval approve <id> --code -`: the CLI asks for the code ("6-digit code: " on stderr)
 * once it has started, and the code given is of that moment. Starting the CLI can take longer
 * than a 30 s step on a loaded machine, so a code computed before starting it may be too old
 * when the server checks it. The server accepts the current step ±1, once, and only a step later
 * than the user's last: the code is of the step after the last spent, waiting when that is more
 * than one step ahead.
 */
function approveWithCodeAsked(
  server: RunningServer,
  staff: DemoStaff,
  requestId: string,
  file: string,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npm',
      [
        'run',
        '--silent',
        'ops',
        '--',
        'approval',
        'approve',
        requestId,
        '--code',
        '-',
        '--session-file',
        file,
      ],
      { cwd: process.env.E2E_SERVER_ROOT ?? repoRoot, env: server.env, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    let answered = false;
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', async (c: Buffer) => {
      err += c.toString();
      if (answered || !err.includes('6-digit code:')) return;
      answered = true;
      const step = Math.max(Math.floor(Date.now() / STEP_MS), (lastStepOf.get(staff.email) ?? 0) + 1);
      const wait = (step - 1) * STEP_MS - Date.now() + 200;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      lastStepOf.set(staff.email, step);
      child.stdin!.end(`${totpCodeFor(staff.totpSecret, new Date(step * STEP_MS + 1_000))}\n`);
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, err: err.replace('6-digit code: ', '') }));
  });
}

/**
 * Four eyes (issue 23): a run asked for by the CLI ("Waiting for approval: request #N") is
 * approved by the SECOND demo staff user of the maker's role (products2@ for product_ops), signed
 * in with their own session file, with a fresh authenticator code (approveWithCodeAsked).
 */
async function approveAsSecond(server: RunningServer, role: StaffRole, requestId: string): Promise<string> {
  const first = demoStaffOf(role);
  const second = DEMO_STAFF.find((s) => s.roles.includes(role) && s.email !== first.email);
  if (!second) throw new Error(`No second demo staff user has the role ${role}.`);
  const staff: DemoStaff = {
    email: second.email,
    password: DEMO_STAFF_PASSWORD,
    totpSecret: second.totpSecret,
  };
  const file = path.join(server.dataDir, `ops-session-${role}-second.json`);
  if (!fs.existsSync(file)) {
    await loginStaff(server, staff, file);
    // The sign-in spent a code of this step (or of the next, after a retry).
    lastStepOf.set(staff.email, Math.floor(Date.now() / STEP_MS));
  }
  let last: CliResult | undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const res = await approveWithCodeAsked(server, staff, requestId, file);
    if (res.code === 0) return res.out;
    last = res;
    if (/Sign in first/.test(res.err)) {
      fs.rmSync(file, { force: true });
      await loginStaff(server, staff, file);
      lastStepOf.set(staff.email, Math.floor(Date.now() / STEP_MS));
    }
  }
  throw new Error(`approval approve ${requestId} as ${staff.email} failed: ${last?.err || last?.out}`);
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
      // A command may ask for several runs (`fund value`: one request per fund due): each is
      // approved in turn (each with a code of a later step than the last: approveWithCodeAsked).
      const ids = [...res.out.matchAll(/Waiting for approval: request #(\d+)/g)].map((m) => m[1]!);
      let out = res.out;
      for (const id of ids) out += `\n${await approveAsSecond(server, role, id)}`;
      return out;
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
