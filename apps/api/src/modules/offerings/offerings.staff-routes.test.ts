import { offeringSettlementPreviewSchema, staffOfferingSchema } from '@imali/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app';
import { stepUpHeaders, type TestStaff } from '../../test/staff';
import { makerCheckerApp, opsRequests, type StaffHeaders } from '../../test/staff-fixture';
import type { TestApp } from '../../test/test-app';
import { clientApi, createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import { markPinVerified } from '../session/session.service';

const DAY_MS = 86_400_000;

// The offerings of the console's Products screen (issue 23): create, open, close as the CLI does
// (audited as the staff user), then the settlement's full preview → request → a second approves.
describe('offerings on the staff API (/ops/v1/offerings)', () => {
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

  const block = (over: object = {}) => {
    const now = t.app.ctx.clock.now().getTime();
    return {
      dtype: 'otc',
      name: 'FirstRand block',
      symbol: 'fsr',
      country: 'ZA',
      opensAt: new Date(now - 60_000).toISOString(),
      closesAt: new Date(now + 7 * DAY_MS).toISOString(),
      minQuantity: '1',
      maxQuantity: '5000',
      blockPrice: '7000',
      blockSize: '5000',
      ...over,
    };
  };

  async function requestShares(client: TestClient, offeringId: number, quantity: string) {
    await markPinVerified(t.app.ctx, client.sessionId);
    return clientApi(t, client).post(`/api/otc/app/v1/record/allocate/${offeringId}`, {
      quantity,
      account_id: client.accounts.ZAR,
    });
  }

  it('creates, opens, closes (audited as the staff user), previews in full and settles after a second approval', async () => {
    // Support may look, not create.
    expect((await post('/ops/v1/offerings', supportHeaders, block())).statusCode).toBe(403);
    const created = await post('/ops/v1/offerings', makerHeaders, block());
    expect(created.statusCode, created.body).toBe(201);
    const offering = staffOfferingSchema.parse(created.json().data);
    expect(offering).toMatchObject({
      dtype: 'otc',
      symbol: 'FSR',
      status: 'upcoming',
      blockSize: '5000',
      subscribedQuantity: '0',
      availableQuantity: '5000',
      createdBy: `staff:${maker.id}`,
    });
    const opened = await post(`/ops/v1/offerings/${offering.id}/open`, makerHeaders);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.status).toBe('open');
    // Opened twice: refused with the reason, nothing changed.
    const twice = await post(`/ops/v1/offerings/${offering.id}/open`, makerHeaders);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/is open; only an offering that is upcoming can be opened/);

    for (const quantity of ['4000', '4000', '4001', '3000']) {
      const c = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, c, 'ZAR', '300000');
      expect((await requestShares(c, offering.id, quantity)).statusCode).toBe(200);
    }
    const listed = (await get('/ops/v1/offerings', supportHeaders)).json().data as unknown[];
    const row = listed.map((r) => staffOfferingSchema.parse(r)).find((r) => r.id === offering.id);
    expect(row).toMatchObject({ subscribedQuantity: '15001', availableQuantity: '5000', status: 'open' });

    // Not closed yet: no preview.
    expect((await get(`/ops/v1/offerings/${offering.id}/settlement/preview`, makerHeaders)).statusCode).toBe(
      409,
    );
    const closed = await post(`/ops/v1/offerings/${offering.id}/close`, makerHeaders);
    expect(closed.json().data.status).toBe('closed');
    const audits = await t.database.query<{ action: string; actor: string }>(
      `select action, actor from audit_log where subject_type = 'offering' and subject_id = $1 order by id`,
      [String(offering.id)],
    );
    expect(audits.map((a) => `${a.action} ${a.actor}`)).toEqual(
      ['offering.create', 'offering.open', 'offering.close'].map((a) => `${a} staff:${maker.id}`),
    );

    const res = await get(`/ops/v1/offerings/${offering.id}/settlement/preview`, supportHeaders);
    expect(res.statusCode, res.body).toBe(200);
    const preview = offeringSettlementPreviewSchema.parse(res.json().data);
    expect(preview).toMatchObject({
      requestedQuantity: '15001',
      allocatedQuantity: '5000',
      oversubscribed: true,
    });
    expect(preview.lines.map((l) => `${l.requestedQuantity}→${l.allocatedQuantity}`)).toEqual([
      '4000→1334',
      '4000→1334',
      '4001→1333',
      '3000→999',
    ]);
    // Each hold is split into what the allocation costs and the refund; the totals add up.
    const cents = (s: string) => Math.round(Number(s) * 100);
    for (const l of preview.lines) {
      expect(cents(l.debited) + cents(l.refund)).toBe(cents(l.held));
      expect(cents(l.refund)).toBeGreaterThan(0);
    }
    expect(cents(preview.debited) + cents(preview.refunded)).toBe(cents(preview.held));

    const url = `/ops/v1/offerings/${offering.id}/settlement/request`;
    expect((await post(url, makerHeaders, { allocationsHash: 'f'.repeat(64) })).statusCode).toBe(409);
    const asked = await post(url, makerHeaders, { allocationsHash: preview.allocationsHash });
    expect(asked.statusCode, asked.body).toBe(202);
    const request = asked.json().data.request;
    const approveUrl = `/ops/v1/approvals/${request.id}/approve`;
    const payload = { payloadHash: request.payloadHash };
    expect((await post(approveUrl, await stepUpHeaders(ops, maker, makerHeaders), payload)).statusCode).toBe(
      403,
    );
    const approved = await post(approveUrl, await stepUpHeaders(ops, checker, checkerHeaders), payload);
    expect(approved.statusCode, approved.body).toBe(200);
    const orders = await t.database.query<{ q: string }>(
      `select status || ':' || quantity::int as q from orders where offering_id = $1 order by id`,
      [offering.id],
    );
    expect(orders.map((o) => o.q)).toEqual(['holding:1334', 'holding:1334', 'holding:1333', 'holding:999']);
  });

  it('refuses bad terms with the reason and creates nothing', async () => {
    const count = async () =>
      (await t.database.query<{ n: string }>('select count(*)::text as n from offerings'))[0]!.n;
    const before = await count();
    const cases: [object, RegExp][] = [
      [{ symbol: 'NOPE' }, /No stock NOPE in ZA/],
      [{ blockSize: undefined }, /needs a block size/],
      [{ dtype: 'fo', termDays: 30 }, /no block price or size/],
      [{ closesAt: new Date(Date.now() - DAY_MS).toISOString() }, /close (after it opens|in the future)/],
      [{ opensAt: 'tomorrow' }, /Opens: a date and time/],
    ];
    for (const [over, message] of cases) {
      const res = await post('/ops/v1/offerings', makerHeaders, block(over));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('a fixed-term (fo) offering is created with its term; its list row has no fixed amount on offer', async () => {
    const created = await post(
      '/ops/v1/offerings',
      makerHeaders,
      block({
        dtype: 'fo',
        name: 'Naspers 30 days',
        symbol: 'NPN',
        termDays: 30,
        blockPrice: undefined,
        blockSize: undefined,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ dtype: 'fo', termDays: 30, availableQuantity: null });
  });

  it('the ops OpenAPI document describes the routes with their contract shapes (no unknown data)', async () => {
    const doc = (await ops.inject({ method: 'GET', url: '/ops/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const path of [
      '/ops/v1/offerings',
      '/ops/v1/offerings/{id}/open',
      '/ops/v1/offerings/{id}/close',
      '/ops/v1/offerings/{id}/settlement/preview',
      '/ops/v1/exchanges/{exchange}/closures',
      '/ops/v1/exchanges/{exchange}/closures/{id}/withdraw',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const preview = JSON.stringify(
      doc.paths['/ops/v1/offerings/{id}/settlement/preview']!.get!.responses['200'],
    );
    expect(preview).toMatch(/allocationsHash/);
    expect(preview).toMatch(/refund/);
  });
});
