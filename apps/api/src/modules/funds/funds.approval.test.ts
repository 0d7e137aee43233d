import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../plugins/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ApprovalStaff } from '../approvals/approval-action';
import { insertStaff } from '../approvals/approvals-test-kit';
import { approve, requestApproval } from '../approvals/approvals.service';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, fund as deposit } from '../ledger/money-test-kit';
import { fundApi, makeFund, orderIdOf, OPS, setSast } from './fund-test-kit';
import { fundNavStrikePayloadOf } from './funds.approval';
import { valueFunds } from './valuation';

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('fund.nav_strike behind a preview and a second approval', () => {
  let t: TestApp;
  let maker: ApprovalStaff;
  let checker: ApprovalStaff;
  beforeAll(async () => {
    t = await createTestApp();
    maker = await insertStaff(t, ['product_ops'], 'maker');
    checker = await insertStaff(t, ['product_ops'], 'checker');
  });
  afterAll(() => t?.close());

  /** A new fund with one subscription of R3,333.33 placed on Thursday 2026-03-12 at 09:00. */
  async function fundWithSubscription() {
    setSast(t.app.ctx, '2026-03-12', '09:00');
    const fundId = (await makeFund(t)).offering.id;
    const client = await createTestClient(t.app.ctx);
    await deposit(t.app.ctx, client, 'ZAR', '10000');
    const api = fundApi(t, client);
    const orderId = orderIdOf(await api.subscribe(fundId, { amount: '3333.33', account_id: '' }));
    setSast(t.app.ctx, '2026-03-12', '15:01');
    return { fundId, orderId, api };
  }

  it('previews the NAV and units writing nothing; a second staff approves; valued once with those figures', async () => {
    const { fundId, orderId, api } = await fundWithSubscription();
    const { payload, preview } = await fundNavStrikePayloadOf(t.app.ctx, fundId, '2026-03-12');
    expect(preview.subscriptions).toHaveLength(1);
    expect(preview.navs).toHaveLength(1);
    expect(payload).toMatchObject({ day: '2026-03-12', subscriptions: 1, redemptions: 0 });
    const [navs] = await t.database.query<{ n: string }>(
      `select count(*)::text as n from fund_navs where offering_id = $1 and day = '2026-03-12'`,
      [fundId],
    );
    expect(navs!.n).toBe('0');

    const outcome = await requestApproval(t.app.ctx, maker, 'fund.nav_strike', payload);
    if (outcome.status !== 'pending') throw new Error('expected pending');
    expect((await refusal(approve(t.app.ctx, maker, outcome.request.id))).status).toBeGreaterThanOrEqual(400);
    expect((await api.receipt(orderId)).json().data.status).toBe('pending');

    const done = await approve(t.app.ctx, checker, outcome.request.id, {
      payloadHash: outcome.request.payloadHash,
    });
    expect(done.status).toBe('approved');
    const receipt = (await api.receipt(orderId)).json().data;
    expect(receipt.status).toBe('holding');
    expect(receipt.fund.units).toBe(preview.subscriptions[0]!.units);
    expect(receipt.fund.nav).toBe(preview.navs[0]!.nav);
    expect(receipt.fund.refund).toBe(preview.subscriptions[0]!.refund);
    const audits = await t.database.query<{ after: { approved_by: string[]; valuation_hash: string } }>(
      `select after from audit_log where action = 'fund.value' and subject_id = $1`,
      [String(fundId)],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({
      approved_by: [`staff:${checker.id}`],
      valuation_hash: preview.hash,
    });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('a stale preview (valued another way meanwhile) is cancelled at approval; nothing is valued twice', async () => {
    const { fundId, orderId, api } = await fundWithSubscription();
    const { payload } = await fundNavStrikePayloadOf(t.app.ctx, fundId, '2026-03-12');
    const outcome = await requestApproval(t.app.ctx, maker, 'fund.nav_strike', payload);
    if (outcome.status !== 'pending') throw new Error('expected pending');
    await valueFunds(t.app.ctx, { date: '2026-03-12', actor: OPS, offeringId: fundId });
    const refused = await refusal(approve(t.app.ctx, checker, outcome.request.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/previewed/);
    const [row] = await t.database.query<{ status: string }>(
      `select status from approval_requests where id = $1`,
      [outcome.request.id],
    );
    expect(row!.status).toBe('cancelled');
    expect((await api.receipt(orderId)).json().data.status).toBe('holding');
    const [movements] = await t.database.query<{ n: string }>(
      'select count(*)::text as n from position_movements where order_id = $1',
      [orderId],
    );
    expect(movements!.n).toBe('1');
  });
});
