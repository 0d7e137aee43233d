import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import {
  clientApi,
  createTestClient,
  expectNothingChanged,
  fund,
  publishRates,
  type TestClient,
} from '../ledger/money-test-kit';

describe('accounts and statements', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'error' });
    await publishRates(t.app.ctx);
    alice = await createTestClient(t.app.ctx);
    bob = await createTestClient(t.app.ctx);
  });
  afterAll(() => t.close());

  it('gives every client ZAR, USD, EUR, GBP and INR accounts with balance, available and held', async () => {
    const res = await clientApi(t, alice).get('/api/account/app/v1');
    expect(res.statusCode).toBe(200);
    const accounts = res.json().data;
    expect(accounts.map((a: { currency: string }) => a.currency).sort()).toEqual([
      'EUR',
      'GBP',
      'INR',
      'USD',
      'ZAR',
    ]);
    for (const a of accounts) expect(a).toMatchObject({ balance: '0.00', available: '0.00', held: '0.00' });
  });

  it('creates accounts lazily for a client who has none yet', async () => {
    const carol = await createTestClient(t.app.ctx);
    await t.database.query('delete from accounts where client_id = $1', [carol.clientId]);
    const res = await clientApi(t, carol).get('/api/account/app/v1');
    expect(res.json().data).toHaveLength(5);
  });

  it('refuses clients without approved KYC and anonymous callers', async () => {
    const pending = await createTestClient(t.app.ctx, { kyc: 'pending' });
    const res = await clientApi(t, pending).get('/api/account/app/v1');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('KYC_REQUIRED');
    const anon = await t.app.inject({ method: 'GET', url: '/api/account/app/v1' });
    expect(anon.statusCode).toBe(401);
  });

  it('lists currencies, pairs with mid and spread, and limits', async () => {
    const api = clientApi(t, alice);
    const currencies = (await api.get('/api/caccount/app/v1/currency/list')).json().data;
    expect(currencies).toContainEqual({ currency: 'ZAR', name: 'South African Rand', decimals: 2 });
    const pairs = (await api.get('/api/caccount/app/v1/pairs')).json().data;
    expect(pairs).toContainEqual(
      expect.objectContaining({
        primary: 'USD',
        secondary: 'ZAR',
        rate: '18.05',
        mid_rate: '18.25',
        spread: '0.010959',
        derived: false,
      }),
    );
    // ZAR→EUR is not published: derived from the EUR→ZAR mid with its spread, 19.6 / 19.8²
    // rounded down to 6 decimals (never 1/19.6 = 0.05102, which beat the mid 0.050505).
    expect(pairs).toContainEqual(
      expect.objectContaining({
        primary: 'ZAR',
        secondary: 'EUR',
        rate: '0.049994',
        mid_rate: '0.050505',
        derived: true,
      }),
    );
    const limits = (await api.get('/api/caccount/app/v1/limits')).json().data;
    expect(limits).toContainEqual({
      currency: 'ZAR',
      min_deposit: '1000.00',
      min_withdrawal: '500.00',
      daily_withdrawal_cap: '100000.00',
    });
  });

  it('produces a CSV statement whose lines add up to the balance', async () => {
    await fund(t.app.ctx, alice, 'ZAR', '5000');
    await fund(t.app.ctx, alice, 'ZAR', '1234.56');
    const api = clientApi(t, alice);
    const transfer = await api.post('/api/caccount/app/v1/transfer', {
      from_account: alice.accounts.ZAR,
      to_account: alice.accounts.USD,
      amount: '1000.10',
      rate: '0.0542',
    });
    expect(transfer.statusCode).toBe(200);
    const res = await api.get(`/api/account/app/v1/${alice.accounts.ZAR}/statement.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(lines[0]).toEqual(['date', 'description', 'reference', 'debit', 'credit', 'balance']);
    expect(lines[1]!.slice(1, 2)).toEqual(['Opening balance']);
    const cents = (s: string | undefined) => (s ? Math.round(Number(s) * 100) : 0);
    let sum = cents(lines[1]![5]);
    for (const line of lines.slice(2)) sum += cents(line[4]) - cents(line[3]);
    expect(lines.length).toBe(5);
    const account = (await api.get('/api/account/app/v1'))
      .json()
      .data.find((a: { currency: string }) => a.currency === 'ZAR');
    expect(account.balance).toBe('5234.46');
    expect(sum).toBe(523446);
    expect(lines.at(-1)![5]).toBe('5234.46');
  });

  it('starts a ranged statement with the opening balance', async () => {
    const api = clientApi(t, alice);
    const tomorrow = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const res = await api.get(
      `/api/account/app/v1/${alice.accounts.ZAR}/statement.csv?from=${tomorrow}&to=${tomorrow}`,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(',Opening balance,,,,5234.46');
  });

  it("answers 404 for someone else's statement and 400 for bad dates, changing nothing", async () => {
    await expectNothingChanged(t, async () => {
      const other = await clientApi(t, bob).get(`/api/account/app/v1/${alice.accounts.ZAR}/statement.csv`);
      expect(other.statusCode).toBe(404);
      const badDate = await clientApi(t, alice).get(
        `/api/account/app/v1/${alice.accounts.ZAR}/statement.csv?from=2024-02-30`,
      );
      expect(badDate.statusCode).toBe(400);
      const reversed = await clientApi(t, alice).get(
        `/api/account/app/v1/${alice.accounts.ZAR}/statement.csv?from=2024-03-02&to=2024-03-01`,
      );
      expect(reversed.statusCode).toBe(400);
    });
  });

  it('documents every money route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/account/app/v1',
      '/api/account/app/v1/{id}/statement.csv',
      '/api/caccount/app/v1/currency/list',
      '/api/caccount/app/v1/pairs',
      '/api/caccount/app/v1/limits',
      '/api/caccount/app/v1/transfer',
      '/api/caccount/app/v1/exchange',
      '/api/caccount/app/v1/transfer/list',
      '/api/bankcard/app/v1/list',
      '/api/bankcard/app/v1',
      '/api/bankcard/app/v1/{id}',
      '/api/deposit/app/v1',
      '/api/deposit/app/v1/{id}',
      '/api/deposit/app/v1/list',
      '/api/withdraw/app/v1',
      '/api/withdraw/app/v1/list',
    ]) {
      expect(paths, p).toContain(p);
    }
  });

  it('leaves a sound ledger', async () => {
    const report = await checkLedger(t.app.ctx);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
