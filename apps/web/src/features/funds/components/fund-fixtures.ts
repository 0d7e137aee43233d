import type { FundDetail } from '@imali/contract';

/** A fund as GET /funds/app/v1/{id} sends it (the component tests' fixture). */
export const FUND: FundDetail = {
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
