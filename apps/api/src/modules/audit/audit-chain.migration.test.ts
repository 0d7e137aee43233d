// Migration 0021 on a database that already has an audit log: the rows logged before it are
// chained by its TypeScript backfill, and `verify` passes on the upgraded database. PGlite, or an
// empty PostgreSQL database with DATABASE_URL.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../../db/client';
import { migrate } from '../../db/migrate';
import type { AppContext } from '../../lib/context';
import { databaseUrlFor, dropPostgresDatabase } from '../../test/migrated-database';
import { GENESIS_HASH } from './audit-chain';
import { record, verifyAuditChain } from './audit.service';

/** More than one backfill batch (500). */
const LEGACY_ROWS = 1203;

describe('migration 0021 on a database with an audit log', () => {
  let database: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const adminUrl = process.env.DATABASE_URL;
    if (adminUrl) {
      const name = `imali_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      database = await openPostgres(databaseUrlFor(adminUrl, name), 2);
      drop = () => dropPostgresDatabase(adminUrl, name);
    } else {
      database = await openPglite();
    }
    await migrate(database, { before: '0021' });
  });
  afterAll(async () => {
    await database.close();
    await drop?.();
  });

  it('chains the rows already logged, in id order, so verify passes; new rows chain on', async () => {
    // JSON whose stored text differs from JavaScript's (1.50, 1e2, key order, unicode), SQL
    // NULL and JSON null, and created_at with microseconds from now().
    await database.execScript(`
      insert into audit_log (actor, action, subject_type, subject_id, before, after, created_at)
      select 'ops:legacy', 'legacy.act', 'legacy', g::text,
             case when g % 3 = 0 then null else '{"z": 1.50, "a": [1e2, "x", null], "ñ": {"b": true}}'::jsonb end,
             case when g % 5 = 0 then 'null'::jsonb else jsonb_build_object('n', g, 'when', now()) end,
             now() - (g || ' seconds')::interval
        from generate_series(1, ${LEGACY_ROWS}) g;`);
    const applied = await migrate(database);
    expect(applied[0]).toBe('0021_audit_chain.sql');

    const ctx = { db: database.db, clock: { now: () => new Date() } } as unknown as AppContext;
    expect(await verifyAuditChain(ctx, { batchSize: 400 })).toMatchObject({
      intact: true,
      rows: LEGACY_ROWS,
      headSeq: LEGACY_ROWS,
    });
    const [first] = await database.query<{ seq: string; prev_hash: string; subject_id: string }>(
      'select seq::text, prev_hash, subject_id from audit_log order by id limit 1',
    );
    expect(first).toEqual({ seq: '1', prev_hash: GENESIS_HASH, subject_id: '1' });
    const [order] = await database.query<{ n: string }>(
      'select count(*)::text as n from audit_log a join audit_log b on b.seq = a.seq + 1 where b.id < a.id',
    );
    expect(order!.n).toBe('0');

    await record(ctx, {
      actor: 'ops:new',
      action: 'test.after_upgrade',
      subjectType: 'legacy',
      subjectId: 'new',
      before: null,
      after: { ok: true },
    });
    expect(await verifyAuditChain(ctx)).toMatchObject({ intact: true, rows: LEGACY_ROWS + 1 });
    await expect(database.query("delete from audit_log where subject_id = '1'")).rejects.toThrow(
      /append-only/,
    );
  });
});
