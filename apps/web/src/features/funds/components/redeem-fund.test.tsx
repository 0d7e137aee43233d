// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, type Order, type OrderResult } from '@imali/contract';
import { renderWithQueries as render } from '@/test/render';
import { refuse, stubContractNetwork } from '@/test/contract-network';
import { orderOf } from '@/test/order-fixture';
import { FUND as LISTED } from './fund-fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

const SLOT = {
  date: '2026-03-11',
  time: '15:00',
  at: '2026-03-11T13:00:00.000Z',
  cutoff_at: '2026-03-11T12:00:00.000Z',
};
const FUND = { ...LISTED, next_valuation: SLOT };

// The product API at the network, from the contract's schemas: a wrong URL, method or body fails.
const net = stubContractNetwork();
beforeEach(() => net.on('fund', () => FUND));
const opened: Array<{ key: string; props: unknown }> = [];
vi.mock('@/components/ui/modal', () => ({
  modal: {
    open: (o: { key: string; props: unknown }) => opened.push(o),
    forceClose: vi.fn(),
  },
}));
const toasts = { success: vi.fn(), error: vi.fn() };
vi.mock('@/components/ui/toast', () => ({ toast: toasts }));

const { RedeemFund, RedemptionRequested, REDEEM_DONE_KEY } = await import('./redeem-fund');

function holding(fund: Partial<NonNullable<Order['fund']>> = {}): Order {
  return orderOf({
    id: 77,
    reference: 'ORD-0000000077',
    status: 'holding',
    ttype: 'fund',
    name: 'Imali Top 40 Index Fund',
    currency: 'ZAR',
    offering_id: 9,
    holding_period: 1,
    fund: {
      code: 'IMT40',
      amount: '10000.00',
      valuation: { ...SLOT, date: '2026-03-10' },
      units: '809.9727',
      nav: '1234.61',
      refund: '0.01',
      latest_nav: { date: '2026-03-10', nav: '1234.61' },
      value: '9999.99',
      redemption: null,
      redemption_nav: null,
      platform_fee: null,
      pricing_note: 'Funds are priced at the next NAV.',
      ...fund,
    },
  });
}

afterEach(() => {
  cleanup();
  opened.length = 0;
  vi.clearAllMocks();
});

describe('RedeemFund', () => {
  it('says the units are redeemed at the next NAV, shows the platform-fee rule; no quotation', async () => {
    render(<RedeemFund order={holding()} deps={{ askForPin: vi.fn() }} />);
    const dialog = await screen.findByTestId('fund-redeem');
    expect(nbsp(dialog.textContent)).toContain('Units809.9727');
    expect(nbsp(dialog.textContent)).toContain('NAV paidZAR 12.3461');
    expect(nbsp(dialog.textContent)).not.toMatch(/R\d/);
    expect(nbsp(dialog.textContent)).toMatch(/Value at the latest NAV.*9,999\.99/);
    expect(screen.getByTestId('fund-redeem-nav').textContent).toContain(
      'Units are redeemed at the next NAV, 11 Mar 2026 15:00 SAST, not at a quotation',
    );
    expect(screen.getByTestId('fund-redeem-fee').textContent).toBe(
      'Platform fee: 0.35% a year for the days held (1 day so far), deducted from the proceeds. No other fee on redemption.',
    );
    expect(dialog.textContent).not.toMatch(/20-second|quote expires/i);
  });

  it('asks for the PIN, redeems with an Idempotency-Key and shows the redemption pending', async () => {
    const result: OrderResult = {
      message:
        'Redemption of Imali Top 40 Index Fund requested. It is paid at the next NAV, 2026-03-11 15:00 SAST.',
      order: holding({ redemption: SLOT }),
    };
    net.on('fundRedeem', () => result);
    const askForPin = vi.fn(() => Promise.resolve(true));
    const onOrderPlaced = vi.fn();
    render(<RedeemFund order={holding()} deps={{ askForPin, onOrderPlaced }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem at the next NAV' }));
    await waitFor(() => expect(onOrderPlaced).toHaveBeenCalledWith(result));
    expect(askForPin).toHaveBeenCalledWith(
      'Confirm the redemption of 809.9727 units of Imali Top 40 Index Fund at the next NAV (11 Mar 2026 15:00 SAST).',
    );
    expect(net.calls('fundRedeem')).toHaveLength(1);
    expect(net.calls('fundRedeem')[0]!.params.id).toBe('77');
    expect(net.calls('fundRedeem')[0]!.key).toEqual(expect.any(String));
    expect(toasts.success).toHaveBeenCalledWith(result.message);
    expect(opened.map((o) => o.key)).toEqual([REDEEM_DONE_KEY]);
    cleanup();
    render(<RedemptionRequested result={result} />);
    const done = screen.getByTestId('fund-redeem-requested');
    expect(done.textContent).toContain('StatusRedemption pending');
    expect(done.textContent).toContain('Priced at11 Mar 2026 15:00 SAST');
  });

  it('does not redeem without the PIN; asks again once when the PIN has lapsed; shows a refusal', async () => {
    const askForPin = vi.fn(() => Promise.resolve(false));
    render(<RedeemFund order={holding()} deps={{ askForPin }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem at the next NAV' }));
    await waitFor(() => expect(askForPin).toHaveBeenCalledOnce());
    expect(net.calls('fundRedeem')).toHaveLength(0);
    cleanup();

    const again = vi.fn(() => Promise.resolve(true));
    const refusals = [
      refuse(403, ErrorCode.PinRequired, 'Verify your PIN.'),
      refuse(409, ErrorCode.Conflict, 'A redemption of this holding is already requested.'),
    ];
    net.on('fundRedeem', () => refusals.shift()!);
    render(<RedeemFund order={holding()} deps={{ askForPin: again }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem at the next NAV' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('A redemption of this holding is already requested.'),
    );
    expect(again).toHaveBeenCalledTimes(2);
    const [first, second] = net.calls('fundRedeem');
    expect(net.calls('fundRedeem')).toHaveLength(2);
    // The same request both times: one Idempotency-Key.
    expect(second!.key).toBe(first!.key);
  });

  it('a redemption already pending or units not held: nothing to confirm', () => {
    render(<RedeemFund order={holding({ redemption: SLOT })} deps={{ askForPin: vi.fn() }} />);
    expect(screen.getByTestId('fund-redeem-pending').textContent).toContain(
      'it is paid at the NAV of 11 Mar 2026 15:00 SAST',
    );
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    render(<RedeemFund order={holding({ units: null })} deps={{ askForPin: vi.fn() }} />);
    expect(screen.getByText('Only fund units you hold can be redeemed.')).toBeTruthy();
  });
});
