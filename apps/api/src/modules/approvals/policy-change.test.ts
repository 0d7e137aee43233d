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
import { APPROVALS_TEST_CONFIG } from './approvals-test-kit';
import { policyFor } from './approvals.service';

type Headers = { cookie: string; origin: string };

const tier = (currency: string | null, minAmount: string, checkersRequired: number) => ({
  currency,
  minAmount,
  checkersRequired,
  checkerPermission: 'payouts.approve',
});

/** The seeded withdrawal tiers with the first threshold lowered from R50,000.01 to R20,000.01. */
const LOWER_FIRST_TIER = [
  tier('ZAR', '0', 0),
  tier('ZAR', '20000.01', 1),
  tier('ZAR', '1000000.01', 2),
  tier(null, '0', 1),
];

describe('a change of approval tiers on the staff API: preview, policy.change request, approval', () => {
  let t: TestApp;
  let ops: AppInstance;
  let treasury: TestStaff;
  let treasury2: TestStaff;
  let checker: TestStaff;
  let treasuryHeaders: Headers;
  let treasury2Headers: Headers;
  let checkerHeaders: Headers;

  beforeAll(async () => {
    t = await createTestApp(APPROVALS_TEST_CONFIG);
    ops = await createTestOpsApp(t);
    treasury = await createTestStaff(t.app.ctx, ['treasury']);
    treasury2 = await createTestStaff(t.app.ctx, ['treasury']);
    checker = await createTestStaff(t.app.ctx, ['payments_checker']);
    treasuryHeaders = await signInStaffCookie(ops, treasury);
    treasury2Headers = await signInStaffCookie(ops, treasury2);
    checkerHeaders = await signInStaffCookie(ops, checker);
  });
  afterAll(() => t?.close());

  const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
    ops.inject({ method: 'POST', url, headers, payload });
  const zar = (amountMinor: bigint) => ({ amountMinor, currency: 'ZAR' });

  it('previews the tiers in force beside the proposal, with the version it replaces; nothing written', async () => {
    const res = await post('/ops/v1/policies/preview', treasuryHeaders, {
      action: 'withdrawal.pay',
      effectiveFrom: null,
      tiers: LOWER_FIRST_TIER,
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json().data;
    expect(preview.inForce).toMatchObject({ version: 1 });
    expect(preview.inForce.tiers.map((t: { minAmount: string }) => t.minAmount)).toEqual([
      '0.00',
      '50000.01',
      '1000000.01',
      '0.00',
    ]);
    expect(preview.proposed).toMatchObject({ version: 2, effectiveFrom: null });
    expect(preview.payload).toMatchObject({ action: 'withdrawal.pay', baseVersion: 1 });
    expect(preview.payload.tiers[1]).toMatchObject({ currency: 'ZAR', minAmount: '20000.01' });
    expect((await policyFor(t.app.ctx, 'withdrawal.pay', zar(3_000_000n))).checkersRequired).toBe(0);
  });

  it('refuses tiers out of order, without a first tier at 0, a maker-alone ledger adjustment, a past time', async () => {
    const preview = (body: object) => post('/ops/v1/policies/preview', treasuryHeaders, body);
    const unordered = await preview({
      action: 'withdrawal.pay',
      effectiveFrom: null,
      tiers: [
        tier('ZAR', '0', 0),
        tier('ZAR', '1000000.01', 2),
        tier('ZAR', '20000.01', 1),
        tier(null, '0', 1),
      ],
    });
    expect(unordered.statusCode).toBe(400);
    expect(unordered.body).toMatch(/starts above the one before it/);
    const noZero = await preview({
      action: 'withdrawal.pay',
      effectiveFrom: null,
      tiers: [tier('ZAR', '100', 0), tier(null, '0', 1)],
    });
    expect(noZero.statusCode).toBe(400);
    expect(noZero.body).toMatch(/first tier of ZAR starts at 0/);
    const alone = await preview({
      action: 'ledger.adjust',
      effectiveFrom: null,
      tiers: [tier(null, '0', 0)],
    });
    expect(alone.statusCode).toBe(400);
    expect(alone.body).toMatch(/ledger\.adjust always needs at least one checker/);
    const past = await preview({
      action: 'withdrawal.pay',
      effectiveFrom: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
      tiers: LOWER_FIRST_TIER,
    });
    expect(past.statusCode).toBe(400);
    expect(past.body).toMatch(/in the past/);
    // A payments checker may not propose tiers at all.
    expect(
      (
        await post('/ops/v1/policies/preview', checkerHeaders, {
          action: 'withdrawal.pay',
          effectiveFrom: null,
          tiers: LOWER_FIRST_TIER,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('treasury asks, cannot approve its own request; a second treasury user approves with step-up: version 2 in force', async () => {
    const asked = await post('/ops/v1/policies/request', treasuryHeaders, {
      action: 'withdrawal.pay',
      effectiveFrom: null,
      tiers: LOWER_FIRST_TIER,
    });
    expect(asked.statusCode).toBe(202);
    const request = asked.json().data.request;
    expect(request).toMatchObject({
      action: 'policy.change',
      itemKey: 'policy:withdrawal.pay',
      checkerPermission: 'treasury.approve',
    });
    expect(request.payload.before).toHaveLength(4);
    const url = `/ops/v1/approvals/${request.id}/approve`;
    const body = { payloadHash: request.payloadHash };
    expect((await post(url, await stepUpHeaders(ops, treasury, treasuryHeaders), body)).statusCode).toBe(403);
    expect((await post(url, treasury2Headers, body)).statusCode).toBe(401);
    expect((await policyFor(t.app.ctx, 'withdrawal.pay', zar(3_000_000n))).checkersRequired).toBe(0);
    const approved = await post(url, await stepUpHeaders(ops, treasury2, treasury2Headers), body);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.outcome).toMatchObject({ action: 'withdrawal.pay', version: 2 });
    expect(await policyFor(t.app.ctx, 'withdrawal.pay', zar(3_000_000n))).toMatchObject({
      checkersRequired: 1,
      version: 2,
      createdBy: treasury.id,
      approvedBy: treasury2.id,
    });
    const [row] = await t.database.query<{ approval_request_id: string }>(
      `select approval_request_id::text from approval_policy_versions where action = 'withdrawal.pay' and version = 2`,
    );
    expect(Number(row!.approval_request_id)).toBe(request.id);
  });

  it('a request made against an older version is stale at approval: cancelled, nothing written', async () => {
    const tiers = [tier('ZAR', '0', 0), tier('ZAR', '30000.01', 1), tier(null, '0', 1)];
    const asked = await post('/ops/v1/policies/request', treasuryHeaders, {
      action: 'loan.payout',
      effectiveFrom: null,
      tiers,
    });
    const request = asked.json().data.request;
    // Meanwhile another version of loan.payout is made (by SQL, as a concurrent approval would).
    await t.database.query(
      `insert into approval_policy_versions (action, version) values ('loan.payout', 2)`,
    );
    await t.database.query(
      `insert into approval_policies (action, currency, min_amount_minor, checkers_required, checker_permission, effective_from, version)
       values ('loan.payout', null, 0, 1, 'payouts.approve', now(), 2)`,
    );
    const res = await post(
      `/ops/v1/approvals/${request.id}/approve`,
      await stepUpHeaders(ops, treasury2, treasury2Headers),
      {
        payloadHash: request.payloadHash,
      },
    );
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatch(/changed since this proposal \(now version 2\)/);
    const [count] = await t.database.query<{ n: string }>(
      `select count(*)::text as n from approval_policies where action = 'loan.payout' and version = 3`,
    );
    expect(count!.n).toBe('0');
  });

  it('the database refuses a second version with the same number', async () => {
    await expect(
      t.database.query(`insert into approval_policy_versions (action, version) values ('withdrawal.pay', 2)`),
    ).rejects.toThrow(/duplicate key|unique/);
  });
});
