import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeScheduleFor } from '@imali/money';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ApprovalStaff } from '../approvals/approval-action';
import { insertStaff } from '../approvals/approvals-test-kit';
import { inAuditedTransaction } from '../audit/audit.service';
import { scheduleJson } from './fees-change.service';
import { feesChangeApproval } from './fees.approval';

/**
 * PGlite has one connection and cannot show a race: this runs on a real PostgreSQL only
 * (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test). Three approved fees.change of one
 * country, all made against the shipped schedule, executing at once: without the per-country
 * advisory lock each reads "no version published yet" and all three publish; with it the second
 * and third wait, see the first's version and are refused as stale. One version, never three.
 */
describe.skipIf(!process.env.DATABASE_URL)('fee schedule versions under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let maker: ApprovalStaff;
  let checkers: ApprovalStaff[];

  beforeAll(async () => {
    t = await createTestApp();
    maker = await insertStaff(t, ['treasury'], 'maker');
    checkers = await Promise.all([0, 1, 2].map((i) => insertStaff(t, ['treasury'], `checker${i}`)));
  });
  afterAll(() => t?.close());

  it('three fees.change executions of one country at once: one publishes, two are stale (409)', async () => {
    const shipped = scheduleJson(feeScheduleFor('ZA'));
    const effectiveFrom = new Date(t.app.ctx.clock.now().getTime() + 10 * 60_000).toISOString();
    const settled = await Promise.allSettled(
      checkers.map((checker, i) => {
        const version = `ZA-RACE-${i}`;
        const schedule = {
          ...shipped,
          version,
          lines: shipped.lines.map((l) => (l.code === 'brokerage' ? { ...l, rate: `0.00${3 + i}` } : l)),
        };
        return inAuditedTransaction(t.app.ctx, (_tx, txCtx) =>
          feesChangeApproval.execute(
            txCtx,
            {
              country: 'ZA',
              version,
              baseVersion: shipped.version,
              effectiveFrom,
              schedule,
              before: shipped,
              summary: 'race',
            },
            { makerStaffId: maker.id, checkerStaffIds: [checker.id], requestId: null },
          ),
        );
      }),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    for (const s of settled.filter((r) => r.status === 'rejected')) {
      expect(String((s as PromiseRejectedResult).reason)).toMatch(/fees of ZA changed since this proposal/);
    }
    const rows = await t.database.query<{ n: string }>(
      "select count(*)::text as n from fee_schedule_versions where country = 'ZA'",
    );
    expect(rows[0]!.n).toBe('1');
  });
});
