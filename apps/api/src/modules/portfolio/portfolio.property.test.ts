import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmDeposit, createDeposit } from '../deposits/deposits.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, newKey, type TestClient } from '../ledger/money-test-kit';
import {
  insertQuote,
  instrumentId,
  shiftIntoSession,
  tradingApi,
  type StockRef,
} from '../orders/orders-test-kit';
import { investStat, portfolioSummary, productPortfolio } from './portfolio.service';

const STOCKS: StockRef[] = ['NPN', 'SBK', 'MTN'].map((symbol) => ({ symbol, market: 'JSE', country: 'ZA' }));

type Step =
  | { kind: 'deposit'; rand: number }
  | { kind: 'buy'; stock: number; quantity: number; cents: number }
  | { kind: 'sell'; pick: number; cents: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), rand: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({
    kind: fc.constant('buy' as const),
    stock: fc.integer({ min: 0, max: STOCKS.length - 1 }),
    quantity: fc.integer({ min: 1, max: 40 }),
    cents: fc.integer({ min: 100, max: 90_000 }),
  }),
  fc.record({
    kind: fc.constant('sell' as const),
    pick: fc.nat(),
    cents: fc.integer({ min: 100, max: 90_000 }),
  }),
);

const minor = (text: string) => {
  const negative = text.startsWith('-');
  const [w, f = ''] = text.replace('-', '').split('.');
  const v = BigInt(w!) * 100n + BigInt(f.padEnd(2, '0'));
  return negative ? -v : v;
};

/**
 * Consistency (issue 14): after any sequence of deposits, buys and sells at any prices, under
 * average cost or FIFO, the portfolio figures equal what the ledger and the orders say: cash = the
 * account's balance, cost = Σ of what the buys debited − Σ of what the sales relieved, positions = Σ held orders per stock, realised profit =
 * Σ of the sold orders' receipt profits, invested = Σ every executed buy; ledger check passes
 * (including the trigger-kept positions against the orders).
 */
describe('portfolio figures = ledger and orders (property)', () => {
  let t: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp({
      MARKET_TIME_SHIFT_MS: String(shiftIntoSession('JSE')),
      PIN_EACH_ORDER_ABOVE: 'ZAR=1000000000',
      MONEY_MIN_DEPOSIT: 'ZAR=0.01',
    });
  });
  afterAll(() => t.close());

  it('holds after every random sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), fc.boolean(), async (steps, fifo) => {
        client = await createTestClient(t.app.ctx);
        const api = tradingApi(t, client);
        // Either cost-basis method (decision 0040): the figures must add up the same way.
        if (fifo)
          expect((await api.put('/api/client/app/v1/cost_basis', { method: 'fifo' })).statusCode).toBe(200);
        const zar = client.accounts.ZAR;
        const deposit = async (rand: number) => {
          const { data } = await createDeposit(
            t.app.ctx,
            client.clientId,
            { clientId: client.clientId, key: newKey(), requestHash: 'p' },
            { accountId: zar, amount: String(rand), method: 'EFT' },
          );
          await confirmDeposit(t.app.ctx, data.id, 'ops:test');
        };
        await deposit(100_000);
        const held: { id: number; stock: number }[] = [];
        for (const s of steps) {
          if (s.kind === 'deposit') await deposit(s.rand);
          else if (s.kind === 'buy') {
            const ref = STOCKS[s.stock]!;
            const quote = await insertQuote(t, {
              clientId: client.clientId,
              instrumentId: await instrumentId(t, ref),
              price: String(s.cents),
            });
            const res = await api.buy({
              ...ref,
              quantity: String(s.quantity),
              account_id: zar,
              quote_id: quote,
            });
            // Refused for want of cash: nothing to track (refusals change nothing, tested elsewhere).
            if (res.statusCode === 200) held.push({ id: res.json().data.order.id, stock: s.stock });
            else expect(res.json().code).toBe('INSUFFICIENT_FUNDS');
          } else if (held.length > 0) {
            const [order] = held.splice(s.pick % held.length, 1);
            const ref = STOCKS[order!.stock]!;
            const quote = await insertQuote(t, {
              clientId: client.clientId,
              instrumentId: await instrumentId(t, ref),
              price: String(s.cents),
            });
            const res = await api.sell(order!.id, {
              ttype: 'standard',
              price: (s.cents / 100).toFixed(2),
              quote_id: quote,
            });
            expect(res.statusCode, res.body).toBe(200);
          }
        }

        const summary = await portfolioSummary(t.app.ctx, client.clientId, zar);
        const [account] = await t.database.query<{ balance: string; held: string }>(
          'select balance_minor::text as balance, held_minor::text as held from accounts where id = $1',
          [zar],
        );
        expect(minor(summary.cash.balance)).toBe(BigInt(account!.balance));
        expect(minor(summary.cash.held)).toBe(BigInt(account!.held));

        const orders = await t.database.query<{
          id: string;
          status: string;
          symbol: string;
          quantity: string;
          cost: string;
          relieved: string | null;
        }>(
          `select o.id::text, o.status, i.symbol, o.quantity::text,
                  (o.buy_consideration_minor + o.buy_fees_minor)::text as cost,
                  o.cost_basis_minor::text as relieved
           from orders o join instruments i on i.id = o.instrument_id where o.account_id = $1`,
          [zar],
        );
        const holding = orders.filter((o) => o.status === 'holding');
        const executed = orders.filter((o) => o.status === 'holding' || o.status === 'sold');
        // Cost left = Σ what the buys debited − Σ what each sale relieved (by the method).
        const sold = orders.filter((o) => o.status === 'sold');
        for (const o of sold) expect(o.relieved).not.toBeNull();
        expect(minor(summary.cost)).toBe(
          executed.reduce((n, o) => n + BigInt(o.cost), 0n) -
            sold.reduce((n, o) => n + BigInt(o.relieved!), 0n),
        );
        // A position sold out has given up exactly what its buys cost.
        for (const symbol of new Set(executed.map((o) => o.symbol))) {
          if (holding.some((o) => o.symbol === symbol)) continue;
          const of = executed.filter((o) => o.symbol === symbol);
          expect(of.reduce((n, o) => n + BigInt(o.relieved!), 0n)).toBe(
            of.reduce((n, o) => n + BigInt(o.cost), 0n),
          );
        }

        let realised = 0n;
        for (const o of orders.filter((x) => x.status === 'sold')) {
          realised += minor((await api.receipt(Number(o.id))).json().data.profit);
        }
        expect(minor(summary.realised_profit)).toBe(realised);

        const stocks = await productPortfolio(t.app.ctx, client.clientId, zar, 'stock');
        const expected = new Map<string, number>();
        for (const o of holding) expected.set(o.symbol, (expected.get(o.symbol) ?? 0) + Number(o.quantity));
        expect(new Map(stocks.positions.map((p) => [p.symbol, Number(p.quantity)]))).toEqual(expected);

        const stat = (await investStat(t.app.ctx, client.clientId, zar)).products.find(
          (p) => p.product === 'stock',
        )!;
        expect(minor(stat.invested)).toBe(executed.reduce((n, o) => n + BigInt(o.cost), 0n));
        expect(minor(stat.realised_profit)).toBe(realised);

        expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
        // Flows are found through the entries' client: every client posting's entry names its client.
        const [strays] = await t.database.query<{ n: string }>(
          `select count(*)::text as n from postings p join accounts a on a.id = p.account_id
           join journal_entries e on e.id = p.entry_id
           where a.kind = 'client' and e.client_id is distinct from a.client_id`,
        );
        expect(strays!.n).toBe('0');
      }),
      { numRuns: 12 },
    );
  });
});
