import fc from 'fast-check';
import { convertAmount, formatMinor, type Currency } from '@imali/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DomainError } from '../../plugins/errors';
import { createCard } from '../bankcards/bankcards.service';
import { confirmDeposit, createDeposit, rejectDeposit } from '../deposits/deposits.service';
import { transfer } from '../fx/fx.service';
import { payWithdrawal, rejectWithdrawal, requestWithdrawal } from '../withdrawals/withdrawals.service';
import { checkLedger } from './ledger-check.service';
import { clientAccounts } from './ledger.service';
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
});
