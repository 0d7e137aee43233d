// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FundDetail, FundPreview, OrderResult } from '@imali/contract';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const FUND: FundDetail = {
  id: 9,
  name: 'Imali Top 40 Index Fund',
  status: 'open',
  currency: 'ZAR',
  terms: {
    code: 'IMT40',
    category: 'SA Equity General',
    benchmark: { symbol: 'SA40', name: 'South Africa Top 40 Index', market: 'JSE' },
    risk_profile: 5,
    ter_percent: '0.45',
    transaction_costs_percent: '0.05',
    tic_percent: '0.5',
    platform_fee_percent: '0.35',
    min_investment: '1000.00',
    max_investment: '1000000.00',
    cutoff_time: '14:00',
    valuation_time: '15:00',
    distribution_policy: 'accumulating',
    launch_date: '2023-03-10',
  },
  key_facts: [
    { key: 'what_you_buy', label: 'What you buy', text: 'Units of the fund.' },
    { key: 'maximum_loss', label: 'Risk', text: 'Not capital protected.' },
  ],
  costs_on_minimum: {
    amount: '1000.00',
    ter: '4.50',
    transaction_costs: '0.50',
    tic: '5.00',
    platform_fee: '3.50',
    total: '8.50',
  },
  latest_nav: { date: '2026-03-09', nav: '1234.56' },
  next_valuation: {
    date: '2026-03-10',
    time: '15:00',
    at: '2026-03-10T13:00:00.000Z',
    cutoff_at: '2026-03-10T12:00:00.000Z',
  },
};
const PREVIEW: FundPreview = {
  amount: '2000.00',
  currency: 'ZAR',
  upfront_fee: '0.00',
  held: '2000.00',
  indicative_nav: FUND.latest_nav,
  indicative_units: '162.0010',
  valuation: FUND.next_valuation,
  costs: {
    amount: '2000.00',
    ter: '9.00',
    transaction_costs: '1.00',
    tic: '10.00',
    platform_fee: '7.00',
    total: '17.00',
  },
};

const subscribeToFund = vi.fn();
vi.mock('../api/funds', () => ({
  useFund: () => ({ data: FUND, isError: false }),
  useFundNavs: () => ({
    data: { range: '3m', points: [{ date: '2026-03-06', nav: '1220.00' }, FUND.latest_nav] },
  }),
  fetchFundPreview: () => Promise.resolve(PREVIEW),
  subscribeToFund: (...a: unknown[]) => subscribeToFund(...a),
}));
// The chart library needs a canvas; the table alternative carries the same points.
vi.mock('./nav-chart', () => ({
  NavChart: ({ points }: { points: { date: string; nav: string }[] }) => (
    <table data-testid="nav-table">
      <tbody>
        {points.map((p) => (
          <tr key={p.date}>
            <td>{p.nav}</td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
}));

const { default: FundDrawer } = await import('./fund-drawer');

afterEach(cleanup);

function setup(askForPin = vi.fn(() => Promise.resolve(true))) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <FundDrawer id={9} close={vi.fn()} closeAndNavigate={vi.fn()} askForPin={askForPin} />
    </QueryClientProvider>,
  );
  return { askForPin };
}

/** happy-dom has no layout: the key-facts box reports the sizes we give it. */
function sizeFacts(scrollHeight: number, clientHeight: number) {
  const box = screen.getByTestId('fund-key-facts');
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: clientHeight });
  return box;
}

describe('FundDrawer', () => {
  it('shows key facts with costs in rand, the NAV, the cut-off line; Subscribe waits for the facts to be read', async () => {
    // A sheet taller than its box: not read at mount.
    const proto = HTMLElement.prototype as unknown as Record<string, unknown>;
    Object.defineProperty(proto, 'scrollHeight', { configurable: true, get: () => 600 });
    Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => 200 });
    setup();
    delete proto.scrollHeight;
    delete proto.clientHeight;
    expect(screen.getByText('Imali Top 40 Index Fund')).toBeTruthy();
    // One currency style: 'ZAR 12.3456' beside 'ZAR 1,000.00', never 'R12.3456'.
    expect(screen.getByTestId('latest-nav').textContent?.replace(/\u00a0/g, ' ')).toBe('ZAR 12.3456');
    expect(screen.getByTestId('fund-cutoff').textContent).toContain(
      'Units are priced at the next valuation, 10 Mar 2026 15:00 SAST.',
    );
    expect(screen.getByTestId('fund-key-facts').textContent).toMatch(
      /TER 0\.45% = .*4\.50.*Total .*8\.50 a year/,
    );
    expect(screen.getByTestId('nav-table')).toBeTruthy();
    const box = sizeFacts(600, 200);
    box.scrollTop = 100;
    fireEvent.scroll(box);
    const button = screen.getByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(screen.getByTestId('fund-preview')).toBeTruthy());
    const fundPreview = (screen.getByTestId('fund-preview').textContent ?? '').replace(/\u00a0/g, ' ');
    // Units and NAV in their own rule: 4-decimal units, a NAV per unit in ZAR like every amount.
    expect(fundPreview).toContain('Indicative units at ZAR 12.3456162.0010 units');
    expect(fundPreview).not.toMatch(/R\d/);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Read the key facts to the end to subscribe.')).toBeTruthy();
    box.scrollTop = 400;
    fireEvent.scroll(box);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });

  it('enforces the minimum, then subscribes after Verify Your PIN and shows the placed confirmation', async () => {
    const result = {
      message:
        'Subscription to Imali Top 40 Index Fund received. Units are priced at the next valuation, 2026-03-10 15:00 SAST.',
      order: {
        reference: 'ORD-ABC',
        fund: { amount: '2000.00', valuation: FUND.next_valuation },
      },
    } as unknown as OrderResult;
    subscribeToFund.mockResolvedValue(result);
    const { askForPin } = setup();
    const input = screen.getByLabelText('Amount (ZAR)');
    await userEvent.clear(input);
    await userEvent.type(input, '999');
    expect(screen.getByText(/The minimum investment is .*1,000\.00/)).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, '2000');
    const box = sizeFacts(100, 100);
    fireEvent.scroll(box);
    const button = screen.getByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('fund-placed')).toBeTruthy());
    expect(askForPin).toHaveBeenCalledOnce();
    expect(subscribeToFund).toHaveBeenCalledWith(9, { amount: '2000', account_id: '' }, expect.any(String));
    expect(screen.getByText('ORD-ABC')).toBeTruthy();
  });
});
