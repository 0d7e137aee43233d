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
import { OrderRow } from './order-list';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

type Item = Order['fee_items'][number];
const BUY_FEES = { brokerage: '149.69', stt: '149.69', txn: '44.92', gst: '29.20', total: '373.49' };
const BUY_ITEMS: Item[] = [
  { side: 'buy', code: 'brokerage', label: 'Brokerage', bucket: 'brokerage', amount: '149.69' },
  { side: 'buy', code: 'stt', label: 'Securities Transfer Tax (STT)', bucket: 'stt', amount: '149.69' },
  { side: 'buy', code: 'settlement', label: 'Settlement and administration', bucket: 'txn', amount: '44.91' },
  { side: 'buy', code: 'ipl', label: 'Investor Protection Levy', bucket: 'txn', amount: '0.01' },
  { side: 'buy', code: 'vat', label: 'VAT', bucket: 'gst', amount: '29.20' },
];
// A R61,000 sale under ZA-2026-11: brokerage 152.50, settlement 45.75, IPL 0.12, VAT 15% of 198.37.
const SELL_FEES = { brokerage: '152.50', stt: '0.00', txn: '45.87', gst: '29.76', total: '228.13' };
const SELL_ITEMS: Item[] = [
  { side: 'sell', code: 'brokerage', label: 'Brokerage', bucket: 'brokerage', amount: '152.50' },
  {
    side: 'sell',
    code: 'settlement',
    label: 'Settlement and administration',
    bucket: 'txn',
    amount: '45.75',
  },
  { side: 'sell', code: 'ipl', label: 'Investor Protection Levy', bucket: 'txn', amount: '0.12' },
  { side: 'sell', code: 'vat', label: 'VAT', bucket: 'gst', amount: '29.76' },
];

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
    fees: BUY_FEES,
    fee_items: BUY_ITEMS,
    fees_by_side: { buy: { ...BUY_FEES, items: BUY_ITEMS }, sell: null },
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
    trade_value: '60771.87',
    profit: '524.28',
    // 524.28 / 60,247.59, exact to 20 decimals (decision 0041).
    roi: '0.0087020908222221005',
    fees: SELL_FEES,
    fee_items: [...BUY_ITEMS, ...SELL_ITEMS],
    fees_by_side: { buy: { ...BUY_FEES, items: BUY_ITEMS }, sell: { ...SELL_FEES, items: SELL_ITEMS } },
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
    // One signed rule: a gain reads '+ZAR …' and '+…%', as on Summary.
    const profit = within(returns).getByText('+ZAR 524.28', { normalizer: nbsp });
    expect(profit.className).toContain('text-green-600');
    expect(within(returns).getByText('+0.87%')).toBeTruthy();
    // A quotation by its short reference; the full id in its title (and the copy button).
    const sellRef = within(receipt)
      .getAllByTestId('quote-ref')
      .find((el) => el.textContent === '5d9e0b7e');
    expect(sellRef?.getAttribute('title')).toBe('5d9e0b7e-3c1f-4b8e-8d2a-3f6c9b2a1e44');
    expect(receipt.textContent).not.toContain('5d9e0b7e-3c1f-4b8e-8d2a-3f6c9b2a1e44');
    expect(within(receipt).getAllByRole('button', { name: 'Copy Quotation ID' })).toHaveLength(2);
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

  it('a held stock: one side of fees, each charge named under its bucket, the side total = its lines; the schedule by name', () => {
    const receipt = show(order());
    const fees = within(receipt).getByTestId('receipt-fees');
    const buy = within(fees).getByRole('group', { name: 'Buy fees' });
    const row = (bucket: string) => nbsp(buy.querySelector(`[data-fee="${bucket}"] dd`)?.textContent);
    expect(row('brokerage')).toBe('ZAR 149.69');
    expect(row('stt')).toBe('ZAR 149.69');
    expect(row('txn')).toBe('ZAR 44.92');
    expect(row('gst')).toBe('ZAR 29.20');
    expect(row('total')).toBe('ZAR 373.49');
    expect(nbsp(buy.textContent)).toContain('Securities Transfer Tax (STT)');
    // How the summary and the lines relate: said, with the lines and their amounts.
    expect(within(buy).getByTestId('fee-explanation').textContent).toBe(
      'Transaction charges = Settlement and administration + Investor Protection Levy',
    );
    expect(nbsp(buy.textContent)).toContain('Settlement and administrationZAR 44.91');
    expect(nbsp(buy.textContent)).toContain('Investor Protection LevyZAR 0.01');
    expect(within(fees).queryByRole('group', { name: 'Sale fees' })).toBeNull();
    expect(fees.textContent).not.toContain('Fees on this order');
    expect(fees.textContent).toContain('Fee schedule: JSE share trading fees, March 2026 (ZA-2026-03)');
    const details = within(receipt).getByRole('region', { name: 'Order details' });
    expect(details.textContent).toContain('TypeDD Trading');
    expect(details.textContent).not.toContain('Typefo');
    // The buy quotation by its short reference only.
    expect(within(details).getByTestId('quote-ref').textContent).toBe('0b7c1a52');
    expect(within(details).getByTestId('quote-ref').getAttribute('title')).toBe(
      '0b7c1a52-6a55-4c3e-9a75-1f0d4f1d3b10',
    );
  });

  it('a sold stock: the buy side and the sale side, each with its own total (never the sale total above both sides’ lines)', () => {
    const receipt = show(sold());
    const fees = within(receipt).getByTestId('receipt-fees');
    const side = (name: string) => within(fees).getByRole('group', { name });
    const total = (group: HTMLElement) => nbsp(group.querySelector('[data-fee="total"] dd')?.textContent);
    expect(total(side('Buy fees'))).toBe('ZAR 373.49');
    expect(total(side('Sale fees'))).toBe('ZAR 228.13');
    // Every amount listed under a side adds up to that side's total.
    for (const [name, items] of [
      ['Buy fees', BUY_ITEMS],
      ['Sale fees', SELL_ITEMS],
    ] as const) {
      const shown = [
        ...side(name).querySelectorAll('[data-fee]:not([data-fee="total"]) > dd[data-fee-amount]'),
      ].map((dd) => Math.round(Number(nbsp(dd.textContent).replace(/[^\d.]/g, '')) * 100));
      const sum = shown.reduce((a, b) => a + b, 0);
      expect(sum, name).toBe(items.reduce((a, i) => a + Math.round(Number(i.amount) * 100), 0));
    }
    expect(nbsp(side('Sale fees').textContent)).not.toContain('Securities Transfer Tax');
    expect(nbsp(fees.querySelector('[data-fee="order-total"]')?.textContent)).toBe(
      'Fees on this orderZAR 601.62',
    );
    expect(within(receipt).getByRole('region', { name: 'Order details' }).textContent).toContain('TypeStock');
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

// ---------- A structured product (issue 24 points 1, 3 and 6) ----------

const ENTRY: Item = { side: 'buy', code: 'entry', label: 'Entry cost', bucket: 'brokerage', amount: '30.00' };
const ZERO = { brokerage: '0.00', stt: '0.00', txn: '0.00', gst: '0.00', total: '0.00' };

/** ZAR 3,000 in the demo note on SA40, running: level 68,691 today, worth 21.78 less than it cost. */
function quant(
  overrides: Partial<Order> = {},
  structured: Partial<NonNullable<Order['structured']>> = {},
): Order {
  return order({
    id: 77,
    ttype: 'quant',
    display_type: 'quant',
    name: 'Top 40 Protected Growth Note',
    symbol: 'SA40',
    quote_unit: 'points',
    quantity: '3000',
    requested_quantity: '3000',
    buy_price: '1.00',
    order_price: '1.00',
    buy_trade_value: '3000.00',
    trade_value: '3030.00',
    profit: '-21.78',
    roi: '-0.00726',
    locked_until: null,
    buy_quote_id: null,
    last_price: '68691.00',
    fees: { ...ZERO, brokerage: '30.00', total: '30.00' },
    fee_items: [ENTRY],
    fees_by_side: { buy: { ...ZERO, brokerage: '30.00', total: '30.00', items: [ENTRY] }, sell: null },
    fee_schedule: 'structured-terms',
    ...overrides,
    structured: {
      state: 'running',
      amount: '3000.00',
      entry_fee: '30.00',
      start_at: '2026-12-28T10:00:00.000Z',
      maturity_at: '2028-12-27T10:00:00.000Z',
      protection_pct: '90',
      participation_pct: '120',
      cap_pct: '140',
      start_level: '67384.68',
      level: '68691.00',
      value: '3008.22',
      payoff: null,
      early_exit: 'daily',
      early_exit_cost: '60.00',
      exit_proceeds: '2948.22',
      can_cancel: false,
      can_exit: true,
      exited_early: false,
      ...structured,
    },
  });
}

const matured = () =>
  quant(
    {
      status: 'sold',
      order_action: 'sell',
      sell_trade_value: '3120.00',
      trade_value: '3120.00',
      sell_price: '0',
      quoted_sell_price: '70123.45',
      order_price: '0',
      profit: '90.00',
      roi: '0.02970297029702970297',
      last_price: null,
      reason: 'Matured',
      settlement_time: '2028-12-27T10:00:00.000Z',
      fees: ZERO,
      fees_by_side: {
        buy: { ...ZERO, brokerage: '30.00', total: '30.00', items: [ENTRY] },
        sell: { ...ZERO, items: [] },
      },
    },
    {
      state: 'matured',
      level: '70123.45',
      value: '3120.00',
      payoff: '3120.00',
      can_exit: false,
      exit_proceeds: null,
    },
  );

describe('a structured product in its own units: an amount and the level in points, never shares or rand prices', () => {
  it('held: amount invested, level in points, the entry cost named on the subscription side, −0.72 %', () => {
    const receipt = show(quant());
    const text = nbsp(receipt.textContent);
    expect(text).not.toMatch(/shares?\b/);
    expect(text).not.toContain('Order price');
    expect(text).not.toContain('Last price');
    expect(text).not.toContain('ZAR 0.01');
    expect(text).not.toContain('ZAR 686.91');
    const summary = within(receipt).getByRole('region', { name: 'Order summary' });
    expect(nbsp(summary.textContent)).toContain('Amount investedZAR 3,000.00');
    const structured = within(receipt).getByTestId('receipt-structured');
    expect(nbsp(within(structured).getByTestId('structured-level').textContent)).toBe('68,691.00 pts');
    expect(nbsp(structured.textContent)).toContain('Start level (SA40)67,384.68 pts');
    // The entry cost is what it is, on its own side: never 'Brokerage'.
    const fees = within(receipt).getByTestId('receipt-fees');
    const buy = within(fees).getByRole('group', { name: 'Subscription fees' });
    expect(nbsp(buy.textContent)).toContain('Entry costZAR 30.00');
    expect(nbsp(buy.textContent)).toContain('Subscription feesZAR 30.00');
    expect(fees.textContent).not.toContain('Brokerage');
    expect(fees.textContent).toContain("Fee schedule: The product's terms: entry and early-exit costs");
    // −21.78 on 3,000: −0.726 %, truncated once: −0.72 % (not −0.73 %).
    const returns = within(receipt).getByTestId('receipt-returns');
    expect(nbsp(returns.textContent)).toContain('Unrealised Gains-ZAR 21.78');
    expect(nbsp(returns.textContent)).toContain('Held Position Return-0.72%');
    const details = within(receipt).getByRole('region', { name: 'Order details' });
    expect(details.textContent).toContain('TypeStructured Investment');
    expect(details.textContent).not.toContain('Buy quotation');
  });

  it('matured: the entry cost on the subscription side, nothing on the payout side, the level paid at in points', () => {
    const receipt = show(matured());
    const text = nbsp(receipt.textContent);
    expect(text).not.toContain('Executed sell price');
    expect(text).not.toContain('Sell price');
    expect(text).not.toMatch(/shares?\b/);
    const summary = within(receipt).getByRole('region', { name: 'Settlement summary' });
    expect(nbsp(summary.textContent)).toContain('Paid outZAR 3,120.00');
    expect(nbsp(within(receipt).getByTestId('structured-level').textContent)).toBe('70,123.45 pts');
    const fees = within(receipt).getByTestId('receipt-fees');
    const buy = within(fees).getByRole('group', { name: 'Subscription fees' });
    const payout = within(fees).getByRole('group', { name: 'Payout fees' });
    expect(nbsp(buy.textContent)).toContain('Entry costZAR 30.00');
    expect(nbsp(payout.textContent)).toContain('No chargesZAR 0.00');
    expect(nbsp(payout.textContent)).toContain('Payout feesZAR 0.00');
    // Never 'Total ZAR 0.00' alone above 'Entry cost (buy) ZAR 30.00': the order's fees add up.
    expect(nbsp(fees.querySelector('[data-fee="order-total"]')?.textContent)).toBe(
      'Fees on this orderZAR 30.00',
    );
    expect(nbsp(within(receipt).getByTestId('receipt-returns').textContent)).toContain(
      'Holding Returns+ZAR 90.00',
    );
    expect(nbsp(within(receipt).getByTestId('receipt-returns').textContent)).toContain('+2.97%');
  });
});

describe('an IPO on its receipt', () => {
  it('reads as IPO Equity with its shares in one number format', () => {
    const receipt = show(
      order({
        ttype: 'ipo',
        display_type: 'ipo',
        status: 'listing',
        quantity: '100000',
        requested_quantity: '120000',
        locked_until: null,
      }),
    );
    const details = within(receipt).getByRole('region', { name: 'Order details' });
    expect(details.textContent).toContain('TypeIPO Equity');
    expect(details.textContent).toContain('Requested120,000 shares');
    expect(nbsp(within(receipt).getByRole('region', { name: 'Order summary' }).textContent)).toContain(
      'Quantity100,000 shares',
    );
  });
});

describe('order list rows in the product’s own units, with one signed rule', () => {
  function row(o: Order) {
    render(
      <MemoryRouter>
        <ul>
          <OrderRow order={o} onOpen={vi.fn()} />
        </ul>
      </MemoryRouter>,
    );
    return screen.getByTestId('order-row');
  }

  it('a structured note: the amount invested and the level in points, never "3,000 shares at ZAR 0.01"', () => {
    const r = row(quant());
    const text = nbsp(r.textContent);
    expect(text).toContain('SA40 · JSE · ZAR 3,000.00 invested · level 68,691.00 pts');
    expect(nbsp(within(r).getByTestId('order-holding').textContent)).toBe(
      'ZAR 3,000.00 invested · level 68,691.00 pts',
    );
    expect(text).not.toMatch(/shares?\b/);
    expect(text).not.toContain('ZAR 0.01');
    expect(text).toContain('-ZAR 21.78 (-0.72%)');
  });

  it('a matured note: paid at its final level; a note not started yet: when it starts', () => {
    expect(nbsp(row(matured()).textContent)).toContain('ZAR 3,000.00 invested · paid at 70,123.45 pts');
    cleanup();
    const waiting = quant(
      { status: 'awaiting', profit: '0.00', roi: '0' },
      { level: null, start_level: null },
    );
    expect(nbsp(row(waiting).textContent)).toContain('ZAR 3,000.00 invested · starts 28 Dec 2026');
  });

  it('a stock: shares at a price in rand; a gain with its "+" as Summary writes it', () => {
    const r = row(order({ quantity: '1000', profit: '125.50', roi: '0.0021' }));
    expect(nbsp(r.textContent)).toContain('+ZAR 125.50 (+0.21%)');
    expect(nbsp(within(r).getByTestId('order-holding').textContent)).toBe('1,000 shares at ZAR 5,987.41');
  });

  it('a fund: units (4 decimals) at a NAV per unit in ZAR with 4 decimals', () => {
    const fund = order({
      ttype: 'fund',
      display_type: 'fund',
      symbol: 'IMT40',
      quote_unit: 'ZAc',
      order_price: '1219.59',
      locked_until: null,
      fund: {
        code: 'IMT40',
        amount: '1000.00',
        valuation: {
          date: '2026-11-30',
          time: '15:00',
          at: '2026-11-30T13:00:00.000Z',
          cutoff_at: '2026-11-30T12:00:00.000Z',
        },
        units: '81.9947',
        nav: '1219.59',
        refund: '0.00',
        latest_nav: null,
        value: null,
        redemption: null,
        redemption_nav: null,
        platform_fee: null,
        pricing_note: '',
      },
    });
    expect(nbsp(row(fund).textContent)).toContain('IMT40 · JSE · 81.9947 units at NAV ZAR 12.1959');
  });
});
