// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MoneyMessages, type Account, type ExchangePair } from '@imali/contract';
import { convertAmount, formatMinor, listQuotes, parseAmount, quoteFor, type Currency } from '@imali/money';

/** The rates the API publishes in its tests (money-test-kit publishRates), and its listing. */
const PUBLISHED = [
  { from: 'USD', to: 'ZAR', rate: '18.05', mid: '18.25' },
  { from: 'ZAR', to: 'USD', rate: '0.0542', mid: '0.054795' },
  { from: 'EUR', to: 'ZAR', rate: '19.6', mid: '19.8' },
];
const LISTING: ExchangePair[] = listQuotes(PUBLISHED).map((q) => ({
  primary: q.from as Currency,
  secondary: q.to as Currency,
  rate: q.rate,
  mid_rate: q.mid,
  spread: q.spread,
  derived: q.derived,
  updated_at: '2025-01-01T00:00:00.000Z',
}));
const ACCOUNTS: Account[] = (['ZAR', 'USD', 'EUR', 'GBP'] as const).map((currency, i) => ({
  id: i + 1,
  currency,
  balance: '10000.00',
  available: '10000.00',
  held: '0.00',
}));

const transferFunds = vi.fn();
vi.mock('@/lib/accounts', () => ({
  accountsQueryKey: ['accounts'],
  useAccounts: () => ({ data: ACCOUNTS, isLoading: false }),
}));
vi.mock('../api/pairs', () => ({
  usePairs: () => ({ data: LISTING, isLoading: false, isError: false }),
  fetchPairs: async () => LISTING,
}));
vi.mock('../api/transfer', () => ({ transferFunds: (...args: unknown[]) => transferFunds(...args) }));

const { default: FundTransferModal } = await import('./fund-transfer-modal');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  transferFunds.mockReset();
  transferFunds.mockResolvedValue({});
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <FundTransferModal from="ZAR" to="USD" />
      </QueryClientProvider>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const byTestId = (id: string) => container.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;

function typeAmount(value: string) {
  const input = container.querySelector<HTMLInputElement>('input[name="amount"]')!;
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** What the server credits (fx.service transfer prices with quoteFor and credits convertAmount). */
function serverCredit(from: Currency, to: Currency, amount: string) {
  const quote = quoteFor(PUBLISHED, from, to)!;
  return formatMinor(convertAmount(parseAmount(amount, from), quote.rate, from, to), to);
}

describe('Fund Transfer modal', () => {
  it('shows as "You receive" exactly what the server credits, and sends the quoted rate', async () => {
    expect(byTestId('transfer-rate')).toBe('1 ZAR = 0.0542 USD');
    expect(byTestId('transfer-spread')).toBe('1.08%');
    for (const amount of ['1.00', '1000.10', '123.45', '27.77', '0.19']) {
      typeAmount(amount);
      // 1000.10 × 0.0542 = 54.20542: the server credits 54.20, and so does the preview.
      expect(byTestId('converted-amount'), amount).toBe(`$${serverCredit('ZAR', 'USD', amount)}`);
    }
    typeAmount('1.00');
    expect(byTestId('converted-amount')).toBe('$0.05');
    await submit();
    expect(transferFunds).toHaveBeenCalledTimes(1);
    expect(transferFunds.mock.calls[0]![0]).toEqual({
      from_account: 1,
      to_account: 2,
      amount: '1.00',
      rate: '0.0542',
    });
  });

  it("says 'Amount is too small to convert.' for 0.10 ZAR and sends nothing", async () => {
    typeAmount('0.10');
    expect(byTestId('converted-amount')).toBe('$0.00');
    expect(byTestId('transfer-too-small')).toBe('Amount is too small to convert.');
    await submit();
    expect(transferFunds).not.toHaveBeenCalled();
    expect(container.textContent).toContain('Amount is too small to convert.');
  });

  it('prices the swapped direction by the same rule (derived from the mid, with its spread)', async () => {
    act(() => {
      const to = container.querySelector<HTMLSelectElement>('select[name="to"]')!;
      to.value = 'EUR';
      to.dispatchEvent(new Event('change', { bubbles: true }));
    });
    // ZAR→EUR is not published: 19.6 / 19.8² → 0.049994 (not 1/19.6 = 0.05102).
    expect(byTestId('transfer-rate')).toBe('1 ZAR = 0.049994 EUR');
    typeAmount('100');
    expect(byTestId('converted-amount')).toBe(`€${serverCredit('ZAR', 'EUR', '100')}`);
    expect(byTestId('converted-amount')).toBe('€4.99');
    act(() => {
      container.querySelector<HTMLButtonElement>('button[aria-label="Swap currencies"]')!.click();
    });
    expect(byTestId('transfer-rate')).toBe('1 EUR = 19.6 ZAR');
  });

  it('swaps to the published reverse pair, keeps the amount and re-prices it; the transfer goes the swapped way', async () => {
    typeAmount('100');
    expect(byTestId('converted-amount')).toBe(`$${serverCredit('ZAR', 'USD', '100')}`);
    act(() => {
      container.querySelector<HTMLButtonElement>('button[aria-label="Swap currencies"]')!.click();
    });
    expect(container.querySelector<HTMLSelectElement>('select[name="from"]')!.value).toBe('USD');
    expect(container.querySelector<HTMLSelectElement>('select[name="to"]')!.value).toBe('ZAR');
    // USD→ZAR is published (18.05): used as is, not 1 / 0.0542.
    expect(byTestId('transfer-rate')).toBe('1 USD = 18.05 ZAR');
    expect(container.querySelector<HTMLInputElement>('input[name="amount"]')!.value).toBe('100');
    expect(serverCredit('USD', 'ZAR', '100')).toBe('1805.00');
    expect(byTestId('converted-amount')).toBe('ZAR\u00a01,805.00');
    await submit();
    expect(transferFunds.mock.calls[0]![0]).toEqual({
      from_account: 2,
      to_account: 1,
      amount: '100',
      rate: '18.05',
    });
  });

  it('refuses the same currency on both sides and more than the from account has', async () => {
    act(() => {
      const to = container.querySelector<HTMLSelectElement>('select[name="to"]')!;
      to.value = 'ZAR';
      to.dispatchEvent(new Event('change', { bubbles: true }));
    });
    typeAmount('10');
    await submit();
    expect(container.textContent).toContain(MoneyMessages.sameAccount);
    act(() => {
      const to = container.querySelector<HTMLSelectElement>('select[name="to"]')!;
      to.value = 'USD';
      to.dispatchEvent(new Event('change', { bubbles: true }));
    });
    typeAmount('10000.01');
    await submit();
    expect(container.textContent).toContain(MoneyMessages.insufficientFunds);
    expect(transferFunds).not.toHaveBeenCalled();
  });
});
