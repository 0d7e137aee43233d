import { staffStructuredProductSchema, structuredLifecyclePreviewSchema, type Order } from '@imali/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { stepUpHeaders, type TestStaff } from '../../test/staff';
import { makerCheckerApp, opsRequests, type StaffHeaders } from '../../test/staff-fixture';
import type { TestApp } from '../../test/test-app';
import { createTestClient, fund } from '../ledger/money-test-kit';
import { setMarketShift } from '../orders/orders-test-kit';
import { markPinVerified } from '../session/session.service';
import { DAY_MS, makeProduct, quantApi } from './quant-test-kit';

// The structured-product staff routes of issue 23: create (the `quant create` terms, checked the
// same way, audited as the staff user, no approval: no money moves), list, the start preview and
// its request (409 when the preview changed), approved by a second product_ops user.
describe('structured products on the staff API (/ops/v1/structured-products)', () => {
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
  const inDays = (days: number) => new Date(t.app.ctx.clock.now().getTime() + days * DAY_MS).toISOString();
  const terms = () => ({
    name: `Console note ${Date.now().toString(36)}`,
    symbol: 'sa40',
    startAt: inDays(7),
    maturityAt: inDays(7 + 365),
    protectionPct: '90',
    participationPct: '110',
    capPct: '135',
    minAmount: '1000',
    maxAmount: '100000',
  });

  it('creates a product as the staff user (audited), listed with its terms; support may not create', async () => {
    const body = terms();
    expect((await post('/ops/v1/structured-products', supportHeaders, body)).statusCode).toBe(403);
    const res = await post('/ops/v1/structured-products', makerHeaders, body);
    expect(res.statusCode, res.body).toBe(200);
    const created = staffStructuredProductSchema.parse(res.json().data);
    expect(created).toMatchObject({
      name: body.name,
      status: 'upcoming',
      state: 'subscription',
      underlying: { symbol: 'SA40', country: 'ZA' },
      protectionPct: '90',
      participationPct: '110',
      capPct: '135',
      minAmount: '1000.00',
      earlyExit: 'none',
      startLevel: null,
      startAt: body.startAt,
    });
    expect(created.riskScore).toBeGreaterThanOrEqual(1);
    const [audit] = await t.database.query<{ actor: string; after: { protection_pct: string } }>(
      `select actor, after from audit_log where action = 'quant.create' and subject_id = $1`,
      [String(created.id)],
    );
    expect(audit).toMatchObject({ actor: `staff:${maker.id}`, after: { protection_pct: '90' } });
    const list = z
      .array(staffStructuredProductSchema)
      .parse((await get('/ops/v1/structured-products', supportHeaders)).json().data);
    expect(list.find((p) => p.id === created.id)?.name).toBe(body.name);
  });

  it('refuses what the CLI refuses, naming the field; nothing is created', async () => {
    const before = (await get('/ops/v1/structured-products', makerHeaders)).json().data.length;
    const cases: [object, RegExp][] = [
      [{ protectionPct: 'ninety' }, /^Protection must be a percentage/],
      [{ protectionPct: '0' }, /protection must be a percentage from 1 to 100/],
      [{ capPct: '90' }, /cap must be a percentage above 100/],
      [{ startAt: inDays(-1) }, /start must come after subscriptions open/],
      [{ opensAt: inDays(-2), startAt: inDays(-1) }, /start must be in the future/],
      [{ maturityAt: inDays(7) }, /term \(start to maturity\) must be 1 to 3650 days/],
      [{ minAmount: '5000', maxAmount: '1000' }, /max must not be below min/],
      [{ symbol: 'NOPE' }, /No index or stock NOPE in ZA/],
      [{ earlyExit: 'daily', earlyExitCostPct: '95' }, /early-exit cost/],
    ];
    for (const [change, message] of cases) {
      const res = await post('/ops/v1/structured-products', makerHeaders, { ...terms(), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message, JSON.stringify(change)).toMatch(message);
    }
    expect((await get('/ops/v1/structured-products', makerHeaders)).json().data).toHaveLength(before);
  });

  it('start: preview (not due → 409), request with the hash (a changed one → 409), approved by a second user → running', async () => {
    const { offering } = await makeProduct(t);
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '50000');
    await markPinVerified(t.app.ctx, client.sessionId);
    const api = quantApi(t, client);
    const placed = (await api.subscribe(offering.id, { amount: '10000' })).json().data.order as Order;
    const early = await get(`/ops/v1/structured-products/${offering.id}/start/preview`, makerHeaders);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/not due yet/);

    setMarketShift(t.app.ctx, 2 * DAY_MS);
    try {
      const res = await get(`/ops/v1/structured-products/${offering.id}/start/preview`, makerHeaders);
      expect(res.statusCode, res.body).toBe(200);
      const preview = structuredLifecyclePreviewSchema.parse(res.json().data);
      expect(preview).toMatchObject({ step: 'start', currency: 'ZAR', total: '10100.00' });
      expect(preview.lines).toEqual([
        { orderId: placed.id, reference: placed.reference, amount: '10100.00' },
      ]);

      const url = `/ops/v1/structured-products/${offering.id}/start/request`;
      const stale = await post(url, makerHeaders, { lifecycleHash: 'f'.repeat(64) });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/changed since your preview/);
      const asked = await post(url, makerHeaders, { lifecycleHash: preview.lifecycleHash });
      expect(asked.statusCode, asked.body).toBe(202);
      const request = asked.json().data.request;
      expect(request).toMatchObject({ action: 'quant.start', status: 'pending' });
      const approve = `/ops/v1/approvals/${request.id}/approve`;
      const approveBody = { payloadHash: request.payloadHash };
      expect(
        (await post(approve, await stepUpHeaders(ops, maker, makerHeaders), approveBody)).statusCode,
      ).toBe(403);
      const approved = await post(approve, await stepUpHeaders(ops, checker, checkerHeaders), approveBody);
      expect(approved.statusCode, approved.body).toBe(200);
      const list = z
        .array(staffStructuredProductSchema)
        .parse((await get('/ops/v1/structured-products', makerHeaders)).json().data);
      const started = list.find((p) => p.id === offering.id)!;
      expect(started.state).toBe('running');
      expect(started.startLevel).toBe(preview.level);
    } finally {
      setMarketShift(t.app.ctx, 0);
    }
  });
});
