import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle, RawConnection } from './client';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_ID = 73_110_001;
/** PostgreSQL's SQLSTATE for a relation that does not exist. */
const UNDEFINED_TABLE = '42P01';

/**
 * Applies every `db/migrations/NNNN_name.sql` not yet recorded, in name order, each in its own
 * transaction. Plain SQL files keep one dialect for PGlite and PostgreSQL and let each module own
 * its migration file (see docs/decisions/0002-plain-sql-migrations.md).
 */
export function migrate(handle: DatabaseHandle): Promise<string[]> {
  return handle.session((conn) => migrateOn(conn, handle.kind === 'postgres'));
}

async function migrateOn(handle: RawConnection, takeLock: boolean): Promise<string[]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  // Most starts have nothing pending: one query says so, without the lock or the DDL below.
  const recorded = await appliedMigrations(handle);
  if (recorded && files.every((file) => recorded.has(file))) return [];

  if (takeLock) await handle.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
  try {
    await handle.execScript(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    // Read again under the lock: another process may have applied some meanwhile.
    const done = (await appliedMigrations(handle)) ?? new Set<string>();
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const body = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      const escaped = file.replace(/'/g, "''");
      await handle.execScript(
        `begin;\n${body}\n;insert into schema_migrations (name) values ('${escaped}');\ncommit;`,
      );
      applied.push(file);
    }
    return applied;
  } finally {
    if (takeLock) await handle.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
  }
}

/** The recorded migrations' names, or null in a database that has no schema_migrations yet. */
async function appliedMigrations(handle: RawConnection): Promise<Set<string> | null> {
  try {
    const rows = await handle.query<{ name: string }>('select name from schema_migrations');
    return new Set(rows.map((row) => row.name));
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return null;
    throw error;
  }
}
