import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../plugins/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ApprovalStaff } from '../approvals/approval-action';
import { insertStaff } from '../approvals/approvals-test-kit';
import { approve, requestApproval } from '../approvals/approvals.service';
import { checkLedger } from '../ledger/ledger-check.service';
import { clientApi, createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import { markPinVerified } from '../session/session.service';
import { makeOffering, marketOpenShift, OPS } from './offering-test-kit';
import { offeringSettlePayloadOf } from './offerings.approval';
import { closeOffering, previewOfferingSettlement } from './offerings.service';

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('offering.settle behind a pro-rata preview and a second approval', () => {
  let t: TestApp;
  let maker: ApprovalStaff;
  let checker: ApprovalStaff;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: marketOpenShift('JSE') });
    maker = await insertStaff(t, ['product_ops'], 'maker');
    checker = await insertStaff(t, ['product_ops'], 'checker');
  });
  afterAll(() => t?.close());

  async function requestShares(client: TestClient, offeringId: number, quantity: string) {
    await markPinVerified(t.app.ctx, client.sessionId);
    return clientApi(t, client).post(`/api/otc/app/v1/record/allocate/${offeringId}`, {
      quantity,
      account_id: client.accounts.ZAR,
    });
  }

  /** A closed otc block of 5000 shares, oversubscribed 3× (4000, 4000, 4001, 3000). */
  async function oversubscribed() {
    const { offering } = await makeOffering(t, {
      dtype: 'otc',
      symbol: 'FSR',
      blockPrice: '7000',
      blockSize: '5000',
      maxQuantity: '5000',
    });
    for (const quantity of ['4000', '4000', '4001', '3000']) {
      const c = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, c, 'ZAR', '300000');
      expect((await requestShares(c, offering.id, quantity)).statusCode).toBe(200);
    }
    await closeOffering(t.app.ctx, offering.id, OPS);
    return offering.id;
  }

  const quantities = async (id: number) =>
    (
      await t.database.query<{ quantity: string; status: string }>(
        `select quantity::int::text as quantity, status from orders where offering_id = $1 order by id`,
        [id],
      )
    ).map((r) => `${r.status}:${r.quantity}`);

  it('previews the pro-rata allocation writing nothing; a second staff approves; settled once as previewed', async () => {
    const id = await oversubscribed();
    const before = await quantities(id);
    const preview = await previewOfferingSettlement(t.app.ctx, id);
    expect(preview.allocations.map((a) => Number(a.allocated))).toEqual([1334, 1334, 1333, 999]);
    expect([preview.requested, preview.allocated]).toEqual([15001n, 5000n]);
    expect(await quantities(id)).toEqual(before);

    const outcome = await requestApproval(
      t.app.ctx,
      maker,
      'offering.settle',
      offeringSettlePayloadOf(preview),
    );
    if (outcome.status !== 'pending') throw new Error('expected pending');
    expect((await refusal(approve(t.app.ctx, maker, outcome.request.id))).status).toBeGreaterThanOrEqual(400);
    const done = await approve(t.app.ctx, checker, outcome.request.id, {
      payloadHash: outcome.request.payloadHash,
    });
    expect(done.status).toBe('approved');
    expect(await quantities(id)).toEqual(['holding:1334', 'holding:1334', 'holding:1333', 'holding:999']);
    const audits = await t.database.query<{ after: { approved_by: string[]; allocations_hash: string } }>(
      `select after from audit_log where action = 'offering.settle' and subject_id = $1`,
      [String(id)],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({
      approved_by: [`staff:${checker.id}`],
      allocations_hash: preview.hash,
    });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('a stale preview (an order changed after it) is cancelled at approval; nothing is settled', async () => {
    const id = await oversubscribed();
    const preview = await previewOfferingSettlement(t.app.ctx, id);
    const outcome = await requestApproval(
      t.app.ctx,
      maker,
      'offering.settle',
      offeringSettlePayloadOf(preview),
    );
    if (outcome.status !== 'pending') throw new Error('expected pending');
    // The book changes after the preview (as a withdrawn request would): one request is smaller.
    await t.database.query(
      `update orders set requested_quantity = 3500 where id = (select min(id) from orders where offering_id = $1)`,
      [id],
    );
    const refused = await refusal(approve(t.app.ctx, checker, outcome.request.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/previewed/);
    const [row] = await t.database.query<{ status: string }>(
      `select status from approval_requests where id = $1`,
      [outcome.request.id],
    );
    expect(row!.status).toBe('cancelled');
    expect((await quantities(id)).every((q) => q.startsWith('awaiting'))).toBe(true);
  });
});
