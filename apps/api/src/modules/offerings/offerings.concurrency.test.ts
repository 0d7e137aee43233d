import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { clientApi, createTestClient, fund, newPinSession, type TestClient } from '../ledger/money-test-kit';
import { makeOffering, marketOpenShift, OPS, quoteFor } from './offering-test-kit';
import { closeOffering, settleOffering } from './offerings.service';

const count = (statuses: number[]) => {
  const byStatus: Record<number, number> = {};
  for (const s of statuses) byStatus[s] = (byStatus[s] ?? 0) + 1;
  return byStatus;
};

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.DATABASE_URL)('offerings under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: marketOpenShift('JSE') });
  });
  afterAll(() => t?.close());

  it('50 concurrent fo buys of one client against a per-client maximum of 10: exactly 10 go through', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '100000');
    const { offering, instrument } = await makeOffering(t, { maxQuantity: '10', symbol: 'MTN' });
    const quotes = await Promise.all(
      Array.from({ length: 50 }, () => quoteFor(t, client.clientId, instrument)),
    );
    const api = clientApi(t, client);
    const responses = await Promise.all(
      quotes.map((q) =>
        api.post('/api/fo/app/v1/buy', {
          id: offering.id,
          quantity: '1',
          account_id: client.accounts.ZAR,
          quote_id: q.quote_id,
        }),
      ),
    );
    expect(count(responses.map((r) => r.statusCode))).toEqual({ 200: 10, 409: 40 });
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe('The maximum per client for this offering is 10.');
    }
    const [row] = await t.database.query<{ n: string; q: string }>(
      `select count(*)::text as n, sum(quantity)::text as q from orders where offering_id = $1 and status = 'holding'`,
      [offering.id],
    );
    expect([Number(row!.n), Number(row!.q)]).toEqual([10, 10]);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('40 concurrent otc requests of one client (5 shares each) against a maximum of 50: exactly 10 are held', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '100000');
    const { offering } = await makeOffering(t, {
      dtype: 'otc',
      symbol: 'FSR',
      blockPrice: '7000',
      blockSize: '1000',
      maxQuantity: '50',
    });
    const api = clientApi(t, client);
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        api.post(`/api/otc/app/v1/record/allocate/${offering.id}`, {
          quantity: '5',
          account_id: client.accounts.ZAR,
        }),
      ),
    );
    expect(count(responses.map((r) => r.statusCode))).toEqual({ 200: 10, 409: 30 });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('an OTC block oversubscribed 3× by concurrent requests, closed mid-burst and settled by racing operators', async () => {
    const { offering } = await makeOffering(t, {
      dtype: 'otc',
      symbol: 'FSR',
      blockPrice: '7000',
      blockSize: '5000',
      maxQuantity: '5000',
    });
    const clients: TestClient[] = [];
    for (let i = 0; i < 40; i += 1) {
      const c = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, c, 'ZAR', '100000');
      // Orders above PIN_EACH_ORDER_ABOVE spend a PIN each: a fresh session per request.
      clients.push(await newPinSession(t.app.ctx, c));
    }
    // 30 × 500 = 15,000 shares (3× the block of 5,000) asked at once; then 10 more race the close.
    const allocate = (c: TestClient) =>
      clientApi(t, c).post(`/api/otc/app/v1/record/allocate/${offering.id}`, {
        quantity: '500',
        account_id: c.accounts.ZAR,
      });
    const first = await Promise.all(clients.slice(0, 30).map(allocate));
    expect(count(first.map((r) => r.statusCode))).toEqual({ 200: 30 });
    const [late, closed] = await Promise.all([
      Promise.all(clients.slice(30).map(allocate)),
      closeOffering(t.app.ctx, offering.id, OPS),
    ]);
    expect(closed.status).toBe('closed');
    const responses = [...first, ...late];
    const statuses = count(responses.map((r) => r.statusCode));
    expect(Object.keys(statuses).every((s) => s === '200' || s === '409')).toBe(true);
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe('This offering is not open for orders.');
    }
    const accepted = statuses[200] ?? 0;
    expect(accepted).toBeGreaterThanOrEqual(30);
    const requested = accepted * 500;

    const settles = await Promise.allSettled(
      Array.from({ length: 5 }, () => settleOffering(t.app.ctx, offering.id, OPS)),
    );
    expect(settles.filter((s) => s.status === 'fulfilled')).toHaveLength(1);

    const orders = await t.database.query<{
      quantity: string;
      requested_quantity: string;
      status: string;
      held_minor: string;
    }>(
      `select quantity::text, requested_quantity::text, status, held_minor::text from orders where offering_id = $1 order by order_time, id`,
      [offering.id],
    );
    expect(orders).toHaveLength(accepted);
    const allocated = orders.reduce((s, o) => s + Number(o.quantity), 0);
    expect(allocated).toBe(Math.min(5000, requested));
    for (const o of orders) {
      expect(Number(o.quantity)).toBeLessThanOrEqual(Number(o.requested_quantity));
      expect(o.held_minor).toBe('0');
      expect(['holding', 'rejected']).toContain(o.status);
      if (requested > 5000) {
        const exact = (500 * 5000) / requested;
        expect(Math.abs(Number(o.quantity) - exact)).toBeLessThanOrEqual(1);
      }
    }
    const [holds] = await t.database.query<{ n: string }>(
      `select count(*)::text as n from holds h join orders o on h.reference_type = 'order' and h.reference_id = o.id
        where o.offering_id = $1 and h.status = 'active'`,
      [offering.id],
    );
    expect(holds!.n).toBe('0');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
