// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpoOffering, OrderPreview } from '@imali/contract';
import { renderWithQueries as render } from '@/test/render';
import { scrollToEnd } from '@/test/scroll';
import { stubContractNetwork } from '@/test/contract-network';
import { resultOf } from '@/test/order-fixture';
import { allocationText, lotsError, lotsText, priceLine, sharesText, windowState } from '../model/ipo';

/** A fee bucket's term and amount (its explanation is a dd of its own below them). */
const termAndAmount = (el: HTMLElement) =>
  `${el.querySelector('dt')?.textContent ?? ''}${el.querySelector('[data-fee-amount]')?.textContent ?? ''}`;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');
const DAY = 86_400_000;

const IPO: IpoOffering = {
  id: 12,
  dtype: 'ipo',
  name: 'Ubuntu Renewables IPO',
  symbol: 'UBNTR',
  instrument_name: 'Ubuntu Renewables Ltd',
  market: 'JSE',
  country: 'ZA',
  currency: 'ZAR',
  quote_unit: 'ZAc',
  status: 'open',
  opens_at: new Date(Date.now() - DAY).toISOString(),
  closes_at: new Date(Date.now() + 30 * DAY).toISOString(),
  min_quantity: '10',
  max_quantity: '500',
  hot: true,
  term_days: null,
  block_price: null,
  block_size: null,
  requested_quantity: null,
  allocation_rule: 'pro_rata',
  last_price: '2200',
  key_facts: [
    { key: 'what_you_buy', label: 'What you buy', text: 'New shares of Ubuntu Renewables Ltd.' },
    { key: 'price_basis', label: 'Price', text: 'A price range of R18.00 to R22.00 per share.' },
    { key: 'maximum_loss', label: 'Maximum loss', text: 'You can lose all the money you invest.' },
  ],
  ipo: {
    issuer: 'Ubuntu Renewables Ltd, a South African solar and wind producer',
    price_basis: 'range',
    price_low: '1800',
    price_high: '2200',
    final_price: null,
    reconfirm_required: false,
    lot_size: 10,
    min_lots: 1,
    max_lots: 50,
    shares_offered: '200000',
    allots_on: '2027-01-20',
    lists_on: '2027-01-23',
    allocation_rule: 'pro_rata',
    state: 'open',
    listing_price: null,
    applied_lots: 2,
  },
} satisfies IpoOffering;

const preview = (lots: number): OrderPreview => {
  const value = (lots * 10 * 22).toFixed(2);
  return {
    side: 'buy',
    ttype: 'ipo',
    symbol: 'UBNTR',
    currency: 'ZAR',
    quote_unit: 'ZAc',
    quantity: String(lots * 10),
    price: '2200',
    trade_value: value,
    fees: { brokerage: '100.00', stt: '0.00', txn: '1.00', gst: '15.15', total: '116.15' },
    fee_items: [
      { side: 'buy', code: 'brokerage', label: 'Brokerage', bucket: 'brokerage', amount: '100.00' },
      {
        side: 'buy',
        code: 'settlement',
        label: 'Settlement and administration',
        bucket: 'txn',
        amount: '0.99',
      },
      { side: 'buy', code: 'ipl', label: 'Investor Protection Levy', bucket: 'txn', amount: '0.01' },
      { side: 'buy', code: 'vat', label: 'VAT', bucket: 'gst', amount: '15.15' },
    ],
    fee_schedule: 'ZA-2026-11',
    total: (Number(value) + 116.15).toFixed(2),
    quote_id: null,
    expires_at: null,
    locked_until: null,
  };
};

// The product API at the network, from the contract's schemas: a wrong URL, method or body fails.
const net = stubContractNetwork();
beforeEach(() => {
  net.on('ipo', () => IPO);
  net.on('ipoPreview', ({ query }) => preview(Number(query.lots)));
});

const { default: IpoDrawer } = await import('./ipo-drawer');

afterEach(cleanup);

describe('IPO drawer', () => {
  it('shows the key facts first, then the price range, lots, dates and the allocation rule; Subscribe waits for the facts to be read', async () => {
    render(<IpoDrawer id={12} close={vi.fn()} closeAndNavigate={vi.fn()} askForPin={vi.fn()} />);
    const detail = await screen.findByTestId('ipo-detail');
    const facts = screen.getByTestId('ipo-key-facts');
    // Key facts come before the offer's terms and the dates.
    expect(facts.compareDocumentPosition(screen.getByTestId('ipo-terms'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(within(facts).getByText('You can lose all the money you invest.')).toBeTruthy();
    const terms = nbsp(screen.getByTestId('ipo-terms').textContent);
    expect(terms).toContain('Price range');
    expect(terms).toMatch(/18[.,]00 to .*22[.,]00/);
    expect(terms).toContain('10 shares');
    expect(terms).toContain('1 lot to 50 lots');
    expect(terms).toContain('You have applied for 2 lots');
    expect(terms).toContain('Pro rata');
    expect(terms).toContain('in proportion');
    const dates = screen.getByTestId('ipo-dates');
    expect(within(dates).getAllByRole('listitem')).toHaveLength(4);
    expect(nbsp(dates.textContent)).toContain('20 Jan 2027');
    expect(nbsp(dates.textContent)).toContain('23 Jan 2027');
    expect(within(dates).getByText('Applications open').closest('li')!.getAttribute('aria-current')).toBe(
      'step',
    );
    expect(detail.querySelector('[data-state="open"]')).toBeTruthy();
    const subscribe = screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement;
    expect(subscribe.disabled).toBe(true);
    expect(screen.getByTestId('read-hint')).toBeTruthy();
    scrollToEnd('ipo-key-facts');
    await waitFor(() => expect(subscribe.disabled).toBe(false));
    expect(screen.queryByTestId('read-hint')).toBeNull();
    expect(screen.getByTestId('ipo-facts-state').textContent).toBe('Read');
  });

  it('checks whole lots against the minimum and what is left of the maximum, previews the hold, then PIN → placed', async () => {
    const user = userEvent.setup();
    const askForPin = vi.fn(async () => true);
    const onOrderPlaced = vi.fn();
    const closeAndNavigate = vi.fn();
    net.on('ipoApply', () =>
      resultOf('Application for UBNTR received. Your funds are held until allotment.', {
        id: 91,
        reference: 'ORD-IPO-1',
        status: 'awaiting',
        ttype: 'ipo',
        symbol: 'UBNTR',
        quantity: '0',
        requested_quantity: '50',
        trade_value: '1216.15',
      }),
    );
    render(
      <IpoDrawer
        id={12}
        close={vi.fn()}
        closeAndNavigate={closeAndNavigate}
        askForPin={askForPin}
        onOrderPlaced={onOrderPlaced}
      />,
    );
    await screen.findByTestId('ipo-detail');
    scrollToEnd('ipo-key-facts');
    const input = screen.getByLabelText('Lots');
    expect((input as HTMLInputElement).value).toBe('1');
    await user.clear(input);
    await user.type(input, '49');
    expect(
      await screen.findByText('The maximum per client is 50 lots; you have applied for 2 already.'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(input);
    await user.tab();
    expect(await screen.findByText('Enter a number of lots')).toBeTruthy();
    await user.type(input, '5');
    expect(nbsp(screen.getByTestId('ipo-shares').textContent)).toContain('50 shares');
    await waitFor(() =>
      expect(nbsp(screen.getByTestId('ipo-preview-total').textContent)).toContain('1,216.15'),
    );
    expect(nbsp(screen.getByTestId('ipo-fee-preview').textContent)).toContain('upper price');
    // The spec's summary with each charge named and how they relate (never both unexplained).
    const feePreview = screen.getByTestId('ipo-fee-preview');
    expect(nbsp(termAndAmount(within(feePreview).getByTestId('ipo-preview-fee-txn')))).toBe(
      'Transaction chargesZAR 1.00',
    );
    expect(within(feePreview).getByTestId('fee-explanation').textContent).toBe(
      'Transaction charges = Settlement and administration + Investor Protection Levy',
    );
    expect(nbsp(within(feePreview).getByTestId('ipo-preview-fee-total').textContent)).toBe(
      'Total feesZAR 116.15',
    );
    expect(feePreview.textContent).toContain(
      'Fee schedule: JSE share trading fees, November 2026 (ZA-2026-11)',
    );
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(net.calls('ipoApply')).toHaveLength(1));
    expect(askForPin).toHaveBeenCalledWith(expect.stringContaining('5 lots (50 shares) of UBNTR'));
    expect(askForPin).toHaveBeenCalledWith(
      expect.stringContaining('will be held until allotment on 20 Jan 2027'),
    );
    const applied = net.calls('ipoApply')[0]!;
    // The preview's fee schedule goes back: fees changed since are refused, not charged.
    expect([applied.params.id, applied.body]).toEqual(['12', { lots: 5, fee_schedule: 'ZA-2026-11' }]);
    expect(await screen.findByTestId('order-placed')).toBeTruthy();
    expect(screen.getByText('Application received')).toBeTruthy();
    expect(nbsp(screen.getByTestId('order-placed').textContent)).toContain('5 lots (50 shares)');
    expect(onOrderPlaced).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'View in Portfolio' }));
    expect(closeAndNavigate).toHaveBeenCalledWith('/portfolio/awaiting');
  });

  it('does not apply without the PIN', async () => {
    const user = userEvent.setup();
    render(
      <IpoDrawer id={12} close={vi.fn()} closeAndNavigate={vi.fn()} askForPin={vi.fn(async () => false)} />,
    );
    await screen.findByTestId('ipo-detail');
    scrollToEnd('ipo-key-facts');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy());
    expect(net.calls('ipoApply')).toHaveLength(0);
  });
});

describe('IPO model', () => {
  const terms = { min_lots: 2, max_lots: 10, applied_lots: 3 };
  it('checks lots like the server', () => {
    expect(lotsError('', terms)).toBe('Enter a number of lots');
    expect(lotsError('1.5', terms)).toBe('Lots must be a whole number');
    expect(lotsError('0', terms)).toBe('Lots must be a whole number');
    expect(lotsError('1', terms)).toBe('The minimum is 2 lots.');
    expect(lotsError('8', terms)).toBe('The maximum per client is 10 lots; you have applied for 3 already.');
    expect(lotsError('7', terms)).toBeUndefined();
  });

  it('reads the price as fixed, a range or final, and the rule in one line', () => {
    const za = { quote_unit: 'ZAc' } as const;
    expect(priceLine({ price_low: '2000', price_high: '2000', final_price: '2000' }, za).label).toBe(
      'Fixed price',
    );
    const final = priceLine({ price_low: '1800', price_high: '2200', final_price: '2100' }, za);
    expect(final.label).toBe('Final price');
    expect(nbsp(final.value)).toMatch(/21[.,]00/);
    expect(priceLine({ price_low: '1800', price_high: '2200', final_price: null }, za).note).toContain(
      'upper price',
    );
    expect(allocationText('lottery').text).toContain('one lot to each winner');
    // One number format (en-US): never '100 000 shares' beside '1,000 shares'.
    expect(sharesText(100000)).toBe('100,000 shares');
    expect(sharesText(1)).toBe('1 share');
    expect(lotsText(1200)).toBe('1,200 lots');
  });

  it('knows whether the window is open', () => {
    const now = Date.parse('2027-01-10T10:00:00Z');
    const o = {
      status: 'open' as const,
      opens_at: '2027-01-01T07:00:00Z',
      closes_at: '2027-01-15T15:00:00Z',
    };
    expect(windowState(o, { state: 'open' }, now)).toBe('open');
    expect(windowState({ ...o, opens_at: '2027-01-11T07:00:00Z' }, { state: 'open' }, now)).toBe('upcoming');
    expect(windowState({ ...o, closes_at: '2027-01-09T07:00:00Z' }, { state: 'open' }, now)).toBe('closed');
    expect(windowState({ ...o, status: 'closed' }, { state: 'open' }, now)).toBe('closed');
    expect(windowState(o, { state: 'allotted' }, now)).toBe('closed');
  });
});
