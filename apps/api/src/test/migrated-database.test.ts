import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { bootPglite } from '../db/pglite-boot';
import {
  createMigratedPostgres,
  dropPostgresDatabase,
  openMigratedPglite,
  PGLITE_DUMP_ENV,
  POSTGRES_TEMPLATE_ENV,
  type MigratedDatabase,
  writePgliteDataFolder,
} from './migrated-database';

const adminUrl = process.env.DATABASE_URL;
const migrationFiles = fs
  .readdirSync(path.join(import.meta.dirname, '../db/migrations'))
  .filter((f) => /^\d{4}_.+\.sql$/.test(f))
  .sort();

/**
 * Everything the migrations leave in a database, as sorted lines: tables, columns, indexes,
 * constraints, triggers, functions, views, sequences with their positions, and each table's
 * rows apart from the columns a database fills differently every time (uuid and timestamp
 * columns: gen_random_uuid(), now()).
 */
async function fingerprint(database: DatabaseHandle): Promise<string[]> {
  const catalog = await database.query<{ line: string }>(`
    select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' ||
           is_nullable || ' ' || coalesce(column_default, '') as line
      from information_schema.columns where table_schema = 'public'
    union all select 'index ' || indexdef from pg_indexes where schemaname = 'public'
    union all select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' ||
           pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
    union all select 'trigger ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text
      from pg_trigger where not tgisinternal
    union all select 'function ' || proname || ' ' || md5(coalesce(prosrc, ''))
      from pg_proc where pronamespace = 'public'::regnamespace
    union all select 'view ' || viewname || ' ' || md5(definition) from pg_views where schemaname = 'public'
    union all select 'sequence ' || sequencename || ' ' || coalesce(last_value::text, 'unused')
      from pg_sequences where schemaname = 'public'`);
  const lines = catalog.map((row) => row.line);
  const tables = await database.query<{ table_name: string; volatile: string[] | null }>(`
    select t.table_name,
           array_agg(c.column_name::text) filter (where c.data_type = 'uuid' or c.data_type like 'timestamp%') as volatile
      from information_schema.tables t
      join information_schema.columns c using (table_schema, table_name)
     where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
     group by t.table_name`);
  for (const { table_name: table, volatile } of tables) {
    const [row] = await database.query<{ rows: string; digest: string }>(
      `select count(*)::text as rows,
              md5(coalesce(string_agg((to_jsonb(t) - $1::text[])::text, E'\\n' order by (to_jsonb(t) - $1::text[])::text), '')) as digest
         from "${table}" t`,
      [volatile ?? []],
    );
    lines.push(`rows ${table} ${row!.rows} ${row!.digest}`);
  }
  return lines.sort();
}

/** A database migrated here, file by file, as before decision 0049. */
async function migratedForReal(): Promise<{ database: DatabaseHandle; drop?: () => Promise<void> }> {
  if (!adminUrl) {
    const database = await openPglite();
    await migrate(database);
    return { database };
  }
  const name = `imali_test_${randomBytes(6).toString('hex')}`;
  const saved = process.env[POSTGRES_TEMPLATE_ENV];
  delete process.env[POSTGRES_TEMPLATE_ENV];
  try {
    const { database } = await createMigratedPostgres(adminUrl, name, 2);
    return { database, drop: () => dropPostgresDatabase(adminUrl, name) };
  } finally {
    if (saved !== undefined) process.env[POSTGRES_TEMPLATE_ENV] = saved;
  }
}

describe('the copy of the run’s migrated database (decision 0049)', () => {
  let copy: MigratedDatabase;
  let real: Awaited<ReturnType<typeof migratedForReal>>;
  let copyName: string | undefined;

  beforeAll(async () => {
    real = await migratedForReal();
    if (adminUrl) {
      copyName = `imali_test_${randomBytes(6).toString('hex')}`;
      copy = await createMigratedPostgres(adminUrl, copyName, 2);
    } else {
      copy = await openMigratedPglite();
    }
  });
  afterAll(async () => {
    await copy?.database.close();
    await real?.database.close();
    await real?.drop?.();
    if (adminUrl && copyName) await dropPostgresDatabase(adminUrl, copyName);
  });

  it('is a copy whenever the globalSetup made the template or tarball', () => {
    const provided = adminUrl ? process.env[POSTGRES_TEMPLATE_ENV] : process.env[PGLITE_DUMP_ENV];
    expect(copy.cloned).toBe(Boolean(provided));
  });

  it('records every migration, as migrating does, and has none pending', async () => {
    const recorded = await copy.database.query<{ name: string }>(
      'select name from schema_migrations order by name',
    );
    expect(recorded.map((row) => row.name)).toEqual(migrationFiles);
    expect(await migrate(copy.database)).toEqual([]);
  });

  it('holds the same schema, sequences and seeded rows as a database migrated file by file', async () => {
    const [copied, migrated] = await Promise.all([fingerprint(copy.database), fingerprint(real.database)]);
    expect(copied.length).toBeGreaterThan(100);
    // The lines either side lacks, so that a failure names them (a diff of 1,000 lines would not).
    expect({
      onlyInCopy: copied.filter((line) => !migrated.includes(line)),
      onlyMigrated: migrated.filter((line) => !copied.includes(line)),
    }).toEqual({ onlyInCopy: [], onlyMigrated: [] });
    expect(copied).toEqual(migrated);
  });
});

// The end-to-end suite's servers start on a copy of one such folder (e2e/support/global-setup.ts).
describe.skipIf(adminUrl)('a migrated PGlite data folder, copied as a server’s DATA_DIR', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-folder-test-'));
  let copied: DatabaseHandle;
  let real: DatabaseHandle;

  beforeAll(async () => {
    await writePgliteDataFolder(path.join(dir, 'template/pgdata'));
    fs.cpSync(path.join(dir, 'template'), path.join(dir, 'server'), { recursive: true });
    copied = await openPglite(undefined, bootPglite(path.join(dir, 'server/pgdata')));
    real = (await migratedForReal()).database;
  });
  afterAll(async () => {
    await copied?.close();
    await real?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('opens with every migration recorded, none pending, and what a database migrated here holds', async () => {
    const recorded = await copied.query<{ name: string }>('select name from schema_migrations order by name');
    expect(recorded.map((row) => row.name)).toEqual(migrationFiles);
    expect(await migrate(copied)).toEqual([]);
    const [fromFolder, migrated] = await Promise.all([fingerprint(copied), fingerprint(real)]);
    expect({
      onlyInFolder: fromFolder.filter((line) => !migrated.includes(line)),
      onlyMigrated: migrated.filter((line) => !fromFolder.includes(line)),
    }).toEqual({ onlyInFolder: [], onlyMigrated: [] });
  });
});
