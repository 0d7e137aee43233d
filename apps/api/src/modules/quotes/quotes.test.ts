import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import { NPN, setMarketShift, shiftIntoSession, tradingApi } from '../orders/orders-test-kit';

/**
 * A quotation prices an order only between its issue and its expiry by the app clock (decision
 * 0044). A clock moved back (a demo restarted, an operator's correction) must not let a quote
 * stamped "in the future" price an order: it was not issued yet at that instant.
 */
describe('quotations and the app clock', () => {
  let t: TestApp;
  let client: TestClient;
  const jseOpen = shiftIntoSession('JSE');

  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: String(jseOpen) });
    client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '100000');
  });
  afterAll(() => t.close());

  it('a quote issued after "now" (the clock moved back a minute) prices nothing and stays unused', async () => {
    const api = tradingApi(t, client);
    const q = await api.quote(NPN);
    setMarketShift(t.app.ctx, jseOpen - 60_000);
    try {
      const res = await api.buy({
        ...NPN,
        quantity: '1',
        account_id: client.accounts.ZAR,
        quote_id: q.quote_id,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    } finally {
      setMarketShift(t.app.ctx, jseOpen);
    }
    const [row] = await t.database.query<{ consumed_at: string | null; orders: string }>(
      `select consumed_at, (select count(*) from orders where client_id = $2)::text as orders
         from quotes where id = $1`,
      [q.quote_id, client.clientId],
    );
    expect(row).toEqual({ consumed_at: null, orders: '0' });
  });
});
