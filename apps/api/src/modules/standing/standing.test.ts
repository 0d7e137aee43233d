import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import { NPN, shiftIntoSession, tradingApi } from '../orders/orders-test-kit';

/**
 * Issue 24 point 5: the header's badges (client_info) and the standing panel show one VIP level,
 * one trust score and one order count, whatever happened since the client.standing job last ran.
 * The job never runs here.
 */
describe('standing: client_info and the standing panel agree without the job', () => {
  let t: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: String(shiftIntoSession('JSE')) });
    client = await createTestClient(t.app.ctx);
  });
  afterAll(() => t.close());

  async function both() {
    const api = tradingApi(t, client);
    const info = await api.get('/api/auth/app/v1/client_info');
    const panel = await api.get('/api/client/app/v1/standing');
    expect(info.statusCode, info.body).toBe(200);
    expect(panel.statusCode, panel.body).toBe(200);
    const p = panel.json().data;
    const i = info.json().data;
    return {
      badges: { vip: i.vip, score: i.score, order_num: i.order_num },
      panel: { vip: p.vip, score: p.score, order_num: p.order_num },
    };
  }

  async function expectAgree(expected: { vip: number; score: number; order_num: number }) {
    const { badges, panel } = await both();
    expect(panel).toEqual(expected);
    expect(badges).toEqual(panel);
  }

  it('after each event that moves the standing: a deposit, a bank card, a buy that reaches VIP 1', async () => {
    // KYC approved 30 + no refused withdrawal 10 (the test kit sets no PIN).
    await expectAgree({ vip: 0, score: 40, order_num: 0 });

    await fund(t.app.ctx, client, 'ZAR', '20000');
    await expectAgree({ vip: 0, score: 55, order_num: 0 });

    const card = await tradingApi(t, client).post(
      '/api/bankcard/app/v1',
      { bank_name: 'FNB', card_no: '62800012345', holder_name: 'Money Tester' },
      null,
    );
    expect(card.statusCode, card.body).toBe(200);
    await expectAgree({ vip: 0, score: 65, order_num: 0 });

    // Shares worth a little more than R10,000: VIP 1, and an executed order.
    const api = tradingApi(t, client);
    const quote = await api.quote(NPN);
    const quantity = String(1_000_000n / BigInt(quote.price) + 1n);
    const bought = await api.buy({
      ...NPN,
      quantity,
      account_id: client.accounts.ZAR,
      quote_id: quote.quote_id,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    await expectAgree({ vip: 1, score: 75, order_num: 1 });

    // The stored columns are the job's copy for lists; nothing above needed them.
    const [row] = await t.database.query<{ vip: number; score: number }>(
      'select vip, score from clients where id = $1',
      [client.clientId],
    );
    expect(row).toEqual({ vip: 0, score: 0 });
  });
});
