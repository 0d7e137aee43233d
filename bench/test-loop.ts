/**
 * The API test loop (issue 21, decision 0049). Two figures:
 *  - per test file, what getting a migrated database costs: an empty in-memory PGlite migrated
 *    (before) against one loaded from the run's tarball (after); on PostgreSQL (DATABASE_URL) an
 *    empty database migrated against `create database … template`. Rounds alternate.
 *  - the wall time of `npx vitest run --project api` on PGlite, and on PostgreSQL when
 *    DATABASE_URL is set; `TEST_LOOP_ROOT=<checkout>` times another checkout's run (a baseline)
 *    alternating with this one; `TEST_LOOP_RUNS` runs each (default 1; 0 skips the suite).
 * Asserts nothing; the suite's figures move a lot with whatever else the two cores run.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import {
  createMigratedPostgres,
  createPostgresTemplate,
  dropPostgresDatabase,
  openMigratedPglite,
  PGLITE_DUMP_ENV,
  POSTGRES_TEMPLATE_ENV,
  writePgliteDump,
} from '../apps/api/src/test/migrated-database';
import { repoRoot, tempDir } from './support';

const ROUNDS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[]) =>
  `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;

async function timed(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function pgliteSetup(): Promise<void> {
  const dir = tempDir('imali-test-loop-');
  const file = path.join(dir, 'pglite-migrated.tar');
  const saved = process.env[PGLITE_DUMP_ENV];
  try {
    const dumpMs = await timed(() => writePgliteDump(file));
    console.log(`test_loop.pglite.run_setup (migrate + dump, once per run): ${dumpMs.toFixed(0)} ms`);
    const migrated: number[] = [];
    const loaded: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      migrated.push(
        await timed(async () => {
          const database = await openPglite();
          await migrate(database);
          await database.close();
        }),
      );
      process.env[PGLITE_DUMP_ENV] = file;
      loaded.push(
        await timed(async () => {
          const { database, cloned } = await openMigratedPglite();
          if (!cloned) throw new Error('the tarball was not used');
          await database.close();
        }),
      );
      delete process.env[PGLITE_DUMP_ENV];
    }
    console.log(`test_loop.pglite.per_file.migrate: ${spread(migrated)}`);
    console.log(`test_loop.pglite.per_file.load_tarball: ${spread(loaded)}`);
  } finally {
    if (saved === undefined) delete process.env[PGLITE_DUMP_ENV];
    else process.env[PGLITE_DUMP_ENV] = saved;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresSetup(adminUrl: string): Promise<void> {
  const saved = process.env[POSTGRES_TEMPLATE_ENV];
  let template: string | undefined;
  try {
    const templateMs = await timed(async () => {
      template = await createPostgresTemplate(adminUrl);
    });
    console.log(`test_loop.postgres.run_setup (template, once per run): ${templateMs.toFixed(0)} ms`);
    const migrated: number[] = [];
    const copied: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const name = `imali_test_${randomBytes(6).toString('hex')}`;
      delete process.env[POSTGRES_TEMPLATE_ENV];
      migrated.push(
        await timed(async () => {
          const { database } = await createMigratedPostgres(adminUrl, name, 2);
          await database.close();
        }),
      );
      await dropPostgresDatabase(adminUrl, name);
      process.env[POSTGRES_TEMPLATE_ENV] = template!;
      copied.push(
        await timed(async () => {
          const { database, cloned } = await createMigratedPostgres(adminUrl, name, 2);
          if (!cloned) throw new Error('the template was not used');
          await database.close();
        }),
      );
      await dropPostgresDatabase(adminUrl, name);
    }
    console.log(`test_loop.postgres.per_file.create_and_migrate: ${spread(migrated)}`);
    console.log(`test_loop.postgres.per_file.create_from_template: ${spread(copied)}`);
  } finally {
    if (saved === undefined) delete process.env[POSTGRES_TEMPLATE_ENV];
    else process.env[POSTGRES_TEMPLATE_ENV] = saved;
    if (template) await dropPostgresDatabase(adminUrl, template);
  }
}

/** One `vitest run --project api` in `root`; wall seconds and the JSON reporter's totals. */
function suiteRun(root: string, databaseUrl: string | undefined): string {
  const out = path.join(os.tmpdir(), `imali-test-loop-${randomBytes(4).toString('hex')}.json`);
  const env = { ...process.env };
  delete env[PGLITE_DUMP_ENV];
  delete env[POSTGRES_TEMPLATE_ENV];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const load = os.loadavg()[0]!.toFixed(1);
  const started = performance.now();
  spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'api', '--reporter=dot', '--reporter=json', `--outputFile.json=${out}`],
    { cwd: root, env, stdio: 'ignore' },
  );
  const seconds = (performance.now() - started) / 1000;
  let totals = 'no JSON report';
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: unknown[];
    };
    totals = `${report.testResults.length} files, ${report.numPassedTests} passed, ${report.numFailedTests} failed`;
    fs.rmSync(out, { force: true });
  }
  return `${seconds.toFixed(0)} s (${totals}; load average ${load} at start)`;
}

export async function bench(): Promise<void> {
  console.log(`test_loop.load_average_1m: ${os.loadavg()[0]!.toFixed(2)} (${os.cpus().length} cores)`);
  const adminUrl = process.env.DATABASE_URL;
  await pgliteSetup();
  if (adminUrl) await postgresSetup(adminUrl);

  const runs = Number(process.env.TEST_LOOP_RUNS ?? '1');
  const baseline = process.env.TEST_LOOP_ROOT;
  const targets: { label: string; url: string | undefined }[] = [{ label: 'pglite', url: undefined }];
  if (adminUrl) targets.push({ label: 'postgres', url: adminUrl });
  for (const { label, url } of targets) {
    for (let run = 0; run < runs; run++) {
      if (baseline) {
        console.log(`test_loop.${label}.api_suite.baseline: ${suiteRun(path.resolve(baseline), url)}`);
      }
      console.log(`test_loop.${label}.api_suite.this_checkout: ${suiteRun(repoRoot, url)}`);
    }
  }
}
