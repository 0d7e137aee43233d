import path from 'node:path';
import type { Config } from '../config/env';
import { openPglite, openPostgres, type DatabaseHandle } from './client';
import { migrate } from './migrate';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite) and migrates it. */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
    : await openPglite(path.join(config.dataDir, 'pgdata'));
  await migrate(handle);
  return handle;
}
