import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../cli/run';
import { opsStaff } from '../../cli/ops-staff.testing';
import type { StaffPrincipal } from '../staff/staff.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { inTransaction } from '../ledger/ledger.service';
import type { Db } from '../../db/client';
import { record, verifyAuditChain, type AuditEntry } from './audit.service';

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test). Without the head row's lock
// (audit.repository.ts lockChainHead) both fail: appends that read the same head are refused by
// migration 0021's insert trigger instead of queueing.
describe.skipIf(!process.env.DATABASE_URL)('audit appends under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  /** The signed-in staff user the ops commands run as. */
  let staff: StaffPrincipal;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await opsStaff(t.app.ctx);
  });
  afterAll(() => t?.close());

  async function expectOneChain(subjectType: string, n: number) {
    const rows = await t.database.query<{ seq: string; prev_hash: string; row_hash: string }>(
      'select seq::text, prev_hash, row_hash from audit_log where subject_type = $1 order by seq',
      [subjectType],
    );
    expect(rows).toHaveLength(n);
    const [forks] = await t.database.query<{ n: string }>(
      'select count(*)::text as n from (select prev_hash from audit_log group by prev_hash having count(*) > 1) f',
    );
    expect(forks!.n).toBe('0');
    const [head] = await t.database.query<{ seq: string }>('select seq::text from audit_chain_head');
    const [all] = await t.database.query<{ n: string; min: string; max: string }>(
      'select count(*)::text as n, min(seq)::text as min, max(seq)::text as max from audit_log',
    );
    expect(all).toEqual({ n: head!.seq, min: '1', max: head!.seq });
    expect(await verifyAuditChain(t.app.ctx)).toMatchObject({ intact: true, rows: Number(head!.seq) });
  }

  it('20 operators creating invitation codes at once: 20 entries, one unbroken chain, seq 1..n', async () => {
    const operators: StaffPrincipal[] = [];
    for (let i = 0; i < 20; i += 1) operators.push(await opsStaff(t.app.ctx));
    const outputs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        runOps(
          t.app.ctx,
          ['invite', 'create', '--advisor', `Race Advisor ${i}`, '--code', `RACE${i}X`],
          operators[i]!,
        ),
      ),
    );
    expect(outputs.filter((o) => o.startsWith('Invitation code RACE'))).toHaveLength(20);
    await expectOneChain('invitation_code', 20);
  });

  it('20 transactions that hold their entry a moment before committing still chain one after the other', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        inTransaction(t.app.ctx, async (tx, txCtx) => {
          await record(txCtx, {
            actor: `ops:slow${i}`,
            action: 'test.slow',
            subjectType: 'slow-test',
            subjectId: String(i),
            before: null,
            after: { i },
          });
          await tx.execute('select pg_sleep(0.02)');
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
    await expectOneChain('slow-test', 20);
  });
  it('a transaction that records and then locks a row does not deadlock with one that holds the row and records', async () => {
    const ctx = t.app.ctx;
    await runOps(ctx, ['invite', 'create', '--advisor', 'Lock Advisor', '--code', 'LOCKROW1'], staff);
    const lockRow = (tx: Db) =>
      tx.execute("select 1 from invitation_codes where code = 'LOCKROW1' for update");
    const sleep = (tx: Db, s: number) => tx.execute(`select pg_sleep(${s})`);
    const audited = (i: string): AuditEntry => ({
      actor: 'ops:lock',
      action: 'test.lock',
      subjectType: 'lock-test',
      subjectId: i,
      before: null,
      after: null,
    });
    // B takes the row first and records after a pause; A records, then wants the row. With A's
    // entry appended at once, A would hold the chain head while waiting for B's row, and B would
    // wait for the head: a deadlock. A's entry waits for the end of its work instead.
    const b = inTransaction(ctx, async (tx, txCtx) => {
      await lockRow(tx);
      await sleep(tx, 0.3);
      await record(txCtx, audited('B'));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const a = inTransaction(ctx, async (tx, txCtx) => {
      await record(txCtx, audited('A'));
      await lockRow(tx);
    });
    const settled = await Promise.allSettled([a, b]);
    expect(settled.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
    const rows = await t.database.query<{ subject_id: string }>(
      "select subject_id from audit_log where subject_type = 'lock-test' order by seq",
    );
    expect(rows.map((r) => r.subject_id)).toEqual(['B', 'A']);
    expect((await verifyAuditChain(ctx)).intact).toBe(true);
  });
});
