import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import {
  clientApi,
  createTestClient,
  expectNothingChanged,
  fund,
  newKey,
  publishRates,
  type TestClient,
} from '../ledger/money-test-kit';
import { setRate } from './fx.service';

const TRANSFER = '/api/caccount/app/v1/transfer';
const EXCHANGE = '/api/caccount/app/v1/exchange';

describe('transfers between currency accounts', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;

  const balances = async (client: TestClient) => {
    const res = await clientApi(t, client).get('/api/account/app/v1');
    return Object.fromEntries(
      res.json().data.map((a: { currency: string; available: string }) => [a.currency, a.available]),
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    await publishRates(t.app.ctx);
    alice = await createTestClient(t.app.ctx);
    bob = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, alice, 'ZAR', '10000');
    await fund(t.app.ctx, bob, 'ZAR', '10000');
  });
  afterAll(() => t.close());

  it('converts at the published rate, rounded down to 2 decimals, and says so', async () => {
    const res = await clientApi(t, alice).post(TRANSFER, {
      from_account: alice.accounts.ZAR,
      to_account: alice.accounts.USD,
      amount: '1000.10',
      rate: '0.0542',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'OK',
      message: 'Transfer successful.',
      // 1000.10 × 0.0542 = 54.20542 → 54.20 (never more than the exact product)
      data: {
        amount: '1000.10',
        converted_amount: '54.20',
        from_currency: 'ZAR',
        to_currency: 'USD',
        rate: '0.0542',
      },
    });
    expect(await balances(alice)).toMatchObject({ ZAR: '8999.90', USD: '54.20' });
  });

  it('prices an unpublished direction from the reverse mid with its spread, never 1/rate', async () => {
    // EUR→ZAR is 19.6 (mid 19.8); ZAR→EUR = (1/19.8) × (1 − 0.2/19.8) = 19.6 / 19.8² =
    // 0.0499948… → 0.049994 (1/19.6 = 0.05102 was better than the mid 0.050505).
    const api = clientApi(t, alice);
    const old = await api.post(EXCHANGE, {
      from_currency: 'ZAR',
      to_currency: 'EUR',
      amount: '100',
      rate: '0.05102',
    });
    expect(old.statusCode).toBe(409);
    const res = await api.post(EXCHANGE, {
      from_currency: 'ZAR',
      to_currency: 'EUR',
      amount: '100',
      rate: '0.049994',
    });
    expect(res.statusCode).toBe(200);
    // 100 × 0.049994 = 4.9994 → 4.99
    expect(res.json().data).toMatchObject({ converted_amount: '4.99', rate: '0.049994' });
  });

  it('lists pairs with mid and spread; a derived reverse is never better than its mid', async () => {
    const pairs = (await clientApi(t, alice).get('/api/caccount/app/v1/pairs')).json().data;
    expect(pairs).toContainEqual(
      expect.objectContaining({
        primary: 'ZAR',
        secondary: 'EUR',
        rate: '0.049994',
        mid_rate: '0.050505',
        spread: '0.010118',
        derived: true,
      }),
    );
    for (const p of pairs as { rate: string; mid_rate: string; spread: string }[]) {
      expect(Number(p.rate) <= Number(p.mid_rate), `${JSON.stringify(p)}`).toBe(true);
      expect(p.spread.startsWith('-')).toBe(false);
    }
  });

  it('refuses to publish a rate above its mid or one that makes a round trip pay, and keeps the rates', async () => {
    const pairs = async () => (await clientApi(t, alice).get('/api/caccount/app/v1/pairs')).json().data;
    const before = await pairs();
    const refusal = (input: { from: string; to: string; rate: string; mid?: string }) =>
      setRate(t.app.ctx, input, 'ops:test').then(
        () => 'published',
        (error: Error & { statusCode?: number }) => `${error.statusCode} ${error.message}`,
      );
    expect(await refusal({ from: 'ZAR', to: 'USD', rate: '0.0549' })).toBe(
      '400 Refused: the ZAR→USD rate 0.0549 is better than its mid 0.054795; a rate must not exceed its mid.',
    );
    expect(await refusal({ from: 'ZAR', to: 'USD', rate: '0.0555', mid: '0.0556' })).toBe(
      '400 Refused: ZAR→USD at 0.0555 and back at 18.05 returns more than it started with (0.0555 × 18.05 = 1.001775 > 1).',
    );
    // USD→EUR 0.96 × EUR→ZAR 19.6 × ZAR→USD 0.0542 = 1.0198272: a triangle that pays.
    expect(await refusal({ from: 'USD', to: 'EUR', rate: '0.96', mid: '0.97' })).toBe(
      '400 Refused: the round trip USD→EUR→ZAR→USD at 0.96 × 19.6 × 0.0542 returns more than it started with (1.019828 > 1).',
    );
    expect(await pairs()).toEqual(before);
  });

  it("refuses a stale rate with 'rate changed' and moves nothing", async () => {
    await expectNothingChanged(t, async () => {
      const res = await clientApi(t, alice).post(TRANSFER, {
        from_account: alice.accounts.ZAR,
        to_account: alice.accounts.USD,
        amount: '10',
        rate: '0.0541',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'RATE_CHANGED', data: null });
      expect(res.json().message).toMatch(/rate changed/i);
    });
  });

  it('follows a rate change: the old rate is refused, the new one fills', async () => {
    await setRate(t.app.ctx, { from: 'USD', to: 'ZAR', rate: '18.10' }, 'ops:test');
    const api = clientApi(t, alice);
    const stale = await api.post(TRANSFER, {
      from_account: alice.accounts.USD,
      to_account: alice.accounts.ZAR,
      amount: '1',
      rate: '18.05',
    });
    expect(stale.statusCode).toBe(409);
    const fresh = await api.post(TRANSFER, {
      from_account: alice.accounts.USD,
      to_account: alice.accounts.ZAR,
      amount: '1',
      rate: '18.1',
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.converted_amount).toBe('18.10');
  });

  it('notices a rate published by another process (stale per-process cache)', async () => {
    const api = clientApi(t, alice);
    const body = {
      from_account: alice.accounts.ZAR,
      to_account: alice.accounts.USD,
      amount: '10',
      rate: '0.0542',
    };
    expect((await api.post(TRANSFER, body)).statusCode).toBe(200); // warms the cache at 0.0542
    // Another API process publishes a new rate: this process's cache is not told.
    await t.database.query(
      `update exchange_rates set rate = 0.0545 where from_currency = 'ZAR' and to_currency = 'USD'`,
    );
    try {
      await expectNothingChanged(t, async () => {
        const stale = await api.post(TRANSFER, body);
        expect(stale.statusCode).toBe(409);
        expect(stale.json().code).toBe('RATE_CHANGED');
      });
      const fresh = await api.post(TRANSFER, { ...body, rate: '0.0545' });
      expect(fresh.statusCode).toBe(200);
      // 10 × 0.0545 = 0.545 → 0.54
      expect(fresh.json().data).toMatchObject({ rate: '0.0545', converted_amount: '0.54' });
    } finally {
      await setRate(t.app.ctx, { from: 'ZAR', to: 'USD', rate: '0.0542' }, 'ops:test');
    }
  });

  it('refuses to overdraw with INSUFFICIENT_FUNDS and moves nothing', async () => {
    await expectNothingChanged(t, async () => {
      const res = await clientApi(t, alice).post(TRANSFER, {
        from_account: alice.accounts.ZAR,
        to_account: alice.accounts.USD,
        amount: '1000000',
        rate: '0.0542',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
        message: 'Insufficient available balance for this request.',
      });
    });
  });

  it.each([
    ['negative', '-5', 'Amount must not be negative'],
    ['zero', '0', 'Amount must be greater than 0'],
    ['zero with decimals', '0.00', 'Amount must be greater than 0'],
    ['too many decimals', '1.001', 'Amounts allow at most 2 decimal places'],
    ['non-numeric', 'ten', 'Enter a valid amount'],
    ['exponent', '1e3', 'Enter a valid amount'],
    ['empty', '', 'Enter a valid amount'],
  ])('refuses a %s amount with a clear message and moves nothing', async (_label, amount, message) => {
    await expectNothingChanged(t, async () => {
      const res = await clientApi(t, alice).post(TRANSFER, {
        from_account: alice.accounts.ZAR,
        to_account: alice.accounts.USD,
        amount,
        rate: '0.0542',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_INPUT', message, data: null });
    });
  });

  it('refuses a JSON number amount (amounts are decimal strings)', async () => {
    await expectNothingChanged(t, async () => {
      const res = await clientApi(t, alice).post(TRANSFER, {
        from_account: alice.accounts.ZAR,
        to_account: alice.accounts.USD,
        amount: 10.5,
        rate: '0.0542',
      });
      expect(res.statusCode).toBe(400);
    });
  });

  it("answers 404 for someone else's account, either side, and moves nothing", async () => {
    await expectNothingChanged(t, async () => {
      const api = clientApi(t, alice);
      const from = await api.post(TRANSFER, {
        from_account: bob.accounts.ZAR,
        to_account: alice.accounts.USD,
        amount: '10',
        rate: '0.0542',
      });
      expect(from.statusCode).toBe(404);
      expect(from.json().message).toBe('Account not found.');
      const to = await api.post(TRANSFER, {
        from_account: alice.accounts.ZAR,
        to_account: bob.accounts.USD,
        amount: '10',
        rate: '0.0542',
      });
      expect(to.statusCode).toBe(404);
      const missing = await api.post(TRANSFER, {
        from_account: 99999999,
        to_account: alice.accounts.USD,
        amount: '10',
        rate: '0.0542',
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  it('refuses the same account on both sides, an unknown pair and an amount too small to convert', async () => {
    await expectNothingChanged(t, async () => {
      const api = clientApi(t, alice);
      const same = await api.post(TRANSFER, {
        from_account: alice.accounts.ZAR,
        to_account: alice.accounts.ZAR,
        amount: '10',
        rate: '1',
      });
      expect(same.statusCode).toBe(400);
      const noPair = await api.post(TRANSFER, {
        from_account: alice.accounts.ZAR,
        to_account: alice.accounts.GBP,
        amount: '10',
        rate: '1',
      });
      expect(noPair.statusCode).toBe(404);
      expect(noPair.json().message).toBe('Exchange pair not found.');
      const sameCurrency = await api.post(EXCHANGE, {
        from_currency: 'ZAR',
        to_currency: 'ZAR',
        amount: '10',
        rate: '1',
      });
      expect(sameCurrency.statusCode).toBe(400);
      const badCurrency = await api.post(EXCHANGE, {
        from_currency: 'XXX',
        to_currency: 'ZAR',
        amount: '10',
        rate: '1',
      });
      expect(badCurrency.statusCode).toBe(400);
      const tiny = await api.post(TRANSFER, {
        from_account: alice.accounts.ZAR,
        to_account: alice.accounts.USD,
        amount: '0.01',
        rate: '0.0542',
      });
      expect(tiny.statusCode).toBe(400);
      expect(tiny.json().message).toBe('Amount is too small to convert.');
    });
  });

  it('needs an Idempotency-Key header', async () => {
    await expectNothingChanged(t, async () => {
      const res = await clientApi(t, alice).post(
        TRANSFER,
        { from_account: alice.accounts.ZAR, to_account: alice.accounts.USD, amount: '10', rate: '0.0542' },
        null,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Idempotency-Key header is required.');
    });
  });

  it('replays the first answer for the same key and body, and refuses the key for another body', async () => {
    const api = clientApi(t, alice);
    const key = newKey();
    const body = {
      from_account: alice.accounts.ZAR,
      to_account: alice.accounts.USD,
      amount: '100',
      rate: '0.0542',
    };
    const first = await api.post(TRANSFER, body, key);
    expect(first.statusCode).toBe(200);
    const after = await balances(alice);
    await expectNothingChanged(t, async () => {
      const replay = await api.post(TRANSFER, body, key);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(first.json());
      expect(replay.headers['idempotent-replayed']).toBe('true');
      const other = await api.post(TRANSFER, { ...body, amount: '101' }, key);
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
    });
    expect(await balances(alice)).toEqual(after);
  });

  it('replays the first answer even after the rate or the balance changed', async () => {
    const api = clientApi(t, bob);
    const key = newKey();
    const body = {
      from_account: bob.accounts.ZAR,
      to_account: bob.accounts.USD,
      amount: '10',
      rate: '0.0542',
    };
    const first = await api.post(TRANSFER, body, key);
    expect(first.statusCode).toBe(200);
    await setRate(t.app.ctx, { from: 'ZAR', to: 'USD', rate: '0.0543' }, 'ops:test');
    try {
      await expectNothingChanged(t, async () => {
        const replay = await api.post(TRANSFER, body, key);
        expect(replay.statusCode).toBe(200);
        expect(replay.json()).toEqual(first.json());
      });
    } finally {
      await setRate(t.app.ctx, { from: 'ZAR', to: 'USD', rate: '0.0542' }, 'ops:test');
    }
  });

  it('keeps keys per client: the same key from another client is a new request', async () => {
    const key = newKey();
    const a = await clientApi(t, alice).post(
      TRANSFER,
      { from_account: alice.accounts.ZAR, to_account: alice.accounts.USD, amount: '1', rate: '0.0542' },
      key,
    );
    const b = await clientApi(t, bob).post(
      TRANSFER,
      { from_account: bob.accounts.ZAR, to_account: bob.accounts.USD, amount: '1', rate: '0.0542' },
      key,
    );
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().data.id).not.toBe(a.json().data.id);
  });

  it('never pays out on round trips: 100 ZAR→USD→ZAR trips never raise the value at mid', async () => {
    // The probe: 0.10 ZAR → 0.01 USD (0.00542 rounded up) → 0.18 ZAR, 100 times, turned
    // 1,000.00 ZAR into 1,008.00. The credited amount now rounds toward the house.
    const carol = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, carol, 'ZAR', '1000');
    const api = clientApi(t, carol);
    // Value in ZAR cents ×100 at the USD→ZAR mid (18.25): ZAR minor × 100 + USD minor × 1825.
    const valueAtMid = async () => {
      const b = await balances(carol);
      const cents = (s: string) => BigInt(s.replace('.', ''));
      return cents(b.ZAR) * 100n + cents(b.USD) * 1825n;
    };
    const start = await valueAtMid();
    const listed = (await api.get('/api/caccount/app/v1/pairs')).json().data as {
      primary: string;
      secondary: string;
      rate: string;
    }[];
    const rateOf = (from: string, to: string) =>
      listed.find((p) => p.primary === from && p.secondary === to)!.rate;
    expect(rateOf('ZAR', 'USD')).toBe('0.0542');
    const roundTrip = async (amount: string) => {
      const before = await valueAtMid();
      const out = await api.post(TRANSFER, {
        from_account: carol.accounts.ZAR,
        to_account: carol.accounts.USD,
        amount,
        rate: rateOf('ZAR', 'USD'),
      });
      if (out.statusCode === 200) {
        const back = await api.post(TRANSFER, {
          from_account: carol.accounts.USD,
          to_account: carol.accounts.ZAR,
          amount: out.json().data.converted_amount,
          rate: rateOf('USD', 'ZAR'),
        });
        expect(back.statusCode).toBe(200);
      } else {
        expect(out.statusCode).toBe(400);
        expect(out.json()).toMatchObject({
          code: 'INVALID_INPUT',
          message: 'Amount is too small to convert.',
        });
      }
      const after = await valueAtMid();
      expect(after <= before, `value at mid rose from ${before} to ${after} (${amount} ZAR)`).toBe(true);
      return out.statusCode;
    };
    // 0.10 ZAR × 0.0542 = 0.00542 USD: nothing to credit, refused every time, nothing moves.
    await expectNothingChanged(t, async () => {
      for (let i = 0; i < 100; i += 1) expect(await roundTrip('0.10')).toBe(400);
    });
    // 0.18 ZAR × 0.0542 = 0.009756 is still nothing; 0.19 ZAR is the smallest convertible:
    // 0.010298 → 0.01 USD → 0.1805 (0.181 at 18.10) → 0.18 ZAR, a cent lost per trip.
    expect(await roundTrip('0.18')).toBe(400);
    for (let i = 0; i < 100; i += 1) expect(await roundTrip('0.19')).toBe(200);
    expect(await balances(carol)).toMatchObject({ ZAR: '999.00', USD: '0.00' });
    expect(await valueAtMid()).toBe(start - 100n * 100n);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('lists the client transfers and leaves a sound ledger', async () => {
    const list = (await clientApi(t, bob).get('/api/caccount/app/v1/transfer/list')).json().data;
    expect(list).toHaveLength(2);
    const report = await checkLedger(t.app.ctx);
    expect(report.problems).toEqual([]);
  });
});
