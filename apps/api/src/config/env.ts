import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Every setting the server reads. Nothing else in the code base touches process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  /** Redis for state every process shares (rate-limit counters); unset: kept in the database. */
  REDIS_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  TRUST_PROXY: bool,
  /**
   * The staff API and console's own port (issue 23, decision 0057): its own origin, so its own
   * cookie. Unset: PORT + 1 (0 when PORT is 0: a free port, tests).
   */
  OPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * The origin(s) the console is served from, comma-separated (e.g. https://ops.example.com): a
   * state-changing staff request must carry one of them as its Origin. Unset:
   * http://localhost:OPS_PORT and http://127.0.0.1:OPS_PORT.
   */
  OPS_ORIGIN: z.string().optional(),
  /**
   * Key material that seals the staff TOTP secrets at rest (AES-256-GCM): at least 32 characters,
   * kept outside the database. Unset: a random key in DATA_DIR/staff-secret.key (mode 0600),
   * created at the first need.
   */
  STAFF_SECRET_KEY: z.string().min(32).optional(),
  STAFF_IDLE_MINUTES: z.coerce.number().positive().default(15),
  STAFF_SESSION_HOURS: z.coerce.number().positive().default(10),
  STAFF_LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  STAFF_LOCK_MINUTES: z.coerce.number().positive().default(15),
  /**
   * The WebAuthn relying party id of staff passkeys (decision 0066): the console's host name (e.g.
   * ops.example.com). Unset: the host of the request's Origin (one of OPS_ORIGIN's), so
   * http://localhost:OPS_PORT in development. An IP address cannot be one (WebAuthn refuses it).
   */
  STAFF_WEBAUTHN_RP_ID: z.string().min(1).max(253).optional(),
  MARKET_API_KEY: z.string().min(8).optional(),
  /** Seed of the simulated market: every process with the same seed shows the same prices. */
  MARKET_SIM_SEED: z.coerce.number().int().min(0).max(4_294_967_295).default(20_260_101),
  /**
   * Shifts the app clock (decision 0044): the one clock of everything a client sees and every rule
   * (market, orders, unlock and valuation dates, charts, jobs, the header clock). For demos and
   * benches (a trading session on a weekend); sessions and lockouts keep the real time.
   */
  MARKET_TIME_SHIFT_MS: z.coerce.number().int().default(0),
  /**
   * `npm run demo`: at start-up the app clock moves into the JSE's most recent trading session
   * (modules/market/trading-hours.ts), with its own data folder (.data-demo unless DATA_DIR is set).
   */
  DEMO_CLOCK: bool,
  MARKET_STREAM_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  MARKET_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  SMS_GATEWAY_URL: z.string().url().optional(),
  /** Unset: true, except with NODE_ENV=production (a deployment never gets the demo client). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /**
   * With SEED_DEMO: also seed pending work for every console queue (db/seed-console.ts: a KYC
   * submission with a duplicate flag, deposits with proofs and a matching statement file, a payout
   * above the first tier, a claim and a loan). Unset: as SEED_DEMO.
   */
  SEED_DEMO_QUEUES: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  WEB_DIST_DIR: z.string().optional(),
  /** The operator console's build, served by the ops app at / (decision 0060). */
  CONSOLE_DIST_DIR: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  SESSION_REMEMBER_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 30),
  REFRESH_GRACE_SECONDS: z.coerce.number().min(0).default(30),
  PIN_FRESH_MINUTES: z.coerce.number().positive().default(5),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  PIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Registrations per IP per hour: each one is an invitation-code guess, so stricter. */
  INVITE_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
  VERIFICATION_CODE_TTL_MINUTES: z.coerce.number().positive().default(10),
  /** Files one client may upload per rolling hour (image, avatar, deposit proof together). */
  UPLOAD_RATE_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** Storage one client's uploads may take, in MiB (unreferenced uploads are deleted after a day). */
  UPLOAD_QUOTA_MB: z.coerce.number().positive().default(200),
  /** Runs scheduled work (src/jobs) in this process, under an advisory lock; tests turn it off. */
  JOBS_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  // Money limits per currency, as CUR=decimal pairs (issue 3; parsed by modules/ledger/limits.ts).
  MONEY_MIN_DEPOSIT: z.string().default('ZAR=1000,USD=50,EUR=50,GBP=50,INR=4000'),
  MONEY_MIN_WITHDRAWAL: z.string().default('ZAR=500,USD=25,EUR=25,GBP=25,INR=2000'),
  MONEY_DAILY_WITHDRAWAL_CAP: z.string().default('ZAR=100000,USD=5000,EUR=5000,GBP=5000,INR=400000'),
  /** An order above this amount needs a PIN verification of its own (smaller ones share one). */
  PIN_EACH_ORDER_ABOVE: z.string().default('ZAR=50000,USD=2500,EUR=2500,GBP=2000,INR=200000'),
  /**
   * A folder of fee schedule JSON files (packages/money's format, one per country): a file replaces
   * the shipped schedule of its country. Unset: the shipped schedules (packages/money/fee-schedules).
   */
  FEE_SCHEDULES_DIR: z.string().optional(),
  /** Loan applications one client may have waiting for a decision at once (issue 24, point 15). */
  LOAN_MAX_PENDING: z.coerce.number().int().min(1).max(100).default(1),
});

export type Config = Omit<z.infer<typeof envSchema>, 'SEED_DEMO' | 'SEED_DEMO_QUEUES'> & {
  SEED_DEMO: boolean;
  SEED_DEMO_QUEUES: boolean;
  dataDir: string;
  webDistDir: string;
  consoleDistDir: string;
  /** OPS_PORT, or PORT + 1 (0 when PORT is 0). */
  opsPort: number;
  /** The origins a state-changing staff request may come from (OPS_ORIGIN, or localhost's). */
  opsOrigins: string[];
};

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means unset (`DATABASE_URL= npm start` runs embedded).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  if (cfg.DEMO_CLOCK && cfg.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  DEMO_CLOCK: the demo clock is not for production');
  }
  if (cfg.DEMO_CLOCK && present.MARKET_TIME_SHIFT_MS !== undefined) {
    throw new Error('Invalid configuration:\n  DEMO_CLOCK: set it or MARKET_TIME_SHIFT_MS, not both');
  }
  // The demo's clock is not the real one: its data never mixes with a normal start's (0044).
  const dataDir = cfg.DEMO_CLOCK && present.DATA_DIR === undefined ? './.data-demo' : cfg.DATA_DIR;
  const opsPort = cfg.OPS_PORT ?? (cfg.PORT === 0 ? 0 : cfg.PORT + 1);
  if (opsPort !== 0 && opsPort === cfg.PORT) {
    throw new Error('Invalid configuration:\n  OPS_PORT: the staff API needs a port of its own (not PORT)');
  }
  const opsOrigins = cfg.OPS_ORIGIN
    ? cfg.OPS_ORIGIN.split(',')
        .map((o) => o.trim().replace(/\/$/, ''))
        .filter(Boolean)
    : [`http://localhost:${opsPort}`, `http://127.0.0.1:${opsPort}`];
  return {
    ...cfg,
    DATA_DIR: dataDir,
    SEED_DEMO: cfg.SEED_DEMO ?? cfg.NODE_ENV !== 'production',
    SEED_DEMO_QUEUES: (cfg.SEED_DEMO ?? cfg.NODE_ENV !== 'production') && (cfg.SEED_DEMO_QUEUES ?? true),
    dataDir: path.resolve(dataDir),
    opsPort,
    opsOrigins,
    webDistDir: path.resolve(cfg.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    consoleDistDir: path.resolve(cfg.CONSOLE_DIST_DIR ?? path.join(repoRoot, 'apps/console/dist')),
  };
}

/** Configuration for tests: fast, quiet, no demo seed unless asked. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'false',
    DATA_DIR: path.join(repoRoot, '.tmp/test-data'),
    DATABASE_URL: process.env.DATABASE_URL,
    ...overrides,
  });
}
