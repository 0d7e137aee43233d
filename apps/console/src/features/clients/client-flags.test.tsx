// @vitest-environment happy-dom
import type { Client360, ClientDashboardView, ClientFlagEvent } from '@imali/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';

const net = stubOpsNetwork();
afterEach(cleanup);

/** Text with Intl's no-break spaces as plain spaces. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');

const event = (value: boolean, reason: string, id = 1): ClientFlagEvent => ({
  id,
  flag: 'withdrawals_blocked',
  value,
  reason,
  staffId: 4,
  createdAt: '2026-11-28T09:00:00.000Z',
});

const client = (history: ClientFlagEvent[] = []): Client360 => ({
  profile: {
    id: 1,
    displayName: 'Thandi',
    name: 'Thandi Demo',
    mobile: '0821234567',
    email: null,
    country: 'ZA',
    vip: 0,
    score: 0,
    hasPin: true,
    pinLocked: false,
    inviteCode: null,
    registeredAt: '2026-01-01T08:00:00.000Z',
  },
  kyc: { status: 'approved', reason: null, submissions: [] },
  accounts: [],
  recentLedgerLines: [],
  orders: { holding: [], awaiting: [], recentHistory: [] },
  positions: [],
  sessions: [],
  flags: {
    allowBonus: true,
    allowCompensation: false,
    allowLoan: true,
    withdrawalsBlocked: history[0]?.value ?? false,
    history,
  },
  auditTrail: [],
  notes: [],
});

describe('client flags in the client 360', () => {
  it('payments_maker blocks withdrawals with a reason, then unblocks them', async () => {
    net.on('me', () => staffMe(['payments_maker']));
    let history: ClientFlagEvent[] = [];
    net.on('client360', () => client(history));
    net.on('clientWithdrawalsBlocked', ({ body }) => {
      const b = body as { blocked: boolean; reason: string };
      history = [event(b.blocked, b.reason, history.length + 1), ...history];
      return history[0];
    });
    renderConsole('/clients/1');
    const user = userEvent.setup();
    const flags = await screen.findByRole('region', { name: 'Flags' });
    expect(text(flags)).toMatch(/Bonus allowed\s*yes/);
    expect(text(flags)).toMatch(/Compensation allowed\s*no/);
    expect(text(flags)).toMatch(/Loans allowed\s*yes/);
    expect(within(flags).getByTestId('withdrawals-state').textContent).toBe('allowed');

    await user.click(within(flags).getByRole('button', { name: 'Block withdrawals' }));
    expect(await within(flags).findByText('Give the reason (up to 500 characters).')).toBeTruthy();
    expect(net.calls('clientWithdrawalsBlocked')).toHaveLength(0);
    await user.type(within(flags).getByLabelText(/Why withdrawals are blocked/), 'Card reported stolen');
    await user.click(within(flags).getByRole('button', { name: 'Block withdrawals' }));
    await within(flags).findByText(/Withdrawals are blocked: new requests are refused/);
    expect(net.calls('clientWithdrawalsBlocked')[0]!.body).toEqual({
      blocked: true,
      reason: 'Card reported stolen',
    });
    await waitFor(() =>
      expect(within(flags).getByTestId('withdrawals-state').textContent).toMatch(
        /^blocked since .* by staff 4: Card reported stolen$/,
      ),
    );

    await user.type(within(flags).getByLabelText(/Why withdrawals may go ahead again/), 'Bank confirmed');
    await user.click(within(flags).getByRole('button', { name: 'Unblock withdrawals' }));
    await within(flags).findByText('Withdrawals are allowed again.');
    expect(net.calls('clientWithdrawalsBlocked')[1]!.body).toEqual({
      blocked: false,
      reason: 'Bank confirmed',
    });
    await waitFor(() => expect(within(flags).getByTestId('withdrawals-state').textContent).toBe('allowed'));
    const list = within(flags).getByRole('list', { name: 'Withdrawal block history' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => text(li).replace(/^.*?(blocked|unblocked)/, '$1')),
    ).toEqual(['unblocked by staff 4: Bank confirmed', 'blocked by staff 4: Card reported stolen']);
  });

  it('payments_maker turns loans off with a reason; an empty reason is refused before any request', async () => {
    net.on('me', () => staffMe(['payments_maker']));
    let allowLoan = true;
    net.on('client360', () => {
      const c = client();
      return { ...c, flags: { ...c.flags, allowLoan } };
    });
    net.on('clientApplicationSwitch', ({ body }) => {
      allowLoan = (body as { allowed: boolean }).allowed;
      return { allowBonus: true, allowCompensation: false, allowLoan };
    });
    renderConsole('/clients/1');
    const user = userEvent.setup();
    const flags = await screen.findByRole('region', { name: 'Flags' });
    const form = within(flags).getByRole('form', { name: 'Change an application switch' });
    expect(within(form).getByLabelText('Application switch')).toHaveProperty('value', 'loan');
    await user.click(within(form).getByRole('button', { name: 'Turn off: loans' }));
    expect(await within(form).findByText('Give the reason (up to 500 characters).')).toBeTruthy();
    expect(net.calls('clientApplicationSwitch')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Why/), 'Affordability under review');
    await user.click(within(form).getByRole('button', { name: 'Turn off: loans' }));
    await within(form).findByText('Loans: not allowed now.');
    expect(net.calls('clientApplicationSwitch')[0]!.body).toEqual({
      flag: 'loan',
      allowed: false,
      reason: 'Affordability under review',
    });
    await waitFor(() => expect(text(flags)).toMatch(/Loans allowed\s*no/));
    expect(within(form).getByRole('button', { name: 'Turn on: loans' })).toBeTruthy();

    // Compensation is off: the form offers to turn it on.
    await user.selectOptions(within(form).getByLabelText('Application switch'), 'compensation');
    expect(within(form).getByRole('button', { name: 'Turn on: compensation' })).toBeTruthy();
  });

  it('a reader sees the block and why, with no control and no "view as client" without clients.view_as', async () => {
    net.on('me', () => staffMe(['support']));
    net.on('client360', () => client([event(true, 'Court order')]));
    renderConsole('/clients/1');
    const flags = await screen.findByRole('region', { name: 'Flags' });
    expect(within(flags).getByTestId('withdrawals-state').textContent).toMatch(/^blocked .*Court order$/);
    expect(within(flags).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: /View as client/ })).toBeNull();
  });
});

const dashboard: ClientDashboardView = {
  client: { id: 1, displayName: 'Thandi', country: 'ZA' },
  portfolio: {
    account_id: null,
    currency: 'ZAR',
    converted: true,
    cash: { balance: '12345.67', available: '12000.00', held: '345.67' },
    market_value: '5000.00',
    cost: '4000.00',
    unrealised_profit: '1000.00',
    realised_profit: '0.00',
    total_value: '17345.67',
    day_change: '12.50',
    day_change_ratio: '0.00072',
    returns: [],
    allocation: { by_product: [], by_sector: [] },
    as_of: '2026-11-28T09:00:00.000Z',
    liabilities: { total: '0.00', loans: [] },
    net_value: '17345.67',
  },
  assets: {
    accounts: [],
    total_value_zar: '17345.67',
  },
  weekProfit: { currency: 'ZAR', days: [{ day: '2026-11-27', profit: '12.50' }] },
  accounts: [
    {
      id: 11,
      currency: 'ZAR',
      balance: '12345.67',
      available: '12000.00',
      held: '345.67',
      withdrawable: '12000.00',
      bonus_not_withdrawable: '0.00',
      transferable: '12000.00',
      daily_withdrawal_left: '200000.00',
    },
  ],
  orders: { holding: [], awaiting: [] },
  viewedAt: '2026-11-28T09:00:00.000Z',
};

describe('view as client', () => {
  it('the auditor opens the client’s Dashboard, clearly marked read only, with no action on it', async () => {
    net.on('me', () => staffMe(['auditor']));
    net.on('client360', () => client());
    net.on('clientDashboard', () => dashboard);
    const { router } = renderConsole('/clients/1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /View as client/ }));
    const banner = await screen.findByRole('note', { name: 'Read-only view' });
    expect(text(banner)).toContain('Viewing as Thandi — read only.');
    expect(text(banner)).toContain('recorded in the audit trail');
    expect(router.state.location.pathname).toBe('/clients/1/dashboard');
    expect(net.calls('clientDashboard')).toHaveLength(1);
    const portfolio = screen.getByRole('region', { name: 'Portfolio' });
    expect(text(portfolio)).toContain('ZAR 17,345.67');
    expect(text(portfolio)).toMatch(/Day change\s*ZAR 12\.50 \(0\.07%\)/);
    expect(text(screen.getByRole('region', { name: 'Assets' }))).toMatch(
      /ZAR\s*ZAR 12,345\.67\s*ZAR 12,000\.00/,
    );
    expect(text(screen.getByRole('region', { name: 'This week’s profit' }))).toContain('2026-11-27');
    // Read only: nothing to press on the page but the way back.
    const page = screen.getByRole('region', { name: /Dashboard of Thandi/ });
    expect(within(page).queryAllByRole('button')).toHaveLength(0);
    expect(within(page).queryAllByRole('textbox')).toHaveLength(0);
  });

  it('a role without clients.view_as is refused the page', async () => {
    net.on('me', () => staffMe(['support']));
    renderConsole('/clients/1/dashboard');
    await screen.findByText(/roles do not allow|not allowed|cannot/i);
    expect(net.calls('clientDashboard')).toHaveLength(0);
  });
});
