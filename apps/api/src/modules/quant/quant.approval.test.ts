import type { Order } from '@imali/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../plugins/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ApprovalStaff } from '../approvals/approval-action';
import { insertStaff } from '../approvals/approvals-test-kit';
import { approve, requestApproval } from '../approvals/approvals.service';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import { setMarketShift } from '../orders/orders-test-kit';
import { markPinVerified } from '../session/session.service';
import { quantLifecyclePayloadOf } from './quant.approval';
import { DAY_MS, makeProduct, quantApi } from './quant-test-kit';
import { previewLifecycle } from './quant.service';

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('quant.start and quant.mature behind a preview and a second approval', () => {
  let t: TestApp;
  let maker: ApprovalStaff;
  let checker: ApprovalStaff;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    maker = await insertStaff(t, ['product_ops'], 'maker');
    checker = await insertStaff(t, ['product_ops'], 'checker');
    client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '500000');
  });
  afterAll(() => t?.close());

  const shift = (ms: number) => setMarketShift(t.app.ctx, ms);
  const requestOf = async (id: number) =>
    (
      await t.database.query<{ status: string }>(`select status from approval_requests where id = $1`, [id])
    )[0]!.status;

  it('start → approved → captured as previewed; mature → approved → paid as previewed', async () => {
    const { offering } = await makeProduct(t);
    const api = quantApi(t, client);
    await markPinVerified(t.app.ctx, client.sessionId);
    const placed = (await api.subscribe(offering.id, { amount: '10000' })).json().data.order as Order;
    expect((await refusal(previewLifecycle(t.app.ctx, offering.id, 'start'))).message).toMatch(/not due/);
    shift(2 * DAY_MS);
    try {
      const preview = await previewLifecycle(t.app.ctx, offering.id, 'start');
      expect(preview).toMatchObject({ step: 'start', totalMinor: 1_010_000n });
      expect(preview.lines.map((l) => l.orderId)).toEqual([placed.id]);
      const outcome = await requestApproval(
        t.app.ctx,
        maker,
        'quant.start',
        quantLifecyclePayloadOf(preview),
      );
      if (outcome.status !== 'pending') throw new Error('expected pending');
      expect((await refusal(approve(t.app.ctx, maker, outcome.request.id))).status).toBeGreaterThanOrEqual(
        400,
      );
      expect((await api.receipt(placed.id)).json().data.status).toBe('awaiting');
      const done = await approve(t.app.ctx, checker, outcome.request.id, {
        payloadHash: outcome.request.payloadHash,
      });
      expect(done.status).toBe('approved');
      expect((await api.receipt(placed.id)).json().data.status).toBe('holding');
      const [started] = await t.database.query<{ after: { start_level: string; approved_by: string[] } }>(
        `select after from audit_log where action = 'quant.start' and subject_id = $1`,
        [String(offering.id)],
      );
      expect(started!.after).toMatchObject({
        start_level: preview.level,
        approved_by: [`staff:${checker.id}`],
      });
    } finally {
      shift(0);
    }
    shift(400 * DAY_MS);
    try {
      const preview = await previewLifecycle(t.app.ctx, offering.id, 'mature');
      expect(preview.lines).toHaveLength(1);
      const outcome = await requestApproval(
        t.app.ctx,
        maker,
        'quant.mature',
        quantLifecyclePayloadOf(preview),
      );
      if (outcome.status !== 'pending') throw new Error('expected pending');
      const done = await approve(t.app.ctx, checker, outcome.request.id, {
        payloadHash: outcome.request.payloadHash,
      });
      expect(done.status).toBe('approved');
      const receipt = (await api.receipt(placed.id)).json().data;
      expect(receipt.status).toBe('sold');
      const [matured] = await t.database.query<{ after: { final_level: string; paid: string } }>(
        `select after from audit_log where action = 'quant.mature' and subject_id = $1`,
        [String(offering.id)],
      );
      expect(matured!.after.final_level).toBe(preview.level);
      expect(matured!.after.paid.replace(/,/g, '')).toBe((Number(preview.totalMinor) / 100).toFixed(2));
    } finally {
      shift(0);
    }
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('a stale start preview (a subscription cancelled after it) is cancelled at approval; nothing starts', async () => {
    const { offering } = await makeProduct(t);
    const api = quantApi(t, client);
    await markPinVerified(t.app.ctx, client.sessionId);
    const a = (await api.subscribe(offering.id, { amount: '5000' })).json().data.order as Order;
    await markPinVerified(t.app.ctx, client.sessionId);
    await api.subscribe(offering.id, { amount: '6000' });
    shift(2 * DAY_MS);
    try {
      const preview = await previewLifecycle(t.app.ctx, offering.id, 'start');
      const outcome = await requestApproval(
        t.app.ctx,
        maker,
        'quant.start',
        quantLifecyclePayloadOf(preview),
      );
      if (outcome.status !== 'pending') throw new Error('expected pending');
      // The book changes after the preview: one subscription leaves it.
      await t.database.query(`update orders set status = 'rejected' where id = $1`, [a.id]);
      const refused = await refusal(approve(t.app.ctx, checker, outcome.request.id));
      expect(refused.status).toBe(409);
      expect(refused.message).toMatch(/previewed/);
      expect(await requestOf(outcome.request.id)).toBe('cancelled');
      const [product] = await t.database.query<{ state: string }>(
        `select state from structured_products where offering_id = $1`,
        [offering.id],
      );
      expect(product!.state).toBe('subscription');
    } finally {
      shift(0);
    }
  });
});
