/**
 * Cold start to a healthy /api/health on an existing embedded database (issue 15, goal 4): today's
 * way (the API's TypeScript through tsx, PGlite with its own settings) against `npm start` as it
 * is now (scripts/start.mjs running the compiled apps/api/dist/server.mjs), alternating in the
 * same run. Goal: compiled ≤ 1 s and ≤ 25% of today's. Asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, startServer, tempDir, type StartedServer } from './support';

/**
 * How the server started before decision 0037, for baselines: tsx compiles the TypeScript as it
 * loads, and bench/baseline-pglite.ts puts PGlite's own memory settings back.
 */
export const TODAY_ARGS = [
  '--import',
  'tsx',
  '--import',
  './bench/baseline-pglite.ts',
  'apps/api/src/server.ts',
];
/** `npm start` (the build is fresh, so it only runs the compiled server). */
export const COMPILED_ARGS = ['scripts/start.mjs'];

/**
 * The benches' own build of the API (scripts/start.mjs runs it when API_BUNDLE names it): a server
 * that others run from apps/api/dist meanwhile keeps its bundle. Beside the API's node_modules,
 * so that its imports resolve as dist/'s do.
 */
export const BENCH_BUNDLE = path.join(repoRoot, 'apps/api/node_modules/.cache/imali-bench/server.mjs');
export const COMPILED_ENV = { API_BUNDLE: BENCH_BUNDLE };

/** Builds the API up front, so no measured start includes the build. */
export function buildApi() {
  execFileSync(process.execPath, ['apps/api/build.mjs', '--outfile', BENCH_BUNDLE], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
}

const bundleMtime = () => fs.statSync(BENCH_BUNDLE).mtimeMs;

/**
 * Starts the compiled server; when a source changed during the bench (others edit the tree),
 * scripts/start.mjs rebuilds the bundle inside that start, which is then started again: a
 * measured start never includes a build.
 */
export async function startCompiled(env: Record<string, string>, args = COMPILED_ARGS) {
  for (;;) {
    const before = bundleMtime();
    const server: StartedServer = await startServer({ ...env, ...COMPILED_ENV }, args);
    if (bundleMtime() === before) return server;
    await server.stop();
  }
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const range = (values: number[]) =>
  `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

const ROUNDS = 5;

export async function bench() {
  console.log(`cold_start.load_average: ${loadAverage()}`);
  buildApi();
  const dataDir = tempDir('imali-bench-start-');
  try {
    const first = await startCompiled({ DATA_DIR: dataDir, DATABASE_URL: '' });
    await first.stop();
    console.log(`cold_start.first_start_empty_db_ms: ${first.startMs.toFixed(0)}`);

    const variants = { today: TODAY_ARGS, compiled: COMPILED_ARGS } as const;
    const runs: Record<keyof typeof variants, number[]> = { today: [], compiled: [] };
    // One start of each first, not counted: the operating system's file cache and tsx's
    // transform cache are warm for both, as on a machine that has started the app before.
    for (let round = -1; round < ROUNDS; round += 1) {
      for (const [name, args] of Object.entries(variants) as [keyof typeof variants, string[]][]) {
        const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
        const server = name === 'compiled' ? await startCompiled(env, args) : await startServer(env, args);
        if (round >= 0) runs[name].push(server.startMs);
        await server.stop();
      }
    }
    const list = (values: number[]) => values.map((r) => r.toFixed(0)).join(', ');
    const today = median(runs.today);
    const compiled = median(runs.compiled);
    console.log(
      `cold_start.existing_db.today_tsx_median_ms: ${today.toFixed(0)} (runs: ${list(runs.today)})`,
    );
    console.log(
      `cold_start.existing_db.compiled_median_ms: ${compiled.toFixed(0)} (runs: ${list(runs.compiled)})`,
    );
    console.log(
      `cold_start.existing_db.compiled_vs_today: ${(compiled / today).toFixed(2)} (goal ≤ 1000 ms and ≤ 0.25)`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
