import { MONEY_CURRENCIES } from '@imali/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  createTestOpsApp,
  createTestStaff,
  signInStaffCookie,
  stepUpHeaders,
  type TestStaff,
} from '../../test/staff';
import { clientApi, createTestClient, type TestClient } from '../ledger/money-test-kit';
import { clientLimitsView } from './limits.service';

type Headers = { cookie: string; origin: string };

/** Today's configured limits (env.ts defaults), with ZAR's minimum deposit changed. */
const limitsWith = (zarMinDeposit: string) =>
  MONEY_CURRENCIES.map((currency) => ({
    currency,
    minDeposit: { ZAR: zarMinDeposit, USD: '50', EUR: '50', GBP: '50', INR: '4000' }[currency],
    minWithdrawal: { ZAR: '500', USD: '25', EUR: '25', GBP: '25', INR: '2000' }[currency],
    dailyWithdrawalCap: { ZAR: '100000', USD: '5000', EUR: '5000', GBP: '5000', INR: '400000' }[currency],
  }));

describe('client money limits as approved data (limits.change)', () => {
  let t: TestApp;
  let ops: AppInstance;
  let treasury: TestStaff;
  let treasury2: TestStaff;
  let support: TestStaff;
  let treasuryHeaders: Headers;
  let treasury2Headers: Headers;
  let supportHeaders: Headers;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    ops = await createTestOpsApp(t);
    treasury = await createTestStaff(t.app.ctx, ['treasury']);
    treasury2 = await createTestStaff(t.app.ctx, ['treasury']);
    support = await createTestStaff(t.app.ctx, ['support']);
    treasuryHeaders = await signInStaffCookie(ops, treasury);
    treasury2Headers = await signInStaffCookie(ops, treasury2);
    supportHeaders = await signInStaffCookie(ops, support);
    client = await createTestClient(t.app.ctx);
  });
  afterAll(() => t?.close());

  const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
    ops.inject({ method: 'POST', url, headers, payload });
  const clientZar = async () =>
    (
      (await clientApi(t, client).get('/api/caccount/app/v1/limits')).json().data as {
        currency: string;
        min_deposit: string;
      }[]
    ).find((l) => l.currency === 'ZAR');
  const deposit = (amount: string) =>
    clientApi(t, client).post('/api/deposit/app/v1', {
      account_id: client.accounts.ZAR,
      amount,
      method: 'EFT',
    });
  const approveWithStepUp = async (request: { id: number; payloadHash: string }) =>
    post(`/ops/v1/approvals/${request.id}/approve`, await stepUpHeaders(ops, treasury2, treasury2Headers), {
      payloadHash: request.payloadHash,
    });

  it('before any publication the configuration is in force (version 0): nothing changes for clients', async () => {
    expect(await clientZar()).toEqual({
      currency: 'ZAR',
      min_deposit: '1000.00',
      min_withdrawal: '500.00',
      daily_withdrawal_cap: '100000.00',
    });
    const res = await ops.inject({ method: 'GET', url: '/ops/v1/limits', headers: treasuryHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ inForce: { version: 0, effectiveFrom: null }, scheduled: [] });
    expect((await deposit('999.99')).statusCode).toBe(400);
  });

  it('a proposal is previewed beside the limits in force; support may not propose; unchanged is refused', async () => {
    const res = await post('/ops/v1/limits/preview', treasuryHeaders, {
      effectiveFrom: null,
      limits: limitsWith('200'),
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json().data;
    expect(preview.changes).toEqual([
      { currency: 'ZAR', field: 'minDeposit', from: '1000.00', to: '200.00' },
    ]);
    expect(preview.proposed).toMatchObject({ version: 1, effectiveFrom: null });
    expect(preview.payload).toMatchObject({ baseVersion: 0 });
    const same = await post('/ops/v1/limits/preview', treasuryHeaders, {
      effectiveFrom: null,
      limits: limitsWith('1000'),
    });
    expect(same.statusCode).toBe(400);
    expect(same.body).toMatch(/nothing to change/);
    const badCap = limitsWith('200').map((l) =>
      l.currency === 'USD' ? { ...l, dailyWithdrawalCap: '10' } : l,
    );
    const refused = await post('/ops/v1/limits/preview', treasuryHeaders, {
      effectiveFrom: null,
      limits: badCap,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/USD: the daily cap is below the minimum withdrawal/);
    expect(
      (
        await post('/ops/v1/limits/request', supportHeaders, {
          effectiveFrom: null,
          limits: limitsWith('200'),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('asked by treasury, approved by a second treasury user with step-up: the new minimum applies to deposits', async () => {
    const asked = await post('/ops/v1/limits/request', treasuryHeaders, {
      effectiveFrom: null,
      limits: limitsWith('200'),
    });
    expect(asked.statusCode).toBe(202);
    const request = asked.json().data.request;
    expect(request).toMatchObject({ action: 'limits.change', checkerPermission: 'treasury.approve' });
    // The maker cannot approve; without step-up nothing happens; the old minimum still holds.
    expect(
      (
        await post(
          `/ops/v1/approvals/${request.id}/approve`,
          await stepUpHeaders(ops, treasury, treasuryHeaders),
          {
            payloadHash: request.payloadHash,
          },
        )
      ).statusCode,
    ).toBe(403);
    expect((await deposit('300')).statusCode).toBe(400);
    const approved = await approveWithStepUp(request);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.outcome).toMatchObject({ version: 1 });
    expect((await clientZar())?.min_deposit).toBe('200.00');
    expect((await deposit('300')).statusCode).toBe(200);
    expect((await deposit('199.99')).json().message).toBe('Minimum deposit is 200.00 ZAR.');
    const overview = (
      await ops.inject({ method: 'GET', url: '/ops/v1/limits', headers: treasuryHeaders })
    ).json().data;
    expect(overview.inForce).toMatchObject({ version: 1, createdBy: treasury.id, approvedBy: treasury2.id });
  });

  it('a proposal made against an older version is refused at approval (409); nothing published', async () => {
    const first = await post('/ops/v1/limits/request', treasuryHeaders, {
      effectiveFrom: null,
      limits: limitsWith('300'),
    });
    const request = first.json().data.request;
    await t.database.query(
      `insert into money_limit_versions (version, effective_from, created_by, approved_by, created_at)
       values (2, now(), $1, $2, now())`,
      [treasury.id, treasury2.id],
    );
    await t.database.query(
      `insert into money_limits select 2, currency, min_deposit_minor, min_withdrawal_minor, daily_withdrawal_cap_minor
         from money_limits where version = 1`,
    );
    const res = await approveWithStepUp(request);
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatch(/limits changed since this proposal \(now version 2\)/);
    const [row] = await t.database.query<{ n: string }>(
      'select count(*)::text as n from money_limit_versions',
    );
    expect(row!.n).toBe('2');
    // Published limits are a record: never changed.
    await expect(t.database.query('update money_limits set min_deposit_minor = 1')).rejects.toThrow(
      /append-only/,
    );
  });
  it('a version with a later effective time is scheduled, and applies once its time has come', async () => {
    const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const asked = await post('/ops/v1/limits/request', treasuryHeaders, {
      effectiveFrom: at,
      limits: limitsWith('250'),
    });
    expect((await approveWithStepUp(asked.json().data.request)).statusCode).toBe(200);
    const overview = (
      await ops.inject({ method: 'GET', url: '/ops/v1/limits', headers: treasuryHeaders })
    ).json().data;
    expect(overview.inForce.version).toBe(2);
    expect(overview.scheduled).toMatchObject([{ version: 3, effectiveFrom: at }]);
    expect((await clientZar())?.min_deposit).toBe('200.00');
    // (Sessions do not outlive the hour: the client's view is read from the service.)
    t.clock.advance(3_600_000 + 1000);
    expect((await clientLimitsView(t.app.ctx)).find((l) => l.currency === 'ZAR')?.min_deposit).toBe('250.00');
  });
});
