// The audit chain (issue 23, decision 0056), on PGlite, or on PostgreSQL with DATABASE_URL.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runOps } from '../../cli/run';
import { opsStaff } from '../../cli/ops-staff.testing';
import type { StaffPrincipal } from '../staff/staff.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { inTransaction } from '../ledger/ledger.service';
import { auditRowHash, canonicalAuditRow, GENESIS_HASH } from './audit-chain';
import { record, verifyAuditChain, type AuditEntry } from './audit.service';

interface Row {
  id: string;
  seq: string;
  prev_hash: string;
  row_hash: string;
}

const entry = (subjectId: string, after: unknown = { n: subjectId }): AuditEntry => ({
  actor: 'ops:tester',
  action: 'test.act',
  subjectType: 'chain-test',
  subjectId,
  before: null,
  after,
});

async function chainRows(t: TestApp, subjectType = 'chain-test') {
  return t.database.query<Row>(
    'select id::text, seq::text, prev_hash, row_hash from audit_log where subject_type = $1 order by seq',
    [subjectType],
  );
}

/** Runs SQL with the audit triggers off, as a superuser can (session_replication_role). */
const asSuperuser = (t: TestApp, sqlText: string) =>
  t.database.execScript(`begin; set local session_replication_role = replica; ${sqlText}; commit;`);

describe('the audit chain', () => {
  let t: TestApp;
  /** The signed-in staff user the ops commands run as. */
  let staff: StaffPrincipal;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await opsStaff(t.app.ctx);
  });
  afterAll(() => t.close());

  it('appends each entry onto the one before (seq, prev_hash, row_hash) and verifies intact', async () => {
    const ctx = t.app.ctx;
    // Outside a transaction, inside one, two in one transaction, and JSON whose stored form
    // differs from what was passed (an undefined property, a Date, keys in any order).
    await record(ctx, entry('a'));
    await inTransaction(ctx, (_tx, txCtx) => record(txCtx, entry('b')));
    await inTransaction(ctx, async (_tx, txCtx) => {
      await record(txCtx, entry('c', { z: 1, a: [1.5, 'x', null], gone: undefined }));
      await record(txCtx, entry('d', { at: new Date('2026-11-28T10:00:00.123Z'), ü: 'ñ' }));
    });
    const rows = await chainRows(t);
    expect(rows.map((r) => r.id).length).toBe(4);
    const first = Number(rows[0]!.seq);
    expect(rows.map((r) => Number(r.seq))).toEqual([first, first + 1, first + 2, first + 3]);
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.row_hash);
    const [head] = await t.database.query<{ seq: string; row_hash: string }>(
      'select seq::text, row_hash from audit_chain_head',
    );
    expect(head).toEqual({ seq: rows[3]!.seq, row_hash: rows[3]!.row_hash });

    const verdict = await verifyAuditChain(ctx);
    expect(verdict).toEqual({
      intact: true,
      rows: Number(head!.seq),
      headSeq: Number(head!.seq),
      headHash: head!.row_hash,
    });
    // Batches of one walk the same chain.
    expect(await verifyAuditChain(ctx, { batchSize: 1 })).toEqual(verdict);
    expect(await runOps(ctx, ['audit', 'verify'], staff)).toBe(
      `intact: ${head!.seq} rows, head ${head!.row_hash}`,
    );
    const listed = await runOps(ctx, ['audit', 'list', '--limit', '2'], staff);
    expect(
      listed
        .split('\n')
        .slice(2)
        .map((l) => l.split(/\s+/)[0]),
    ).toEqual([rows[3]!.seq, rows[2]!.seq]);
    expect(listed).toContain('chain-test:d');
    await expect(runOps(ctx, ['audit', 'list', '--limit', '0'], staff)).rejects.toThrow(/--limit/);
  });

  it('an entry rolled back with its transaction leaves no gap in seq', async () => {
    const ctx = t.app.ctx;
    await expect(
      inTransaction(ctx, async (_tx, txCtx) => {
        await record(txCtx, entry('rolled-back'));
        throw new Error('the change fails after its entry');
      }),
    ).rejects.toThrow('the change fails');
    const [before] = await t.database.query<{ seq: string }>('select seq::text from audit_chain_head');
    await record(ctx, entry('after-rollback'));
    const [row] = await t.database.query<{ seq: string }>(
      "select seq::text from audit_log where subject_id = 'after-rollback'",
    );
    expect(Number(row!.seq)).toBe(Number(before!.seq) + 1);
    expect(await t.database.query("select 1 from audit_log where subject_id = 'rolled-back'")).toEqual([]);
    expect((await verifyAuditChain(ctx)).intact).toBe(true);
  });

  it('in inTransaction the entries wait for the work to end, then append in order; a failed savepoint drops its own', async () => {
    const ctx = t.app.ctx;
    const seen = await inTransaction(ctx, async (tx, txCtx) => {
      await record(txCtx, entry('outer-1'));
      await expect(
        inTransaction(txCtx, async (_inner, innerCtx) => {
          await record(innerCtx, entry('inner-failed'));
          throw new Error('the savepoint fails');
        }),
      ).rejects.toThrow('the savepoint fails');
      await inTransaction(txCtx, (_inner, innerCtx) => record(innerCtx, entry('inner-ok')));
      await record(txCtx, entry('outer-2'));
      // Nothing appended yet: the chain head is not locked while the work takes its row locks.
      const result = await tx.execute(
        "select count(*)::int as n from audit_log where subject_id like 'outer-%'",
      );
      return (result as unknown as { rows: unknown[] }).rows;
    });
    expect(seen).toEqual([{ n: 0 }]);
    const rows = await t.database.query<{ subject_id: string; seq: string }>(
      "select subject_id, seq::text from audit_log where subject_id in ('outer-1', 'inner-failed', 'inner-ok', 'outer-2') order by seq",
    );
    expect(rows.map((r) => r.subject_id)).toEqual(['outer-1', 'inner-ok', 'outer-2']);
    expect(Number(rows[2]!.seq) - Number(rows[0]!.seq)).toBe(2);
    expect((await verifyAuditChain(ctx)).intact).toBe(true);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE of audit_log', async () => {
    await record(t.app.ctx, entry('kept'));
    const q = (sqlText: string) => t.database.query(sqlText);
    await expect(
      q("update audit_log set actor = 'ops:someone-else' where subject_id = 'kept'"),
    ).rejects.toThrow(/audit_log is append-only: UPDATE refused/);
    // Refused even when no row matches: the statement itself is.
    await expect(q("update audit_log set actor = 'x' where false")).rejects.toThrow(/append-only/);
    await expect(q("delete from audit_log where subject_id = 'kept'")).rejects.toThrow(
      /audit_log is append-only: DELETE refused/,
    );
    await expect(q('truncate audit_log')).rejects.toThrow(/audit_log is append-only: TRUNCATE refused/);
    expect(
      await q("select 1 from audit_log where subject_id = 'kept' and actor = 'ops:tester'"),
    ).toHaveLength(1);
  });

  it('the head moves only by an append, and an insert that does not extend it is refused', async () => {
    const q = (sqlText: string) => t.database.query(sqlText);
    await expect(q('update audit_chain_head set seq = seq + 1')).rejects.toThrow(
      /audit_chain_head moves only/,
    );
    await expect(q('delete from audit_chain_head')).rejects.toThrow(/audit_chain_head moves only/);
    await expect(q('truncate audit_chain_head')).rejects.toThrow(/audit_chain_head moves only/);
    await expect(
      q(`insert into audit_chain_head (one, seq, row_hash) values (true, 0, '${GENESIS_HASH}')`),
    ).rejects.toThrow();
    // A row written past the service: right seq but the wrong previous hash, or a seq already taken.
    const [head] = await t.database.query<{ seq: string; row_hash: string }>(
      'select seq::text, row_hash from audit_chain_head',
    );
    const insert = (seq: number, prev: string) =>
      t.database.query(
        `insert into audit_log (actor, action, subject_type, subject_id, seq, prev_hash, row_hash)
         values ('ops:forger', 'test.forge', 'chain-test', 'forged', $1, $2, $3)`,
        [seq, prev, 'f'.repeat(64)],
      );
    await expect(insert(Number(head!.seq) + 1, GENESIS_HASH)).rejects.toThrow(
      /does not extend the chain head/,
    );
    await expect(insert(Number(head!.seq), head!.row_hash)).rejects.toThrow(/does not extend the chain head/);
    expect((await verifyAuditChain(t.app.ctx)).intact).toBe(true);
  });

  it('the canonical form is RFC 8785 JSON of the named columns', () => {
    const text = canonicalAuditRow({
      seq: 7,
      prevHash: GENESIS_HASH,
      actor: 'ops:anna',
      action: 'kyc.approve',
      subjectType: 'client',
      subjectId: '42',
      before: { status: 'pending' },
      after: { status: 'approved', b: 2, a: 1.5 },
      createdAt: new Date('2026-11-28T09:00:00.000Z'),
    });
    expect(text).toBe(
      '{"action":"kyc.approve","actor":"ops:anna","after":{"a":1.5,"b":2,"status":"approved"},' +
        '"before":{"status":"pending"},"created_at":"2026-11-28T09:00:00.000Z",' +
        `"prev_hash":"${GENESIS_HASH}","seq":7,"subject_id":"42","subject_type":"client"}`,
    );
  });
});

describe('ops audit verify finds the first broken link', () => {
  let t: TestApp;
  /** The signed-in staff user the ops commands run as. */
  let staff: StaffPrincipal;
  let rows: Row[];
  // Each test tampers with its own database: a broken chain stays broken.
  beforeEach(async () => {
    t = await createTestApp();
    staff = await opsStaff(t.app.ctx);
    for (const id of ['1', '2', '3', '4', '5']) await record(t.app.ctx, entry(id));
    rows = await chainRows(t);
  });
  afterEach(() => t.close());

  const seqOf = (i: number) => Number(rows[i]!.seq);

  it('a row changed behind the triggers (superuser, session_replication_role = replica)', async () => {
    await asSuperuser(t, `update audit_log set after = '{"n":"forged"}' where id = ${rows[2]!.id}`);
    const [changed] = await t.database.query<{ row_hash: string }>(
      `select row_hash from audit_log where id = ${rows[2]!.id}`,
    );
    expect(changed!.row_hash).toBe(rows[2]!.row_hash);
    const verdict = await verifyAuditChain(t.app.ctx, { batchSize: 2 });
    expect(verdict).toMatchObject({
      intact: false,
      rows: seqOf(2) - 1,
      broken: { seq: seqOf(2), id: Number(rows[2]!.id), problem: 'row_hash', found: rows[2]!.row_hash },
    });
    if (verdict.intact) return;
    expect(verdict.broken.expected).toMatch(/^[0-9a-f]{64}$/);
    expect(verdict.broken.expected).not.toBe(rows[2]!.row_hash);
    await expect(runOps(t.app.ctx, ['audit', 'verify'], staff)).rejects.toThrow(
      new RegExp(`broken at seq ${seqOf(2)} \\(row id ${rows[2]!.id}\\): the row's content`),
    );
  });

  it('a row changed with its row_hash recomputed breaks the next link', async () => {
    const [full] = await t.database.query<{ created_at: Date }>(
      `select created_at from audit_log where id = ${rows[2]!.id}`,
    );
    const forgedHash = auditRowHash({
      ...entry('3', { n: 'forged' }),
      seq: seqOf(2),
      prevHash: rows[2]!.prev_hash,
      createdAt: full!.created_at,
    });
    await asSuperuser(
      t,
      `update audit_log set after = '{"n":"forged"}', row_hash = '${forgedHash}' where id = ${rows[2]!.id}`,
    );
    expect(await verifyAuditChain(t.app.ctx)).toMatchObject({
      intact: false,
      broken: {
        seq: seqOf(3),
        id: Number(rows[3]!.id),
        problem: 'prev_hash',
        expected: forgedHash,
        found: rows[2]!.row_hash,
      },
    });
  });

  it('a deleted row (the table owner disabling the trigger)', async () => {
    await t.database.execScript(
      `begin; alter table audit_log disable trigger audit_log_append_only;
       delete from audit_log where id = ${rows[1]!.id};
       alter table audit_log enable trigger audit_log_append_only; commit;`,
    );
    const verdict = await verifyAuditChain(t.app.ctx);
    expect(verdict).toMatchObject({
      intact: false,
      rows: seqOf(1) - 1,
      broken: {
        seq: seqOf(1),
        id: null,
        problem: 'missing_row',
        expected: `seq ${seqOf(1)}`,
        found: `seq ${seqOf(2)}`,
      },
    });
    await expect(runOps(t.app.ctx, ['audit', 'verify'], staff)).rejects.toThrow(
      `broken at seq ${seqOf(1)}: the row is missing (deleted)`,
    );
  });

  it('the last row deleted: the head still names it', async () => {
    await asSuperuser(t, `delete from audit_log where id = ${rows[4]!.id}`);
    expect(await verifyAuditChain(t.app.ctx)).toMatchObject({
      intact: false,
      rows: seqOf(4) - 1,
      broken: { seq: seqOf(4), problem: 'missing_row', found: 'no row' },
    });
  });
});
