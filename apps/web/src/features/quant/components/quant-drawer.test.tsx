// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Offering } from '@imali/contract';
import { renderWithQueries as render } from '@/test/render';
import { scrollToEnd } from '@/test/scroll';
import { stubContractNetwork } from '@/test/contract-network';
import { resultOf } from '@/test/order-fixture';
import { amountError, daysText, entryCost, ordinal, riskLabel } from '../model/structured';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

const PRODUCT: Offering = {
  id: 9,
  dtype: 'quant',
  name: 'Top 40 Protected Growth Note',
  symbol: 'SA40',
  instrument_name: 'South Africa Top 40 Index',
  market: 'JSE',
  country: 'ZA',
  currency: 'ZAR',
  quote_unit: 'points',
  status: 'open',
  opens_at: '2026-11-01T07:00:00.000Z',
  closes_at: '2026-12-01T07:00:00.000Z',
  min_quantity: '1000',
  max_quantity: '500000',
  hot: true,
  term_days: null,
  block_price: null,
  block_size: null,
  requested_quantity: null,
  allocation_rule: null,
  last_price: '85000.00',
  key_facts: [],
  structured: {
    state: 'subscription',
    start_at: '2026-12-01T07:00:00.000Z',
    maturity_at: '2028-11-30T07:00:00.000Z',
    term_days: 730,
    protection_pct: '90',
    participation_pct: '120',
    cap_pct: '140',
    min_amount: '1000.00',
    max_amount: '500000.00',
    entry_fee_pct: '1',
    early_exit: 'daily',
    early_exit_cost_pct: '2',
    start_level: null,
    final_level: null,
    current_level: '85123.45',
    kid: {
      version: 'kid-v3',
      computed_at: '2026-11-01T07:00:00.000Z',
      comprehension_alert:
        'You are about to purchase a product that is not simple and may be difficult to understand.',
      what_it_is: 'Top 40 Protected Growth Note is a structured investment linked to the Top 40.',
      risk_score: 3,
      market_risk_class: 2,
      credit_risk_class: 3,
      credit_quality_step: 3,
      risk_text: 'We have classified this product as 3 out of 7, which is a medium-low risk class.',
      vev: '0.0312',
      volatility: '0.1700',
      stressed_volatility: '0.2400',
      drift: '0.0500',
      history_days: 1260,
      method: 'Scenarios are percentiles of the underlying return.',
      currency: 'ZAR',
      reference_amount: '10000.00',
      entry_costs: '100.00',
      max_loss: '1100.00',
      max_loss_ratio: '0.1089',
      max_loss_text: 'Held to maturity, you can lose at most 1100.00 ZAR.',
      scenarios: [
        {
          name: 'stress',
          label: 'Stress',
          percentile: 5,
          underlying_return: '-0.3500',
          payoff: '9000.00',
          gain: '-1100.00',
          return: '-0.1089',
          annual_return: '-0.0560',
        },
        {
          name: 'unfavourable',
          label: 'Unfavourable',
          percentile: 10,
          underlying_return: '-0.1800',
          payoff: '9000.00',
          gain: '-1100.00',
          return: '-0.1089',
          annual_return: '-0.0560',
        },
        {
          name: 'moderate',
          label: 'Moderate',
          percentile: 50,
          underlying_return: '0.1052',
          payoff: '11262.40',
          gain: '1162.40',
          return: '0.1151',
          annual_return: '0.0560',
        },
        {
          name: 'favourable',
          label: 'Favourable',
          percentile: 90,
          underlying_return: '0.4500',
          payoff: '14000.00',
          gain: '3900.00',
          return: '0.3861',
          annual_return: '0.1773',
        },
      ],
      costs_over_time: [
        {
          label: 'If you exit after 1 year',
          days: 365,
          total_costs: '300.00',
          cost_impact: '0.0303',
          annual_cost_impact: '0.0303',
          return_before_costs: '0.0568',
          return_after_costs: '0.0265',
          available: true,
        },
        {
          label: 'If you hold to maturity',
          days: 730,
          total_costs: '100.00',
          cost_impact: '0.0110',
          annual_cost_impact: '0.0052',
          return_before_costs: '0.0546',
          return_after_costs: '0.0493',
          available: true,
        },
      ],
      holding_period: 'Recommended holding period: to maturity (730 days).',
      early_exit_text: 'You may exit on any day before maturity.',
      liquidity_text: 'Exiting early costs more than holding to maturity.',
      default_text: 'Imali pays the payoff from its structured-products book.',
    },
  },
};

let shown: Offering = PRODUCT;
// The product API at the network, from the contract's schemas: a wrong URL, method or body fails.
const net = stubContractNetwork();
beforeEach(() => net.on('quant', () => shown));

const { default: QuantDrawer } = await import('./quant-drawer');

afterEach(() => {
  cleanup();
  shown = PRODUCT;
});

describe('structured product drawer', () => {
  it('shows the key information first: scenario table, risk score with its meaning, costs over time; Subscribe waits for it to be read', async () => {
    const askForPin = vi.fn(async () => true);
    render(<QuantDrawer id={9} close={vi.fn()} closeAndNavigate={vi.fn()} askForPin={askForPin} />);
    // The underlying's level in points (an index is not money), en-US grouping.
    expect(nbsp((await screen.findByTestId('quant-level')).textContent)).toBe('85,123.45 pts');
    const table = screen.getByTestId('scenario-table');
    expect(table.tagName).toBe('TABLE');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5); // header + 4 scenarios
    expect(nbsp(within(table).getByRole('row', { name: /Moderate/ }).textContent)).toContain('11,262.40');
    // The score combines the market and credit risk classes (PRIIPs Annex II Part 3), and says so.
    expect(screen.getByRole('img', { name: 'Risk score: Medium-low risk (3 of 7)' })).toBeTruthy();
    expect(screen.getByText(/3 out of 7, which is a medium-low risk class/)).toBeTruthy();
    expect(screen.getByTestId('risk-classes').textContent).toBe(
      "Market risk class 2 of 7 · credit risk class 3 of 6 (Imali's credit quality step 3)",
    );
    expect(nbsp(screen.getByTestId('costs-table').textContent)).toContain('300.00');
    expect(nbsp(screen.getByTestId('max-loss').textContent)).toContain('1,100.00');
    const subscribe = screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement;
    expect(subscribe.disabled).toBe(true);
    expect(screen.getByTestId('read-hint')).toBeTruthy();
    scrollToEnd('key-information');
    await waitFor(() => expect(subscribe.disabled).toBe(false));
    expect(screen.queryByTestId('read-hint')).toBeNull();
  });

  it('reads right for a long term: "730 days", ordinal percentiles (stress at the 5th), returns and the reduction in yield a year', async () => {
    render(<QuantDrawer id={9} close={vi.fn()} closeAndNavigate={vi.fn()} askForPin={vi.fn()} />);
    expect(await screen.findByText('730 days')).toBeTruthy();
    const table = screen.getByTestId('scenario-table');
    expect(within(table).getByText('(5th percentile)')).toBeTruthy();
    expect(within(table).getByText('(90th percentile)')).toBeTruthy();
    expect(within(table).getAllByText(/a year$/)).toHaveLength(4);
    const costs = screen.getByTestId('costs-table');
    expect(within(costs).getByRole('columnheader', { name: 'Annual cost impact' })).toBeTruthy();
    expect(nbsp(costs.textContent)).toContain('0.52%');
    expect(screen.getByTestId('costs-footnote').textContent).toBe(
      'The cost impact is how much the costs reduce your return. Held to maturity, your return is projected at 5.46% a year before costs and 4.93% a year after costs (moderate scenario).',
    );
  });

  it('a 1-day product: "1 day", nothing per year, the cost impact over the time held', async () => {
    const kid = PRODUCT.structured!.kid;
    shown = {
      ...PRODUCT,
      structured: {
        ...PRODUCT.structured!,
        maturity_at: '2026-12-02T07:00:00.000Z',
        term_days: 1,
        kid: {
          ...kid,
          // A term up to a year: the stress scenario at the 1st percentile (PRIIPs Annex IV).
          scenarios: kid.scenarios.map((sc) => ({
            ...sc,
            percentile: sc.name === 'stress' ? 1 : sc.percentile,
            annual_return: null,
          })),
          costs_over_time: [
            {
              label: 'If you hold to maturity',
              days: 1,
              total_costs: '100.00',
              cost_impact: '0.0100',
              annual_cost_impact: null,
              return_before_costs: '0.0050',
              return_after_costs: '-0.0050',
              available: true,
            },
          ],
          holding_period: 'Recommended holding period: to maturity (1 day).',
        },
      },
    };
    render(<QuantDrawer id={9} close={vi.fn()} closeAndNavigate={vi.fn()} askForPin={vi.fn()} />);
    expect(await screen.findByText('1 day')).toBeTruthy();
    expect(screen.queryByText(/1 days/)).toBeNull();
    expect(within(screen.getByTestId('scenario-table')).getByText('(1st percentile)')).toBeTruthy();
    expect(screen.queryByText(/a year$/)).toBeNull();
    expect(screen.queryByText(/a year before costs/)).toBeNull();
    expect(screen.queryByText(/1th/)).toBeNull();
    const costs = screen.getByTestId('costs-table');
    expect(within(costs).getByRole('columnheader', { name: 'Cost impact over the time held' })).toBeTruthy();
    expect(within(costs).queryByText('Annual cost impact')).toBeNull();
    expect(nbsp(costs.textContent)).toContain('1.00%');
    expect(screen.getByTestId('costs-footnote').textContent).toContain(
      '0.50% before costs and -0.50% after costs',
    );
    expect(nbsp(costs.textContent)).not.toContain('365');
  });

  it('checks the amount against the limits, shows what is held, then PIN → placed confirmation', async () => {
    const user = userEvent.setup();
    const askForPin = vi.fn(async () => true);
    const onOrderPlaced = vi.fn();
    net.on('quantSubscribe', () =>
      resultOf('Subscription to Top 40 Protected Growth Note received.', {
        id: 77,
        reference: 'ORD-QT-1',
        status: 'awaiting',
        ttype: 'quant',
        display_type: 'quant',
        name: 'Top 40 Protected Growth Note',
        symbol: 'SA40',
        offering_id: 9,
        buy_trade_value: '10000.00',
        trade_value: '10100.00',
        fees: { brokerage: '100.00', stt: '0.00', txn: '0.00', gst: '0.00', total: '100.00' },
        structured: {
          state: 'subscription',
          amount: '10000.00',
          entry_fee: '100.00',
          start_at: '2026-12-01T07:00:00.000Z',
          maturity_at: '2028-11-30T07:00:00.000Z',
          protection_pct: '90',
          participation_pct: '120',
          cap_pct: '140',
          start_level: null,
          level: null,
          value: null,
          payoff: null,
          early_exit: 'daily',
          early_exit_cost: '0.00',
          exit_proceeds: null,
          can_cancel: true,
          can_exit: false,
          exited_early: false,
        },
      }),
    );
    render(
      <QuantDrawer
        id={9}
        close={vi.fn()}
        closeAndNavigate={vi.fn()}
        askForPin={askForPin}
        onOrderPlaced={onOrderPlaced}
      />,
    );
    await screen.findByTestId('key-information');
    scrollToEnd('key-information');
    const input = screen.getByLabelText('Amount (ZAR)');
    await user.type(input, '500');
    await user.tab();
    expect(await screen.findByText('The minimum for this product is 1000.00 ZAR.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '10000');
    expect(nbsp(screen.getByTestId('quant-held').textContent)).toContain('10,100.00');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(net.calls('quantSubscribe')).toHaveLength(1));
    expect(askForPin).toHaveBeenCalledWith(expect.stringContaining('will be held until'));
    const subscribed = net.calls('quantSubscribe')[0]!;
    expect([subscribed.params.id, subscribed.body]).toEqual(['9', { amount: '10000' }]);
    expect(await screen.findByTestId('order-placed')).toBeTruthy();
    expect(screen.getByText('Subscription received')).toBeTruthy();
    expect(onOrderPlaced).toHaveBeenCalled();
  });
});

describe('structured model', () => {
  it('validates amounts and computes the entry cost like the server', () => {
    const limits = { min: '1000.00', max: '500000.00', currency: 'ZAR' };
    expect(amountError('', limits)).toBe('Enter an amount.');
    expect(amountError('abc', limits)).toBe('Enter a valid amount');
    expect(amountError('1000.001', limits)).toBe('Amounts allow at most 2 decimal places');
    expect(amountError('999.99', limits)).toBe('The minimum for this product is 1000.00 ZAR.');
    expect(amountError('500000.01', limits)).toBe(
      'The maximum per client for this product is 500000.00 ZAR.',
    );
    expect(amountError('1000', limits)).toBeUndefined();
    expect(entryCost('10000', '1')).toBe(10000n);
    expect(entryCost('123.45', '0.5')).toBe(62n);
    expect(riskLabel(7)).toBe('Very high risk (7 of 7)');
    expect([1, 2, 3, 4, 10, 11, 12, 13, 21, 50, 90, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '10th',
      '11th',
      '12th',
      '13th',
      '21st',
      '50th',
      '90th',
      '101st',
      '111th',
    ]);
    expect([1, 2, 730, 1095].map(daysText)).toEqual(['1 day', '2 days', '730 days', '1,095 days']);
  });
});
