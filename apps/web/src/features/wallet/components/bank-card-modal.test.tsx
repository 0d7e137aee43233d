// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, MoneyMessages, type BankCard } from '@imali/contract';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/http';

const saveBankCard = vi.fn();
vi.mock('../api/bank-cards', () => ({ saveBankCard: (...args: unknown[]) => saveBankCard(...args) }));

const { default: BankCardModal } = await import('./bank-card-modal');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SAVED: BankCard = {
  id: 7,
  bank_name: 'Nedbank',
  card_no: '1987654321',
  holder_name: 'Thandi Nkosi',
  created_at: '2026-01-12T10:00:00.000Z',
  updated_at: '2026-01-12T10:00:00.000Z',
};

function renderForm(props: Parameters<typeof BankCardModal>[0] = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BankCardModal {...props} />
    </QueryClientProvider>,
  );
  return {
    bank: () => screen.getByLabelText('Bank Name'),
    number: () => screen.getByLabelText('Card / Account Number') as HTMLInputElement,
    holder: () => screen.getByLabelText('Account Holder Name'),
  };
}

beforeEach(() => {
  saveBankCard.mockReset();
  saveBankCard.mockResolvedValue(SAVED);
  toast.hide();
});
afterEach(() => cleanup());

describe('Add/Edit Bank Card form (spec section 5, Bank card)', () => {
  it('says what is missing, sending nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Save Card' }));
    await screen.findByText('Bank name is required');
    expect(screen.getByText('Card number is required')).toBeTruthy();
    expect(screen.getByText('Account holder name is required')).toBeTruthy();
    expect(saveBankCard).not.toHaveBeenCalled();
  });

  it("takes digits only, cut at 20, and refuses fewer than 5 with 'Enter a valid card number'", async () => {
    const user = userEvent.setup();
    const f = renderForm();
    await user.type(f.number(), '12-3a4');
    expect(f.number().value).toBe('1234');
    await user.type(f.bank(), 'Nedbank');
    await user.type(f.holder(), 'Thandi Nkosi');
    await user.click(screen.getByRole('button', { name: 'Save Card' }));
    await screen.findByText('Enter a valid card number');
    expect(saveBankCard).not.toHaveBeenCalled();
    await user.type(f.number(), '5678901234567890123456');
    expect(f.number().value).toBe('12345678901234567890');
    await waitFor(() => expect(screen.queryByText('Enter a valid card number')).toBeNull());
  });

  it('saves a valid card with the API field names and says so', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const f = renderForm({ onSaved });
    await user.type(f.bank(), ' Nedbank ');
    await user.type(f.number(), '1987654321');
    await user.type(f.holder(), 'Thandi Nkosi');
    await user.click(screen.getByRole('button', { name: 'Save Card' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(SAVED));
    expect(saveBankCard).toHaveBeenCalledWith({
      bank_name: 'Nedbank',
      card_no: '1987654321',
      holder_name: 'Thandi Nkosi',
    });
    expect(toast.current()).toMatchObject({ type: 'success', message: MoneyMessages.cardSaved });
  });

  it("edits a card by id ('Save Changes')", async () => {
    const user = userEvent.setup();
    const f = renderForm({ card: SAVED });
    expect(f.number().value).toBe('1987654321');
    await user.clear(f.bank());
    await user.type(f.bank(), 'FNB');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saveBankCard).toHaveBeenCalledTimes(1));
    expect(saveBankCard.mock.calls[0]![0]).toEqual({
      id: 7,
      bank_name: 'FNB',
      card_no: '1987654321',
      holder_name: 'Thandi Nkosi',
    });
  });

  it("shows 'Failed to save card' when saving fails, and the server's words when it refuses the card", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const f = renderForm();
    await user.type(f.bank(), 'Nedbank');
    await user.type(f.number(), '1987654321');
    await user.type(f.holder(), 'Someone Else');
    saveBankCard.mockRejectedValueOnce(new ApiError('Request failed.', 'HTTP_500', 500));
    await user.click(screen.getByRole('button', { name: 'Save Card' }));
    await waitFor(() =>
      expect(toast.current()).toMatchObject({ type: 'error', message: MoneyMessages.saveCardFailed }),
    );
    expect(MoneyMessages.saveCardFailed).toBe('Failed to save card');

    const refusal = 'The account holder must be the name you verified with us.';
    saveBankCard.mockRejectedValueOnce(new ApiError(refusal, ErrorCode.InvalidInput, 400));
    await user.click(screen.getByRole('button', { name: 'Save Card' }));
    await waitFor(() => expect(toast.current()).toMatchObject({ type: 'error', message: refusal }));
    vi.mocked(console.error).mockRestore();
  });
});
