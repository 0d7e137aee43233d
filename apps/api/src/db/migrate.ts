import fs from 'node:fs';
import path from 'node:path';
import { backfillAuditChain } from '../modules/audit/audit-chain-backfill';
import type { DatabaseHandle, RawConnection } from './client';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_ID = 73_110_001;
/** PostgreSQL's SQLSTATE for a relation that does not exist. */
const UNDEFINED_TABLE = '42P01';

/**
 * A migration's steps written in TypeScript, by name. A line `-- @backfill NAME` in a migration
 * runs NAME there, on the migrating connection, inside that migration's transaction: the SQL
 * above the line has run, the SQL below runs after it. For data that only TypeScript may compute
 * (decision 0050), such as the audit chain's hashes of the rows logged before 0021.
 */
const BACKFILLS: Record<string, (conn: RawConnection) => Promise<unknown>> = {
  'audit-chain': backfillAuditChain,
};
const BACKFILL_LINE = /^-- @backfill ([\w-]+)[^\n]*$/m;

/**
 * Applies every `db/migrations/NNNN_name.sql` not yet recorded, in name order, each in its own
 * transaction. Plain SQL files keep one dialect for PGlite and PostgreSQL and let each module own
 * its migration file (see docs/decisions/0002-plain-sql-migrations.md).
 */
export function migrate(handle: DatabaseHandle, options: { before?: string } = {}): Promise<string[]> {
  return handle.session((conn) => migrateOn(conn, handle.kind === 'postgres', options.before));
}

/** `before`: apply only the files whose name sorts before it (a test of an upgrade sets it). */
async function migrateOn(handle: RawConnection, takeLock: boolean, before?: string): Promise<string[]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f) && (before === undefined || f < before))
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
      await applyMigration(handle, file, body);
      applied.push(file);
    }
    return applied;
  } finally {
    if (takeLock) await handle.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
  }
}

/** One migration file in one transaction, with its TypeScript steps (BACKFILLS) where it names them. */
async function applyMigration(handle: RawConnection, file: string, body: string): Promise<void> {
  const escaped = file.replace(/'/g, "''");
  const record = `\n;insert into schema_migrations (name) values ('${escaped}');\ncommit;`;
  const match = BACKFILL_LINE.exec(body);
  if (!match) {
    await handle.execScript(`begin;\n${body}${record}`);
    return;
  }
  const backfill = BACKFILLS[match[1]!];
  if (!backfill) throw new Error(`${file}: no backfill named ${match[1]} in db/migrate.ts`);
  const before = body.slice(0, match.index);
  const after = body.slice(match.index);
  if (BACKFILL_LINE.test(after.slice(match[0].length)))
    throw new Error(`${file}: one @backfill line at most`);
  try {
    await handle.execScript(`begin;\n${before}`);
    await backfill(handle);
    await handle.execScript(`${after}${record}`);
  } catch (error) {
    await handle.execScript('rollback').catch(() => undefined);
    throw error;
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
