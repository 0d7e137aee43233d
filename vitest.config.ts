import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './e2e/longest-first.ts';

export default defineConfig({
  test: {
    // End-to-end files longest first (e2e/longest-first.ts); other files keep vitest's order.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        // '@/…' is the web app's alias for apps/web/src (as in apps/web/vite.config.ts).
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            // The operator console (decision 0060): its component tests say `@vitest-environment happy-dom`.
            'apps/console/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['apps/web/src/test/unit-setup.ts'],
          // Components render beside the API suite on two cores in CI; 5 s was too tight there.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          setupFiles: [
            'apps/api/src/test/shifted-clock.ts',
            'apps/api/src/test/pg-overlap-guard.ts',
            // Every answer of a test app is checked against the OpenAPI document (decision 0052).
            'apps/api/src/test/contract-setup.ts',
          ],
          // Migrates one database per run; each test file copies it (decision 0049).
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite instances are heavy; two workers suit a 2-core machine. API_TEST_WORKERS: fewer
          // (`npm test` runs its PostgreSQL part with one, beside the end-to-end suite's browsers).
          maxWorkers: Number(process.env.API_TEST_WORKERS ?? 2),
          // A worker's files share its modules (decision 0068): the app's module graph is
          // evaluated once per worker, not once per file (that was about a third of the run).
          // Each file still builds its own app on its own database copy.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // One migrated PGlite data folder per run, copied by each server start (decision 0049).
          globalSetup: ['e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file starts its own server (own port, own data folder) and browser: files are
          // independent, and much of a journey is waiting on the browser, so two run at once.
          // E2E_SERIAL=true runs them one at a time (to time one file, or on one core).
          fileParallelism: process.env.E2E_SERIAL !== 'true',
          maxWorkers: process.env.E2E_SERIAL === 'true' ? 1 : 2,
        },
      },
    ],
  },
});
