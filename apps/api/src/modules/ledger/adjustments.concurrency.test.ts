import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertStaff } from '../approvals/approvals-test-kit';
import type { ApprovalStaff } from '../approvals/approval-action';
import { approve, requestApproval } from '../approvals/approvals.service';
import { checkLedger } from './ledger-check.service';
import { createTestClient, fund } from './money-test-kit';

/**
 * PostgreSQL only (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test): two debit adjustments
 * of the whole available balance, approved at once by two checkers. Both pass the re-check (read
 * without a lock); the account's row lock in postAdjustment lets one post and refuses the other,
 * so the account never goes negative.
 */
describe.skipIf(!process.env.DATABASE_URL)('ledger adjustments under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let maker: ApprovalStaff;
  let checkers: ApprovalStaff[];

  beforeAll(async () => {
    t = await createTestApp();
    maker = await insertStaff(t, ['payments_maker'], 'maker');
    checkers = await Promise.all([0, 1].map((i) => insertStaff(t, ['payments_checker'], `checker${i}`)));
  });
  afterAll(() => t?.close());

  it('two debits of the whole balance approved at once: one posts, the other is refused, never negative', async () => {
    for (let round = 0; round < 5; round += 1) {
      const client = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, client, 'ZAR', '1000');
      const ask = async (reference: string) => {
        const outcome = await requestApproval(t.app.ctx, maker, 'ledger.adjust', {
          accountId: client.accounts.ZAR,
          currency: 'ZAR',
          amountMinor: '-100000',
          reason: 'Reversal of a duplicate deposit',
          reference,
        });
        if (outcome.status !== 'pending') throw new Error('expected a pending request');
        return outcome.request.id;
      };
      const [a, b] = [await ask(`DUP-${round}-A`), await ask(`DUP-${round}-B`)];
      const settled = await Promise.allSettled([
        approve(t.app.ctx, checkers[0]!, a),
        approve(t.app.ctx, checkers[1]!, b),
      ]);
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
      const [row] = await t.database.query<{ balance: string; entries: string }>(
        `select a.balance_minor::text as balance,
                (select count(*) from journal_entries e where e.kind = 'adjustment' and e.client_id = a.client_id)::text as entries
           from accounts a where a.id = $1`,
        [client.accounts.ZAR],
      );
      expect(row).toEqual({ balance: '0', entries: '1' });
    }
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
