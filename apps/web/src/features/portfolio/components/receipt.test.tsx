// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@imali/contract';
import {
  PENDING_LISTING,
  canSell,
  headlineValue,
  isUnpaid,
  statusText,
  yieldSection,
} from '../model/receipt';
import { Receipt } from './order-details';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 41,
    reference: 'ORD-0000000041',
    account: 7,
    status: 'holding',
    ttype: 'fo',
    display_type: 'fo',
    name: 'Naspers 30-day DD',
    symbol: 'NPN',
    market: 'JSE',
    country: 'ZA',
    currency: 'ZAR',
    quote_unit: 'ZAc',
    offering_id: 1,
    order_time: '2026-11-18T10:00:00.000Z',
    execution_time: '2026-11-18T10:00:01.000Z',
    settlement_time: null,
    order_action: 'buy',
    quantity: '10',
    requested_quantity: '10',
    buy_price: '598741',
    buy_trade_value: '59874.10',
    sell_trade_value: '0.00',
    order_price: '598741',
    trade_value: '60247.59',
    profit: '125.50',
    roi: '0.0021',
    cost_basis: null,
    cost_basis_method: null,
    holding_period: 3,
    outstanding: '0.00',
    fees: { brokerage: '149.69', stt: '149.69', txn: '44.92', gst: '29.20', total: '373.49' },
    fee_items: [
      { side: 'buy', code: 'brokerage', label: 'Brokerage', bucket: 'brokerage', amount: '149.69' },
      { side: 'buy', code: 'stt', label: 'Securities Transfer Tax (STT)', bucket: 'stt', amount: '149.69' },
      {
        side: 'buy',
        code: 'settlement',
        label: 'Settlement and administration',
        bucket: 'txn',
        amount: '44.91',
      },
      { side: 'buy', code: 'ipl', label: 'Investor protection levy', bucket: 'txn', amount: '0.01' },
      { side: 'buy', code: 'vat', label: 'VAT', bucket: 'gst', amount: '29.20' },
    ],
    fee_schedule: 'ZA-2026-03',
    locked_until: '2026-12-18T10:00:00.000Z',
    buy_quote_id: '0b7c1a52-6a55-4c3e-9a75-1f0d4f1d3b10',
    sell_quote_id: null,
    quoted_sell_price: null,
    sell_price: null,
    last_price: '600000',
    reason: null,
    ...overrides,
  };
}

const sold = () =>
  order({
    status: 'sold',
    ttype: 'standard',
    display_type: 'standard',
    order_action: 'sell',
    locked_until: null,
    sell_trade_value: '61000.00',
    trade_value: '60628.12',
    profit: '380.53',
    roi: '0.0063',
    cost_basis: '60247.59',
    cost_basis_method: 'average',
    settlement_time: '2026-11-20T10:00:00.000Z',
    sell_quote_id: '5d9e0b7e-3c1f-4b8e-8d2a-3f6c9b2a1e44',
    quoted_sell_price: '610000',
    sell_price: '610000',
    order_price: '610000',
  });

function show(o: Order, onSell?: (o: Order) => void) {
  render(
    <MemoryRouter>
      <Receipt order={o} onSell={onSell} />
    </MemoryRouter>,
  );
  return screen.getByTestId('receipt');
}

afterEach(cleanup);

describe('receipt display rules (model)', () => {
  it('shows the sell value once sold, the buy value otherwise', () => {
    expect(headlineValue(sold())).toEqual({ label: 'Sell value', amount: '61000.00' });
    expect(headlineValue(order())).toEqual({ label: 'Buy value', amount: '59874.10' });
  });

  it("shows 'PENDING LISTING' for an IPO in status listing", () => {
    expect(statusText(order({ ttype: 'ipo', status: 'listing' }))).toBe(PENDING_LISTING);
    expect(statusText(order({ ttype: 'fo', status: 'listing' }))).toBe('LISTING');
    expect(statusText(order())).toBe('HOLDING');
  });

  it('labels the yield section of funds and quant products', () => {
    expect(yieldSection(order({ ttype: 'fund' })).rows.map((r) => r.label)).toEqual([
      'Unrealised Gains',
      'Held Position Return',
    ]);
    expect(yieldSection(order({ ttype: 'quant', status: 'sold' })).rows[0]!.label).toBe('Holding Returns');
  });

  it('treats only a negative outstanding as unpaid; sells only an unlocked holding', () => {
    expect(isUnpaid(order({ outstanding: '-120.00' }))).toBe(true);
    expect(isUnpaid(order({ outstanding: '0.00' }))).toBe(false);
    const now = Date.parse('2026-11-20T00:00:00Z');
    expect(canSell(order(), now)).toBe(false);
    expect(canSell(order({ locked_until: null }), now)).toBe(true);
    expect(canSell(order({ status: 'awaiting', locked_until: null }), now)).toBe(false);
  });
});

describe('Order Details (receipt)', () => {
  it('a sold order shows the settlement summary with the sell value, its quotes and the realised profit', () => {
    const receipt = show(sold());
    const summary = within(receipt).getByRole('region', { name: 'Settlement summary' });
    expect(nbsp(within(summary).getByText('Sell value').nextElementSibling?.textContent)).toBe(
      'ZAR 61,000.00',
    );
    expect(nbsp(within(summary).getByText('Sell price').nextElementSibling?.textContent)).toBe(
      'ZAR 6,100.00',
    );
    const returns = within(receipt).getByTestId('receipt-returns');
    expect(within(returns).getByText('Profit')).toBeTruthy();
    // The cost the sale relieved, by its method (decision 0040): profit = sell net − this cost.
    expect(nbsp(within(returns).getByText('Cost (average cost)').nextElementSibling?.textContent)).toBe(
      'ZAR 60,247.59',
    );
    const profit = within(returns).getByText(/380\.53/);
    expect(profit.className).toContain('text-green-600');
    expect(within(returns).getByText('0.63%')).toBeTruthy();
    expect(receipt.textContent).toContain('5d9e0b7e-3c1f-4b8e-8d2a-3f6c9b2a1e44');
    expect(within(receipt).getByTestId('order-status').className).toContain('text-red-800');
    expect(within(receipt).getByTestId('order-status').textContent).toBe('SOLD');
  });

  it('a holding shows the buy value, the buy price in rand (cents ÷ 100), its lock and a Sell action', async () => {
    const onSell = vi.fn();
    const receipt = show(order({ locked_until: null }), onSell);
    const summary = within(receipt).getByRole('region', { name: 'Order summary' });
    expect(nbsp(within(summary).getByText('Buy value').nextElementSibling?.textContent)).toBe(
      'ZAR 59,874.10',
    );
    expect(nbsp(within(summary).getByText('Buy price').nextElementSibling?.textContent)).toBe('ZAR 5,987.41');
    expect(within(receipt).queryByText('Sell value')).toBeNull();
    expect(within(receipt).getByTestId('order-status').className).toContain('text-green-600');
    await userEvent.click(within(receipt).getByRole('button', { name: 'Sell' }));
    expect(onSell).toHaveBeenCalledTimes(1);
  });

  it('a locked fixed-term holding cannot be sold yet', () => {
    const receipt = show(order({ locked_until: '2999-01-01T00:00:00.000Z' }), vi.fn());
    const button = within(receipt).getByRole('button', { name: /Locked until/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the fees table (brokerage, stt, txn, gst, total), the itemised charges and the schedule', () => {
    const receipt = show(order());
    const fees = within(receipt).getByTestId('receipt-fees');
    const row = (code: string) => nbsp(fees.querySelector(`[data-fee="${code}"] td`)?.textContent);
    expect(row('brokerage')).toBe('ZAR 149.69');
    expect(row('stt')).toBe('ZAR 149.69');
    expect(row('txn')).toBe('ZAR 44.92');
    expect(row('gst')).toBe('ZAR 29.20');
    expect(row('total')).toBe('ZAR 373.49');
    expect(within(fees).getByRole('list', { name: 'Itemised charges' }).children).toHaveLength(5);
    expect(fees.textContent).toContain('Fee schedule ZA-2026-03');
  });

  it('warns about a negative outstanding amount, and not otherwise', () => {
    expect(within(show(order())).queryByTestId('unpaid-warning')).toBeNull();
    cleanup();
    const warning = within(show(order({ outstanding: '-1250.00' }))).getByTestId('unpaid-warning');
    expect(nbsp(warning.textContent)).toContain('Unpaid: ZAR 1,250.00 is outstanding');
  });

  it('colours each status as the spec says', () => {
    const colours: Array<[Order['status'], string]> = [
      ['pending', 'text-amber-500'],
      ['awaiting', 'text-yellow-500'],
      ['holding', 'text-green-600'],
      ['sold', 'text-red-800'],
      ['rejected', 'text-red-600'],
      ['listing', 'text-amber-500'],
    ];
    for (const [status, colour] of colours) {
      const receipt = show(order({ status }));
      expect(within(receipt).getByTestId('order-status').className).toContain(colour);
      cleanup();
    }
  });

  it("an IPO waiting to list reads 'PENDING LISTING'; a fund shows the yield section", () => {
    expect(
      within(show(order({ ttype: 'ipo', display_type: 'ipo', status: 'listing' }))).getByText(
        PENDING_LISTING,
      ),
    ).toBeTruthy();
    cleanup();
    const fund = show(order({ ttype: 'fund', display_type: 'fund', locked_until: null }));
    expect(within(fund).getByText('Unrealised Gains')).toBeTruthy();
    expect(within(fund).getByText('Held Position Return')).toBeTruthy();
  });
});
