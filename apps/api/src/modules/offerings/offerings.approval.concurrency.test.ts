import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ApprovalStaff } from '../approvals/approval-action';
import { insertStaff } from '../approvals/approvals-test-kit';
import { approve, requestApproval } from '../approvals/approvals.service';
import { checkLedger } from '../ledger/ledger-check.service';
import { clientApi, createTestClient, fund } from '../ledger/money-test-kit';
import { markPinVerified } from '../session/session.service';
import { makeOffering, marketOpenShift, OPS } from './offering-test-kit';
import { offeringSettlePayloadOf } from './offerings.approval';
import { closeOffering, previewOfferingSettlement } from './offerings.service';

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.DATABASE_URL)('offering.settle approvals under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let maker: ApprovalStaff;
  let checkers: ApprovalStaff[];
  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: marketOpenShift('JSE') });
    maker = await insertStaff(t, ['product_ops'], 'maker');
    checkers = await Promise.all([0, 1].map((i) => insertStaff(t, ['product_ops'], `checker${i}`)));
  });
  afterAll(() => t?.close());

  it('two checkers approve the same settlement at once: settled once, Σ allocated = block', async () => {
    const { offering } = await makeOffering(t, {
      dtype: 'otc',
      symbol: 'FSR',
      blockPrice: '7000',
      blockSize: '5000',
      maxQuantity: '5000',
    });
    for (const quantity of ['4000', '3000']) {
      const c = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, c, 'ZAR', '300000');
      await markPinVerified(t.app.ctx, c.sessionId);
      const res = await clientApi(t, c).post(`/api/otc/app/v1/record/allocate/${offering.id}`, {
        quantity,
        account_id: c.accounts.ZAR,
      });
      expect(res.statusCode).toBe(200);
    }
    await closeOffering(t.app.ctx, offering.id, OPS);
    const preview = await previewOfferingSettlement(t.app.ctx, offering.id);
    const outcome = await requestApproval(
      t.app.ctx,
      maker,
      'offering.settle',
      offeringSettlePayloadOf(preview),
    );
    if (outcome.status !== 'pending') throw new Error('expected a pending request');
    const results = await Promise.allSettled(
      checkers.map((c) =>
        approve(t.app.ctx, c, outcome.request.id, { payloadHash: outcome.request.payloadHash }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const [row] = await t.database.query<{ shares: string }>(
      `select coalesce(sum(m.quantity_delta), 0)::int::text as shares from position_movements m
         join orders o on o.id = m.order_id where o.offering_id = $1`,
      [offering.id],
    );
    expect(row!.shares).toBe('5000');
    const audits = await t.database.query<{ n: string }>(
      `select count(*)::text as n from audit_log where action = 'offering.settle' and subject_id = $1`,
      [String(offering.id)],
    );
    expect(audits[0]!.n).toBe('1');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
