import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../../jobs/runner';
import { quantLifecycleJob } from '../../jobs/quant-lifecycle';
import { checkerOf } from '../../jobs/jobs-test-kit';
import { approve } from '../approvals/approvals.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, fund, newPinSession } from '../ledger/money-test-kit';
import { setMarketShift } from '../orders/orders-test-kit';
import { DAY_MS, OPS, makeProduct, quantApi } from './quant-test-kit';
import { matureProduct, startProduct } from './quant.service';

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.DATABASE_URL)('structured products under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await t.database.query<{ n: string }>(sql, params))[0]!.n);

  it('two concurrent maturities (and two job runs) → one start, one payout per order', async () => {
    const { offering } = await makeProduct(t);
    const clients = await Promise.all([1, 2, 3].map(() => createTestClient(t.app.ctx)));
    for (const c of clients) {
      await fund(t.app.ctx, c, 'ZAR', '20000');
      const res = await quantApi(t, c).subscribe(offering.id, { amount: '10000' });
      expect(res.statusCode, res.body).toBe(200);
    }
    setMarketShift(t.app.ctx, 400 * DAY_MS);
    try {
      const results = await Promise.all([
        matureProduct(t.app.ctx, offering.id, OPS),
        matureProduct(t.app.ctx, offering.id, OPS),
        startProduct(t.app.ctx, offering.id, OPS),
        runJob(t.app.ctx, quantLifecycleJob),
        runJob(t.app.ctx, quantLifecycleJob),
      ]);
      const matured = results.slice(0, 2).filter((r) => (r as { kind: string }).kind === 'matured');
      // The jobs asked (decision 0064): a checker approves what they asked for, now and after a
      // third run; a request made stale by the direct runs is refused (item changed), never paid.
      const checker = await checkerOf(t);
      const approveAll = async () => {
        const pending = await t.database.query<{ id: string; action: string }>(
          `select id::text, action from approval_requests where status = 'pending' and item_key like $1`,
          [`quant:${offering.id}:%`],
        );
        const done = await Promise.allSettled(pending.map((r) => approve(t.app.ctx, checker, Number(r.id))));
        return pending.filter((r, i) => r.action === 'quant.mature' && done[i]!.status === 'fulfilled')
          .length;
      };
      let jobPaid = await approveAll();
      await runJob(t.app.ctx, quantLifecycleJob);
      jobPaid += await approveAll();
      expect(matured.length + jobPaid).toBe(1);
    } finally {
      setMarketShift(t.app.ctx, 0);
    }
    const orders = `select count(*)::text as n from orders where offering_id = $1`;
    expect(await count(`${orders} and status = 'sold'`, [offering.id])).toBe(3);
    // One start entry and one payout entry per order, no more.
    expect(
      await count(
        `select count(*)::text as n from journal_entries e join orders o on o.reference = e.reference where o.offering_id = $1`,
        [offering.id],
      ),
    ).toBe(6);
    expect(
      await count(
        `select count(*)::text as n from audit_log where subject_type = 'offering' and subject_id = $1 and action = 'quant.mature'`,
        [String(offering.id)],
      ),
    ).toBe(1);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it("a burst of one client's subscriptions never exceeds the per-client maximum", async () => {
    const { offering } = await makeProduct(t, { maxAmount: '5000' });
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '100000');
    const sessions = await Promise.all(Array.from({ length: 20 }, () => newPinSession(t.app.ctx, client)));
    const res = await Promise.all(
      sessions.map((s) => quantApi(t, s).subscribe(offering.id, { amount: '1000' })),
    );
    // The maximum counts the amounts (entry costs are on top): 5 × 1,000 = 5,000.
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
