import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../plugins/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ApprovalStaff } from '../approvals/approval-action';
import { insertStaff } from '../approvals/approvals-test-kit';
import { approve, requestApproval } from '../approvals/approvals.service';
import { checkLedger } from '../ledger/ledger-check.service';
import { clientApi, createTestClient, fund } from '../ledger/money-test-kit';
import { closeOffering } from '../offerings/offerings.service';
import { allotmentPlanView } from './allotment-plan';
import { ipoAllotPayloadOf } from './ipo.approval';
import { makeIpo, OPS } from './ipo-test-kit';
import { previewIpoAllotment, setFinalPrice } from './ipo.service';

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('ipo.allot behind a preview and a second approval', () => {
  let t: TestApp;
  let maker: ApprovalStaff;
  let checker: ApprovalStaff;
  beforeAll(async () => {
    t = await createTestApp();
    maker = await insertStaff(t, ['product_ops'], 'maker');
    checker = await insertStaff(t, ['product_ops'], 'checker');
  });
  afterAll(() => t?.close());

  /** A closed, priced IPO of 5 lots with three applications of 3 lots (oversubscribed). */
  async function closedIpo(rule: 'pro_rata' | 'lottery' = 'pro_rata') {
    const { offering } = await makeIpo(t, { sharesOffered: '500', rule });
    const clients = [];
    for (let i = 0; i < 3; i++) {
      const c = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, c, 'ZAR', '10000');
      const res = await clientApi(t, c).post(`/api/ipo/app/v1/record/sub/${offering.id}`, { lots: 3 });
      expect(res.statusCode).toBe(200);
      clients.push(c);
    }
    await setFinalPrice(t.app.ctx, offering.id, '1100', OPS);
    await closeOffering(t.app.ctx, offering.id, OPS);
    return { id: offering.id, clients };
  }

  const orders = (id: number) =>
    t.database.query<{ id: string; status: string; quantity: string }>(
      `select id::text, status, quantity::int::text as quantity from orders where offering_id = $1 order by id`,
      [id],
    );

  it('the preview writes nothing; a second staff approves; the previewed allotment executes once', async () => {
    const { id } = await closedIpo();
    const before = await orders(id);
    const plan = await previewIpoAllotment(t.app.ctx, id, { seed: 'fixed' });
    const view = allotmentPlanView(plan);
    expect(view).toMatchObject({ lotsOffered: '5', lotsApplied: 9, lotsAllotted: 5, finalPrice: '1100' });
    expect(view.lines.map((l) => l.allotted)).toEqual([2, 2, 1]);
    expect(await orders(id)).toEqual(before);

    const outcome = await requestApproval(t.app.ctx, maker, 'ipo.allot', ipoAllotPayloadOf(plan));
    expect(outcome.status).toBe('pending');
    if (outcome.status !== 'pending') return;
    // One pending request per IPO.
    expect(
      await refusal(requestApproval(t.app.ctx, maker, 'ipo.allot', ipoAllotPayloadOf(plan))),
    ).toMatchObject({ status: 409 });
    // The maker cannot approve their own request.
    expect((await refusal(approve(t.app.ctx, maker, outcome.request.id))).status).toBeGreaterThanOrEqual(400);
    expect((await orders(id)).every((o) => o.status === 'awaiting')).toBe(true);

    const approved = await approve(t.app.ctx, checker, outcome.request.id, {
      payloadHash: outcome.request.payloadHash,
    });
    expect(approved.status).toBe('approved');
    const after = await orders(id);
    expect(after.map((o) => [o.status, o.quantity])).toEqual([
      ['listing', '200'],
      ['listing', '200'],
      ['listing', '100'],
    ]);
    const [audit] = await t.database.query<{
      n: string;
      after: { allotments_hash: string; approved_by: string[] };
    }>(
      `select count(*) over ()::text as n, after from audit_log where action = 'ipo.allot' and subject_id = $1`,
      [String(id)],
    );
    expect(audit).toMatchObject({
      n: '1',
      after: { allotments_hash: plan.hash, approved_by: [`staff:${checker.id}`] },
    });
    // Approving again does nothing.
    expect((await refusal(approve(t.app.ctx, checker, outcome.request.id))).status).toBe(409);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('a stale preview (an application withdrawn after it) is cancelled at approval; nothing is allotted', async () => {
    const { id, clients } = await closedIpo();
    const plan = await previewIpoAllotment(t.app.ctx, id, { seed: 'fixed' });
    const outcome = await requestApproval(t.app.ctx, maker, 'ipo.allot', ipoAllotPayloadOf(plan));
    if (outcome.status !== 'pending') throw new Error('expected pending');
    // The book changes: a fourth application is impossible (closed), so the price path is
    // closed too; an order leaves the book by the database instead (as a cancellation would).
    const [first] = await orders(id);
    await t.database.query(`update ipo_applications set lots = 2 where order_id = $1`, [first!.id]);
    const refused = await refusal(approve(t.app.ctx, checker, outcome.request.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/previewed/);
    const [request] = await t.database.query<{ status: string }>(
      `select status from approval_requests where id = $1`,
      [outcome.request.id],
    );
    expect(request!.status).toBe('cancelled');
    expect((await orders(id)).every((o) => o.status === 'awaiting')).toBe(true);
    void clients;
  });

  it('a request whose payload is not the current preview is refused at once', async () => {
    const { id } = await closedIpo('lottery');
    const plan = await previewIpoAllotment(t.app.ctx, id, { seed: 'a' });
    const forged = { ...ipoAllotPayloadOf(plan), seed: 'b' };
    expect((await refusal(requestApproval(t.app.ctx, maker, 'ipo.allot', forged))).status).toBe(409);
  });
});
