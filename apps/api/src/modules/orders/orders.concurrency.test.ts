import { computeFees, feeScheduleFor, formatMinor, tradeConsiderationMinor } from '@imali/money';
import { TradingMessages } from '@imali/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, fund } from '../ledger/money-test-kit';
import { NPN, insertQuote, instrumentId, shiftIntoSession, tradingApi } from './orders-test-kit';

const PRICE = '10000'; // R100.00 a share (JSE prices are in cents)

const tally = (responses: { statusCode: number }[]) => {
  const byStatus: Record<number, number> = {};
  for (const r of responses) byStatus[r.statusCode] = (byStatus[r.statusCode] ?? 0) + 1;
  return byStatus;
};

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.DATABASE_URL)('orders under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let npn: number;

  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: String(shiftIntoSession('JSE')) });
    npn = await instrumentId(t, NPN);
  });
  afterAll(() => t?.close());

  it('200 concurrent buys against cash covering exactly 10: 10 orders, the rest refused cleanly', async () => {
    const client = await createTestClient(t.app.ctx);
    const consideration = tradeConsiderationMinor('1', PRICE, 0);
    const fees = computeFees(feeScheduleFor('ZA'), {
      side: 'buy',
      considerationMinor: consideration,
      quantity: '1',
    });
    const cost = consideration + fees.totalMinor;
    await fund(t.app.ctx, client, 'ZAR', formatMinor(cost * 10n, 'ZAR'));
    // Each buy needs a quote of its own: 200 issued first, all at one price.
    const quotes: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      quotes.push(await insertQuote(t, { clientId: client.clientId, instrumentId: npn, price: PRICE }));
    }
    const api = tradingApi(t, client);
    const responses = await Promise.all(
      quotes.map((quoteId) =>
        api.buy({ ...NPN, quantity: '1', account_id: client.accounts.ZAR, quote_id: quoteId }),
      ),
    );
    expect(tally(responses)).toEqual({ 200: 10, 409: 190 });
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', data: null });
    }
    const [orders] = await t.database.query<{ n: string }>(
      'select count(*)::text as n from orders where client_id = $1',
      [client.clientId],
    );
    expect(orders!.n).toBe('10');
    const zar = (await api.get('/api/account/app/v1'))
      .json()
      .data.find((a: { currency: string }) => a.currency === 'ZAR');
    expect(zar).toMatchObject({ balance: '0.00', held: '0.00', available: '0.00' });
    // Refused buys leave their quotes unconsumed (their transactions rolled back).
    const [consumed] = await t.database.query<{ n: string }>(
      'select count(*)::text as n from quotes where client_id = $1 and consumed_at is not null',
      [client.clientId],
    );
    expect(consumed!.n).toBe('10');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('50 concurrent sells of one holding: exactly one sells', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '5000');
    const api = tradingApi(t, client);
    const buyQuote = await insertQuote(t, { clientId: client.clientId, instrumentId: npn, price: PRICE });
    const bought = await api.buy({
      ...NPN,
      quantity: '10',
      account_id: client.accounts.ZAR,
      quote_id: buyQuote,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const orderId = bought.json().data.order.id;
    const quotes: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      quotes.push(await insertQuote(t, { clientId: client.clientId, instrumentId: npn, price: PRICE }));
    }
    const responses = await Promise.all(
      quotes.map((quoteId) => api.sell(orderId, { ttype: 'standard', price: '100', quote_id: quoteId })),
    );
    expect(tally(responses)).toEqual({ 200: 1, 409: 49 });
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe(TradingMessages.notHolding);
    }
    const [position] = await t.database.query<{ total: string; moves: string }>(
      'select sum(quantity_delta)::text as total, count(*)::text as moves from position_movements where order_id = $1',
      [orderId],
    );
    expect({ total: Number(position!.total), moves: position!.moves }).toEqual({ total: 0, moves: '2' });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('one quote used by 20 concurrent buys and sells: at most one order', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '50000');
    const api = tradingApi(t, client);
    const holdingQuote = await insertQuote(t, { clientId: client.clientId, instrumentId: npn, price: PRICE });
    const holding = await api.buy({
      ...NPN,
      quantity: '5',
      account_id: client.accounts.ZAR,
      quote_id: holdingQuote,
    });
    expect(holding.statusCode, holding.body).toBe(200);
    const orderId = holding.json().data.order.id;
    const [before] = await t.database.query<{ n: string }>(
      'select count(*)::text as n from orders where client_id = $1',
      [client.clientId],
    );

    const quote = await insertQuote(t, { clientId: client.clientId, instrumentId: npn, price: PRICE });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? api.buy({ ...NPN, quantity: '1', account_id: client.accounts.ZAR, quote_id: quote })
          : api.sell(orderId, { ttype: 'standard', price: '100', quote_id: quote }),
      ),
    );
    const byStatus = tally(responses);
    expect(byStatus[200]).toBe(1);
    expect(byStatus[409]).toBe(19);
    const [after] = await t.database.query<{ n: string; sold: string }>(
      "select count(*)::text as n, count(*) filter (where status = 'sold')::text as sold from orders where client_id = $1",
      [client.clientId],
    );
    // Either one more order (a buy won) or the holding sold (a sell won), never both.
    expect(Number(after!.n) - Number(before!.n) + Number(after!.sold)).toBe(1);
    const [uses] = await t.database.query<{ n: string }>(
      'select count(*)::text as n from orders where buy_quote_id = $1 or sell_quote_id = $1',
      [quote],
    );
    expect(uses!.n).toBe('1');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
