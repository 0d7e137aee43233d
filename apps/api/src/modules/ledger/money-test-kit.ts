/**
 * Test helpers for the money modules: a signed-in, KYC-approved client with a fresh PIN, without
 * going through the identity routes, plus funding and "nothing changed" snapshots.
 */
import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { AppContext } from '../../lib/context';
import type { TestApp } from '../../test/test-app';
import { signedInClient } from '../../test/signed-in-client';
import { markPinVerified, startSession } from '../session/session.service';
import { confirmDeposit, createDeposit } from '../deposits/deposits.service';
import { setRate } from '../fx/fx.service';
import { clientAccounts } from './ledger.service';

export interface TestClient {
  clientId: number;
  token: string;
  sessionId: string;
  accounts: Record<'ZAR' | 'USD' | 'EUR' | 'GBP', number>;
}

let keyCounter = 0;
export const newKey = () => `test-${Date.now().toString(36)}-${(keyCounter += 1)}-${randomInt(1e9)}`;

export async function createTestClient(
  ctx: AppContext,
  options: { kyc?: 'approved' | 'pending' | 'unverified'; pin?: boolean } = {},
): Promise<TestClient> {
  const { clientId, token, sessionId } = await signedInClient(ctx, {
    kyc: options.kyc ?? 'approved',
    name: 'Money Tester',
  });
  if (options.pin !== false) await markPinVerified(ctx, sessionId);
  const rows = await clientAccounts(ctx, clientId);
  const accounts = Object.fromEntries(rows.map((a) => [a.currency, a.id])) as TestClient['accounts'];
  return { clientId, token, sessionId, accounts };
}

/** Credits `amount` through a real deposit confirmed by an operator. */
export async function fund(
  ctx: AppContext,
  client: TestClient,
  currency: keyof TestClient['accounts'],
  amount: string,
) {
  const { data } = await createDeposit(
    ctx,
    client.clientId,
    { clientId: client.clientId, key: newKey(), requestHash: 'fund' },
    { accountId: client.accounts[currency], amount, method: 'EFT' },
  );
  await confirmDeposit(ctx, data.id, 'ops:test');
  return data.id;
}

export async function publishRates(ctx: AppContext) {
  await setRate(ctx, { from: 'USD', to: 'ZAR', rate: '18.05', mid: '18.25' }, 'ops:test');
  await setRate(ctx, { from: 'ZAR', to: 'USD', rate: '0.0542', mid: '0.054795' }, 'ops:test');
  await setRate(ctx, { from: 'EUR', to: 'ZAR', rate: '19.6', mid: '19.8' }, 'ops:test');
}

/** A client of the API through app.inject with the bearer token. */
export function clientApi(t: TestApp, client: TestClient) {
  const headers = (key?: string | null) => ({
    authorization: `Bearer ${client.token}`,
    ...(key === null ? {} : { 'idempotency-key': key ?? newKey() }),
  });
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: headers(null) }),
    /** POST with a fresh idempotency key unless one is given (null: no header at all). */
    post: (url: string, payload: unknown, key?: string | null) =>
      t.app.inject({ method: 'POST', url, headers: headers(key), payload: payload as object }),
    put: (url: string, payload: unknown) =>
      t.app.inject({ method: 'PUT', url, headers: headers(null), payload: payload as object }),
    delete: (url: string) => t.app.inject({ method: 'DELETE', url, headers: headers(null) }),
    /** A withdrawal as the app makes it: the PIN verified just before (each one spends its own). */
    withdraw: async (payload: unknown, key?: string) => {
      await markPinVerified(t.app.ctx, client.sessionId);
      return t.app.inject({
        method: 'POST',
        url: '/api/withdraw/app/v1',
        headers: headers(key),
        payload: payload as object,
      });
    },
  };
}

/** Another signed-in session of the same client, with a fresh PIN (for bursts where each needs one). */
export async function newPinSession(ctx: AppContext, client: TestClient): Promise<TestClient> {
  const { token, session } = await startSession(ctx, { clientId: client.clientId, remember: false });
  await markPinVerified(ctx, session.id);
  return { ...client, token, sessionId: session.id };
}

/** Everything money-related in the database, to assert that a refused request changed nothing. */
export async function moneySnapshot(t: TestApp) {
  const [row] = await t.database.query<Record<string, string>>(`
    select (select count(*) from journal_entries)::text as entries,
           (select count(*) from postings)::text as postings,
           (select count(*) from deposits)::text as deposits,
           (select count(*) from withdrawals)::text as withdrawals,
           (select count(*) from holds)::text as holds,
           (select count(*) from transfers)::text as transfers,
           (select count(*) from bank_cards)::text as bank_cards,
           (select count(*) from idempotency_keys)::text as idempotency_keys,
           (select string_agg(id || ':' || balance_minor || ':' || held_minor, ',' order by id) from accounts) as balances,
           (select string_agg(id || ':' || bank_name || ':' || card_no || ':' || holder_name || ':' || coalesce(deleted_at::text, ''), ',' order by id) from bank_cards) as cards,
           (select string_agg(id || ':' || status || ':' || coalesce(proof_upload_id::text, ''), ',' order by id) from deposits) as deposit_states,
           (select string_agg(id || ':' || status, ',' order by id) from withdrawals) as withdrawal_states`);
  return row!;
}

/** Runs `action` and asserts the database's money state is exactly as before. */
export async function expectNothingChanged(t: TestApp, action: () => Promise<unknown>) {
  const before = await moneySnapshot(t);
  await action();
  expect(await moneySnapshot(t)).toEqual(before);
}
