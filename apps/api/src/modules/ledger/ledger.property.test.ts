import fc from 'fast-check';
import {
  computeFees,
  convertAmount,
  feeScheduleFor,
  formatMinor,
  tradeConsiderationMinor,
  type Currency,
} from '@imali/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DomainError } from '../../plugins/errors';
import { createCard } from '../bankcards/bankcards.service';
import { confirmDeposit, createDeposit, rejectDeposit } from '../deposits/deposits.service';
import { transfer } from '../fx/fx.service';
import { instrumentByRef } from '../market/market.service';
import { setMarketShift, shiftIntoSession } from '../orders/orders-test-kit';
import { buyStock, placeOrder, sellOrder, settleAwaitingOrder } from '../orders/orders.service';
import { issueQuote } from '../quotes/quotes.service';
import { payWithdrawal, rejectWithdrawal, requestWithdrawal } from '../withdrawals/withdrawals.service';
import { checkLedger } from './ledger-check.service';
import { clientAccounts, inTransaction } from './ledger.service';
import { createTestClient, newKey, publishRates } from './money-test-kit';

type Cur = 'ZAR' | 'USD';
const RATES: Record<string, string> = { 'ZAR:USD': '0.0542', 'USD:ZAR': '18.05' };

type Op =
  | { kind: 'deposit'; currency: Cur; minor: bigint }
  | { kind: 'confirm' | 'rejectDeposit' | 'pay' | 'rejectWithdrawal'; pick: number }
  | { kind: 'withdraw'; currency: Cur; minor: bigint }
  | { kind: 'exchange'; from: Cur; minor: bigint };

const currency = fc.constantFrom<Cur>('ZAR', 'USD');
const minor = fc.bigInt({ min: 1n, max: 500_000n });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), currency, minor }),
  fc.record({ kind: fc.constant('confirm' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('rejectDeposit' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('withdraw' as const), currency, minor }),
  fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('rejectWithdrawal' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('exchange' as const), from: currency, minor }),
);

interface Model {
  balance: Record<Cur, bigint>;
  held: Record<Cur, bigint>;
  deposits: { id: number; currency: Cur; minor: bigint; status: 'pending' | 'confirmed' | 'rejected' }[];
  withdrawals: { id: number; currency: Cur; minor: bigint; status: 'pending' | 'paid' | 'rejected' }[];
}

/** Expects a DomainError with `code` (the model says the request must be refused). */
async function refused(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
}

describe('ledger against a simple model (property)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Limits out of the way: the property is about balances, not minimums (tested elsewhere).
    t = await createTestApp({
      MONEY_MIN_DEPOSIT: 'ZAR=0.01,USD=0.01',
      MONEY_MIN_WITHDRAWAL: 'ZAR=0.01,USD=0.01',
      MONEY_DAILY_WITHDRAWAL_CAP: '',
    });
    await publishRates(t.app.ctx);
  });
  afterAll(() => t.close());

  it('keeps the database equal to the model, balanced, never negative, after every step', async () => {
    const ctx = t.app.ctx;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 18 }), async (ops) => {
        const client = await createTestClient(ctx);
        const card = await createCard(ctx, client.clientId, {
          bankName: 'FNB',
          // A number of its own: a card number another client holds is refused.
          cardNo: String(1_000_000_000 + client.clientId),
          holderName: 'M Tester',
        });
        const id = client.clientId;
        const idem = () => ({ clientId: id, key: newKey(), requestHash: 'p' });
        const m: Model = {
          balance: { ZAR: 0n, USD: 0n },
          held: { ZAR: 0n, USD: 0n },
          deposits: [],
          withdrawals: [],
        };

        for (const o of ops) {
          switch (o.kind) {
            case 'deposit': {
              const { data } = await createDeposit(ctx, id, idem(), {
                accountId: client.accounts[o.currency],
                amount: formatMinor(o.minor, o.currency),
                method: 'EFT',
              });
              m.deposits.push({ id: data.id, currency: o.currency, minor: o.minor, status: 'pending' });
              break;
            }
            case 'confirm':
            case 'rejectDeposit': {
              const d = m.deposits[o.pick % Math.max(1, m.deposits.length)];
              if (!d) break;
              const run =
                o.kind === 'confirm'
                  ? confirmDeposit(ctx, d.id, 'ops:prop')
                  : rejectDeposit(ctx, d.id, 'no', 'ops:prop');
              if (d.status !== 'pending') {
                await refused(run, 'CONFLICT');
              } else {
                await run;
                d.status = o.kind === 'confirm' ? 'confirmed' : 'rejected';
                if (o.kind === 'confirm') m.balance[d.currency] += d.minor;
              }
              break;
            }
            case 'withdraw': {
              const run = requestWithdrawal(ctx, id, idem(), {
                accountId: client.accounts[o.currency],
                amount: formatMinor(o.minor, o.currency),
                cardId: card.id,
              });
              if (m.balance[o.currency] - m.held[o.currency] < o.minor) {
                await refused(run, 'INSUFFICIENT_FUNDS');
              } else {
                const { data } = await run;
                m.held[o.currency] += o.minor;
                m.withdrawals.push({ id: data.id, currency: o.currency, minor: o.minor, status: 'pending' });
              }
              break;
            }
            case 'pay':
            case 'rejectWithdrawal': {
              const w = m.withdrawals[o.pick % Math.max(1, m.withdrawals.length)];
              if (!w) break;
              const run =
                o.kind === 'pay'
                  ? payWithdrawal(ctx, w.id, 'ops:prop')
                  : rejectWithdrawal(ctx, w.id, 'no', 'ops:prop');
              if (w.status !== 'pending') {
                await refused(run, 'CONFLICT');
              } else {
                await run;
                m.held[w.currency] -= w.minor;
                if (o.kind === 'pay') {
                  m.balance[w.currency] -= w.minor;
                  w.status = 'paid';
                } else {
                  w.status = 'rejected';
                }
              }
              break;
            }
            case 'exchange': {
              const to: Cur = o.from === 'ZAR' ? 'USD' : 'ZAR';
              const rate = RATES[`${o.from}:${to}`]!;
              const converted = convertAmount(o.minor, rate, o.from as Currency, to as Currency);
              const run = transfer(ctx, id, idem(), {
                fromAccountId: client.accounts[o.from],
                toAccountId: client.accounts[to],
                amount: formatMinor(o.minor, o.from),
                rate,
              });
              if (converted === 0n) {
                await refused(run, 'INVALID_INPUT');
              } else if (m.balance[o.from] - m.held[o.from] < o.minor) {
                await refused(run, 'INSUFFICIENT_FUNDS');
              } else {
                await run;
                m.balance[o.from] -= o.minor;
                m.balance[to] += converted;
              }
              break;
            }
          }

          const rows = await clientAccounts(ctx, id);
          for (const c of ['ZAR', 'USD'] as const) {
            const row = rows.find((r) => r.currency === c)!;
            expect({ c, balance: row.balanceMinor, held: row.heldMinor }).toEqual({
              c,
              balance: m.balance[c],
              held: m.held[c],
            });
            expect(row.balanceMinor >= 0n).toBe(true);
          }
          const report = await checkLedger(ctx);
          expect(report.problems).toEqual([]);
        }
      }),
      { numRuns: 25 },
    );
  });

  // Trading (issue 12): buys at a quote, sales, allocation requests that are settled in part or
  // rejected, between deposits and withdrawals. Cash (balance, held) and every order's position
  // must match the model after each step, and `ledger check` must pass.
  it('keeps cash and positions equal to the model through buys, sells, allocations and rejections', async () => {
    const ctx = t.app.ctx;
    setMarketShift(ctx, shiftIntoSession('JSE'));
    const GRT = { symbol: 'GRT', market: 'JSE', country: 'ZA' } as const;
    const instrument = await instrumentByRef(ctx, GRT, { fresh: true });
    const ZA = feeScheduleFor('ZA');
    const costOf = (side: 'buy' | 'sell', quantity: number, cents: string) => {
      const consideration = tradeConsiderationMinor(String(quantity), cents, 0);
      const fees = computeFees(ZA, {
        side,
        considerationMinor: consideration,
        quantity: String(quantity),
      }).totalMinor;
      return side === 'buy' ? consideration + fees : consideration - fees;
    };
    const rand = (cents: string) => (Number(cents) / 100).toFixed(2);

    type TradeOp =
      | { kind: 'deposit'; minor: bigint }
      | { kind: 'withdraw'; minor: bigint }
      | { kind: 'buy' | 'request'; quantity: number }
      | { kind: 'sell' | 'reject'; pick: number }
      | { kind: 'settle'; pick: number; share: number };
    const quantity = fc.integer({ min: 1, max: 40 });
    const pick = fc.nat(20);
    const tradeOp: fc.Arbitrary<TradeOp> = fc.oneof(
      fc.record({ kind: fc.constant('deposit' as const), minor: fc.bigInt({ min: 1n, max: 200_000n }) }),
      fc.record({ kind: fc.constant('withdraw' as const), minor: fc.bigInt({ min: 1n, max: 50_000n }) }),
      fc.record({ kind: fc.constant('buy' as const), quantity }),
      fc.record({ kind: fc.constant('request' as const), quantity }),
      fc.record({ kind: fc.constant('sell' as const), pick }),
      fc.record({ kind: fc.constant('reject' as const), pick }),
      fc.record({ kind: fc.constant('settle' as const), pick, share: fc.integer({ min: 1, max: 100 }) }),
    );

    interface OrderModel {
      id: number;
      ttype: 'standard' | 'otc';
      status: 'awaiting' | 'holding' | 'sold' | 'rejected';
      quantity: number;
      held: bigint;
    }

    // Steps that went through (not refused), so the property is seen to exercise every transition.
    const done = { buy: 0, request: 0, sell: 0, settle: 0, reject: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(tradeOp, { minLength: 1, maxLength: 14 }), async (ops) => {
        const client = await createTestClient(ctx);
        const card = await createCard(ctx, client.clientId, {
          bankName: 'FNB',
          cardNo: String(2_000_000_000 + client.clientId),
          holderName: 'M Tester',
        });
        const id = client.clientId;
        const account = client.accounts.ZAR;
        const idem = () => ({ clientId: id, key: newKey(), requestHash: 'p' });
        const m = { balance: 0n, held: 0n, orders: [] as OrderModel[] };
        const available = () => m.balance - m.held;
        const pickOrder = (n: number) => m.orders[n % Math.max(1, m.orders.length)];

        for (const o of ops) {
          switch (o.kind) {
            case 'deposit': {
              const { data } = await createDeposit(ctx, id, idem(), {
                accountId: account,
                amount: formatMinor(o.minor, 'ZAR'),
                method: 'EFT',
              });
              await confirmDeposit(ctx, data.id, 'ops:prop');
              m.balance += o.minor;
              break;
            }
            case 'withdraw': {
              const run = requestWithdrawal(ctx, id, idem(), {
                accountId: account,
                amount: formatMinor(o.minor, 'ZAR'),
                cardId: card.id,
              });
              if (available() < o.minor) await refused(run, 'INSUFFICIENT_FUNDS');
              else {
                const { data } = await run;
                await payWithdrawal(ctx, data.id, 'ops:prop');
                m.balance -= o.minor;
              }
              break;
            }
            case 'buy': {
              const quote = await issueQuote(ctx, id, GRT);
              const cost = costOf('buy', o.quantity, quote.price);
              const run = buyStock(ctx, id, idem(), {
                ...GRT,
                quantity: String(o.quantity),
                accountId: account,
                quoteId: quote.quote_id,
              });
              if (available() < cost) await refused(run, 'INSUFFICIENT_FUNDS');
              else {
                const { data } = await run;
                m.balance -= cost;
                m.orders.push({
                  id: data.order.id,
                  ttype: 'standard',
                  status: 'holding',
                  quantity: o.quantity,
                  held: 0n,
                });
                done.buy += 1;
              }
              break;
            }
            case 'request': {
              const cost = costOf('buy', o.quantity, '1300');
              const run = inTransaction(ctx, (tx, txCtx) =>
                placeOrder(tx, txCtx, {
                  clientId: id,
                  accountId: account,
                  instrument,
                  ttype: 'otc',
                  quantity: String(o.quantity),
                  price: '1300',
                  execute: false,
                  at: ctx.clock.now(),
                  actor: 'client:prop',
                }),
              );
              if (available() < cost) await refused(run, 'INSUFFICIENT_FUNDS');
              else {
                const row = await run;
                m.held += cost;
                m.orders.push({
                  id: row.id,
                  ttype: 'otc',
                  status: 'awaiting',
                  quantity: o.quantity,
                  held: cost,
                });
                done.request += 1;
              }
              break;
            }
            case 'sell': {
              const order = pickOrder(o.pick);
              if (!order) break;
              const quote = await issueQuote(ctx, id, GRT);
              const run = sellOrder(ctx, id, idem(), {
                orderId: order.id,
                ttype: order.ttype,
                price: rand(quote.price),
                quoteId: quote.quote_id,
              });
              if (order.status !== 'holding') await refused(run, 'CONFLICT');
              else {
                await run;
                m.balance += costOf('sell', order.quantity, quote.price);
                order.status = 'sold';
                done.sell += 1;
              }
              break;
            }
            case 'settle':
            case 'reject': {
              const order = pickOrder(o.pick);
              if (!order) break;
              const allocated =
                o.kind === 'settle' ? Math.max(1, Math.floor((order.quantity * o.share) / 100)) : 0;
              const run = inTransaction(ctx, (tx, txCtx) =>
                settleAwaitingOrder(tx, txCtx, {
                  orderId: order.id,
                  allocatedQuantity: String(allocated),
                  at: ctx.clock.now(),
                  actor: 'ops:prop',
                }),
              );
              if (order.status !== 'awaiting') await refused(run, 'CONFLICT');
              else {
                await run;
                m.held -= order.held;
                order.held = 0n;
                done[allocated === 0 ? 'reject' : 'settle'] += 1;
                if (allocated === 0) {
                  order.status = 'rejected';
                } else {
                  m.balance -= costOf('buy', allocated, '1300');
                  order.status = 'holding';
                  order.quantity = allocated;
                }
              }
              break;
            }
          }

          const row = (await clientAccounts(ctx, id)).find((r) => r.currency === 'ZAR')!;
          expect({ balance: row.balanceMinor, held: row.heldMinor }).toEqual({
            balance: m.balance,
            held: m.held,
          });
          expect(row.balanceMinor >= 0n).toBe(true);
          const positions = await t.database.query<{ id: string; status: string; position: string }>(
            `select o.id::text as id, o.status, coalesce(sum(p.quantity_delta), 0)::int::text as position
             from orders o left join position_movements p on p.order_id = o.id
             where o.client_id = $1 group by o.id order by o.id`,
            [id],
          );
          expect(positions).toEqual(
            m.orders.map((x) => ({
              id: String(x.id),
              status: x.status,
              position: String(x.status === 'holding' ? x.quantity : 0),
            })),
          );
          expect((await checkLedger(ctx)).problems).toEqual([]);
        }
      }),
      {
        numRuns: 20,
        // One run that surely takes every transition, besides the random ones.
        examples: [
          [
            [
              { kind: 'deposit', minor: 200_000n },
              { kind: 'buy', quantity: 10 },
              { kind: 'request', quantity: 20 },
              { kind: 'request', quantity: 5 },
              { kind: 'sell', pick: 0 },
              { kind: 'settle', pick: 1, share: 50 },
              { kind: 'reject', pick: 2 },
              { kind: 'sell', pick: 1 },
              { kind: 'withdraw', minor: 1_000n },
            ],
          ],
        ],
      },
    );
    expect(Object.entries(done).filter(([, n]) => n === 0)).toEqual([]);
  });
});
