// @vitest-environment happy-dom
import { act } from 'react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ErrorCode,
  Messages,
  MoneyMessages,
  type Account,
  type BankCard,
  type CashAccount,
  type ClientProfile,
  type MoneyLimits,
  type Withdrawal,
} from '@imali/contract';
import { preloadDialogShell } from '@/components/ui/dialog-shell';
import { modal, ModalHost } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/http';

const free = (account: Account): CashAccount => ({
  ...account,
  withdrawable: account.available,
  bonus_not_withdrawable: '0.00',
  transferable: account.available,
  daily_withdrawal_left: '50000.00',
});
const ACCOUNTS: CashAccount[] = [
  free({ id: 1, currency: 'ZAR', balance: '25000.00', available: '25000.00', held: '0.00' }),
  free({ id: 2, currency: 'USD', balance: '1500.00', available: '1500.00', held: '0.00' }),
];
let accounts = ACCOUNTS;
const CARDS: BankCard[] = [
  {
    id: 9,
    bank_name: 'Nedbank',
    card_no: '1987654321',
    holder_name: 'Thandi Nkosi',
    created_at: '2026-01-12T10:00:00.000Z',
    updated_at: '2026-01-12T10:00:00.000Z',
  },
];
const LIMITS: MoneyLimits[] = [
  { currency: 'ZAR', min_deposit: '1000.00', min_withdrawal: '500.00', daily_withdrawal_cap: '50000.00' },
  { currency: 'USD', min_deposit: '50.00', min_withdrawal: '25.00', daily_withdrawal_cap: '5000.00' },
];
let profile: Partial<ClientProfile> = { has_pin: true, pin_locked: false };

const requestWithdrawal = vi.fn();
const verifyPin = vi.fn();
vi.mock('@/lib/accounts', () => ({
  accountsQueryKey: ['accounts'],
  useAccounts: () => ({ data: accounts, isLoading: false }),
}));
vi.mock('../api/bank-cards', () => ({ useBankCards: () => ({ data: CARDS, isLoading: false }) }));
vi.mock('../api/limits', () => ({
  useLimits: () => ({ data: LIMITS, byCurrency: (c: string) => LIMITS.find((l) => l.currency === c) }),
}));
vi.mock('@/lib/profile', () => ({
  profileQueryKey: ['session', 'profile'],
  useProfile: () => ({ data: profile }),
}));
vi.mock('../api/withdrawals', () => ({
  requestWithdrawal: (...args: unknown[]) => requestWithdrawal(...args),
}));
vi.mock('../api/verify-pin', () => ({ verifyPin: (...args: unknown[]) => verifyPin(...args) }));

const { default: WithdrawDrawer } = await import('./withdraw-drawer');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
await preloadDialogShell();

const done = (amount: string): Withdrawal => ({
  id: 1,
  reference: 'WDR-0000000001',
  account_id: 1,
  currency: 'ZAR',
  amount,
  status: 'pending',
  receiver: { id: 9, bank_name: 'Nedbank', card_no: '****4321', holder_name: 'Thandi Nkosi' },
  reason: null,
  created_at: '2026-01-12T10:00:00.000Z',
  decided_at: null,
});

function renderDrawer() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WithdrawDrawer params={{}} close={() => {}} closeAndNavigate={() => {}} />
      <ModalHost />
    </QueryClientProvider>,
  );
}

/** Text as read (Intl puts a no-break space between the currency code and the amount). */
const textOf = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ');
const amountField = () => screen.getByLabelText('Amount');
const withdrawButton = () => screen.getByRole('button', { name: 'Withdraw' });

async function enterPin(user: ReturnType<typeof userEvent.setup>, pin: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Verify Your PIN' });
  await user.type(within(dialog).getByLabelText('PIN'), pin);
  return dialog;
}

beforeEach(() => {
  accounts = ACCOUNTS;
  profile = { has_pin: true, pin_locked: false };
  requestWithdrawal.mockReset();
  requestWithdrawal.mockImplementation(async (body: { amount: string }) => done(body.amount));
  verifyPin.mockReset();
  verifyPin.mockResolvedValue(undefined);
  toast.hide();
});
afterEach(() => {
  act(() => modal.forceClose());
  cleanup();
});

describe('Withdrawal form', () => {
  it("refuses less than the currency's minimum (500 ZAR) and more than is available, asking for no PIN", async () => {
    const user = userEvent.setup();
    renderDrawer();
    expect(screen.getByText('Minimum ZAR 500.00 · up to ZAR 25,000.00')).toBeTruthy();
    await user.type(amountField(), '499.99');
    await user.click(withdrawButton());
    await screen.findByText(MoneyMessages.belowMinimumWithdrawal('500.00', 'ZAR'));
    expect(screen.getByText('Minimum withdrawal is 500.00 ZAR.')).toBeTruthy();
    await user.clear(amountField());
    await user.type(amountField(), '25000.01');
    await user.click(withdrawButton());
    await screen.findByText(MoneyMessages.insufficientFunds);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestWithdrawal).not.toHaveBeenCalled();

    // The minimum follows the account's currency.
    await user.click(screen.getByRole('radio', { name: /USD/ }));
    await user.clear(amountField());
    await user.type(amountField(), '24');
    await user.click(withdrawButton());
    await screen.findByText('Minimum withdrawal is 25.00 USD.');
  });

  it('offers only what may be withdrawn: with a ZAR 500 trial bonus, "up to" and MAX are the withdrawable amount, and more is refused before the PIN', async () => {
    const user = userEvent.setup();
    accounts = [
      {
        id: 1,
        currency: 'ZAR',
        balance: '20865.76',
        available: '20865.76',
        held: '0.00',
        withdrawable: '20365.76',
        bonus_not_withdrawable: '500.00',
        transferable: '20365.76',
        daily_withdrawal_left: '100000.00',
      },
    ];
    renderDrawer();
    expect(screen.getByText('Minimum ZAR 500.00 · up to ZAR 20,365.76')).toBeTruthy();
    expect(textOf(screen.getByTestId('withdrawable-note'))).toBe(
      'ZAR 500.00 of your balance is trial bonus: it can be invested but not withdrawn.',
    );
    await user.click(screen.getByRole('button', { name: 'MAX' }));
    expect((amountField() as HTMLInputElement).value).toBe('20365.76');

    await user.clear(amountField());
    await user.type(amountField(), '20365.77');
    await user.click(withdrawButton());
    await screen.findByText(
      'You can withdraw up to ZAR 20,365.76: ZAR 500.00 of your balance is trial bonus, which can be invested but not withdrawn.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(verifyPin).not.toHaveBeenCalled();
    expect(requestWithdrawal).not.toHaveBeenCalled();

    // Exactly the withdrawable amount goes on to the PIN and the server.
    await user.click(screen.getByRole('button', { name: 'MAX' }));
    await user.click(withdrawButton());
    await enterPin(user, '123456');
    await screen.findByText('Withdrawal requested');
    expect(requestWithdrawal.mock.calls[0]![0]).toEqual({ account_id: 1, receiver: 9, amount: '20365.76' });
  });

  it("refuses more than today's withdrawal limit leaves, saying so, before the PIN", async () => {
    const user = userEvent.setup();
    accounts = [
      {
        id: 1,
        currency: 'ZAR',
        balance: '25000.00',
        available: '24400.00',
        held: '600.00',
        withdrawable: '4400.00',
        bonus_not_withdrawable: '0.00',
        transferable: '24400.00',
        daily_withdrawal_left: '4400.00',
      },
    ];
    renderDrawer();
    expect(screen.getByText('Minimum ZAR 500.00 · up to ZAR 4,400.00')).toBeTruthy();
    expect(textOf(screen.getByTestId('withdrawable-note'))).toBe(
      'Your daily withdrawal limit leaves ZAR 4,400.00 for today.',
    );
    await user.type(amountField(), '4400.01');
    await user.click(withdrawButton());
    await screen.findByText(
      'You can withdraw up to ZAR 4,400.00 today: your daily withdrawal limit leaves no more.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestWithdrawal).not.toHaveBeenCalled();
  });

  it('asks for the PIN before every withdrawal, then sends amount, account and card', async () => {
    const user = userEvent.setup();
    renderDrawer();
    await user.type(amountField(), '500');
    await user.click(withdrawButton());
    const dialog = await screen.findByRole('dialog', { name: 'Verify Your PIN' });
    expect(within(dialog).getByText('Confirm your withdrawal of ZAR 500.00.')).toBeTruthy();
    expect(requestWithdrawal).not.toHaveBeenCalled();

    // Closing the PIN step sends nothing.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestWithdrawal).not.toHaveBeenCalled();

    // Asked again on the next press, even right after a verification.
    await user.click(withdrawButton());
    await enterPin(user, '123456');
    await screen.findByText('Withdrawal requested');
    expect(verifyPin).toHaveBeenCalledWith('123456');
    expect(requestWithdrawal).toHaveBeenCalledTimes(1);
    expect(requestWithdrawal.mock.calls[0]![0]).toEqual({ account_id: 1, receiver: 9, amount: '500' });
    expect(typeof requestWithdrawal.mock.calls[0]![1]).toBe('string'); // the idempotency key

    // The next withdrawal, straight after, asks again (the server spends one verification each).
    cleanup();
    renderDrawer();
    await user.type(amountField(), '600');
    await user.click(withdrawButton());
    await enterPin(user, '123456');
    await screen.findByText('Withdrawal requested');
    expect(verifyPin).toHaveBeenCalledTimes(2);
    expect(requestWithdrawal.mock.calls[1]![0]).toEqual({ account_id: 1, receiver: 9, amount: '600' });
  });

  it('asks once more when the server says the verification lapsed', async () => {
    const user = userEvent.setup();
    requestWithdrawal.mockRejectedValueOnce(new ApiError('PIN required.', ErrorCode.PinRequired, 403));
    renderDrawer();
    await user.type(amountField(), '750');
    await user.click(withdrawButton());
    await enterPin(user, '123456');
    await waitFor(() => expect(requestWithdrawal).toHaveBeenCalledTimes(1));
    await enterPin(user, '123456');
    await screen.findByText('Withdrawal requested');
    expect(verifyPin).toHaveBeenCalledTimes(2);
    expect(requestWithdrawal).toHaveBeenCalledTimes(2);
  });

  it('withdrawals on hold by staff: the refusal stays in the drawer, nothing is requested', async () => {
    const user = userEvent.setup();
    requestWithdrawal.mockRejectedValueOnce(
      new ApiError(MoneyMessages.withdrawalsBlocked, ErrorCode.WithdrawalsBlocked, 409),
    );
    renderDrawer();
    await user.type(amountField(), '600');
    await user.click(withdrawButton());
    await enterPin(user, '123456');
    const notice = await screen.findByTestId('withdrawals-on-hold');
    expect(notice.textContent).toBe('Withdrawals from your account are on hold. Please contact support.');
    expect(screen.queryByText('Withdrawal requested')).toBeNull();
  });

  it('a wrong PIN sends nothing and says so', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    verifyPin.mockRejectedValueOnce(new ApiError(Messages.incorrectPin, ErrorCode.IncorrectPin, 400));
    renderDrawer();
    await user.type(amountField(), '600');
    await user.click(withdrawButton());
    const dialog = await enterPin(user, '111111');
    await within(dialog).findByText(Messages.incorrectPin);
    expect(requestWithdrawal).not.toHaveBeenCalled();
    vi.mocked(console.warn).mockRestore();
  });

  it('without a PIN it asks the client to set one first', async () => {
    const user = userEvent.setup();
    profile = { has_pin: false, pin_locked: false };
    renderDrawer();
    await user.type(amountField(), '600');
    await user.click(withdrawButton());
    await waitFor(() => expect(toast.current()).toMatchObject({ message: Messages.pinNotSet }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestWithdrawal).not.toHaveBeenCalled();
  });

  it('with a locked PIN the button is off and the lock message shows', () => {
    profile = { has_pin: true, pin_locked: true };
    renderDrawer();
    expect(screen.getByText(Messages.pinLocked)).toBeTruthy();
    expect((withdrawButton() as HTMLButtonElement).disabled).toBe(true);
  });
});
