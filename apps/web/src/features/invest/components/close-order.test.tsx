// @vitest-environment happy-dom
import { act } from 'react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, TradingMessages, type OrderPreview, type Quotation } from '@imali/contract';
import { preloadDialogShell } from '@/components/ui/dialog-shell';
import { modal, ModalHost } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { NETWORK_FAILURE, refuse, stubContractNetwork } from '@/test/contract-network';
import { resultOf } from '@/test/order-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
await preloadDialogShell();

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

const QUOTE: Quotation = {
  symbol: 'NPN',
  market: 'JSE',
  country: 'ZA',
  currency: 'ZAR',
  quote_unit: 'ZAc',
  price: '598741',
  S1: 1,
  market_open: true,
  closed_message: null,
  as_of: '2026-11-18T10:00:00.000Z',
  quote_id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
  expires_at: '2026-11-18T10:00:20.000Z',
};
const SELL_PREVIEW: OrderPreview = {
  side: 'sell',
  ttype: 'standard',
  symbol: 'NPN',
  currency: 'ZAR',
  quote_unit: 'ZAc',
  quantity: '10',
  price: '598741',
  trade_value: '59874.10',
  fees: { brokerage: '149.69', stt: '0.00', txn: '44.92', gst: '29.20', total: '223.81' },
  fee_items: [],
  fee_schedule: 'ZA-2026-03',
  total: '59650.29',
  quote_id: QUOTE.quote_id,
  expires_at: QUOTE.expires_at,
  locked_until: null,
  cost_basis: { method: 'average', amount: '60247.59', profit: '-597.30' },
};

// The product API at the network, from the contract's schemas. The quotations it sends, in order
// (the last one repeats); NETWORK_FAILURE: the request fails.
let quotes: Array<Quotation | typeof NETWORK_FAILURE> = [];
const net = stubContractNetwork();

const { openCloseOrder, CLOSE_ORDER_TITLE, CONFIRM_CLOSE_TITLE } = await import('./close-order');

const askForPin = vi.fn<(d?: string) => Promise<boolean>>();
const onOrderPlaced = vi.fn();
const TARGET = {
  id: 41,
  symbol: 'NPN',
  name: 'Naspers Ltd',
  market: 'JSE',
  country: 'ZA',
  currency: 'ZAR',
  ttype: 'standard' as const,
  quantity: '10',
  locked_until: null,
};

function mount() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ModalHost />
    </QueryClientProvider>,
  );
  act(() => openCloseOrder(TARGET, { askForPin, onOrderPlaced }));
}

const dialog = () => screen.getByRole('dialog');
const confirmButton = () => within(dialog()).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  quotes = [QUOTE];
  net.on('quotation', () => (quotes.length > 1 ? quotes.shift()! : quotes[0]!));
  net.on('orderPreview', () => SELL_PREVIEW);
  askForPin.mockResolvedValue(true);
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'warning');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  act(() => modal.forceClose());
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('Close-order quotation', () => {
  it('shows the ZA price in rand (÷ 100), a 20 s bar green → yellow → red, then times out and disables Confirm', async () => {
    mount();
    expect(screen.getByRole('dialog', { name: CLOSE_ORDER_TITLE })).toBeTruthy();
    await waitFor(() => expect(nbsp(screen.getByTestId('close-price').textContent)).toBe('ZAR 5,987.41'));
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    const bar = () => screen.getByTestId('quote-countdown');
    expect(bar().getAttribute('data-tone')).toBe('green');
    expect(screen.getByTestId('quote-countdown-bar').className).toContain('bg-green-500');
    expect(nbsp(screen.getByTestId('preview-total').textContent)).toContain('ZAR 59,650.29');
    expect(screen.getByText('You receive')).toBeTruthy();
    // The cost the sale relieves (average cost) and the profit the receipt will show: a loss, red.
    expect(screen.getByText('Cost (average cost)')).toBeTruthy();
    expect(nbsp(screen.getByTestId('sale-profit').textContent)).toBe('-ZAR 597.30');
    expect(screen.getByTestId('sale-profit').className).toContain('text-red');

    await advance(8_100); // 11.9 s left: at or below 60%
    expect(bar().getAttribute('data-tone')).toBe('yellow');
    expect(screen.getByTestId('quote-countdown-bar').className).toContain('bg-yellow-400');
    await advance(6_000); // 5.9 s left: at or below 30%
    expect(bar().getAttribute('data-tone')).toBe('red');
    expect(screen.getByTestId('quote-countdown-bar').className).toContain('bg-red-500');
    expect(screen.queryByText(TradingMessages.quoteExpired)).toBeNull();
    expect(confirmButton().disabled).toBe(false);

    await advance(6_000); // past 20 s
    expect(screen.getByText(TradingMessages.quoteExpired)).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);

    // A new quotation gives back 20 s and Confirm.
    quotes = [{ ...QUOTE, quote_id: 'ffffffff-bbbb-4ccc-8ddd-eeeeeeeeeeee', price: '598900' }];
    await act(async () => within(dialog()).getByRole('button', { name: 'Get latest quotation' }).click());
    await waitFor(() => expect(nbsp(screen.getByTestId('close-price').textContent)).toBe('ZAR 5,989.00'));
    expect(screen.queryByText(TradingMessages.quoteExpired)).toBeNull();
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    expect(screen.getByTestId('quote-countdown').getAttribute('data-tone')).toBe('green');
  });

  it('retries a zero price once, then warns and closes', async () => {
    quotes = [{ ...QUOTE, price: '0' }];
    mount();
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith(TradingMessages.priceUnavailable));
    expect(toast.warning).toHaveBeenCalledWith('Unable to fetch a valid price. Please retry later.');
    expect(net.calls('quotation')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes a valid second price after one missing price', async () => {
    quotes = [{ ...QUOTE, price: '' }, QUOTE];
    mount();
    await waitFor(() => expect(nbsp(screen.getByTestId('close-price').textContent)).toBe('ZAR 5,987.41'));
    expect(net.calls('quotation')).toHaveLength(2);
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('a failed request says so and closes', async () => {
    quotes = [NETWORK_FAILURE];
    mount();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to fetch latest price. Please try again.'),
    );
    expect(net.calls('quotation')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is restricted when S1 is 0: Confirm stays disabled', async () => {
    quotes = [{ ...QUOTE, S1: 0 }];
    mount();
    expect((await screen.findByTestId('close-restricted')).textContent).toBe(TradingMessages.restricted);
    expect(confirmButton().disabled).toBe(true);
    expect(net.calls('orderPreview')).toHaveLength(0);
  });

  it('Confirm → Confirm to Close → PIN → sells at the rand price with the quote id', async () => {
    net.on('sell', () => resultOf('ok', { id: 41, status: 'sold', order_action: 'sell' }));
    mount();
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    await act(async () => confirmButton().click());
    const confirm = screen.getByRole('dialog', { name: CONFIRM_CLOSE_TITLE });
    expect(nbsp(confirm.textContent)).toContain('Sell all 10 shares of NPN at ZAR 5,987.41?');
    expect(nbsp(within(confirm).getByTestId('confirm-close-net').textContent)).toBe('ZAR 59,650.29');
    await act(async () =>
      (within(confirm).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).click(),
    );
    await waitFor(() => expect(net.calls('sell')).toHaveLength(1));
    expect(askForPin).toHaveBeenCalledTimes(1);
    const { params, body, key } = net.calls('sell')[0]!;
    expect(params.id).toBe('41');
    // The preview's fee schedule goes back: fees changed since are refused, not charged.
    expect(body).toEqual({
      ttype: 'standard',
      price: '5987.41',
      quote_id: QUOTE.quote_id,
      fee_schedule: 'ZA-2026-03',
    });
    expect(typeof key).toBe('string');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Sell order for NPN received.'));
    expect(onOrderPlaced).toHaveBeenCalledTimes(1);
  });

  it('fees changed since the preview (409): says so, then a fresh quotation previews the new fees and sends them', async () => {
    const NEXT: Quotation = { ...QUOTE, quote_id: 'bbbbbbbb-cccc-4ddd-8eee-ffffffffffff' };
    quotes = [QUOTE, NEXT];
    net.on('orderPreview', ({ query }) =>
      query.quote_id === NEXT.quote_id
        ? { ...SELL_PREVIEW, quote_id: NEXT.quote_id, fee_schedule: 'ZA-202612011430', total: '59500.00' }
        : SELL_PREVIEW,
    );
    net.on('sell', ({ body }) =>
      (body as { fee_schedule?: string }).fee_schedule === 'ZA-202612011430'
        ? resultOf('ok', { id: 41, status: 'sold', order_action: 'sell' })
        : refuse(409, ErrorCode.Conflict, TradingMessages.feesChanged),
    );
    mount();
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    await act(async () => confirmButton().click());
    const confirmIn = () =>
      within(screen.getByRole('dialog', { name: CONFIRM_CLOSE_TITLE })).getByRole('button', {
        name: 'Confirm',
      }) as HTMLButtonElement;
    await act(async () => confirmIn().click());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(TradingMessages.feesChanged));
    expect((net.calls('sell')[0]!.body as { fee_schedule: string }).fee_schedule).toBe('ZA-2026-03');
    // Back to a fresh quotation, whose preview shows the fees now in force.
    await waitFor(() => expect(net.calls('orderPreview').at(-1)!.query.quote_id).toBe(NEXT.quote_id));
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    expect(nbsp(dialog().textContent)).toContain('ZAR 59,500.00');
    await act(async () => confirmButton().click());
    await act(async () => confirmIn().click());
    await waitFor(() => expect(net.calls('sell')).toHaveLength(2));
    expect(net.calls('sell')[1]!.body).toMatchObject({
      quote_id: NEXT.quote_id,
      fee_schedule: 'ZA-202612011430',
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Sell order for NPN received.'));
  });

  it('does not sell when the quotation ran out while the PIN was typed', async () => {
    mount();
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    await act(async () => confirmButton().click());
    askForPin.mockImplementation(async () => {
      await vi.advanceTimersByTimeAsync(21_000);
      return true;
    });
    await act(async () =>
      (
        within(screen.getByRole('dialog', { name: CONFIRM_CLOSE_TITLE })).getByRole('button', {
          name: 'Confirm',
        }) as HTMLButtonElement
      ).click(),
    );
    // vi.waitFor advances the fake clock as it polls, so a slow machine cannot starve it.
    await vi.waitFor(() => expect(toast.warning).toHaveBeenCalledWith(TradingMessages.quoteExpired), {
      timeout: 5_000,
    });
    expect(net.calls('sell')).toHaveLength(0);
    // Back to a fresh quotation.
    await vi.waitFor(() => expect(screen.getByRole('dialog', { name: CLOSE_ORDER_TITLE })).toBeTruthy(), {
      timeout: 5_000,
    });
  });

  it('Confirm to Close also times out and disables its Confirm', async () => {
    mount();
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    await act(async () => confirmButton().click());
    await advance(20_500);
    const confirm = screen.getByRole('dialog', { name: CONFIRM_CLOSE_TITLE });
    expect(within(confirm).getByText(TradingMessages.quoteExpired)).toBeTruthy();
    expect((within(confirm).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
