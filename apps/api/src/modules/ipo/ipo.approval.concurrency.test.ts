import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ApprovalStaff } from '../approvals/approval-action';
import { insertStaff } from '../approvals/approvals-test-kit';
import { approve, requestApproval } from '../approvals/approvals.service';
import { checkLedger } from '../ledger/ledger-check.service';
import { clientApi, createTestClient, fund } from '../ledger/money-test-kit';
import { closeOffering } from '../offerings/offerings.service';
import { ipoAllotPayloadOf } from './ipo.approval';
import { makeIpo, OPS } from './ipo-test-kit';
import { previewIpoAllotment } from './ipo.service';

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.DATABASE_URL)('ipo.allot approvals under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let maker: ApprovalStaff;
  let checkers: ApprovalStaff[];
  beforeAll(async () => {
    t = await createTestApp();
    maker = await insertStaff(t, ['product_ops'], 'maker');
    checkers = await Promise.all([0, 1].map((i) => insertStaff(t, ['product_ops'], `checker${i}`)));
  });
  afterAll(() => t?.close());

  it('two checkers approve the same allotment at once: it is allotted once', async () => {
    const { offering } = await makeIpo(t, { priceLow: '1000', priceHigh: undefined, sharesOffered: '500' });
    for (let i = 0; i < 4; i++) {
      const c = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, c, 'ZAR', '10000');
      expect(
        (await clientApi(t, c).post(`/api/ipo/app/v1/record/sub/${offering.id}`, { lots: 3 })).statusCode,
      ).toBe(200);
    }
    await closeOffering(t.app.ctx, offering.id, OPS);
    const plan = await previewIpoAllotment(t.app.ctx, offering.id, { seed: 'race' });
    const outcome = await requestApproval(t.app.ctx, maker, 'ipo.allot', ipoAllotPayloadOf(plan));
    if (outcome.status !== 'pending') throw new Error('expected a pending request');
    const results = await Promise.allSettled(
      checkers.map((c) =>
        approve(t.app.ctx, c, outcome.request.id, { payloadHash: outcome.request.payloadHash }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const [row] = await t.database.query<{ shares: string; entries: string }>(
      `select coalesce(sum(quantity), 0)::int::text as shares, count(buy_entry_id)::text as entries
       from orders where offering_id = $1 and status = 'listing'`,
      [offering.id],
    );
    expect(row!.shares).toBe('500');
    const audits = await t.database.query<{ n: string }>(
      `select count(*)::text as n from audit_log where action = 'ipo.allot' and subject_id = $1`,
      [String(offering.id)],
    );
    expect(audits[0]!.n).toBe('1');
    const decisions = await t.database.query<{ n: string }>(
      `select count(*)::text as n from approval_decisions where request_id = $1`,
      [outcome.request.id],
    );
    expect(decisions[0]!.n).toBe('1');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
