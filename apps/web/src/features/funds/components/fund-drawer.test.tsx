// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FundPreview } from '@imali/contract';
import { FUND } from './fund-fixtures';
import { sizeBox } from '@/test/scroll';
import { NETWORK_FAILURE, stubContractNetwork } from '@/test/contract-network';
import { resultOf } from '@/test/order-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

const SUBSCRIBED = resultOf(
  'Subscription to Imali Top 40 Index Fund received. Units are priced at the next valuation, 2026-03-10 15:00 SAST.',
  {
    reference: 'ORD-ABC',
    status: 'awaiting',
    ttype: 'fund',
    display_type: 'fund',
    offering_id: 9,
    trade_value: '2000.00',
    fund: {
      code: 'IMT40',
      amount: '2000.00',
      valuation: FUND.next_valuation,
      units: null,
      nav: null,
      refund: null,
      latest_nav: null,
      value: null,
      redemption: null,
      redemption_nav: null,
      platform_fee: null,
      pricing_note: 'Funds are priced at the next NAV.',
    },
  },
);

// The product API at the network, from the contract's schemas: a wrong URL, method or body fails.
const net = stubContractNetwork();
beforeEach(() => {
  net.on('fund', () => FUND);
  net.on('fundNavs', ({ query }) => ({
    range: query.range as '3m',
    points: [{ date: '2026-03-06', nav: '1220.00' }, FUND.latest_nav],
  }));
  net.on('fundPreview', () => PREVIEW);
});
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
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FundDrawer id={9} close={vi.fn()} closeAndNavigate={vi.fn()} askForPin={askForPin} />
    </QueryClientProvider>,
  );
  return { askForPin };
}

const sizeFacts = (scrollHeight: number, clientHeight: number) =>
  sizeBox('fund-key-facts', scrollHeight, clientHeight);

describe('FundDrawer', () => {
  it('shows key facts with costs in rand, the NAV, the cut-off line; Subscribe waits for the facts to be read', async () => {
    // A sheet taller than its box: not read at mount.
    const proto = HTMLElement.prototype as unknown as Record<string, unknown>;
    Object.defineProperty(proto, 'scrollHeight', { configurable: true, get: () => 600 });
    Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => 200 });
    setup();
    expect(await screen.findByText('Imali Top 40 Index Fund')).toBeTruthy();
    delete proto.scrollHeight;
    delete proto.clientHeight;
    // One currency style: 'ZAR 12.3456' beside 'ZAR 1,000.00', never 'R12.3456'.
    expect(screen.getByTestId('latest-nav').textContent?.replace(/\u00a0/g, ' ')).toBe('ZAR 12.3456');
    expect(screen.getByTestId('fund-cutoff').textContent).toContain(
      'Units are priced at the next valuation, 10 Mar 2026 15:00 SAST.',
    );
    expect(screen.getByTestId('fund-key-facts').textContent).toMatch(
      /TER 0\.45% = .*4\.50.*Total .*8\.50 a year/,
    );
    expect(await screen.findByTestId('nav-table')).toBeTruthy();
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
    net.on('fundSubscribe', () => SUBSCRIBED);
    const { askForPin } = setup();
    const input = await screen.findByLabelText('Amount (ZAR)');
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
    const subscribed = net.calls('fundSubscribe');
    expect(subscribed).toHaveLength(1);
    expect([subscribed[0]!.params.id, subscribed[0]!.body]).toEqual([
      '9',
      { amount: '2000', account_id: '' },
    ]);
    expect(subscribed[0]!.key).toEqual(expect.any(String));
    expect(screen.getByText('ORD-ABC')).toBeTruthy();
  });

  it('a subscription whose answer was lost is sent again with the same Idempotency-Key (subscribed once)', async () => {
    // The first request never answers (the connection dropped): the server may have taken it.
    let answers = 0;
    net.on('fundSubscribe', () => (answers++ === 0 ? NETWORK_FAILURE : SUBSCRIBED));
    setup();
    const input = await screen.findByLabelText('Amount (ZAR)');
    await userEvent.clear(input);
    await userEvent.type(input, '2000');
    fireEvent.scroll(sizeFacts(100, 100));
    const button = screen.getByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(button);
    await waitFor(() => expect(net.calls('fundSubscribe')).toHaveLength(1));
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('fund-placed')).toBeTruthy());
    const [first, retry] = net.calls('fundSubscribe');
    expect(retry!.body).toEqual(first!.body);
    expect(retry!.key).toBe(first!.key);
  });
});
