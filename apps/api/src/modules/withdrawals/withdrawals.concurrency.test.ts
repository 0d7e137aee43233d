import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DomainError } from '../../plugins/errors';
import { checkLedger } from '../ledger/ledger-check.service';
import {
  clientApi,
  createTestClient,
  fund,
  newKey,
  newPinSession,
  publishRates,
} from '../ledger/money-test-kit';
import { payWithdrawal, rejectWithdrawal } from './withdrawals.service';

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.DATABASE_URL)('money under concurrency (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await publishRates(t.app.ctx);
  });
  afterAll(() => t?.close());

  it('1,000 concurrent withdrawals against a balance covering exactly 10: 10 succeed, the rest are refused cleanly', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '5000');
    const api = clientApi(t, client);
    const card = (
      await api.post(
        '/api/bankcard/app/v1',
        { bank_name: 'FNB', card_no: '62812345678', holder_name: 'M Tester' },
        null,
      )
    ).json().data.id;

    // Each withdrawal needs a PIN verification of its own: 1,000 sessions, one PIN each.
    const sessions = [];
    for (let i = 0; i < 1000; i += 1) sessions.push(await newPinSession(t.app.ctx, client));
    const responses = await Promise.all(
      sessions.map((session) =>
        clientApi(t, session).post('/api/withdraw/app/v1', {
          amount: '500',
          account_id: client.accounts.ZAR,
          receiver: card,
        }),
      ),
    );
    const byStatus = new Map<number, number>();
    for (const r of responses) byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 200: 10, 409: 990 });
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', data: null });
    }
    const zar = (await api.get('/api/account/app/v1'))
      .json()
      .data.find((a: { currency: string }) => a.currency === 'ZAR');
    expect(zar).toMatchObject({ balance: '5000.00', held: '5000.00', available: '0.00' });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('500 concurrent withdrawals on one PIN verification: exactly one goes through', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '50000');
    const api = clientApi(t, client);
    const card = (
      await api.post(
        '/api/bankcard/app/v1',
        { bank_name: 'FNB', card_no: '62812345679', holder_name: 'M Tester' },
        null,
      )
    ).json().data.id;
    const responses = await Promise.all(
      Array.from({ length: 500 }, () =>
        api.post('/api/withdraw/app/v1', { amount: '500', account_id: client.accounts.ZAR, receiver: card }),
      ),
    );
    const byStatus = new Map<number, number>();
    for (const r of responses) byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 200: 1, 403: 499 });
    const zar = (await api.get('/api/account/app/v1'))
      .json()
      .data.find((a: { currency: string }) => a.currency === 'ZAR');
    expect(zar).toMatchObject({ balance: '50000.00', held: '500.00' });
  });

  it('1,000 concurrent transfers with one idempotency key: one entry, every caller gets the same answer', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '5000');
    const api = clientApi(t, client);
    const key = newKey();
    const body = {
      from_account: client.accounts.ZAR,
      to_account: client.accounts.USD,
      amount: '100',
      rate: '0.0542',
    };
    const responses = await Promise.all(
      Array.from({ length: 1000 }, () => api.post('/api/caccount/app/v1/transfer', body, key)),
    );
    expect(responses.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const ids = new Set(responses.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    const [row] = await t.database.query<{ n: string }>(
      `select count(*)::text as n from journal_entries where client_id = $1 and kind = 'transfer'`,
      [client.clientId],
    );
    expect(row!.n).toBe('1');
    const zar = (await api.get('/api/account/app/v1'))
      .json()
      .data.find((a: { currency: string }) => a.currency === 'ZAR');
    expect(zar.balance).toBe('4900.00');
  });

  it('100 concurrent pay/reject decisions on one withdrawal: exactly one wins', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '2000');
    const api = clientApi(t, client);
    const card = (
      await api.post(
        '/api/bankcard/app/v1',
        { bank_name: 'FNB', card_no: '62812345670', holder_name: 'M Tester' },
        null,
      )
    ).json().data.id;
    const w = (
      await api.withdraw({
        amount: '1000',
        account_id: client.accounts.ZAR,
        receiver: card,
      })
    ).json().data;
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0
          ? payWithdrawal(t.app.ctx, w.id, `ops:racer${i}`)
          : rejectWithdrawal(t.app.ctx, w.id, 'race', `ops:racer${i}`),
      ),
    );
    const winners = results.filter((r) => r.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') {
        expect(r.reason).toBeInstanceOf(DomainError);
        expect((r.reason as DomainError).code).toBe('CONFLICT');
      }
    }
    const [audit] = await t.database.query<{ n: string }>(
      `select count(*)::text as n from audit_log where subject_type = 'withdrawal' and subject_id = $1`,
      [String(w.id)],
    );
    expect(audit!.n).toBe('1');
    const zar = (await api.get('/api/account/app/v1'))
      .json()
      .data.find((a: { currency: string }) => a.currency === 'ZAR');
    const won = (winners[0] as PromiseFulfilledResult<{ status: string }>).value.status;
    expect(zar).toMatchObject(
      won === 'paid' ? { balance: '1000.00', held: '0.00' } : { balance: '2000.00', held: '0.00' },
    );
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
