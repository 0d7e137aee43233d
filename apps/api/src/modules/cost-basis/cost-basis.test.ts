import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import { AAPL, insertQuote, instrumentId, shiftIntoSession, tradingApi } from '../orders/orders-test-kit';

/**
 * Cost basis (issue 14, decision 0040), worked through the real buy and sell paths at fixed
 * quotation prices: which cost each sale relieves under average cost and FIFO, the receipt's profit
 * = the preview's = the portfolio's realised profit, and a method that changes only for positions
 * opened after the choice.
 */
describe('cost basis: average cost and FIFO', () => {
  let t: TestApp;
  let aaplId: number;

  const toMinor = (s: string) => BigInt(s.replace('.', ''));
  const usd = (minor: bigint) => {
    const sign = minor < 0n ? '-' : '';
    const abs = (minor < 0n ? -minor : minor).toString().padStart(3, '0');
    return `${sign}${abs.slice(0, -2)}.${abs.slice(-2)}`;
  };
  /** a × b ÷ c, half-up (every figure here is positive). */
  const halfUp = (a: bigint, b: bigint, c: bigint) => (2n * a * b + c) / (2n * c);

  beforeAll(async () => {
    t = await createTestApp({
      MARKET_TIME_SHIFT_MS: String(shiftIntoSession('NASDAQ')),
      PIN_EACH_ORDER_ABOVE: 'ZAR=1000000000,USD=1000000000',
      LOG_LEVEL: 'error',
    });
    aaplId = await instrumentId(t, AAPL);
  });
  afterAll(() => t.close());

  const newClient = async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'USD', '100000');
    return client;
  };

  /** Buys `quantity` AAPL at `price` dollars; the order's receipt (trade_value = its cost). */
  const buy = async (client: TestClient, quantity: number, price: string) => {
    const quoteId = await insertQuote(t, { clientId: client.clientId, instrumentId: aaplId, price });
    const res = await tradingApi(t, client).buy({
      ...AAPL,
      quantity: String(quantity),
      account_id: client.accounts.USD,
      quote_id: quoteId,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.order as { id: number; trade_value: string };
  };

  /** Previews and sells the whole order at `price`; both, to compare. */
  const sell = async (client: TestClient, orderId: number, price: string) => {
    const api = tradingApi(t, client);
    const quoteId = await insertQuote(t, { clientId: client.clientId, instrumentId: aaplId, price });
    const preview = (await api.preview({ ttype: 'sell', order_id: orderId, quote_id: quoteId })).json().data;
    const sold = await api.sell(orderId, { ttype: 'standard', price, quote_id: quoteId });
    expect(sold.statusCode, sold.body).toBe(200);
    const receipt = (await api.receipt(orderId)).json().data;
    return { preview, receipt };
  };

  const portfolioOf = async (client: TestClient) => {
    const res = await tradingApi(t, client).get(
      `/api/stat/app/v1/portfolio?account_id=${client.accounts.USD}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { cost: string; realised_profit: string };
  };

  const setting = async (client: TestClient) => {
    const res = await tradingApi(t, client).get('/api/client/app/v1/cost_basis');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  const choose = (client: TestClient, method: string) =>
    tradingApi(t, client).put('/api/client/app/v1/cost_basis', { method });

  it('average cost by default: each sale relieves its shares at the position average', async () => {
    const client = await newClient();
    expect((await setting(client)).method).toBe('average');
    // Buy A: 10 at $100.00; buy B: 30 at $120.00. Each cost = trade value + buy fees.
    const a = await buy(client, 10, '100.00');
    const b = await buy(client, 30, '120.00');
    const costA = toMinor(a.trade_value);
    const costB = toMinor(b.trade_value);
    const pool = costA + costB;

    // Sell A's 10 at $130.00: cost = 10/40 of the pool, half-up to the cent.
    const first = await sell(client, a.id, '130.00');
    const basisA = halfUp(pool, 10n, 40n);
    expect(first.preview.cost_basis).toEqual({
      method: 'average',
      amount: usd(basisA),
      profit: usd(toMinor(first.preview.total) - basisA),
    });
    expect(first.receipt).toMatchObject({
      status: 'sold',
      cost_basis: usd(basisA),
      cost_basis_method: 'average',
      profit: first.preview.cost_basis.profit,
    });
    expect(toMinor(first.receipt.profit)).toBe(toMinor(first.receipt.trade_value) - basisA);
    // The 30 shares left keep the average: cost = pool − what A relieved.
    expect((await portfolioOf(client)).cost).toBe(usd(pool - basisA));

    // Sell B's 30 at $90.00, a loss: the sale empties the position, so it relieves all that is left.
    const second = await sell(client, b.id, '90.00');
    const basisB = pool - basisA;
    expect(second.receipt).toMatchObject({ cost_basis: usd(basisB), cost_basis_method: 'average' });
    expect(second.preview.cost_basis.amount).toBe(usd(basisB));
    expect(toMinor(second.receipt.profit)).toBe(toMinor(second.receipt.trade_value) - basisB);
    expect(toMinor(second.receipt.profit)).toBeLessThan(0n);

    // Realised = Σ receipts' profits; no cost lost or counted twice.
    const p = await portfolioOf(client);
    expect(p.cost).toBe('0.00');
    expect(toMinor(p.realised_profit)).toBe(toMinor(first.receipt.profit) + toMinor(second.receipt.profit));
    expect(basisA + basisB).toBe(costA + costB);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('FIFO when chosen: a sale relieves the oldest shares, whichever order it closes', async () => {
    const client = await newClient();
    const chosen = await choose(client, 'fifo');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data.method).toBe('fifo');
    const [auditRow] = await t.database.query<{ before: unknown; after: unknown }>(
      `select before, after from audit_log where action = 'client.cost_basis' and subject_id = $1`,
      [String(client.clientId)],
    );
    expect(auditRow).toMatchObject({
      before: { cost_basis_method: 'average' },
      after: { cost_basis_method: 'fifo' },
    });

    // Buy A: 10 at $100.00, then B: 30 at $120.00.
    const a = await buy(client, 10, '100.00');
    const b = await buy(client, 30, '120.00');
    const costA = toMinor(a.trade_value);
    const costB = toMinor(b.trade_value);

    // Close B (30 shares) first: FIFO costs them as A's 10 and 20 of B's 30.
    const first = await sell(client, b.id, '130.00');
    const twentyOfB = halfUp(costB, 20n, 30n);
    expect(first.preview.cost_basis).toMatchObject({ method: 'fifo', amount: usd(costA + twentyOfB) });
    expect(first.receipt).toMatchObject({
      cost_basis: usd(costA + twentyOfB),
      cost_basis_method: 'fifo',
      profit: first.preview.cost_basis.profit,
    });
    // Average cost would have relieved 30/40 of the pool instead: a different figure.
    expect(halfUp(costA + costB, 30n, 40n)).not.toBe(costA + twentyOfB);
    // Left: the last 10 of B's lot.
    expect((await portfolioOf(client)).cost).toBe(usd(costB - twentyOfB));
    const [lot] = await t.database.query<{ quantity: string; cost_minor: string; order_id: string }>(
      `select quantity::text, cost_minor::text, order_id::text from cost_lots
       where account_id = $1`,
      [client.accounts.USD],
    );
    expect(lot).toEqual({
      quantity: '10.000000',
      cost_minor: String(costB - twentyOfB),
      order_id: String(b.id),
    });

    // Close A (10 shares): they are costed as the last of B's lot.
    const second = await sell(client, a.id, '100.00');
    expect(second.receipt).toMatchObject({ cost_basis: usd(costB - twentyOfB), cost_basis_method: 'fifo' });
    const p = await portfolioOf(client);
    expect(p.cost).toBe('0.00');
    expect(toMinor(p.realised_profit)).toBe(toMinor(first.receipt.profit) + toMinor(second.receipt.profit));
    expect(
      await t.database.query(`select 1 from cost_lots where account_id = $1`, [client.accounts.USD]),
    ).toEqual([]);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('a new choice applies to positions opened after it; an open position keeps its method until empty', async () => {
    const client = await newClient();
    const a = await buy(client, 10, '100.00');
    expect((await choose(client, 'fifo')).statusCode).toBe(200);
    expect((await setting(client)).open_positions).toEqual({ average: 1, fifo: 0 });
    // Adding to the open average position keeps it average.
    const b = await buy(client, 10, '110.00');
    const pool = toMinor(a.trade_value) + toMinor(b.trade_value);
    const first = await sell(client, b.id, '120.00');
    expect(first.receipt).toMatchObject({
      cost_basis_method: 'average',
      cost_basis: usd(halfUp(pool, 10n, 20n)),
    });
    await sell(client, a.id, '120.00');
    // Empty now: the next buy opens a FIFO position.
    const c = await buy(client, 5, '100.00');
    expect((await setting(client)).open_positions).toEqual({ average: 0, fifo: 1 });
    const third = await sell(client, c.id, '100.00');
    expect(third.receipt).toMatchObject({ cost_basis_method: 'fifo', cost_basis: c.trade_value });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('refuses a method it does not know, and changes nothing', async () => {
    const client = await newClient();
    const res = await choose(client, 'lifo');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose average cost or FIFO.');
    expect((await setting(client)).method).toBe('average');
  });

  it('concurrent sales of one FIFO position relieve every lot exactly once', async () => {
    const client = await newClient();
    expect((await choose(client, 'fifo')).statusCode).toBe(200);
    const orders = [];
    for (const [quantity, price] of [
      [3, '100.00'],
      [7, '101.37'],
      [11, '99.99'],
      [13, '120.01'],
      [17, '87.65'],
    ] as const) {
      orders.push(await buy(client, quantity, price));
    }
    const api = tradingApi(t, client);
    const quotes = await Promise.all(
      orders.map(() => insertQuote(t, { clientId: client.clientId, instrumentId: aaplId, price: '105.00' })),
    );
    const results = await Promise.all(
      orders.map((o, i) => api.sell(o.id, { ttype: 'standard', price: '105.00', quote_id: quotes[i] })),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const receipts = results.map((r) => r.json().data.order as { cost_basis: string; profit: string });
    const relieved = receipts.reduce((s, r) => s + toMinor(r.cost_basis), 0n);
    const paid = orders.reduce((s, o) => s + toMinor(o.trade_value), 0n);
    expect(relieved).toBe(paid);
    const p = await portfolioOf(client);
    expect(p.cost).toBe('0.00');
    expect(toMinor(p.realised_profit)).toBe(receipts.reduce((s, r) => s + toMinor(r.profit), 0n));
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
