import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { inAuditedTransaction } from '../audit/audit.service';
import { limitsChangeApproval } from '../limits/limits.approval';
import { MONEY_CURRENCIES } from '@imali/contract';
import type { ApprovalStaff } from './approval-action';
import { insertStaff } from './approvals-test-kit';
import { policyChangeApproval } from './policy-change.approval';

/**
 * PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
 * (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test). Two approved policy.change requests of
 * one action executing at once (and two limits.change): without the advisory lock both read the
 * same latest version and one of them fails on the version's primary key (0028); with it, the
 * second waits and takes the next number. Never one number twice.
 */
describe.skipIf(!process.env.DATABASE_URL)(
  'policy and limits versions under concurrency (PostgreSQL)',
  () => {
    let t: TestApp;
    let maker: ApprovalStaff;
    let checkers: ApprovalStaff[];

    beforeAll(async () => {
      t = await createTestApp();
      maker = await insertStaff(t, ['treasury'], 'maker');
      checkers = await Promise.all([0, 1, 2].map((i) => insertStaff(t, ['treasury'], `checker${i}`)));
    });
    afterAll(() => t?.close());

    const tiers = (threshold: string) => [
      {
        currency: 'ZAR',
        minAmount: '0.00',
        checkersRequired: 0,
        checkerPermission: 'payouts.approve' as const,
      },
      {
        currency: 'ZAR',
        minAmount: threshold,
        checkersRequired: 1,
        checkerPermission: 'payouts.approve' as const,
      },
      {
        currency: null,
        minAmount: '0.00',
        checkersRequired: 1,
        checkerPermission: 'payouts.approve' as const,
      },
    ];

    it('three policy.change executions of one action at once: three versions, numbered one after another', async () => {
      for (let round = 0; round < 4; round += 1) {
        const settled = await Promise.allSettled(
          checkers.map((checker, i) =>
            inAuditedTransaction(t.app.ctx, (_tx, txCtx) =>
              policyChangeApproval.execute(
                txCtx,
                { action: 'withdrawal.pay', effectiveFrom: null, tiers: tiers(`${20000 + i}.01`) },
                { makerStaffId: maker.id, checkerStaffIds: [checker.id], requestId: null },
              ),
            ),
          ),
        );
        expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      }
      const versions = await t.database.query<{ version: number; rows: string }>(
        `select v.version, count(p.id)::text as rows from approval_policy_versions v
         join approval_policies p on p.action = v.action and p.version = v.version
        where v.action = 'withdrawal.pay' group by v.version order by v.version`,
      );
      expect(versions.map((v) => Number(v.version))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
      expect(versions.slice(1).every((v) => v.rows === '3')).toBe(true);
    });

    it('three limits.change executions at once: three versions, numbered one after another', async () => {
      const limits = (minDeposit: string) =>
        MONEY_CURRENCIES.map((currency) => ({
          currency,
          minDeposit,
          minWithdrawal: '5.00',
          dailyWithdrawalCap: null,
        }));
      const settled = await Promise.allSettled(
        checkers.map((checker, i) =>
          inAuditedTransaction(t.app.ctx, (_tx, txCtx) =>
            limitsChangeApproval.execute(
              txCtx,
              { baseVersion: 0, effectiveFrom: null, limits: limits(`${10 + i}.00`), before: [] },
              { makerStaffId: maker.id, checkerStaffIds: [checker.id], requestId: null },
            ),
          ),
        ),
      );
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const versions = await t.database.query<{ version: number; rows: string }>(
        `select v.version, count(l.currency)::text as rows from money_limit_versions v
         join money_limits l on l.version = v.version group by v.version order by v.version`,
      );
      expect(versions.map((v) => [Number(v.version), v.rows])).toEqual([
        [1, '5'],
        [2, '5'],
        [3, '5'],
      ]);
    });
  },
);
