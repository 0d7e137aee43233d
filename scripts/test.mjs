// `npm test`: static checks, unit + API tests, the web build, then end-to-end tests in Chromium.
// Prints one closing line 'tests: N passed, N failed' for the whole run.
// With TEST_POSTGRES_URL (a PostgreSQL database for this run; CI's `.ci/run` sets it), `npm test`
// also runs the PostgreSQL part (`-- postgres`) beside the end-to-end suite (decision 0049), and
// the API suite runs there only: on PGlite, the engine's own files (decision 0067).
// `npm test -- unit` or `-- e2e` runs one part; `npm test -- postgres` (DATABASE_URL set) is the
// PostgreSQL part: the API tests (race and property tests among them), and one end-to-end journey
// (E2E_SMOKE) through the browser (the full end-to-end suite runs on the embedded database).
// `npm run test:quick` (`-- quick`): typecheck and lint, then unit + API tests on PGlite; no build, no
// end-to-end. `npm run test:races` (`-- races`): the race and concurrency tests only, on
// PostgreSQL when DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bin, runGrouped } from './parallel.mjs';
import { PGLITE_ENGINE_TESTS, UNIT_PATHS } from './test-parts.mjs';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const only = process.argv[2]; // optional: 'unit' | 'e2e' | 'postgres' | 'quick' | 'races'
// The whole run's PostgreSQL part, beside the end-to-end suite (see the top).
const postgresUrl = !only ? process.env.TEST_POSTGRES_URL : undefined;
const E2E_SMOKE = ['e2e/wallet.e2e.ts'];

function run(label, cmd, args, env = process.env) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  return r.status === 0;
}

/** The static checks at once: they only read the tree. Output grouped per check. */
async function staticChecks(checks) {
  const results = await runGrouped(checks);
  const failedChecks = results.filter((r) => !r.ok).map((r) => r.label);
  for (const label of failedChecks) failedNames.push(`${label}: failed (see its output above)`);
  return failedChecks.length === 0;
}

const TYPECHECK = { label: 'typecheck', cmd: process.execPath, args: ['scripts/typecheck.mjs'] };

/**
 * The race and concurrency tests: whole files named for them (`*.concurrency.test.ts`,
 * `*-races.test.ts`, the two-process test), and elsewhere the tests whose names say race or
 * concurrent (run with a name filter, in their own files only).
 */
function raceTests() {
  const apiSrc = path.join(root, 'apps/api/src');
  const files = fs
    .readdirSync(apiSrc, { recursive: true })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join('apps/api/src', f));
  const wholeFiles = files.filter((f) => /\b(concurrency|races?)\b|two-processes/.test(path.basename(f)));
  const named = files.filter(
    (f) => !wholeFiles.includes(f) && RACE_TITLE.test(fs.readFileSync(path.join(root, f), 'utf8')),
  );
  return { wholeFiles, named };
}
// Vitest's name filter is case-sensitive: a capital where a title starts with the word.
const RACE_NAME = String.raw`\b([Rr]ac(e|es|ing)|[Cc]oncurren(t|tly|cy))\b`;
const RACE_TITLE = new RegExp(String.raw`\b(?:describe|it|test)\(\s*['"\`][^'"\`]*` + RACE_NAME);

let passed = 0;
let failed = 0;
// Names of failed tests, repeated after the closing line so that the tail of a CI log says which.
const failedNames = [];
function vitestArgs(projects, file, files = [], extra = []) {
  return [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...files,
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(resultsDir, file)}`,
  ];
}

function vitest(label, projects, file, files = [], { env = process.env, extra = [] } = {}) {
  fs.rmSync(path.join(resultsDir, file), { force: true });
  const ok = run(label, 'npx', ['vitest', ...vitestArgs(projects, file, files, extra)], env);
  return countResults(label, file, ok);
}

/** Adds a vitest JSON report's passed and failed tests to the run's count. */
function countResults(label, file, ok) {
  const out = path.join(resultsDir, file);
  if (fs.existsSync(out)) {
    const summary = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests + (summary.numFailedTestSuites ?? 0);
    for (const suite of summary.testResults ?? []) {
      const file = path.relative(root, suite.name);
      if (suite.status === 'failed' && !(suite.assertionResults ?? []).length) {
        failedNames.push(`${file}: ${String(suite.message ?? 'failed to run').split('\n')[0]}`);
      }
      for (const test of suite.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const why = String(test.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failedNames.push(`${file} > ${test.fullName}: ${why}`);
      }
    }
  } else if (!ok) failed += 1;
  if (!ok && !failedNames.length)
    failedNames.push(`${label}: vitest exited with an error (see "Unhandled Errors" above)`);
  return ok;
}

/**
 * The end-to-end suite on PGlite and, at the same time, this script's PostgreSQL part in a child
 * process (its own closing counts come back through test-results/summary-postgres.json). Each
 * one's output is printed in one piece when it ends.
 */
async function endToEndBesidePostgres() {
  const e2eFile = 'e2e.json';
  fs.rmSync(path.join(resultsDir, e2eFile), { force: true });
  const summaryFile = path.join(resultsDir, 'summary-postgres.json');
  fs.rmSync(summaryFile, { force: true });
  const pglite = { ...process.env };
  delete pglite.DATABASE_URL;
  const [e2e, pg] = await runGrouped([
    { label: 'end-to-end tests', cmd: bin('vitest'), args: vitestArgs(['e2e'], e2eFile), env: pglite },
    {
      label: 'the PostgreSQL part (npm test -- postgres)',
      cmd: process.execPath,
      args: [path.join(root, 'scripts/test.mjs'), 'postgres'],
      // One API test worker: the end-to-end journeys beside it time out when four test processes
      // share the two cores (decision 0067).
      env: { ...process.env, DATABASE_URL: postgresUrl, TEST_SKIP_BUILD: 'true', API_TEST_WORKERS: '1' },
    },
  ]);
  countResults('end-to-end tests', e2eFile, e2e.ok);
  if (fs.existsSync(summaryFile)) {
    const child = JSON.parse(fs.readFileSync(summaryFile, 'utf8'));
    passed += child.passed;
    failed += child.failed;
    failedNames.push(...child.failedNames.map((name) => `PostgreSQL: ${name}`));
  } else if (!pg.ok) {
    failed += 1;
    failedNames.push('the PostgreSQL part: ended without its summary (see its output above)');
  }
  return e2e.ok && pg.ok;
}

const LINT = { label: 'lint', cmd: bin('eslint'), args: ['.'] };
const steps = [];
if (!only) {
  steps.push(() =>
    staticChecks([
      TYPECHECK,
      LINT,
      { label: 'formatting', cmd: bin('prettier'), args: ['--check', '.'] },
      {
        label: 'dependency rules',
        cmd: bin('depcruise'),
        args: ['apps', 'packages', '--config', '.dependency-cruiser.cjs'],
      },
    ]),
  );
}
if (only === 'quick') {
  // The inner loop: types and lint, then unit and API tests; no build, no browser; PGlite even
  // where DATABASE_URL is set.
  const env = { ...process.env };
  delete env.DATABASE_URL;
  steps.push(() => staticChecks([TYPECHECK, LINT]));
  steps.push(() => vitest('unit and API tests (PGlite)', ['unit', 'api'], 'quick.json', [], { env }));
}
if (only === 'races') {
  const { wholeFiles, named } = raceTests();
  const where = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (set DATABASE_URL for PostgreSQL)';
  steps.push(() => vitest(`race and concurrency test files on ${where}`, ['api'], 'races.json', wholeFiles));
  if (named.length) {
    steps.push(() =>
      vitest(`race and concurrency tests in other files on ${where}`, ['api'], 'races-named.json', named, {
        extra: ['--testNamePattern', RACE_NAME],
      }),
    );
  }
}
if (only === 'postgres' && !process.env.DATABASE_URL) {
  console.error('npm test -- postgres needs DATABASE_URL');
  process.exit(1);
}
if (only === 'unit' || (!only && !postgresUrl)) {
  steps.push(() => vitest('unit and API tests', ['unit', 'api'], 'unit.json'));
}
if (!only && postgresUrl) {
  // The API suite runs once, on PostgreSQL, in the PostgreSQL part below; here the unit project
  // and the API files of the embedded engine's own seam (decision 0067).
  steps.push(() =>
    vitest('unit tests, and the API tests of the embedded engine (PGlite)', ['unit', 'api'], 'unit.json', [
      ...UNIT_PATHS,
      ...PGLITE_ENGINE_TESTS,
    ]),
  );
}
if (only === 'postgres') {
  // The unit project (web, money, contract) touches no database: it ran once already.
  steps.push(() => vitest('API tests on PostgreSQL', ['api'], 'postgres-api.json'));
}
if (!only || only === 'e2e') {
  steps.push(() => run('web build', 'npm', ['run', 'build']));
  if (postgresUrl) steps.push(() => endToEndBesidePostgres());
  else steps.push(() => vitest('end-to-end tests', ['e2e'], 'e2e.json'));
}
if (only === 'postgres') {
  // Inside a whole run the parent built the app before starting this part.
  if (process.env.TEST_SKIP_BUILD !== 'true') steps.push(() => run('web build', 'npm', ['run', 'build']));
  steps.push(() => vitest('end-to-end smoke journey on PostgreSQL', ['e2e'], 'postgres-e2e.json', E2E_SMOKE));
}

if (only && !['unit', 'e2e', 'postgres', 'quick', 'races'].includes(only)) {
  console.error(`npm test: unknown part '${only}' (unit, e2e, postgres, quick, races)`);
  process.exit(1);
}

let ok = true;
for (const step of steps) {
  if (!(await step())) {
    ok = false;
    if (!only || only === 'quick') break;
  }
}
if (only) {
  fs.writeFileSync(
    path.join(resultsDir, `summary-${only}.json`),
    JSON.stringify({ passed, failed, failedNames }),
  );
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
for (const name of failedNames) console.log(`  failed: ${name}`);
process.exit(ok && failed === 0 ? 0 : 1);
