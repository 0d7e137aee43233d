// @vitest-environment happy-dom
import type { ApprovalPolicy } from '@imali/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';
import { tiersInForce } from './policies-section';

const net = stubOpsNetwork();
afterEach(cleanup);

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
