/**
 * Memory of the server process (issue 15, goal 5): resident set size once idle and its peak
 * (VmHWM: the highest it reached from the process's start), on an existing embedded database,
 * today's way (tsx, PGlite's own settings; see cold-start.ts) against `npm start` as it is now,
 * alternating in the same run; the PostgreSQL-backed server beside them when a PostgreSQL is
 * reachable. Linux only (reads /proc). Goal: embedded idle and peak each ≤ 60% of today's.
 * Asserts nothing.
 */
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { DEMO } from '../apps/api/src/db/seed';
import { buildApi, COMPILED_ARGS, loadAverage, median, range, startCompiled, TODAY_ARGS } from './cold-start';
import { postgresAdminUrl } from './ledger';
import { freshPostgres, startServer, tempDir } from './support';

const ROUNDS = 3;
/** How long after /api/health answers the idle figure is read (start-up jobs run meanwhile). */
const IDLE_MS = 5_000;

function memoryMiB(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** Signed-in reads sent one after another once the idle figure is read (see burstOfReads). */
const BURST_READS = 400;

/**
 * The demo client signs in and reads its client_info and accounts BURST_READS times: the first
 * work the database does after the start. Returns how long it took. It shows where the optimising
 * compiler's memory goes when the start no longer pays it (decision 0037), and what the first
 * reads cost while PGlite's WASM is not yet optimised.
 */
async function burstOfReads(url: string) {
  const login = await fetch(`${url}/api/auth/app/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: DEMO.mobile,
      password: createHash('md5').update(DEMO.password).digest('hex'),
      remember: false,
    }),
  });
  const token = ((await login.json()) as { data?: { refresh_token?: string } }).data?.refresh_token;
  if (!token) throw new Error(`login answered ${login.status}`);
  const headers = { authorization: `Bearer ${token}` };
  const started = performance.now();
  for (let i = 0; i < BURST_READS; i += 1) {
    const path = i % 2 === 0 ? '/api/auth/app/v1/client_info' : '/api/account/app/v1';
    const res = await fetch(`${url}${path}`, { headers });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    await res.arrayBuffer();
  }
  return performance.now() - started;
}

interface Variant {
  env: Record<string, string>;
  args: string[];
  compiled: boolean;
}

async function measure({ env, args, compiled }: Variant) {
  const server = compiled ? await startCompiled(env, args) : await startServer(env, args);
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const { rss, peak } = memoryMiB(server.process.pid!);
    const burstMs = await burstOfReads(server.url);
    const after = memoryMiB(server.process.pid!);
    return { idle: rss, peak, burstMs, peakAfterReads: after.peak };
  } finally {
    await server.stop();
  }
}

type Figures = { idle: number[]; peak: number[]; burstMs: number[]; peakAfterReads: number[] };

function report(label: string, figures: Figures) {
  const line = (what: 'idle' | 'peak' | 'peakAfterReads', name: string) =>
    `memory.${label}.${name}_mib: ${median(figures[what]).toFixed(0)} (runs ${range(figures[what])})`;
  console.log(line('idle', 'idle'));
  console.log(line('peak', 'start_peak'));
  console.log(line('peakAfterReads', `peak_after_${BURST_READS}_reads`));
  console.log(
    `memory.${label}.first_${BURST_READS}_reads_ms: ${median(figures.burstMs).toFixed(0)} (runs ${range(figures.burstMs)})`,
  );
}

async function rounds(variants: Record<string, Variant>) {
  const figures: Record<string, Figures> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, variant] of Object.entries(variants)) {
      const measured = await measure(variant);
      const into = (figures[name] ??= { idle: [], peak: [], burstMs: [], peakAfterReads: [] });
      into.idle.push(measured.idle);
      into.peak.push(measured.peak);
      into.burstMs.push(measured.burstMs);
      into.peakAfterReads.push(measured.peakAfterReads);
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
    await (await startCompiled(embedded)).stop(); // creates, migrates and seeds the folder
    const figures = await rounds({
      today: { env: embedded, args: TODAY_ARGS, compiled: false },
      compiled: { env: embedded, args: COMPILED_ARGS, compiled: true },
      liftoff: { env: embedded, args: ['--liftoff-only', ...COMPILED_ARGS], compiled: true },
    });
    report('pglite.today', figures.today!);
    report('pglite.now', figures.compiled!);
    for (const [what, name] of [
      ['idle', 'idle'],
      ['peak', 'start_peak'],
      ['peakAfterReads', `peak_after_${BURST_READS}_reads`],
    ] as const) {
      const ratio = median(figures.compiled![what]) / median(figures.today![what]);
      console.log(`memory.pglite.${name}_now_vs_today: ${ratio.toFixed(2)} (goal ≤ 0.60)`);
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
  const fresh = await freshPostgres(adminUrl);
  const pgDir = tempDir('imali-bench-memory-pg-');
  try {
    const external = { DATA_DIR: pgDir, DATABASE_URL: fresh.url };
    await (await startCompiled(external)).stop();
    const figures = await rounds({
      today: { env: external, args: TODAY_ARGS, compiled: false },
      compiled: { env: external, args: COMPILED_ARGS, compiled: true },
    });
    report('postgres.today', figures.today!);
    report('postgres.now', figures.compiled!);
  } finally {
    fs.rmSync(pgDir, { recursive: true, force: true });
    await fresh.drop();
  }
}
