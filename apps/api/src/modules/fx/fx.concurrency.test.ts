import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { clientApi, createTestClient, fund, publishRates } from '../ledger/money-test-kit';
import { setRate } from './fx.service';

const TRANSFER = '/api/caccount/app/v1/transfer';

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.DATABASE_URL)('transfers under concurrency (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await publishRates(t.app.ctx);
  });
  afterAll(() => t?.close());

  const counts = (responses: { statusCode: number }[]) => {
    const byStatus = new Map<number, number>();
    for (const r of responses) byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
    return Object.fromEntries(byStatus);
  };

  it('300 concurrent transfers against a balance covering exactly 50: 50 fill, the rest are refused cleanly', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '5000');
    const api = clientApi(t, client);
    const responses = await Promise.all(
      Array.from({ length: 300 }, () =>
        api.post(TRANSFER, {
          from_account: client.accounts.ZAR,
          to_account: client.accounts.USD,
          amount: '100',
          rate: '0.0542',
        }),
      ),
    );
    expect(counts(responses)).toEqual({ 200: 50, 409: 250 });
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', data: null });
    }
    const accounts = (await api.get('/api/account/app/v1')).json().data as {
      currency: string;
      balance: string;
    }[];
    // 50 × 100 × 0.0542 = 50 × 5.42
    expect(Object.fromEntries(accounts.map((a) => [a.currency, a.balance]))).toMatchObject({
      ZAR: '0.00',
      USD: '271.00',
    });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('transfers both ways between the same two accounts at once: locks in id order, no deadlock', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '10000');
    await fund(t.app.ctx, client, 'USD', '1000');
    const api = clientApi(t, client);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? api.post(TRANSFER, {
              from_account: client.accounts.ZAR,
              to_account: client.accounts.USD,
              amount: '10',
              rate: '0.0542',
            })
          : api.post(TRANSFER, {
              from_account: client.accounts.USD,
              to_account: client.accounts.ZAR,
              amount: '1',
              rate: '18.05',
            }),
      ),
    );
    expect(responses.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const accounts = (await api.get('/api/account/app/v1')).json().data as {
      currency: string;
      balance: string;
    }[];
    // ZAR: 10000 − 100 × 10 + 100 × 18.05; USD: 1000 + 100 × 0.54 − 100 × 1
    expect(Object.fromEntries(accounts.map((a) => [a.currency, a.balance]))).toMatchObject({
      ZAR: '10805.00',
      USD: '954.00',
    });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('a rate published while transfers run: each fills at the rate it stated or is refused, never in between', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '100000');
    const api = clientApi(t, client);
    const body = { from_account: client.accounts.ZAR, to_account: client.accounts.USD, amount: '100' };
    try {
      const [responses] = await Promise.all([
        Promise.all(Array.from({ length: 200 }, () => api.post(TRANSFER, { ...body, rate: '0.0542' }))),
        setRate(t.app.ctx, { from: 'ZAR', to: 'USD', rate: '0.0540' }, 'ops:test'),
      ]);
      const filled = responses.filter((r) => r.statusCode === 200);
      for (const r of filled)
        expect(r.json().data).toMatchObject({ rate: '0.0542', converted_amount: '5.42' });
      for (const r of responses.filter((x) => x.statusCode !== 200)) {
        expect(r.json()).toMatchObject({ code: 'RATE_CHANGED' });
      }
      const after = await api.post(TRANSFER, { ...body, rate: '0.0542' });
      expect(after.json()).toMatchObject({ code: 'RATE_CHANGED' });
      const [row] = await t.database.query<{ n: string }>(
        `select count(*)::text as n from transfers where client_id = $1`,
        [client.clientId],
      );
      expect(Number(row!.n)).toBe(filled.length);
      expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
    } finally {
      await setRate(t.app.ctx, { from: 'ZAR', to: 'USD', rate: '0.0542' }, 'ops:test');
    }
  });
});
