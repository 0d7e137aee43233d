import { TradingMessages } from '@imali/contract';
import { computeFees, feeScheduleFor, parseFeeSchedule } from '@imali/money';
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
import { createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import { markPinVerified } from '../session/session.service';
import { NPN, shiftIntoSession, tradingApi } from '../orders/orders-test-kit';
import { scheduleJson } from './fees-change.service';
import { scheduleForCountry } from './fees.service';

type Headers = { cookie: string; origin: string };

const SHIPPED_ZA = feeScheduleFor('ZA');
/** The shipped ZA lines with brokerage at `rate`. */
const zaLinesWith = (brokerageRate: string) =>
  scheduleJson(SHIPPED_ZA).lines.map((l) => (l.code === 'brokerage' ? { ...l, rate: brokerageRate } : l));

describe('fee schedules through approvals (fees.change)', () => {
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
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: String(shiftIntoSession('JSE')) });
    ops = await createTestOpsApp(t);
    treasury = await createTestStaff(t.app.ctx, ['treasury']);
    treasury2 = await createTestStaff(t.app.ctx, ['treasury']);
    support = await createTestStaff(t.app.ctx, ['support']);
    treasuryHeaders = await signInStaffCookie(ops, treasury);
    treasury2Headers = await signInStaffCookie(ops, treasury2);
    supportHeaders = await signInStaffCookie(ops, support);
    client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '100000');
  });
  afterAll(() => t?.close());

  const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
    ops.inject({ method: 'POST', url, headers, payload });
  const inMinutes = (minutes: number) =>
    new Date(t.app.ctx.clock.now().getTime() + minutes * 60_000).toISOString();
  const published = async () =>
    Number(
      (await t.database.query<{ n: string }>('select count(*)::text as n from fee_schedule_versions'))[0]!.n,
    );
  const overviewZa = async () =>
    (await ops.inject({ method: 'GET', url: '/ops/v1/fees', headers: treasuryHeaders }))
      .json()
      .data.countries.find((c: { country: string }) => c.country === 'ZA');
  const approve = async (staff: TestStaff, headers: Headers, request: { id: number; payloadHash: string }) =>
    post(`/ops/v1/approvals/${request.id}/approve`, await stepUpHeaders(ops, staff, headers), {
      payloadHash: request.payloadHash,
    });
  const previewBuy = async () => {
    const api = tradingApi(t, client);
    const q = await api.quote(NPN);
    const res = await api.preview({
      ttype: 'standard',
      ...NPN,
      quantity: '2',
      account_id: client.accounts.ZAR,
      quote_id: q.quote_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { quote: q, preview: res.json().data };
  };
  const buyAfter = async (feeSchedule: string) => {
    const api = tradingApi(t, client);
    const q = await api.quote(NPN);
    return api.buy({
      ...NPN,
      quantity: '2',
      account_id: client.accounts.ZAR,
      quote_id: q.quote_id,
      fee_schedule: feeSchedule,
    });
  };

  it('shows the shipped schedule in force per country, nothing scheduled', async () => {
    const za = await overviewZa();
    expect(za.inForce).toMatchObject({ version: SHIPPED_ZA.version, effectiveFrom: null });
    expect(za.scheduled).toEqual([]);
  });

  it('previews a change line by line with a worked example; refusals change nothing', async () => {
    const res = await post('/ops/v1/fees/preview', treasuryHeaders, {
      country: 'ZA',
      lines: zaLinesWith('0.003'),
      effectiveFrom: inMinutes(10),
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview.changes).toEqual([{ code: 'brokerage', field: 'rate', from: '0.0025', to: '0.003' }]);
    expect(preview.proposed.version).toMatch(/^ZA-\d{12}$/);
    const proposed = parseFeeSchedule(preview.proposed.schedule);
    const proposedBuy = computeFees(proposed, {
      side: 'buy',
      considerationMinor: 1_000_000n,
      quantity: '100',
    });
    // The shipped file's own worked example: R10,000 buy R62.40, sale R37.40.
    expect(preview.examples).toEqual([
      expect.objectContaining({ side: 'buy', tradeValue: '10000.00', currentFees: '62.40' }),
      expect.objectContaining({ side: 'sell', tradeValue: '10000.00', currentFees: '37.40' }),
    ]);
    expect(preview.examples[0].proposedFees).toBe(
      `${proposedBuy.totalMinor / 100n}.${String(proposedBuy.totalMinor % 100n).padStart(2, '0')}`,
    );

    const tooClose = await post('/ops/v1/fees/preview', treasuryHeaders, {
      country: 'ZA',
      lines: zaLinesWith('0.003'),
      effectiveFrom: inMinutes(1),
    });
    expect(tooClose.statusCode).toBe(409);
    expect(tooClose.json().message).toMatch(/effective time is too close; propose it again/);
    const badRate = await post('/ops/v1/fees/request', treasuryHeaders, {
      country: 'ZA',
      lines: zaLinesWith('25%'),
      effectiveFrom: inMinutes(10),
    });
    expect(badRate.statusCode).toBe(400);
    expect(badRate.json().message).toMatch(/lines\[0\]\.rate must be a decimal string/);
    const same = await post('/ops/v1/fees/request', treasuryHeaders, {
      country: 'ZA',
      lines: zaLinesWith('0.0025'),
      effectiveFrom: inMinutes(10),
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/nothing to change/);
    const bySupport = await post('/ops/v1/fees/request', supportHeaders, {
      country: 'ZA',
      lines: zaLinesWith('0.003'),
      effectiveFrom: inMinutes(10),
    });
    expect(bySupport.statusCode).toBe(403);
    const [requests] = await t.database.query<{ n: string }>(
      "select count(*)::text as n from approval_requests where action = 'fees.change'",
    );
    expect(requests!.n).toBe('0');
    expect(await published()).toBe(0);
  });

  it('approved by a second treasury user, applies only from its effective time; a buy previewed before is refused after', async () => {
    const before = await previewBuy();
    expect(before.preview.fee_schedule).toBe(SHIPPED_ZA.version);

    const asked = await post('/ops/v1/fees/request', treasuryHeaders, {
      country: 'ZA',
      lines: zaLinesWith('0.003'),
      effectiveFrom: inMinutes(5),
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const request = asked.json().data.request;
    expect(request).toMatchObject({ action: 'fees.change', checkerPermission: 'treasury.approve' });
    // The maker cannot approve their own change.
    expect((await approve(treasury, treasuryHeaders, request)).statusCode).toBe(403);
    expect(await published()).toBe(0);
    const approved = await approve(treasury2, treasury2Headers, request);
    expect(approved.statusCode, approved.body).toBe(200);
    const version = approved.json().data.outcome.version as string;
    expect(version).toMatch(/^ZA-\d{12}$/);

    // Scheduled, not yet in force: orders still price with the shipped schedule.
    const za = await overviewZa();
    expect(za.inForce.version).toBe(SHIPPED_ZA.version);
    expect(za.scheduled).toMatchObject([
      { version, makerStaffId: treasury.id, approverStaffId: treasury2.id },
    ]);
    expect((await previewBuy()).preview.fee_schedule).toBe(SHIPPED_ZA.version);

    t.clock.advance(5 * 60_000 + 1000);
    // (The PIN verification lasts minutes: the client verifies again, as the app asks.)
    await markPinVerified(t.app.ctx, client.sessionId);
    expect(scheduleForCountry(t.app.ctx, 'ZA').version).toBe(version);
    const balance = async () =>
      (
        await t.database.query<{ b: string }>('select balance_minor::text as b from accounts where id = $1', [
          client.accounts.ZAR,
        ])
      )[0]!.b;
    const cash = await balance();
    const stale = await buyAfter(before.preview.fee_schedule);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(TradingMessages.feesChanged);
    expect(await balance()).toBe(cash);

    const after = await previewBuy();
    expect(after.preview.fee_schedule).toBe(version);
    const fresh = await buyAfter(version);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await overviewZa()).inForce).toMatchObject({ version, approverStaffId: treasury2.id });
  });

  it('a stale proposal, or one whose time came too close, is refused at approval; nothing published', async () => {
    const count = await published();
    const stale = await post('/ops/v1/fees/request', treasuryHeaders, {
      country: 'ZA',
      lines: zaLinesWith('0.0035'),
      effectiveFrom: inMinutes(30),
    });
    expect(stale.statusCode, stale.body).toBe(202);
    // Another version published meanwhile (as a second approval would).
    const latest = (await overviewZa()).inForce.schedule;
    await t.database.query(
      `insert into fee_schedule_versions (country, version, schedule, effective_from, maker_staff_id, approver_staff_id, created_at)
       values ('ZA', 'ZA-OTHER', $1::jsonb, now() + interval '1 day', $2, $3, now())`,
      [JSON.stringify({ ...latest, version: 'ZA-OTHER' }), treasury.id, treasury2.id],
    );
    const refused = await approve(treasury2, treasury2Headers, stale.json().data.request);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/fees of ZA changed since this proposal \(now ZA-OTHER\)/);
    expect(await published()).toBe(count + 1);

    const close = await post('/ops/v1/fees/request', treasuryHeaders, {
      country: 'ZA',
      lines: zaLinesWith('0.005'),
      effectiveFrom: inMinutes(3),
    });
    expect(close.statusCode, close.body).toBe(202);
    t.clock.advance(90_000);
    const late = await approve(treasury2, treasury2Headers, close.json().data.request);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/effective time is too close; propose it again/);
    expect(await published()).toBe(count + 1);
    await expect(t.database.query("update fee_schedule_versions set country = 'ZA'")).rejects.toThrow(
      /append-only/,
    );
  });
});
