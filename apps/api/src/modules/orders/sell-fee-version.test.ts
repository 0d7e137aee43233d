import { feeScheduleFor } from '@imali/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectFeesChanged, moveClockTo, publishBrokerageRate } from '../fees/fees-test-kit';
import { createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import { markPinVerified } from '../session/session.service';
import { NPN, expectNothingTraded, shiftIntoSession, tradingApi } from './orders-test-kit';

/**
 * Preview equals receipt for the stock sell (decision 0063): a sell body repeating its preview's
 * `fee_schedule` is refused when a new version took effect in between, with the same quotation
 * still valid; nothing is sold. In its own file: the published version changes this app's fees.
 */
describe('a stock sell when the fees change after its preview', () => {
  let t: TestApp;
  let client: TestClient;
  const rand = (cents: string) => (Number(cents) / 100).toString();

  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: String(shiftIntoSession('JSE')) });
    client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '100000');
  });
  afterAll(() => t?.close());

  it('refuses (409) with the previewed version after a new one took effect, nothing sold; sells with the new one', async () => {
    const api = tradingApi(t, client);
    const bq = await api.quote(NPN);
    const bought = await api.buy({
      ...NPN,
      quantity: '4',
      account_id: client.accounts.ZAR,
      quote_id: bq.quote_id,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const orderId = bought.json().data.order.id as number;

    const published = await publishBrokerageRate(t, '0.003');
    // The quotation and its preview 10 s before the new fees apply; the confirm 5 s after.
    moveClockTo(t, published.effectiveFrom, -10_000);
    await markPinVerified(t.app.ctx, client.sessionId);
    const q = await api.quote(NPN);
    const preview = (await api.preview({ ttype: 'sell', order_id: orderId, quote_id: q.quote_id })).json()
      .data;
    expect(preview.fee_schedule).toBe(feeScheduleFor('ZA').version);
    moveClockTo(t, published.effectiveFrom, 5_000);

    await expectNothingTraded(t, async () => {
      const stale = await api.sell(orderId, {
        ttype: 'standard',
        price: rand(q.price),
        quote_id: q.quote_id,
        fee_schedule: preview.fee_schedule,
      });
      expectFeesChanged(stale);
    });
    expect((await api.receipt(orderId)).json().data.status).toBe('holding');

    // The same quotation previewed again shows the new fees; confirmed with them, it sells.
    const again = (await api.preview({ ttype: 'sell', order_id: orderId, quote_id: q.quote_id })).json().data;
    expect(again.fee_schedule).toBe(published.version);
    expect(again.fees.total).not.toBe(preview.fees.total);
    const sold = await api.sell(orderId, {
      ttype: 'standard',
      price: rand(q.price),
      quote_id: q.quote_id,
      fee_schedule: again.fee_schedule,
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().data.order).toMatchObject({
      status: 'sold',
      fee_schedule: published.version,
      trade_value: again.total,
      fees: again.fees,
    });
  });
});
