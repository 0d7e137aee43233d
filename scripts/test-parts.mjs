// Which test files `npm test` runs where (scripts/test.mjs).

/**
 * With TEST_POSTGRES_URL (CI) the API suite runs on PostgreSQL only (decision 0067), and on PGlite
 * the files of the code that differs by engine: db/ (the PGlite handle, migrations, the seed), the
 * run's migrated copies, the two-process server sharing one PGlite folder, the CLI's direct mode on
 * a stopped server's folder, the job runner (its lock is a session on one connection), standing (its
 * refresh branches on the engine) and health (names it).
 * Everything else runs on PGlite through the end-to-end suite, whose servers are all embedded, and
 * in `npm run test:quick`. Vitest filters by path: the unit project's folders are named whole.
 */
export const PGLITE_ENGINE_TESTS = [
  'apps/api/src/db/',
  'apps/api/src/test/migrated-database.test.ts',
  'apps/api/src/test/two-processes.test.ts',
  'apps/api/src/cli/ops-cli.test.ts',
  'apps/api/src/jobs/jobs.test.ts',
  'apps/api/src/modules/standing/',
  'apps/api/src/modules/health/health.test.ts',
];
/** The unit project's folders (vitest filters by path). */
export const UNIT_PATHS = ['packages/', 'apps/web/', 'apps/console/', 'scripts/', 'bench/'];
