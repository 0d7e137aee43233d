/**
 * Memory of the server process (issue 15, goal 5): resident set size once idle and its peak
 * (VmHWM: the highest it reached from the process's start), on an existing embedded database,
 * today's way (tsx, PGlite's own settings; see cold-start.ts) against `npm start` as it is now,
 * alternating in the same run; the PostgreSQL-backed server beside them when a PostgreSQL is
 * reachable. Linux only (reads /proc). Goal: embedded idle and peak each ≤ 60% of today's.
 * Asserts nothing.
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApi, COMPILED_ARGS, loadAverage, median, range, TODAY_ARGS } from './cold-start';
import { postgresAdminUrl } from './ledger';
import { startServer, tempDir } from './support';

const ROUNDS = 3;
/** How long after /api/health answers the idle figure is read (start-up jobs run meanwhile). */
const IDLE_MS = 5_000;

function memoryMiB(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function measure(env: Record<string, string>, args: string[]) {
  const server = await startServer(env, args);
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const { rss, peak } = memoryMiB(server.process.pid!);
    return { idle: rss, peak };
  } finally {
    await server.stop();
  }
}

type Figures = { idle: number[]; peak: number[] };

function report(label: string, figures: Figures) {
  const line = (what: 'idle' | 'peak') =>
    `memory.${label}.${what}_mib: ${median(figures[what]).toFixed(0)} (runs ${range(figures[what])})`;
  console.log(line('idle'));
  console.log(line('peak'));
}

async function rounds(variants: Record<string, { env: Record<string, string>; args: string[] }>) {
  const figures: Record<string, Figures> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, { env, args }] of Object.entries(variants)) {
      const { idle, peak } = await measure(env, args);
      figures[name] ??= { idle: [], peak: [] };
      figures[name].idle.push(idle);
      figures[name].peak.push(peak);
    }
  }
  return figures;
}

export async function bench() {
  if (!fs.existsSync('/proc/self/status')) {
    console.log('memory: skipped (needs Linux /proc)');
    return;
  }
  console.log(`memory.load_average: ${loadAverage()}`);
  buildApi();
  const dataDir = tempDir('imali-bench-memory-');
  try {
    const embedded = { DATA_DIR: dataDir, DATABASE_URL: '' };
    await (await startServer(embedded)).stop(); // creates, migrates and seeds the folder
    const figures = await rounds({
      today: { env: embedded, args: TODAY_ARGS },
      compiled: { env: embedded, args: COMPILED_ARGS },
      liftoff: { env: embedded, args: ['--liftoff-only', ...COMPILED_ARGS] },
    });
    report('pglite.today', figures.today!);
    report('pglite.now', figures.compiled!);
    for (const what of ['idle', 'peak'] as const) {
      const ratio = median(figures.compiled![what]) / median(figures.today![what]);
      console.log(`memory.pglite.${what}_now_vs_today: ${ratio.toFixed(2)} (goal ≤ 0.60)`);
    }
    // For comparison, not how the app starts: V8 never optimises PGlite's WASM, so the optimising
    // compiler's one large allocation (decision 0037) never happens.
    report('pglite.now_with_liftoff_only', figures.liftoff!);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const adminUrl = await postgresAdminUrl();
  if (!adminUrl) {
    console.log('memory.postgres: skipped (no PostgreSQL reachable)');
    return;
  }
  const name = `imali_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pgDir = tempDir('imali-bench-memory-pg-');
  try {
    const external = { DATA_DIR: pgDir, DATABASE_URL: url.toString() };
    await (await startServer(external)).stop();
    const figures = await rounds({
      today: { env: external, args: TODAY_ARGS },
      compiled: { env: external, args: COMPILED_ARGS },
    });
    report('postgres.today', figures.today!);
    report('postgres.now', figures.compiled!);
  } finally {
    fs.rmSync(pgDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}
