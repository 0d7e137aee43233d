// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, TradingMessages, type IpoApplication, type Order } from '@imali/contract';
import { toast } from '@/components/ui/toast';
import { renderWithQueries as render } from '@/test/render';
import { refuse, stubContractNetwork } from '@/test/contract-network';
import { orderOf as wholeOrder } from '@/test/order-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

// The product API at the network, from the contract's schemas.
const net = stubContractNetwork();

const { IpoApplicationPanel, applicationStatus } = await import('./ipo-application');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const APPLICATION: IpoApplication = {
  lots: 5,
  lot_size: 10,
  allotted_lots: null,
  price_low: '1800',
  price_high: '2200',
  final_price: null,
  allots_on: '2027-01-20',
  lists_on: '2027-01-23',
  allocation_rule: 'pro_rata',
  closes_at: '2027-01-15T13:00:00.000Z',
  can_cancel: true,
  needs_reconfirmation: false,
  reconfirm_held: null,
  reconfirm_fee_schedule: null,
};

const orderOf = (status: Order['status'], ipo: Partial<IpoApplication> = {}, extra: Partial<Order> = {}) =>
  wholeOrder({
    id: 41,
    reference: 'ORD-IPO-41',
    status,
    ttype: 'ipo',
    display_type: 'ipo',
    name: 'Ubuntu Renewables IPO',
    symbol: 'UBNTR',
    trade_value: '1216.15',
    ipo: { ...APPLICATION, ...ipo },
    ...extra,
  });

describe('IPO application on Order Details', () => {
  it('awaiting: funds held until allotment; Cancel application with the PIN releases them', async () => {
    const user = userEvent.setup();
    const askForPin = vi.fn(async (_description?: string) => true);
    const onOrderPlaced = vi.fn();
    const result = { order: orderOf('rejected'), message: 'Application for UBNTR cancelled.' };
    net.on('ipoCancel', () => result);
    render(<IpoApplicationPanel order={orderOf('awaiting')} deps={{ askForPin, onOrderPlaced }} />);
    const status = screen.getByTestId('ipo-application-status');
    expect(status.textContent).toContain('held until allotment on 20 Jan 2027');
    expect(status.textContent).toContain('You can cancel until');
    expect(nbsp(screen.getByTestId('ipo-application').textContent)).toContain('5 lots (50 shares)');
    expect(screen.queryByRole('button', { name: 'Reconfirm at the final price' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel application' }));
    await waitFor(() => expect(net.calls('ipoCancel')).toHaveLength(1));
    expect(net.calls('ipoCancel')[0]!.params.id).toBe('41');
    expect(nbsp(askForPin.mock.calls[0]![0]!)).toContain('1,216.15 will be released');
    await waitFor(() => expect(onOrderPlaced).toHaveBeenCalledWith(result));
  });

  it('no Cancel once the window has closed', () => {
    render(
      <IpoApplicationPanel
        order={orderOf('awaiting', { can_cancel: false })}
        deps={{ askForPin: vi.fn() }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Cancel application' })).toBeNull();
    expect(screen.getByTestId('ipo-application-status').textContent).not.toContain('cancel');
  });

  it('a final price that needs reconfirming: a warning, what would be held, and Reconfirm', async () => {
    const user = userEvent.setup();
    const askForPin = vi.fn(async (_description?: string) => true);
    net.on('ipoReconfirm', () => ({ order: orderOf('awaiting'), message: 'Reconfirmed.' }));
    render(
      <IpoApplicationPanel
        order={orderOf('awaiting', {
          final_price: '2500',
          needs_reconfirmation: true,
          reconfirm_held: '1366.90',
          reconfirm_fee_schedule: 'ZA-2026-11',
        })}
        deps={{ askForPin }}
      />,
    );
    const status = screen.getByRole('alert');
    expect(nbsp(status.textContent)).toMatch(/final price is .*25[.,]00/);
    expect(status.textContent).toContain('lapses at allotment');
    expect(nbsp(screen.getByTestId('ipo-application').textContent)).toContain('1,366.90');
    await user.click(screen.getByRole('button', { name: 'Reconfirm at the final price' }));
    await waitFor(() => expect(net.calls('ipoReconfirm')).toHaveLength(1));
    expect(nbsp(askForPin.mock.calls[0]![0]!)).toContain('1,366.90 will be held until allotment');
    // The schedule "held if reconfirmed" was priced with goes back (receipt = what it promised).
    expect(net.calls('ipoReconfirm')[0]!.body).toEqual({ fee_schedule: 'ZA-2026-11' });
  });

  it('fees changed since the receipt was read (409): says so and reads the orders again', async () => {
    const user = userEvent.setup();
    const refreshOrders = vi.fn();
    vi.spyOn(toast, 'error');
    net.on('ipoReconfirm', () => refuse(409, ErrorCode.Conflict, TradingMessages.feesChanged));
    render(
      <IpoApplicationPanel
        order={orderOf('awaiting', {
          final_price: '2500',
          needs_reconfirmation: true,
          reconfirm_held: '1366.90',
          reconfirm_fee_schedule: 'ZA-2026-11',
        })}
        deps={{ askForPin: vi.fn(async () => true), refreshOrders }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Reconfirm at the final price' }));
    await waitFor(() => expect(refreshOrders).toHaveBeenCalledTimes(1));
    expect(toast.error).toHaveBeenCalledWith(TradingMessages.feesChanged);
    expect(await screen.findByText(TradingMessages.feesChanged)).toBeTruthy();
  });

  it('pending listing, holding and rejected (with the reason) read as the spec says', () => {
    const partial = applicationStatus(orderOf('listing', { allotted_lots: 3, final_price: '2000' }))!.text;
    expect(nbsp(partial)).toMatch(
      /^Allotted 3 of 5 lots at .*20[.,]00; the rest of the funds held was released/,
    );
    expect(applicationStatus(orderOf('listing', { allotted_lots: 5 }))!.text).toMatch(
      /^All 5 lots allotted;/,
    );
    expect(applicationStatus(orderOf('holding'))!.text).toContain('You can sell');
    const rejected = orderOf('rejected', {}, { reason: 'Not allotted: the IPO was oversubscribed.' });
    render(<IpoApplicationPanel order={rejected} deps={{ askForPin: vi.fn() }} />);
    expect(screen.getByRole('alert').textContent).toBe('Not allotted: the IPO was oversubscribed.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
