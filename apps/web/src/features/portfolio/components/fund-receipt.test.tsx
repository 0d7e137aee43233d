// @vitest-environment happy-dom
// ttype fund on the receipt (issue 13 section 4): pending (amount, forward-pricing line), holding
// (units to 4 decimals, NAV paid and current NAV, the yield section, Redeem), redemption pending,
// sold (Holding Returns, redemption NAV, platform fee).
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@imali/contract';
import { formatNav, formatQuantity } from '@imali/money';
import { canSell, REDEMPTION_PENDING, statusText } from '../model/receipt';
import { Receipt } from './order-details';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\u00a0/g, ' ');
const VALUATION = {
  date: '2026-11-30',
  time: '15:00',
  at: '2026-11-30T13:00:00.000Z',
  cutoff_at: '2026-11-30T12:00:00.000Z',
};
const REDEMPTION = {
  date: '2026-12-01',
  time: '15:00',
  at: '2026-12-01T13:00:00.000Z',
  cutoff_at: '2026-12-01T12:00:00.000Z',
};

type Fund = NonNullable<Order['fund']>;
const NO_FEES = { brokerage: '0.00', stt: '0.00', txn: '0.00', gst: '0.00', total: '0.00' };
const PLATFORM_FEE = {
  side: 'sell' as const,
  code: 'platform_fee',
  label: 'Platform fee 0.35% a year × 1 days',
  bucket: 'brokerage' as const,
  amount: '0.09',
};

function fundOrder(overrides: Partial<Order> = {}, fund: Partial<Fund> = {}): Order {
  return {
    id: 90,
    reference: 'ORD-0000000090',
    account: 7,
    status: 'holding',
    ttype: 'fund',
    display_type: 'fund',
    name: 'Imali Top 40 Index Fund',
    symbol: 'IMT40',
    market: 'JSE',
    country: 'ZA',
    currency: 'ZAR',
    quote_unit: 'ZAc',
    offering_id: 9,
    order_time: '2026-11-30T09:00:00.000Z',
    execution_time: '2026-11-30T13:00:00.000Z',
    settlement_time: '2026-11-30T13:00:00.000Z',
    order_action: 'buy',
    quantity: '809.9727',
    requested_quantity: '809.9727',
    buy_price: '1234.61',
    buy_trade_value: '9999.99',
    sell_trade_value: '0.00',
    order_price: '1234.61',
    trade_value: '9999.99',
    profit: '12.34',
    roi: '0.0012',
    cost_basis: null,
    cost_basis_method: null,
    holding_period: 1,
    outstanding: '0.00',
    fees: { brokerage: '0.00', stt: '0.00', txn: '0.00', gst: '0.00', total: '0.00' },
    fee_items: [],
    fees_by_side: { buy: { ...NO_FEES, items: [] }, sell: null },
    fee_schedule: 'FUND-NAV-1',
    locked_until: null,
    buy_quote_id: null,
    sell_quote_id: null,
    quoted_sell_price: null,
    sell_price: null,
    last_price: '1236.13',
    reason: null,
    ...overrides,
    fund: {
      code: 'IMT40',
      amount: '10000.00',
      valuation: VALUATION,
      units: '809.9727',
      nav: '1234.61',
      refund: '0.01',
      latest_nav: { date: '2026-12-01', nav: '1236.13' },
      value: '10012.33',
      redemption: null,
      redemption_nav: null,
      platform_fee: null,
      pricing_note: 'Funds are priced at the next NAV (forward pricing), not at a 20-second quotation.',
      ...fund,
    },
  };
}

const pending = () =>
  fundOrder(
    {
      status: 'pending',
      quantity: '0',
      requested_quantity: '0',
      buy_price: '0.00',
      order_price: '0.00',
      buy_trade_value: '10000.00',
      trade_value: '10000.00',
      profit: '0.00',
      roi: '0',
      execution_time: null,
      settlement_time: null,
      last_price: null,
    },
    { units: null, nav: null, refund: null, latest_nav: null, value: null },
  );

const sold = () =>
  fundOrder(
    {
      status: 'sold',
      order_action: 'sell',
      sell_price: '1236.13',
      order_price: '1236.13',
      sell_trade_value: '10012.30',
      trade_value: '10012.21',
      profit: '12.22',
      roi: '0.0012',
      last_price: null,
      settlement_time: '2026-12-01T13:00:00.000Z',
      fees: { ...NO_FEES, brokerage: '0.09', total: '0.09' },
      fee_items: [PLATFORM_FEE],
      fees_by_side: {
        buy: { ...NO_FEES, items: [] },
        sell: { ...NO_FEES, brokerage: '0.09', total: '0.09', items: [PLATFORM_FEE] },
      },
    },
    {
      latest_nav: null,
      value: null,
      redemption: REDEMPTION,
      redemption_nav: '1236.13',
      platform_fee: '0.09',
    },
  );

function show(o: Order, onSell?: (o: Order) => void) {
  render(
    <MemoryRouter>
      <Receipt order={o} onSell={onSell} />
    </MemoryRouter>,
  );
  return screen.getByTestId('receipt');
}

afterEach(cleanup);

describe('fund display (model)', () => {
  it('units to 4 decimals and NAVs (cents) as rand with every digit', () => {
    expect(formatQuantity('809.9727', 'units')).toBe('809.9727 units');
    expect(formatQuantity('1234.5', 'units')).toBe('1,234.5000 units');
    expect(formatQuantity(null, 'units')).toBe('-');
    expect(text({ textContent: formatNav('1234.61', 'ZAc') } as Element)).toBe('ZAR 12.3461');
    expect(formatNav('0.00', 'ZAc')).toBe('-');
  });

  it('a requested redemption reads REDEMPTION PENDING and cannot be redeemed again', () => {
    expect(statusText(fundOrder())).toBe('HOLDING');
    expect(canSell(fundOrder())).toBe(true);
    const redeeming = fundOrder({}, { redemption: REDEMPTION });
    expect(statusText(redeeming)).toBe(REDEMPTION_PENDING);
    expect(canSell(redeeming)).toBe(false);
    expect(canSell(pending())).toBe(false);
  });
});

describe('Order Details of a fund', () => {
  it('pending: the amount and "units are priced at the next valuation, {date} {time}"; no returns, no Redeem', () => {
    const receipt = show(pending(), vi.fn());
    const summary = within(receipt).getByRole('region', { name: 'Order summary' });
    expect(text(summary)).toContain('AmountZAR 10,000.00');
    expect(text(summary)).toContain('Priced at30 Nov 2026 15:00 SAST');
    expect(text(screen.getByTestId('fund-priced-at'))).toBe(
      'Units are priced at the next valuation, 30 Nov 2026 15:00 SAST.',
    );
    expect(text(summary)).not.toContain('shares');
    expect(screen.queryByTestId('receipt-returns')).toBeNull();
    expect(text(screen.getByTestId('fund-pricing-note'))).toContain('not at a 20-second quotation');
    expect(screen.queryByRole('button', { name: 'Redeem' })).toBeNull();
  });

  it('holding: units, NAV paid, current NAV, Unrealised Gains / Held Position Return and Redeem', async () => {
    const onSell = vi.fn();
    const o = fundOrder();
    const receipt = show(o, onSell);
    const summary = within(receipt).getByRole('region', { name: 'Order summary' });
    expect(text(within(summary).getByTestId('fund-units'))).toBe('809.9727 units');
    expect(text(summary)).toContain('NAV paidZAR 12.3461');
    const fund = screen.getByTestId('receipt-fund');
    expect(text(fund)).toContain('Current NAV (1 Dec 2026)ZAR 12.3613');
    expect(text(fund)).toContain('Value at the current NAVZAR 10,012.33');
    expect(text(fund)).toContain('Rounding refundedZAR 0.01');
    const returns = screen.getByTestId('receipt-returns');
    expect(text(returns)).toContain('Unrealised Gains+ZAR 12.34');
    expect(text(returns)).toContain('Held Position Return');
    expect(text(returns)).toContain('At the current NAV, before the platform fee');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(onSell).toHaveBeenCalledWith(o);
  });

  it('redemption pending: the status, when it is priced, and Redeem disabled', () => {
    show(fundOrder({}, { redemption: REDEMPTION }), vi.fn());
    expect(text(screen.getByTestId('order-status'))).toBe(REDEMPTION_PENDING);
    expect(text(screen.getByTestId('fund-redemption'))).toBe(
      'Pending: redeemed at the next NAV, 1 Dec 2026 15:00 SAST',
    );
    const button = screen.getByRole('button', { name: 'Redemption pending' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('sold: the settlement summary with Holding Returns, the redemption NAV and the platform fee', () => {
    const receipt = show(sold(), vi.fn());
    const summary = within(receipt).getByRole('region', { name: 'Settlement summary' });
    expect(text(summary)).toContain('Sell valueZAR 10,012.30');
    expect(text(summary)).toContain('Redemption NAVZAR 12.3613');
    expect(text(summary)).toContain('809.9727 units');
    expect(text(screen.getByTestId('receipt-returns'))).toContain('Holding Returns+ZAR 12.22');
    const fund = screen.getByTestId('receipt-fund');
    expect(text(fund)).toContain('Redeemed at1 Dec 2026 15:00 SAST');
    expect(text(fund)).toContain('Platform feeZAR 0.09');
    expect(text(fund)).not.toContain('Current NAV');
    expect(screen.queryByRole('button', { name: /Redeem/ })).toBeNull();
  });

  it('fees in its own words: no upfront fee on the subscription, the platform fee on the redemption (never "Brokerage"); its type and schedule by name', () => {
    const receipt = show(sold(), vi.fn());
    const fees = screen.getByTestId('receipt-fees');
    const buy = within(fees).getByRole('group', { name: 'Subscription fees' });
    expect(text(buy)).toContain('No upfront feeZAR 0.00');
    expect(text(buy)).toContain('Subscription feesZAR 0.00');
    const sell = within(fees).getByRole('group', { name: 'Redemption fees' });
    expect(text(sell)).toContain('Platform fee 0.35% a year × 1 daysZAR 0.09');
    expect(text(sell)).toContain('Redemption feesZAR 0.09');
    expect(text(fees)).toContain('Fees on this orderZAR 0.09');
    expect(text(fees)).not.toContain('Brokerage');
    expect(text(fees)).toContain(
      'Fee schedule: Fund charges: costs in the NAV, platform fee on redemption (version 1)',
    );
    expect(text(fees)).not.toContain('FUND-NAV-1 ');
    const details = within(receipt).getByRole('region', { name: 'Order details' });
    expect(text(details)).toContain('TypeFund Investment');
    // A NAV per unit, four decimals, in the currency style of every amount.
    expect(text(details)).toContain('NAVZAR 12.3613');
    expect(text(receipt)).not.toMatch(/R\d/);
    expect(text(receipt)).not.toContain('Order price');
    expect(text(receipt)).not.toContain('shares');
  });
});
