import { randomBytes } from 'node:crypto';
import { buildApp, buildOpsApp, type AppInstance } from '../app';
import { testConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { checkAnswersOf } from './contract';
import {
  createMigratedPostgres,
  databaseUrlFor,
  dropPostgresDatabase,
  openMigratedPglite,
} from './migrated-database';

/** A clock tests can move forward. */
export class TestClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface TestApp {
  app: AppInstance;
  clock: TestClock;
  database: DatabaseHandle;
  /** The PostgreSQL database of this test file (for a second process); undefined on PGlite. */
  databaseUrl?: string;
  /**
   * The ops app (the staff API, decision 0057) on this app's context, built at the first call and
   * closed with the test app. `test/staff.ts` has the staff helpers.
   */
  ops(): Promise<AppInstance>;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh, migrated database: in-memory PGlite, or, when DATABASE_URL is set, a
 * new PostgreSQL database created for this test file and dropped afterwards. Both are copies of
 * the run's migrated database when the api project's globalSetup made one (decision 0049).
 */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const clock = new TestClock();
  let database: DatabaseHandle;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `imali_test_${randomBytes(6).toString('hex')}`;
    ({ database } = await createMigratedPostgres(adminUrl, name, 20));
    databaseUrl = databaseUrlFor(adminUrl, name);
    dropDatabase = () => dropPostgresDatabase(adminUrl, name);
  } else {
    ({ database } = await openMigratedPglite());
  }
  const config = testConfig({ ...overrides, ...(adminUrl ? { DATABASE_URL: adminUrl } : {}) });
  const app = await buildApp({ config, database, clock });
  await app.ready();
  // Every answer the test sees is checked against the published document (contract.ts).
  checkAnswersOf(app);
  let ops: Promise<AppInstance> | undefined;
  return {
    app,
    clock,
    database,
    databaseUrl,
    ops: () =>
      (ops ??= (async () => {
        const opsApp = await buildOpsApp({ ctx: app.ctx });
        await opsApp.ready();
        // Checked against the ops app's own document.
        checkAnswersOf(opsApp);
        return opsApp;
      })()),
    async close() {
      if (ops) await (await ops).close();
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
