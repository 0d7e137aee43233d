// `npm test`: static checks, the web build, unit + API tests, then end-to-end tests in Chromium.
// Prints one closing line 'tests: N passed, N failed' for the whole run.
// `npm test -- unit` or `-- e2e` runs one part; `npm test -- postgres` is CI's second run on
// PostgreSQL: the unit, API, race and property tests, and one end-to-end journey (E2E_SMOKE)
// through the browser (the full end-to-end suite already ran once on the embedded database).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const only = process.argv[2]; // optional: 'unit' | 'e2e' | 'postgres'
const E2E_SMOKE = ['e2e/wallet.e2e.ts'];

function run(label, cmd, args) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  return r.status === 0;
}

let passed = 0;
let failed = 0;
// Names of failed tests, repeated after the closing line so that the tail of a CI log says which.
const failedNames = [];
function vitest(label, projects, file, files = []) {
  const out = path.join(resultsDir, file);
  fs.rmSync(out, { force: true });
  const ok = run(label, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...files,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
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

const steps = [];
if (!only) {
  steps.push(() => run('typecheck', 'npm', ['run', 'typecheck']));
  steps.push(() => run('lint', 'npx', ['eslint', '.']));
  steps.push(() => run('formatting', 'npx', ['prettier', '--check', '.']));
  steps.push(() => run('dependency rules', 'npm', ['run', 'check:deps']));
}
if (only === 'postgres' && !process.env.DATABASE_URL) {
  console.error('npm test -- postgres needs DATABASE_URL');
  process.exit(1);
}
if (!only || only === 'unit' || only === 'postgres') {
  steps.push(() => vitest('unit and API tests', ['unit', 'api'], 'unit.json'));
}
if (!only || only === 'e2e') {
  steps.push(() => run('web build', 'npm', ['run', 'build']));
  steps.push(() => vitest('end-to-end tests', ['e2e'], 'e2e.json'));
}
if (only === 'postgres') {
  steps.push(() => run('web build', 'npm', ['run', 'build']));
  steps.push(() => vitest('end-to-end smoke journey', ['e2e'], 'e2e.json', E2E_SMOKE));
}

let ok = true;
for (const step of steps) {
  if (!step()) {
    ok = false;
    if (!only) break;
  }
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
for (const name of failedNames) console.log(`  failed: ${name}`);
process.exit(ok && failed === 0 ? 0 : 1);
