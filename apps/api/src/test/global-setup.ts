import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createPostgresTemplate,
  dropPostgresDatabase,
  PGLITE_DUMP_ENV,
  POSTGRES_TEMPLATE_ENV,
  writePgliteDump,
} from './migrated-database';

/**
 * The api project's globalSetup (decision 0049): migrates one database for the whole run, before
 * any worker starts, and names it in the environment the workers inherit. Each test file then
 * copies it (test/migrated-database.ts) instead of booting an empty database and migrating.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const template = await createPostgresTemplate(adminUrl);
    process.env[POSTGRES_TEMPLATE_ENV] = template;
    return async () => {
      delete process.env[POSTGRES_TEMPLATE_ENV];
      await dropPostgresDatabase(adminUrl, template);
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-test-'));
  const file = path.join(dir, 'pglite-migrated.tar');
  await writePgliteDump(file);
  process.env[PGLITE_DUMP_ENV] = file;
  return async () => {
    delete process.env[PGLITE_DUMP_ENV];
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
