// The ops CLI as a signed-in staff user (issue 23, decision 0062). `npm run ops -- login` signs in
// (password + TOTP code) and keeps the session in DATA_DIR/ops-session.json (0600); every other
// command runs as that staff user, through the embedded server while it owns the PGlite folder
// (its ops port), or straight against the database otherwise (PostgreSQL, or the server stopped).
import { staffLoginInput, type StaffPermission, type StaffRole } from '@imali/contract';
import type { Config } from '../config/env';
import { openDatabase } from '../db/open';
import { contextClocks } from '../lib/clock';
import { refreshPublishedFeeSchedules } from '../modules/fees/fees.service';
import type { AppContext } from '../lib/context';
import { readServerRecord, type ServerRecord } from '../lib/server-lock';
import {
  authenticateStaff,
  createStaffUser,
  signInStaff,
  signOutStaff,
} from '../modules/staff/staff.service';
import { wiring } from '../modules/wiring';
import { DomainError } from '../plugins/errors';
import { parseOpsArgv, runOps } from './run';
import { answers } from './prompt';
import {
  defaultSessionFile,
  readSession,
  removeSession,
  writeSession,
  type StoredSession,
} from './session-file';

/** The staff session cookie on the ops origin (plugins/auth.ts reads it). */
export const STAFF_COOKIE = 'imali_staff';
const USER_AGENT = 'imali-ops-cli';

export const SIGN_IN_FIRST = 'Sign in first: npm run ops -- login --email <you>';

/** The CLI's own commands, shown by help whether or not a session is there. */
export const LOCAL_COMMANDS: [string, string][] = [
  ['login --email EMAIL [--password-stdin]', 'Sign in as a staff user (password, then the 6-digit code)'],
  ['logout', 'End the stored staff session (server-side too) and delete the session file'],
  ['whoami', 'The signed-in staff user, their roles and when the session ends'],
  [
    'staff bootstrap --email EMAIL --name "NAME" [--password-stdin]',
    'Create the first staff admin (on the server machine); prints the TOTP secret once',
  ],
];

/** Where the CLI's answers (password, code) come from: the terminal or stdin, or a test's. */
export type AnswerSource = typeof answers;

export interface CliEnv {
  config: Config;
  /** The session file: DATA_DIR/ops-session.json unless `--session-file` names another. */
  sessionFile: string;
  ask: AnswerSource;
}

/** The embedded server that owns this data folder, if one is running (never with PostgreSQL). */
function embeddedServer(config: Config): ServerRecord | undefined {
  if (config.DATABASE_URL) return undefined;
  const record = readServerRecord(config.dataDir);
  return record?.embedded ? record : undefined;
}

interface OpsEndpoint {
  url: string;
  origin: string;
}

/**
 * The server's ops app (its port from the record) and the Origin a state-changing staff request
 * must carry: the console's, from the same configuration the server reads (OPS_ORIGIN, or
 * localhost's on the ops port).
 */
function opsEndpoint(config: Config, record: ServerRecord): OpsEndpoint {
  const url = `http://127.0.0.1:${record.opsPort}`;
  const fallback = `http://127.0.0.1:${record.opsPort}`;
  return {
    url,
    origin:
      config.opsOrigins.find((o) => o.endsWith(`:${record.opsPort}`)) ?? config.opsOrigins[0] ?? fallback,
  };
}

interface Envelope<T> {
  code?: string;
  message?: string;
  data?: T;
}

async function call<T>(
  endpoint: OpsEndpoint,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Envelope<T> | null; setCookie: string[] }> {
  const headers: Record<string, string> = {
    origin: endpoint.origin,
    'user-agent': USER_AGENT,
    ...options.headers,
  };
  if (options.token) headers.cookie = `${STAFF_COOKIE}=${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${endpoint.url}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    throw new Error(
      `The Imali server at ${endpoint.url} owns the data folder but did not answer: ${String(err)}`,
      {
        cause: err,
      },
    );
  }
  const body = (await res.json().catch(() => null)) as Envelope<T> | null;
  return { status: res.status, body, setCookie: res.headers.getSetCookie() };
}

function failure(status: number, body: Envelope<unknown> | null): Error {
  if (status === 401) {
    return new Error(
      `${body?.message ?? 'Not signed in.'} Your staff session has ended (signed out, 15 minutes idle or 10 hours old). ${SIGN_IN_FIRST}`,
    );
  }
  return new Error(body?.message ?? `Server answered ${status}.`);
}

/** The staff user of a stored session (direct mode); an ended one → the sign-in hint. */
async function staffOfSession(ctx: AppContext, token: string) {
  try {
    return await authenticateStaff(ctx, token);
  } catch (err) {
    if (err instanceof DomainError && err.statusCode === 401) throw failure(401, { message: err.message });
    throw err;
  }
}

/** Opens the database for one command (direct mode) and closes it after. */
async function withDatabase<T>(config: Config, work: (ctx: AppContext) => Promise<T>): Promise<T> {
  const database = await openDatabase(config);
  try {
    const ctx: AppContext = { config, database, db: database.db, ...contextClocks(config), wiring };
    // The fee schedules published through approvals (decision 0063), for the commands that price.
    await refreshPublishedFeeSchedules(ctx);
    return await work(ctx);
  } finally {
    await database.close();
  }
}

function requireSession(env: CliEnv): StoredSession {
  const session = readSession(env.sessionFile);
  if (!session) throw new Error(SIGN_IN_FIRST);
  return session;
}

function flagText(flags: Record<string, string | boolean | undefined>, name: string): string | undefined {
  const v = flags[name];
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

interface PrincipalView {
  id: number;
  email: string;
  displayName: string;
  roles: StaffRole[];
  permissions: StaffPermission[];
  sessionExpiresAt: string | Date;
}

function describeStaff(me: PrincipalView): string {
  const expires =
    typeof me.sessionExpiresAt === 'string' ? me.sessionExpiresAt : me.sessionExpiresAt.toISOString();
  return [
    `Signed in as ${me.displayName} <${me.email}> (staff:${me.id})`,
    `Roles: ${me.roles.join(', ') || '(none)'}`,
    `Session ends by ${expires} (sooner after 15 minutes idle)`,
  ].join('\n');
}

async function login(env: CliEnv, flags: Record<string, string | boolean | undefined>): Promise<string> {
  const email = flagText(flags, 'email');
  if (!email) throw new Error('Usage: npm run ops -- login --email EMAIL [--password-stdin]');
  const [password = '', totpCode = ''] = await env.ask(
    [{ text: 'Password: ', secret: true }, { text: '6-digit code: ' }],
    flags['password-stdin'] === true,
  );
  const parsed = staffLoginInput.safeParse({ email, password, totpCode: totpCode.trim() });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join(' '));
  const server = embeddedServer(env.config);
  let stored: StoredSession;
  let me: PrincipalView;
  if (server) {
    const endpoint = opsEndpoint(env.config, server);
    const res = await call<PrincipalView>(endpoint, 'POST', '/ops/v1/auth/login', { body: parsed.data });
    if (res.status !== 200 || !res.body?.data)
      throw new Error(res.body?.message ?? `Server answered ${res.status}.`);
    const cookie = res.setCookie.map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${STAFF_COOKIE}=`));
    if (!cookie) throw new Error('The server signed you in but sent no session cookie.');
    me = res.body.data;
    stored = {
      token: decodeURIComponent(cookie.slice(STAFF_COOKIE.length + 1)),
      staffId: me.id,
      email: me.email,
      expiresAt: String(me.sessionExpiresAt),
      via: 'server',
    };
  } else {
    const { token, principal } = await withDatabase(env.config, (ctx) =>
      signInStaff(ctx, parsed.data, { userAgent: USER_AGENT }),
    );
    me = principal;
    stored = {
      token,
      staffId: principal.id,
      email: principal.email,
      expiresAt: principal.sessionExpiresAt.toISOString(),
      via: 'direct',
    };
  }
  writeSession(env.sessionFile, stored);
  return `${describeStaff(me)}\nSession kept in ${env.sessionFile} (mode 0600).`;
}

async function logout(env: CliEnv): Promise<string> {
  const session = readSession(env.sessionFile);
  if (!session) return 'Not signed in.';
  const server = embeddedServer(env.config);
  // Ended server-side first (audited as a logout); an already ended session (idle, revoked)
  // leaves only the file to delete.
  let note = '';
  if (server) {
    const res = await call(opsEndpoint(env.config, server), 'POST', '/ops/v1/auth/logout', {
      token: session.token,
      body: {},
    });
    if (res.status !== 200 && res.status !== 401) {
      note = ` (the server answered ${res.status}: ${res.body?.message ?? 'no message'})`;
    }
  } else {
    await withDatabase(env.config, async (ctx) => {
      const staff = await authenticateStaff(ctx, session.token).catch(() => undefined);
      if (staff) await signOutStaff(ctx, staff);
    });
  }
  removeSession(env.sessionFile);
  return `Signed out ${session.email}.${note}`;
}

async function whoami(env: CliEnv): Promise<string> {
  const session = requireSession(env);
  const server = embeddedServer(env.config);
  if (server) {
    const res = await call<PrincipalView>(opsEndpoint(env.config, server), 'GET', '/ops/v1/auth/me', {
      token: session.token,
    });
    if (res.status !== 200 || !res.body?.data) throw failure(res.status, res.body);
    return describeStaff(res.body.data);
  }
  return withDatabase(env.config, async (ctx) => describeStaff(await staffOfSession(ctx, session.token)));
}

async function bootstrap(env: CliEnv, flags: Record<string, string | boolean | undefined>): Promise<string> {
  const usage = 'Usage: npm run ops -- staff bootstrap --email EMAIL --name "NAME" [--password-stdin]';
  const email = flagText(flags, 'email')?.toLowerCase();
  const displayName = flagText(flags, 'name');
  if (!email || !displayName) throw new Error(usage);
  const fromStdin = flags['password-stdin'] === true || !process.stdin.isTTY;
  const typed = await env.ask(
    fromStdin
      ? [{ text: 'Password: ', secret: true }]
      : [
          { text: 'Password: ', secret: true },
          { text: 'Password again: ', secret: true },
        ],
    fromStdin,
  );
  const password = typed[0] ?? '';
  if (!fromStdin && typed[1] !== password) throw new Error('The two passwords differ; nothing was created.');
  const server = embeddedServer(env.config);
  let created: { id: number; totpSecret: string; otpauthUri: string };
  if (server) {
    // The server offers bootstrap only while no staff user exists, with the one-time secret it
    // wrote into its 0600 record: reading it proves this runs on the server machine as its user.
    if (!server.bootstrapSecret) {
      throw new Error('Staff users exist already: the first staff admin was created. Nothing was done.');
    }
    const res = await call<{ user: { id: number }; totpSecret: string; otpauthUri: string }>(
      opsEndpoint(env.config, server),
      'POST',
      '/ops/v1/staff/bootstrap',
      { body: { bootstrapSecret: server.bootstrapSecret, email, displayName, password } },
    );
    if (res.status !== 200 || !res.body?.data)
      throw new Error(res.body?.message ?? `Server answered ${res.status}.`);
    created = {
      id: res.body.data.user.id,
      totpSecret: res.body.data.totpSecret,
      otpauthUri: res.body.data.otpauthUri,
    };
  } else {
    created = await withDatabase(env.config, (ctx) =>
      createStaffUser(ctx, { email, displayName, password, roles: ['staff_admin'] }, 'bootstrap'),
    );
  }
  return [
    `Staff admin ${displayName} <${email}> created (staff:${created.id}, role staff_admin).`,
    '',
    'Add this to an authenticator app now: it is shown this once and never again.',
    `TOTP secret: ${created.totpSecret}`,
    `otpauth URI: ${created.otpauthUri}`,
    '',
    `Then sign in: npm run ops -- login --email ${email}`,
  ].join('\n');
}

/**
 * `--code -`: the code is asked for once the command is about to run (a prompt on stderr, the
 * answer a line on stdin), not given on the command line. A TOTP code lives 30 s and starting the
 * CLI can take longer on a loaded machine; a script answers the prompt with the code of that
 * moment (e2e/support/ops.ts).
 */
async function withCodeAsked(env: CliEnv, argv: string[]): Promise<string[]> {
  const at = argv.indexOf('--code');
  if (at < 0 || argv[at + 1] !== '-') return argv;
  // At a terminal `ask` prints the prompt itself; from a pipe it only reads the line.
  if (!process.stdin.isTTY) process.stderr.write('6-digit code: ');
  const [code = ''] = await env.ask([{ text: '6-digit code: ' }], false);
  return [...argv.slice(0, at + 1), code.trim(), ...argv.slice(at + 2)];
}

/** Runs `argv` as the signed-in staff user: through the server that owns the folder, or directly. */
async function runAsStaff(env: CliEnv, given: string[]): Promise<string> {
  const session = requireSession(env);
  const argv = await withCodeAsked(env, given);
  const server = embeddedServer(env.config);
  if (server) {
    const res = await call<{ output?: string }>(opsEndpoint(env.config, server), 'POST', '/ops/v1/run', {
      token: session.token,
      body: { argv },
    });
    if (res.status !== 200 || res.body?.code !== 'OK') throw failure(res.status, res.body);
    return res.body.data?.output ?? '';
  }
  return withDatabase(env.config, async (ctx) => runOps(ctx, argv, await staffOfSession(ctx, session.token)));
}

function localHelp(): string {
  const width = Math.max(...LOCAL_COMMANDS.map(([u]) => u.length));
  return LOCAL_COMMANDS.map(([u, s]) => `  ${u.padEnd(width)}  ${s}`).join('\n');
}

/**
 * One CLI invocation. `--session-file PATH` (anywhere in argv) keeps the session elsewhere than
 * DATA_DIR/ops-session.json (one per staff user on a shared machine, e.g. the e2e tests).
 */
export async function opsCli(argv: string[], config: Config, ask: AnswerSource = answers): Promise<string> {
  const { rest, sessionFile } = takeSessionFile(argv);
  const env: CliEnv = { config, sessionFile: sessionFile ?? defaultSessionFile(config.dataDir), ask };
  const { positionals, flags } = parseOpsArgv(rest);
  const [first, second] = positionals;
  if (first === 'login') return login(env, flags);
  if (first === 'logout') return logout(env);
  if (first === 'whoami') return whoami(env);
  if (first === 'staff' && second === 'bootstrap') return bootstrap(env, flags);
  if (positionals.length === 0 || first === 'help' || flags.help === true) {
    if (!readSession(env.sessionFile)) {
      return [
        'Usage: npm run ops -- <command>',
        '',
        'Sign-in commands:',
        localHelp(),
        '',
        `${SIGN_IN_FIRST} to see the commands your roles allow.`,
      ].join('\n');
    }
    const own = await runAsStaff(env, ['help']);
    return `${own}\n\nSign-in commands:\n${localHelp()}`;
  }
  return runAsStaff(env, rest);
}

function takeSessionFile(argv: string[]): { rest: string[]; sessionFile?: string } {
  const rest: string[] = [];
  let sessionFile: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (arg === '--session-file') {
      sessionFile = argv[i + 1];
      i += 1;
    } else if (arg.startsWith('--session-file=')) {
      sessionFile = arg.slice('--session-file='.length);
    } else {
      rest.push(arg);
    }
  }
  if (sessionFile !== undefined && !sessionFile) throw new Error('--session-file needs a path.');
  return { rest, sessionFile };
}
