import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config/env';
import { openPglite, openPostgres, type DatabaseHandle } from './client';
import { migrate } from './migrate';

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite) and migrates it.
 * `booting`: the embedded database, already started by `bootPglite` (server.ts).
 */
export async function openDatabase(config: Config, booting?: Promise<PGlite>): Promise<DatabaseHandle> {
  const handle = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
    : await openPglite(path.join(config.dataDir, 'pgdata'), booting);
  await migrate(handle);
  return handle;
}
