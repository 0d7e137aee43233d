// @vitest-environment happy-dom
import type { ApprovalPolicy, MoneyLimitsOverview } from '@imali/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';
import { tiersInForce } from './policies-section';

const net = stubOpsNetwork();
afterEach(cleanup);

const LIMITS: MoneyLimitsOverview = {
  inForce: {
    version: 0,
    effectiveFrom: null,
    createdBy: null,
    approvedBy: null,
    limits: (['ZAR', 'USD', 'EUR', 'GBP', 'INR'] as const).map((currency) => ({
      currency,
      minDeposit: currency === 'ZAR' ? '1000.00' : '50.00',
      minWithdrawal: '25.00',
      dailyWithdrawalCap: currency === 'ZAR' ? '100000.00' : null,
    })),
  },
  scheduled: [],
};
beforeEach(() => net.on('limits', () => LIMITS));
// The fee schedules (fees-section.test.tsx tests them): none shown here.
beforeEach(() => net.on('fees', () => ({ countries: [] })));

let nextId = 1;
const policy = (over: Partial<ApprovalPolicy>): ApprovalPolicy => ({
  id: nextId++,
  action: 'withdrawal.pay',
  currency: 'ZAR',
  minAmount: '0.00',
  checkersRequired: 0,
  checkerPermission: 'payouts.approve',
  effectiveFrom: '2000-01-01T00:00:00.000Z',
  version: 1,
  createdBy: null,
  approvedBy: null,
  ...over,
});

const POLICIES = [
  policy({ minAmount: '0.00', checkersRequired: 0 }),
  policy({ minAmount: '50000.01', checkersRequired: 1 }),
  policy({ minAmount: '1000000.01', checkersRequired: 2 }),
  policy({ currency: null, minAmount: '0.00', checkersRequired: 1 }),
  policy({
    action: 'fees.change',
    currency: null,
    checkersRequired: 1,
    checkerPermission: 'treasury.approve',
  }),
  // A later version not yet in force.
  policy({ action: 'fees.change', currency: null, version: 2, effectiveFrom: '2999-01-01T00:00:00.000Z' }),
];

describe('the approval tiers', () => {
  it('takes per action (payouts first) the newest version in force, tiers by amount with where each ends', () => {
    const [withdrawals, fees] = tiersInForce(POLICIES, new Date('2026-11-28T00:00:00Z'));
    expect(fees).toMatchObject({ action: 'fees.change', version: 1, scheduled: 1 });
    expect(withdrawals!.tiers.map((t) => [t.currency, t.minAmount, t.upTo, t.checkersRequired])).toEqual([
      ['ZAR', '0.00', '50000.00', 0],
      ['ZAR', '50000.01', '1000000.00', 1],
      ['ZAR', '1000000.01', null, 2],
      [null, '0.00', null, 1],
    ]);
  });

  it('are shown on Staff & policies to a payments checker (policies.read)', async () => {
    net.on('me', () => staffMe(['payments_checker']));
    net.on('approvalPolicies', () => POLICIES);
    renderConsole('/staff');
    const table = await screen.findByRole('table', { name: 'Approval tiers in force, per action' });
    const text = (table.textContent ?? '').replace(/\s/g, ' ');
    expect(text).toMatch(/ZAR 0\.00 to ZAR 50,000\.00none \(maker alone\)—v1/);
    expect(text).toMatch(/ZAR 50,000\.01 to ZAR 1,000,000\.001payouts\.approve/);
    expect(text).toMatch(/from ZAR 1,000,000\.012payouts\.approve/);
    expect(text).toMatch(/any amount in another currency1payouts\.approve/);
    // An action with one currency-less tier applies it to any amount.
    expect(text).toMatch(/fees\.changeany amount1treasury\.approve/);
    expect(within(table).getByText('1 later version(s) scheduled')).toBeTruthy();
  });
});

describe('proposing a change (treasury.request)', () => {
  it('a payments checker sees the tiers and limits, and no way to propose', async () => {
    net.on('me', () => staffMe(['payments_checker']));
    net.on('approvalPolicies', () => POLICIES);
    renderConsole('/staff');
    await screen.findByRole('table', { name: 'Client money limits in force' });
    expect(screen.queryByRole('heading', { name: 'Propose a change of tiers' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Propose new limits' })).toBeNull();
  });

  it('treasury edits the tiers in force, sees a problem before sending, previews both sides, requests', async () => {
    const user = userEvent.setup();
    net.on('me', () => staffMe(['treasury']));
    net.on('approvalPolicies', () => POLICIES);
    const sent: unknown[] = [];
    net.on('policyPreview', ({ body }) => {
      const input = body as {
        tiers: {
          currency: string | null;
          minAmount: string;
          checkersRequired: number;
          checkerPermission: 'payouts.approve';
        }[];
      };
      const v1 = {
        version: 1,
        effectiveFrom: '2000-01-01T00:00:00.000Z',
        tiers: POLICIES.slice(0, 4).map(({ currency, minAmount, checkersRequired }) => ({
          currency,
          minAmount,
          checkersRequired,
          checkerPermission: 'payouts.approve' as const,
        })),
      };
      return {
        action: 'withdrawal.pay',
        inForce: v1,
        latest: v1,
        proposed: { version: 2, effectiveFrom: null, tiers: input.tiers },
        payload: {
          action: 'withdrawal.pay',
          effectiveFrom: null,
          tiers: input.tiers,
          baseVersion: 1,
          before: [],
        },
      };
    });
    net.on('policyRequest', ({ body }) => {
      sent.push(body);
      return {
        status: 'pending',
        request: {
          id: 7100,
          action: 'policy.change',
          itemKey: 'policy:withdrawal.pay',
          payload: {},
          payloadHash: 'a'.repeat(64),
          amount: null,
          currency: null,
          makerStaffId: 1,
          policyId: 1,
          policyVersion: 1,
          checkersRequired: 1,
          checkerPermission: 'treasury.approve',
          status: 'pending',
          createdAt: '2026-11-28T10:00:00.000Z',
          expiresAt: '2026-11-29T10:00:00.000Z',
          decidedAt: null,
          executedAt: null,
          outcome: null,
          decisions: [],
        },
      };
    });
    renderConsole('/staff');
    const form = await screen.findByRole('form', { name: 'Propose a change of tiers' });
    await user.selectOptions(within(form).getByLabelText('Action'), 'withdrawal.pay');
    // Out of order: said at once, nothing sent.
    await user.clear(within(form).getByLabelText('Tier 2 from amount'));
    await user.type(within(form).getByLabelText('Tier 2 from amount'), '2000000');
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(
      /Tier 3: each tier of ZAR starts above the one before it/,
    );
    await user.clear(within(form).getByLabelText('Tier 2 from amount'));
    await user.type(within(form).getByLabelText('Tier 2 from amount'), '20000.01');
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    const preview = await within(form).findByRole('region', { name: 'Tiers preview' });
    expect(within(preview).getByRole('table', { name: 'Tiers now' }).textContent).toMatch(
      /R\s?50\s?000,01|50,000\.01/,
    );
    expect(within(preview).getByRole('table', { name: 'Tiers proposed' }).textContent).toMatch(
      /20,000\.01|20\s?000,01/,
    );
    await user.click(within(preview).getByRole('button', { name: 'Request approval' }));
    await within(preview).findByText(/Waiting for approval by 1 checker \(request #7100\)/);
    expect(sent).toMatchObject([{ action: 'withdrawal.pay', baseVersion: 1, effectiveFrom: null }]);
  });
});
