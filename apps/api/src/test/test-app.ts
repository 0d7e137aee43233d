import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type AppInstance } from '../app';
import { testConfig } from '../config/env';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';

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
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or, when DATABASE_URL is set, a new
 * PostgreSQL database created for this test file and dropped afterwards.
 */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const clock = new TestClock();
  let database: DatabaseHandle;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `imali_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openPostgres(databaseUrl, 20);
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openPglite();
  }
  await migrate(database);
  const config = testConfig({ ...overrides, ...(adminUrl ? { DATABASE_URL: adminUrl } : {}) });
  const app = await buildApp({ config, database, clock, opsToken: 'test-ops-token-0123456789' });
  await app.ready();
  return {
    app,
    clock,
    database,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
