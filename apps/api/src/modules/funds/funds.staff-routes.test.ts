import { fundNavStrikePreviewSchema, staffFundSchema } from '@imali/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { signInStaffCookie, stepUpHeaders, type TestStaff } from '../../test/staff';
import { makerCheckerApp, opsRequests, type StaffHeaders } from '../../test/staff-fixture';
import type { TestApp } from '../../test/test-app';
import { createTestClient, fund as deposit } from '../ledger/money-test-kit';
import { fundApi, makeFund, orderIdOf, setSast } from './fund-test-kit';

// The funds staff routes of issue 23 on the console's path: the list (with the orders waiting for
// a valuation), the NAV strike preview in full, the request (409 when the preview changed), and
// the approval by a second product_ops user with a step-up code.
describe('funds on the staff API (/ops/v1/funds)', () => {
  let t: TestApp;
  let ops: AppInstance;
  let maker: TestStaff;
  let checker: TestStaff;
  let makerHeaders: StaffHeaders;
  let checkerHeaders: StaffHeaders;
  let supportHeaders: StaffHeaders;

  beforeAll(async () => {
    ({ t, ops, maker, checker, makerHeaders, checkerHeaders, supportHeaders } = await makerCheckerApp({
      maker: ['product_ops'],
      checker: ['product_ops'],
    }));
  });
  afterAll(() => t?.close());

  const { get, post } = opsRequests(() => ops);

  async function subscribed(fundId: number, amount: string) {
    const client = await createTestClient(t.app.ctx);
    await deposit(t.app.ctx, client, 'ZAR', '10000');
    const api = fundApi(t, client);
    return { api, orderId: orderIdOf(await api.subscribe(fundId, { amount, account_id: '' })) };
  }

  it('lists funds with the latest NAV and pending orders; previews the strike in full; the maker asks, a second user approves → units', async () => {
    setSast(t.app.ctx, '2026-03-12', '09:00');
    const fundId = (await makeFund(t)).offering.id;
    const { api, orderId } = await subscribed(fundId, '3333.33');
    setSast(t.app.ctx, '2026-03-12', '15:01');

    const list = await get('/ops/v1/funds', supportHeaders);
    expect(list.statusCode, list.body).toBe(200);
    const funds = z.array(staffFundSchema).parse(list.json().data);
    const listed = funds.find((f) => f.id === fundId)!;
    expect(listed).toMatchObject({
      status: 'open',
      valuationTime: '15:00',
      cutoffTime: '14:00',
      pendingSubscriptions: 1,
      pendingRedemptions: 0,
      latestNav: { date: '2026-03-12' },
    });

    const res = await get(`/ops/v1/funds/${fundId}/nav/preview?date=2026-03-12`, makerHeaders);
    expect(res.statusCode, res.body).toBe(200);
    const preview = fundNavStrikePreviewSchema.parse(res.json().data);
    expect(preview).toMatchObject({ day: '2026-03-12', date: '2026-03-12', redemptions: [], rejected: [] });
    expect(preview.navs).toHaveLength(1);
    const [line] = preview.subscriptions;
    expect(line).toMatchObject({ orderId, amount: '3333.33', nav: preview.navs[0]!.nav });
    // What the client pays for the units and what comes back add up to what was held.
    expect(Number(line!.tradeValue) + Number(line!.refund)).toBeCloseTo(3333.33, 2);
    expect(Number(line!.units)).toBeGreaterThan(0);

    // Support may look but not ask.
    const body = { date: '2026-03-12', valuationHash: preview.valuationHash };
    expect((await post(`/ops/v1/funds/${fundId}/nav/request`, supportHeaders, body)).statusCode).toBe(403);

    // A second subscription due the same day changes the valuation: the old preview is refused.
    setSast(t.app.ctx, '2026-03-12', '10:00');
    await subscribed(fundId, '2000');
    setSast(t.app.ctx, '2026-03-12', '15:01');
    const stale = await post(`/ops/v1/funds/${fundId}/nav/request`, makerHeaders, body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed since your preview.*preview it again/);

    const again = fundNavStrikePreviewSchema.parse(
      (await get(`/ops/v1/funds/${fundId}/nav/preview?date=2026-03-12`, makerHeaders)).json().data,
    );
    expect(again.subscriptions).toHaveLength(2);
    const asked = await post(`/ops/v1/funds/${fundId}/nav/request`, makerHeaders, {
      date: '2026-03-12',
      valuationHash: again.valuationHash,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const request = asked.json().data.request;
    expect(request).toMatchObject({ action: 'fund.nav_strike', status: 'pending' });

    // The maker never approves their own request.
    const url = `/ops/v1/approvals/${request.id}/approve`;
    const approveBody = { payloadHash: request.payloadHash };
    expect((await post(url, await stepUpHeaders(ops, maker, makerHeaders), approveBody)).statusCode).toBe(
      403,
    );
    expect((await api.receipt(orderId)).json().data.status).toBe('pending');
    const approved = await post(url, await stepUpHeaders(ops, checker, checkerHeaders), approveBody);
    expect(approved.statusCode, approved.body).toBe(200);
    const receipt = (await api.receipt(orderId)).json().data;
    expect(receipt.status).toBe('holding');
    expect(receipt.fund.units).toBe(again.subscriptions[0]!.units);
    const after = z.array(staffFundSchema).parse((await get('/ops/v1/funds', supportHeaders)).json().data);
    expect(after.find((f) => f.id === fundId)!.pendingSubscriptions).toBe(0);
  });

  it('a day not yet due is refused with the reason', async () => {
    setSast(t.app.ctx, '2026-03-16', '09:00');
    const fundId = (await makeFund(t)).offering.id;
    makerHeaders = await signInStaffCookie(ops, maker);
    const res = await get(`/ops/v1/funds/${fundId}/nav/preview?date=2026-03-17`, makerHeaders);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/2026-03-17/);
  });
});
