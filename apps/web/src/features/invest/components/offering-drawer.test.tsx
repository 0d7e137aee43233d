// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ErrorCode,
  TradingMessages,
  type CashAccount,
  type KeyFact,
  type Offering,
  type OrderPreview,
  type Quotation,
} from '@imali/contract';
import { toast } from '@/components/ui/toast';
import { serverClock } from '@/lib/server-clock';
import { refuse, stubContractNetwork } from '@/test/contract-network';
import { accountOf, resultOf } from '@/test/order-fixture';

/** A fee bucket's term and amount (its explanation is a dd of its own below them). */
const termAndAmount = (el: HTMLElement) =>
  `${el.querySelector('dt')?.textContent ?? ''}${el.querySelector('[data-fee-amount]')?.textContent ?? ''}`;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

const KEY_FACTS: KeyFact[] = [
  { key: 'what_you_buy', label: 'What you buy', text: 'Shares in Naspers Ltd (NPN, JSE), held for 30 days.' },
  { key: 'price_basis', label: 'Price', text: 'The live quote at the time you buy, valid for 20 seconds.' },
  { key: 'lock_up', label: 'Lock-up', text: 'Locked for 30 days from the day you buy.' },
  { key: 'early_exit', label: 'Selling early', text: 'Not possible before the term ends.' },
  { key: 'fees', label: 'Fees', text: 'Brokerage 0.25%, STT 0.25% (buys). Fee schedule ZA-2026-03.' },
  { key: 'allocation', label: 'Allocation', text: 'Immediate: filled in full at the quote.' },
  { key: 'maximum_loss', label: 'Maximum loss', text: 'You can lose all of the money you invest.' },
];

const FO: Offering = {
  id: 3,
  dtype: 'fo',
  name: 'Naspers 30-day DD',
  symbol: 'NPN',
  instrument_name: 'Naspers Ltd',
  market: 'JSE',
  country: 'ZA',
  currency: 'ZAR',
  quote_unit: 'ZAc',
  status: 'open',
  opens_at: '2026-11-01T07:00:00.000Z',
  closes_at: '2026-12-01T15:00:00.000Z',
  min_quantity: '1',
  max_quantity: '50',
  hot: true,
  term_days: 30,
  block_price: null,
  block_size: null,
  requested_quantity: null,
  allocation_rule: null,
  last_price: '598741',
  key_facts: KEY_FACTS,
};
const OTC: Offering = {
  ...FO,
  id: 4,
  dtype: 'otc',
  name: 'FirstRand block, 5% below market',
  symbol: 'FSR',
  hot: false,
  term_days: null,
  block_price: '7250',
  block_size: '50000',
  requested_quantity: '1200',
  allocation_rule: 'pro_rata',
  min_quantity: '100',
  max_quantity: '20000',
  last_price: '7632',
};
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
  quote_id: '11111111-2222-4333-8444-555555555555',
  expires_at: '2026-11-18T10:00:20.000Z',
};
const preview = (quantity: string, total: string): OrderPreview => ({
  side: 'buy',
  ttype: 'fo',
  symbol: 'NPN',
  currency: 'ZAR',
  quote_unit: 'ZAc',
  quantity,
  price: '598741',
  trade_value: '11974.82',
  fees: { brokerage: '29.94', stt: '29.94', txn: '8.99', gst: '5.84', total: '74.71' },
  fee_items: [
    { side: 'buy', code: 'brokerage', label: 'Brokerage', bucket: 'brokerage', amount: '29.94' },
    { side: 'buy', code: 'stt', label: 'Securities Transfer Tax (STT)', bucket: 'stt', amount: '29.94' },
    {
      side: 'buy',
      code: 'settlement',
      label: 'Settlement and administration',
      bucket: 'txn',
      amount: '8.98',
    },
    { side: 'buy', code: 'ipl', label: 'Investor protection levy', bucket: 'txn', amount: '0.01' },
    { side: 'buy', code: 'vat', label: 'VAT', bucket: 'gst', amount: '5.84' },
  ],
  fee_schedule: 'ZA-2026-03',
  total,
  quote_id: QUOTE.quote_id,
  expires_at: QUOTE.expires_at,
  locked_until: '2026-12-18T10:00:00.000Z',
});

let offering: Offering = FO;
let accounts: CashAccount[] = [];
let quote: Quotation = QUOTE;
let previewOf = (quantity: string): OrderPreview => preview(quantity, '12049.53');
// The product API, stubbed at the network from the contract's schemas: a wrong URL, method or
// body fails the test.
const net = stubContractNetwork();

const { default: OfferingDrawer } = await import('./offering-drawer');

const askForPin = vi.fn<(description?: string) => Promise<boolean>>();
const onOrderPlaced = vi.fn();

function renderDrawer(dtype: 'fo' | 'otc') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OfferingDrawer
        dtype={dtype}
        id={offering.id}
        close={() => {}}
        closeAndNavigate={() => {}}
        askForPin={askForPin}
        onOrderPlaced={onOrderPlaced}
      />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  offering = FO;
  accounts = [
    accountOf({ id: 1, currency: 'ZAR', available: '25000.00' }),
    accountOf({ id: 2, currency: 'USD', available: '1500.00' }),
  ];
  quote = QUOTE;
  previewOf = (quantity) => preview(quantity, '12049.53');
  net.on('foOffering', () => offering);
  net.on('otcOffering', () => offering);
  net.on('accounts', () => accounts);
  net.on('quotation', () => quote);
  net.on('orderPreview', ({ query }) => previewOf(query.quantity!));
  askForPin.mockResolvedValue(true);
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'warning');
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DD Trading Detail (fo drawer)', () => {
  it('shows every key fact before anything can be confirmed, with the live price in rand', async () => {
    renderDrawer('fo');
    const facts = await screen.findByTestId('key-facts');
    for (const fact of KEY_FACTS) {
      expect(within(facts).getByText(fact.label)).toBeTruthy();
      expect(within(facts).getByText(fact.text)).toBeTruthy();
    }
    const buy = screen.getByRole('button', { name: 'Buy' });
    // The sheet comes first in the document (and so on screen, and to a screen reader).
    expect(facts.compareDocumentPosition(buy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(nbsp(screen.getByTestId('quote-price').textContent)).toBe('ZAR 5,987.41'));
    expect(screen.getByTestId('simulated-data-note').textContent).toContain('Simulated market data');
    expect(net.calls('quotation')[0]!.query).toEqual({ symbol: 'NPN', market: 'JSE', country: 'ZA' });
    expect(askForPin).not.toHaveBeenCalled();
    expect(screen.getByText('Term').nextElementSibling?.textContent).toBe('30 days');
  });

  it('dates "Unlock date if bought today" from the server’s clock, not the device’s', async () => {
    // The server's clock (a demo's, moved back) is on 18 November while the device says otherwise.
    const device = Date.now();
    serverClock.observe(Date.parse('2026-11-18T10:00:00.000Z'), device, device);
    try {
      renderDrawer('fo');
      expect((await screen.findByText('Unlock date if bought today')).nextElementSibling?.textContent).toBe(
        '18 Dec 2026',
      );
    } finally {
      serverClock.reset();
    }
  });

  it('validates the quantity with the contract messages', async () => {
    const user = userEvent.setup();
    renderDrawer('fo');
    await screen.findByTestId('quote-price');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText(TradingMessages.quantityRequired)).toBeTruthy();
    const field = screen.getByLabelText('Quantity (shares)');
    await user.type(field, '0');
    expect(await screen.findByText(TradingMessages.quantityPositive)).toBeTruthy();
    await user.clear(field);
    await user.type(field, '1.5');
    expect(await screen.findByText(TradingMessages.wholeShares)).toBeTruthy();
    await user.clear(field);
    await user.type(field, '51');
    expect(await screen.findByText(TradingMessages.aboveMaximum('50 shares'))).toBeTruthy();
    expect(askForPin).not.toHaveBeenCalled();
    expect(net.calls('foBuy')).toHaveLength(0);
  });

  it('previews the fees for the quotation, then PIN, then buys with its quote id', async () => {
    const user = userEvent.setup();
    net.on('foBuy', () =>
      resultOf(TradingMessages.buyReceived('NPN'), {
        id: 9,
        reference: 'ORD-9',
        status: 'holding',
        ttype: 'fo',
        quantity: '2',
        requested_quantity: '2',
        trade_value: '12049.53',
        locked_until: '2026-12-18T10:00:00.000Z',
      }),
    );
    renderDrawer('fo');
    await screen.findByTestId('quote-price');
    await user.type(screen.getByLabelText('Quantity (shares)'), '2');
    const fees = screen.getByTestId('fee-preview');
    await waitFor(() =>
      expect(nbsp(within(fees).getByTestId('preview-total').textContent)).toContain('ZAR 12,049.53'),
    );
    expect(nbsp(within(fees).getByTestId('preview-fee-gst').textContent)).toBe('VATZAR 5.84');
    // One story: the spec's buckets, each charge named under them, how they relate said once.
    expect(nbsp(within(fees).getByTestId('preview-fee-brokerage').textContent)).toBe('BrokerageZAR 29.94');
    expect(nbsp(within(fees).getByTestId('preview-fee-stt').textContent)).toBe(
      'Securities Transfer Tax (STT)ZAR 29.94',
    );
    expect(nbsp(termAndAmount(within(fees).getByTestId('preview-fee-txn')))).toBe(
      'Transaction chargesZAR 8.99',
    );
    expect(within(fees).getByTestId('fee-explanation').textContent).toBe(
      'Transaction charges = Settlement and administration + Investor protection levy',
    );
    expect(
      within(fees).getByRole('list', { name: 'Transaction charges: the charges' }).children,
    ).toHaveLength(2);
    expect(nbsp(within(fees).getByTestId('preview-fee-total').textContent)).toBe('Total feesZAR 74.71');
    expect(fees.textContent).toContain('Fee schedule: JSE share trading fees, March 2026 (ZA-2026-03)');
    expect(net.calls('orderPreview').at(-1)!.query).toEqual({
      ttype: 'fo',
      offering_id: '3',
      quantity: '2',
      account_id: '1',
      quote_id: QUOTE.quote_id,
    });

    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(net.calls('foBuy')).toHaveLength(1));
    expect(nbsp(askForPin.mock.calls[0]![0])).toBe(
      'Confirm your buy of 2 shares of NPN for ZAR 12,049.53, locked for 30 days.',
    );
    const { body, key } = net.calls('foBuy')[0]!;
    // The preview's fee schedule goes back: fees changed since are refused, not charged.
    expect(body).toEqual({
      id: 3,
      quantity: '2',
      account_id: 1,
      quote_id: QUOTE.quote_id,
      fee_schedule: 'ZA-2026-03',
    });
    expect(typeof key).toBe('string');
    expect(await screen.findByTestId('order-placed')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Buy order for NPN received.');
    expect(onOrderPlaced).toHaveBeenCalledTimes(1);
  });

  it('does not buy when the PIN is not given', async () => {
    const user = userEvent.setup();
    askForPin.mockResolvedValue(false);
    renderDrawer('fo');
    await screen.findByTestId('quote-price');
    await user.type(screen.getByLabelText('Quantity (shares)'), '2');
    await waitFor(() => expect(screen.getByTestId('preview-total')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(askForPin).toHaveBeenCalledTimes(1));
    expect(net.calls('foBuy')).toHaveLength(0);
  });

  it('says when the account cannot cover the order, and when there is no account in the currency', async () => {
    const user = userEvent.setup();
    accounts = [accountOf({ id: 1, currency: 'ZAR', available: '500.00' })];
    renderDrawer('fo');
    await screen.findByTestId('quote-price');
    await user.type(screen.getByLabelText('Quantity (shares)'), '2');
    const warning = await screen.findByTestId('insufficient-funds');
    expect(nbsp(warning.textContent)).toContain(
      'Insufficient funds: ZAR 500.00 available, ZAR 12,049.53 needed.',
    );
    expect((screen.getByRole('button', { name: 'Buy' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    accounts = [accountOf({ id: 2, currency: 'USD', available: '1500.00' })];
    renderDrawer('fo');
    expect((await screen.findByTestId('account-missing')).textContent).toContain('You have no ZAR account.');
  });

  it('refuses to buy while the market is closed and says so', async () => {
    quote = { ...QUOTE, market_open: false };
    renderDrawer('fo');
    expect(await screen.findByText(/The JSE is closed\./)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Buy' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's closed-market message: when the market opens and how to try the demo", async () => {
    const closed = 'The JSE is closed. It opens at 2026-11-30 09:00 SAST. Try the demo: npm run demo.';
    quote = { ...QUOTE, market_open: false, closed_message: closed };
    renderDrawer('fo');
    expect(await screen.findByText(closed)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Buy' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Block Trading (otc drawer)', () => {
  it('shows the block price and that funds are held until settlement; requests an allocation after the PIN', async () => {
    const user = userEvent.setup();
    offering = OTC;
    net.on('otcAllocate', () =>
      resultOf(TradingMessages.allocationReceived('FSR'), {
        id: 10,
        reference: 'ORD-10',
        status: 'awaiting',
        ttype: 'otc',
        symbol: 'FSR',
        quantity: '0',
        requested_quantity: '100',
        trade_value: '7295.24',
      }),
    );
    previewOf = (quantity) => ({
      ...preview(quantity, '7295.24'),
      ttype: 'otc',
      symbol: 'FSR',
      price: '7250',
      quote_id: null,
      expires_at: null,
      locked_until: null,
    });
    renderDrawer('otc');
    expect(nbsp((await screen.findByTestId('block-price')).textContent)).toContain('ZAR 72.50');
    expect(screen.getByTestId('block-price').textContent).toContain('Funds held until settlement');
    expect(net.calls('quotation')).toHaveLength(0);
    await user.type(await screen.findByLabelText('Quantity (shares)'), '99');
    expect(await screen.findByText(TradingMessages.belowMinimum('100 shares'))).toBeTruthy();
    await user.clear(screen.getByLabelText('Quantity (shares)'));
    await user.type(screen.getByLabelText('Quantity (shares)'), '100');
    await waitFor(() => expect(screen.getByText('Total held until settlement')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Request allocation' }));
    await waitFor(() => expect(net.calls('otcAllocate')).toHaveLength(1));
    const allocation = net.calls('otcAllocate')[0]!;
    expect([allocation.params.id, allocation.body]).toEqual([
      '4',
      { quantity: '100', account_id: 1, fee_schedule: 'ZA-2026-03' },
    ]);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(TradingMessages.allocationReceived('FSR')),
    );
  });

  it('fees changed since the preview (409): says so, previews again with the new fees, then sends those', async () => {
    const user = userEvent.setup();
    vi.spyOn(toast, 'error');
    offering = OTC;
    let schedule = 'ZA-2026-03';
    const otcPreview = (quantity: string): OrderPreview => ({
      ...preview(quantity, schedule === 'ZA-2026-03' ? '7295.24' : '7301.50'),
      ttype: 'otc',
      symbol: 'FSR',
      price: '7250',
      fee_schedule: schedule,
      quote_id: null,
      expires_at: null,
      locked_until: null,
    });
    previewOf = otcPreview;
    net.on('otcAllocate', ({ body }) => {
      if ((body as { fee_schedule?: string }).fee_schedule !== schedule) {
        return refuse(409, ErrorCode.Conflict, TradingMessages.feesChanged);
      }
      return resultOf(TradingMessages.allocationReceived('FSR'), {
        id: 10,
        status: 'awaiting',
        ttype: 'otc',
        symbol: 'FSR',
        requested_quantity: '100',
        trade_value: '7301.50',
      });
    });
    renderDrawer('otc');
    await user.type(await screen.findByLabelText('Quantity (shares)'), '100');
    await waitFor(() => expect(nbsp(screen.getByTestId('preview-total').textContent)).toContain('7,295.24'));
    // A new version takes effect between the preview and the confirm.
    schedule = 'ZA-202612011430';
    await user.click(screen.getByRole('button', { name: 'Request allocation' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(TradingMessages.feesChanged));
    expect((net.calls('otcAllocate')[0]!.body as { fee_schedule: string }).fee_schedule).toBe('ZA-2026-03');
    // The preview is read again: the client sees the new fees before confirming again.
    await waitFor(() => expect(nbsp(screen.getByTestId('preview-total').textContent)).toContain('7,301.50'));
    expect(screen.getByTestId('fee-preview').textContent).toContain('ZA-202612011430');
    await user.click(screen.getByRole('button', { name: 'Request allocation' }));
    await waitFor(() => expect(net.calls('otcAllocate')).toHaveLength(2));
    expect((net.calls('otcAllocate')[1]!.body as { fee_schedule: string }).fee_schedule).toBe(
      'ZA-202612011430',
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(TradingMessages.allocationReceived('FSR')),
    );
  });
});
