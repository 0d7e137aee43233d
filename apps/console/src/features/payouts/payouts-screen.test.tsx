// @vitest-environment happy-dom
import type { ApprovalRequest, StaffWithdrawal } from '@imali/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';

const net = stubOpsNetwork();
/** Text with Intl's no-break spaces ('ZAR\u00a01.00') as plain ones. */
const textOf = (el: Element) => (el.textContent ?? '').replace(/\s/g, ' ');
afterEach(cleanup);

const withdrawal = (over: Partial<StaffWithdrawal> = {}): StaffWithdrawal => ({
  id: 7,
  reference: 'WD-000007',
  clientId: 3,
  accountId: 11,
  currency: 'ZAR',
  amount: '75000.00',
  status: 'pending',
  reason: null,
  paymentReference: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  bankCard: { id: 2, bankName: 'FNB', cardNo: '**** 4821', holderName: 'Lerato Dlamini' },
  account: { balance: '250000.00', held: '75000.00', available: '175000.00' },
  history: [
    { id: 7, amount: '75000.00', currency: 'ZAR', status: 'pending', createdAt: '2026-11-27T09:00:00.000Z' },
  ],
  flags: ['first_withdrawal', 'needs_approval'],
  checkersRequired: 1,
  pendingApprovalId: null,
  ...over,
});

const pendingRequest = (over: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  id: 41,
  action: 'withdrawal.pay',
  itemKey: 'withdrawal:7',
  payload: {
    withdrawalId: 7,
    reference: 'WD-000007',
    accountId: 11,
    currency: 'ZAR',
    amountMinor: '7500000',
    paymentReference: 'FNB-991',
  },
  payloadHash: 'a'.repeat(64),
  amount: '75000.00',
  currency: 'ZAR',
  makerStaffId: 1,
  policyId: 2,
  policyVersion: 1,
  checkersRequired: 1,
  checkerPermission: 'payouts.approve',
  status: 'pending',
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-11-30T10:00:00.000Z',
  decidedAt: null,
  executedAt: null,
  outcome: null,
  decisions: [],
  ...over,
});

beforeEach(() => net.on('me', () => staffMe(['payments_maker'])));

describe('the payouts queue', () => {
  it("shows the pending withdrawals with the client's balance, card, history, flags and tier", async () => {
    net.on('withdrawals', () => [withdrawal()]);
    renderConsole('/payouts');
    const user = userEvent.setup();
    const list = await screen.findByRole('listbox', { name: 'Withdrawals' });
    expect(within(list).getByText('WD-000007')).toBeTruthy();
    list.focus();
    await user.keyboard('{Enter}');
    const detail = await screen.findByRole('article', { name: /Withdrawal WD-000007/ });
    expect(textOf(detail)).toMatch(/ZAR 250,000\.00 \(held ZAR 75,000\.00, available ZAR 175,000\.00\)/);
    expect(textOf(detail)).toMatch(/FNB \*\*\*\* 4821, Lerato Dlamini/);
    expect(textOf(detail)).toMatch(/Paying it needs approval by 1 checker\./);
    expect(within(detail).getByRole('list', { name: 'Flags' }).textContent).toMatch(
      /First withdrawal.*Needs approval/,
    );
    expect(net.calls('withdrawals')[0]!.query).toEqual({ status: 'pending' });
  });

  it('under the tier, paying with a reference pays at once', async () => {
    let paid = false;
    net.on('withdrawals', () =>
      paid ? [] : [withdrawal({ amount: '1200.00', checkersRequired: 0, flags: [] })],
    );
    net.on('withdrawalPay', () => {
      paid = true;
      return { status: 'executed', result: { id: 7 } };
    });
    renderConsole('/payouts');
    const user = userEvent.setup();
    await user.click(await screen.findByText('WD-000007'));
    const detail = await screen.findByRole('article', { name: /Withdrawal WD-000007/ });
    expect(textOf(detail)).toMatch(/Under the first tier: paying it pays at once\./);
    await user.click(within(detail).getByRole('button', { name: 'Pay' }));
    expect(await within(detail).findByText('Enter the payment reference.')).toBeTruthy();
    expect(net.calls('withdrawalPay')).toHaveLength(0);

    await user.type(within(detail).getByLabelText('Payment reference'), ' FNB-123 ');
    await user.click(within(detail).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Paid with reference FNB-123.')).toBeTruthy();
    expect(net.calls('withdrawalPay')[0]!.body).toEqual({ paymentReference: 'FNB-123' });
    expect(net.calls('withdrawalPay')[0]!.params.id).toBe('7');
    await waitFor(() => expect(screen.getByText('No withdrawals here.')).toBeTruthy());
  });

  it('above the tier, paying makes an approval request: waiting for approval by 1 checker', async () => {
    let requested = false;
    net.on('withdrawals', () => [withdrawal(requested ? { pendingApprovalId: 41 } : {})]);
    net.on('withdrawalPay', () => {
      requested = true;
      return { status: 'pending', request: pendingRequest() };
    });
    renderConsole('/payouts');
    const user = userEvent.setup();
    await user.click(await screen.findByText('WD-000007'));
    const detail = await screen.findByRole('article', { name: /Withdrawal WD-000007/ });
    await user.type(within(detail).getByLabelText('Payment reference'), 'FNB-991');
    await user.click(within(detail).getByRole('button', { name: 'Pay (ask for approval)' }));
    expect(await screen.findByText('Waiting for approval by 1 checker (request #41).')).toBeTruthy();
    // The queue now says so, and offers no second pay.
    expect(await within(detail).findByText(/Waiting for approval: request #41/)).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('rejecting needs a reason, and a refusal of the server is shown', async () => {
    net.on('withdrawals', () => [withdrawal()]);
    net.on('withdrawalReject', () => opsError(409, 'CONFLICT', 'The withdrawal is no longer pending.'));
    renderConsole('/payouts');
    const user = userEvent.setup();
    await user.click(await screen.findByText('WD-000007'));
    const detail = await screen.findByRole('article', { name: /Withdrawal WD-000007/ });
    await user.click(within(detail).getByRole('button', { name: 'Reject withdrawal' }));
    expect(await within(detail).findByText('A reason is required.')).toBeTruthy();
    expect(net.calls('withdrawalReject')).toHaveLength(0);
    await user.type(within(detail).getByLabelText(/Reason for rejecting/), 'Card holder differs');
    await user.click(within(detail).getByRole('button', { name: 'Reject withdrawal' }));
    expect((await within(detail).findByRole('alert')).textContent).toBe(
      'The withdrawal is no longer pending.',
    );
    expect(net.calls('withdrawalReject')[0]!.body).toEqual({ reason: 'Card holder differs' });
  });

  it('a role without payouts.request sees the queue but no pay or reject', async () => {
    net.on('me', () => staffMe(['support']));
    net.on('withdrawals', () => [withdrawal()]);
    renderConsole('/payouts');
    const user = userEvent.setup();
    await user.click(await screen.findByText('WD-000007'));
    const detail = await screen.findByRole('article', { name: /Withdrawal WD-000007/ });
    expect(within(detail).queryByRole('button')).toBeNull();
  });
});
