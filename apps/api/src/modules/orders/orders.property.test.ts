import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import {
  AAPL,
  NPN,
  insertQuote,
  instrumentId,
  setMarketShift,
  shiftIntoSession,
  tradingApi,
  type StockRef,
} from './orders-test-kit';

/**
 * Receipt = preview (issue 12): for random quantities and prices, the preview of a buy at a quote
 * and the buy at that quote store identical fees, trade value and total; the same for the sale.
 */
describe('preview = receipt (property)', () => {
  let t: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp({
      MARKET_TIME_SHIFT_MS: String(shiftIntoSession('JSE')),
      // The property is about figures, not PIN spending (tested in orders.test.ts).
      PIN_EACH_ORDER_ABOVE: 'ZAR=1000000000,USD=1000000000',
      MONEY_MIN_DEPOSIT: 'ZAR=0.01,USD=0.01',
    });
    client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '900000000');
    await fund(t.app.ctx, client, 'USD', '90000000');
  });
  afterAll(() => t.close());

  const run = async (
    ref: StockRef,
    accountId: number,
    quantity: number,
    buyPrice: string,
    sellPrice: string,
    rand: (p: string) => string,
  ) => {
    const api = tradingApi(t, client);
    const instrument = await instrumentId(t, ref);
    const buyQuote = await insertQuote(t, {
      clientId: client.clientId,
      instrumentId: instrument,
      price: buyPrice,
    });
    const preview = (
      await api.preview({
        ttype: 'standard',
        ...ref,
        quantity: String(quantity),
        account_id: accountId,
        quote_id: buyQuote,
      })
    ).json().data;
    const bought = await api.buy({
      ...ref,
      quantity: String(quantity),
      account_id: accountId,
      quote_id: buyQuote,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const order = bought.json().data.order;
    expect({
      fees: order.fees,
      trade_value: order.buy_trade_value,
      total: order.trade_value,
      price: order.buy_price,
      schedule: order.fee_schedule,
    }).toEqual({
      fees: preview.fees,
      trade_value: preview.trade_value,
      total: preview.total,
      price: preview.price,
      schedule: preview.fee_schedule,
    });
    expect(order.fee_items).toEqual(preview.fee_items);

    const sellQuote = await insertQuote(t, {
      clientId: client.clientId,
      instrumentId: instrument,
      price: sellPrice,
    });
    const sellPreview = (await api.preview({ ttype: 'sell', order_id: order.id, quote_id: sellQuote })).json()
      .data;
    const sold = await api.sell(order.id, { ttype: 'standard', price: rand(sellPrice), quote_id: sellQuote });
    expect(sold.statusCode, sold.body).toBe(200);
    const receipt = (await api.receipt(order.id)).json().data;
    expect({
      fees: receipt.fees,
      trade_value: receipt.sell_trade_value,
      total: receipt.trade_value,
      price: receipt.sell_price,
    }).toEqual({
      fees: sellPreview.fees,
      trade_value: sellPreview.trade_value,
      total: sellPreview.total,
      price: sellPreview.price,
    });
    expect(receipt.fee_items.filter((i: { side: string }) => i.side === 'sell')).toEqual(
      sellPreview.fee_items,
    );
  };

  it('ZA (prices in cents, sold in rand)', async () => {
    const accountId = client.accounts.ZAR;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (quantity, buy, sell) =>
          run(NPN, accountId, quantity, String(buy), String(sell), (p) => {
            const cents = p.padStart(3, '0');
            return `${cents.slice(0, -2)}.${cents.slice(-2)}`;
          }),
      ),
      { numRuns: 40 },
    );
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('US (prices in dollars)', async () => {
    setMarketShift(t.app.ctx, shiftIntoSession('NASDAQ'));
    const accountId = client.accounts.USD;
    const dollars = fc.integer({ min: 1, max: 500_000 }).map((c) => (c / 100).toFixed(2));
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3000 }), dollars, dollars, (quantity, buy, sell) =>
        run(AAPL, accountId, quantity, buy, sell, (p) => p),
      ),
      { numRuns: 25 },
    );
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
