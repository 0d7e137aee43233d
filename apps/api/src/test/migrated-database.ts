import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { bootPglite, pgliteSettings } from '../db/pglite-boot';

/**
 * Migrate once per test run (decision 0049). The api project's globalSetup (test/global-setup.ts)
 * migrates one database and names it here for the test workers: a PGlite data folder dumped to a
 * tarball, or a PostgreSQL database each test file clones with `create database … template`.
 * Without them (a script or config that skips the globalSetup) each database migrates itself.
 */
export const PGLITE_DUMP_ENV = 'IMALI_TEST_PGLITE_DUMP';
export const POSTGRES_TEMPLATE_ENV = 'IMALI_TEST_POSTGRES_TEMPLATE';

/** PostgreSQL's SQLSTATE for a database that does not exist (a template dropped meanwhile). */
const INVALID_CATALOG_NAME = '3D000';

export interface MigratedDatabase {
  database: DatabaseHandle;
  /** True when it came from the run's template or tarball; false when it ran the migrations. */
  cloned: boolean;
}

/**
 * Boots PGlite (`dataDir` undefined: in memory), migrates it and checkpoints, runs `then` on the
 * client (if given), and closes it. Without the checkpoint a copy holds the sequences only as their
 * write-ahead log has them, 32 values ahead, and would number its first rows from there.
 */
async function migratePglite(dataDir: string | undefined, then?: (client: PGlite) => Promise<void>) {
  const client = await bootPglite(dataDir);
  const database = await openPglite(undefined, Promise.resolve(client));
  try {
    await migrate(database);
    await database.execScript('checkpoint');
    await then?.(client);
  } finally {
    await database.close();
  }
}

/** Migrates a new in-memory PGlite and writes its data folder to `file` (an uncompressed tar). */
export async function writePgliteDump(file: string): Promise<void> {
  await migratePglite(undefined, async (client) => {
    // Uncompressed: 40-odd MB in a temp folder, but loading it skips gunzip in every test file.
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  });
}

/**
 * Migrates a PGlite data folder on disk at `pgdata` and closes it: a server's DATA_DIR holding
 * `pgdata` copied from it starts with nothing to migrate (the end-to-end suite's globalSetup,
 * e2e/support/global-setup.ts). Closing shuts PostgreSQL down cleanly, so a file copy is whole.
 */
export async function writePgliteDataFolder(pgdata: string): Promise<void> {
  await migratePglite(pgdata);
}

/**
 * An in-memory PGlite holding every migration: loaded from the run's tarball (well under a
 * second), or, without one, booted empty (initdb, several seconds) and migrated.
 */
export async function openMigratedPglite(): Promise<MigratedDatabase> {
  const dumpFile = process.env[PGLITE_DUMP_ENV];
  if (dumpFile && fs.existsSync(dumpFile)) {
    const booting = (async () => {
      const client = new PGlite({
        loadDataDir: new Blob([fs.readFileSync(dumpFile)]),
        startParams: [...PGlite.defaultStartParams, ...pgliteSettings.startParams],
      });
      await client.waitReady;
      return client;
    })();
    const database = await openPglite(undefined, booting);
    // One query finds nothing pending, unless a migration was added since the tarball (watch mode).
    await migrate(database);
    return { database, cloned: true };
  }
  const database = await openPglite();
  await migrate(database);
  return { database, cloned: false };
}

/** `adminUrl` with its database replaced by `name`. */
export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** Creates and migrates the run's template database on the server of `adminUrl`; returns its name. */
export async function createPostgresTemplate(adminUrl: string): Promise<string> {
  // One per run: other runs (other worktrees) may share the server at the same time.
  const name = `imali_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const database = await openPostgres(databaseUrlFor(adminUrl, name), 1);
  try {
    await migrate(database);
  } finally {
    // No session may stay on a template: `create database … template` refuses one in use.
    await database.close();
  }
  return name;
}

export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
}

/**
 * Creates database `name` holding every migration: a copy of the run's template (a file copy
 * on the server), or, without one, an empty database migrated here.
 */
export async function createMigratedPostgres(
  adminUrl: string,
  name: string,
  poolSize: number,
): Promise<MigratedDatabase> {
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  let cloned = false;
  await withAdmin(adminUrl, async (admin) => {
    if (template) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        cloned = true;
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== INVALID_CATALOG_NAME) throw error;
      }
    }
    await admin.query(`create database ${name}`);
  });
  const database = await openPostgres(databaseUrlFor(adminUrl, name), poolSize);
  // On a copy one query finds nothing pending, unless a migration was added since (watch mode).
  await migrate(database);
  return { database, cloned };
}
