import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writePgliteDataFolder } from '../../apps/api/src/test/migrated-database';
import { E2E_PGLITE_TEMPLATE_ENV } from './server';

/**
 * The e2e project's globalSetup (decision 0049): one migrated PGlite data folder per run, which
 * `startServer` copies into each fresh DATA_DIR, so a server starts on a migrated database
 * instead of running initdb and every migration itself (~11 s a start on two busy cores). Not on
 * PostgreSQL (the server migrates its DATABASE_URL) nor with E2E_SERVER_ROOT (another checkout
 * may hold other migrations).
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL || process.env.E2E_SERVER_ROOT) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-e2e-template-'));
  await writePgliteDataFolder(path.join(dir, 'pgdata'));
  process.env[E2E_PGLITE_TEMPLATE_ENV] = dir;
  return () => {
    delete process.env[E2E_PGLITE_TEMPLATE_ENV];
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
