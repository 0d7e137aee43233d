// Test data in the contract's shapes (portfolio-stats component tests).
import type {
  AssetSummary,
  PortfolioSummary,
  ProductPortfolio,
  ValueSeries,
  WeekProfit,
} from '@imali/contract';

export const SUMMARY: PortfolioSummary = {
  account_id: null,
  currency: 'ZAR',
  converted: false,
  cash: { balance: '28012.349', available: '27000.00', held: '1012.34' },
  market_value: '12345.678',
  cost: '12000.00',
  unrealised_profit: '345.67',
  realised_profit: '-12.50',
  total_value: '40358.02',
  day_change: '123.456',
  day_change_ratio: '0.003069',
  returns: [
    // The total has a TWR (issue 22): 1M's "--%" was the bug; 1Y's null is a period with nothing invested.
    {
      period: '1W',
      twr: '0.011111',
      mwr: '0.012345',
      mwr_basis: 'period',
      modified_dietz: '0.0123',
      from: '2026-11-11',
      days: 8,
    },
    {
      period: '1M',
      twr: '0.021111',
      mwr: '0.023456',
      mwr_basis: 'period',
      modified_dietz: '0.0234',
      from: '2026-10-19',
      days: 31,
    },
    {
      period: '3M',
      twr: '-0.031111',
      mwr: '-0.034567',
      mwr_basis: 'period',
      modified_dietz: '-0.0345',
      from: '2026-08-19',
      days: 92,
    },
    {
      period: 'YTD',
      twr: '0.041111',
      mwr: '0.045678',
      mwr_basis: 'period',
      modified_dietz: '0.0456',
      from: '2026-01-01',
      days: 322,
    },
    {
      period: '1Y',
      twr: null,
      mwr: null,
      mwr_basis: 'period',
      modified_dietz: null,
      from: '2025-11-19',
      days: 365,
    },
    // Longer than a year: the IRR a year (annualised).
    {
      period: 'ALL',
      twr: '0',
      mwr: '0',
      mwr_basis: 'annualised',
      modified_dietz: '0',
      from: '2025-01-01',
      days: 687,
    },
  ],
  allocation: {
    by_product: [
      { product: 'stock', market_value: '9259.26', weight: '0.75' },
      { product: 'fund', market_value: '3086.41', weight: '0.25' },
    ],
    by_sector: [
      { sector: 'Financials', market_value: '9259.26', weight: '0.75' },
      { sector: 'Funds', market_value: '3086.41', weight: '0.25' },
    ],
  },
  as_of: '2026-11-18T10:00:00.000Z',
  liabilities: { total: '0.00', loans: [] },
  net_value: '40358.02',
};

/** The same client after a ZAR 10,000 loan was paid out (issue 24): cash and total up 10,000, 11,001.61 owed. */
export const LOAN_SUMMARY: PortfolioSummary = {
  ...SUMMARY,
  cash: { balance: '38012.349', available: '37000.00', held: '1012.34' },
  total_value: '50358.02',
  liabilities: {
    total: '11001.61',
    loans: [
      {
        reference: 'LON-0000000042',
        account_id: 1,
        currency: 'ZAR',
        principal: '10000.00',
        outstanding: '11001.61',
        next_instalment: { amount: '916.80', due_on: '2026-12-18' },
        paid_out_at: '2026-11-18T09:30:00.000Z',
      },
    ],
  },
  net_value: '39356.41',
};

export const ASSETS: AssetSummary = {
  accounts: [
    {
      account_id: 1,
      currency: 'ZAR',
      balance: '28012.34',
      available: '27000.00',
      held: '1012.34',
      market_value: '12345.67',
      total_value: '40358.01',
    },
    {
      account_id: 2,
      currency: 'USD',
      balance: '0.00',
      available: '0.00',
      held: '0.00',
      market_value: '0.00',
      total_value: '0.00',
    },
  ],
  total_value_zar: '40358.019',
};

export const WEEK: WeekProfit = {
  currency: 'ZAR',
  days: [
    { day: '2026-11-10', profit: '0.00' },
    { day: '2026-11-11', profit: '250.00' },
    { day: '2026-11-12', profit: '-100.00' },
    { day: '2026-11-13', profit: '1000.00' },
    { day: '2026-11-16', profit: '0.00' },
    { day: '2026-11-17', profit: '84.50' },
    { day: '2026-11-18', profit: '123.45' },
  ],
};

export const series = (period: ValueSeries['period'], days: number): ValueSeries => ({
  currency: 'ZAR',
  period,
  points: Array.from({ length: days }, (_, i) => ({
    day: `2026-11-${String(18 - days + 1 + i).padStart(2, '0')}`,
    value: `${40000 + i * 10}.00`,
    net_flow: i === 0 ? '40000.00' : '0.00',
    loan_flow: '0.00',
    growth: `1.00${i}000`,
  })),
});

export const STOCKS: ProductPortfolio = {
  currency: 'ZAR',
  product: 'stock',
  market_value: '9259.26',
  cost: '9000.00',
  positions: [
    {
      symbol: 'FSR',
      name: 'FirstRand Ltd',
      market: 'JSE',
      country: 'ZA',
      sector: 'Financials',
      quantity: '10.000000',
      average_cost: '900.0000',
      cost: '9000.00',
      market_value: '9259.26',
      unrealised_profit: '259.26',
      unrealised_ratio: '0.028806',
      weight: '1',
    },
  ],
};

export const empty = (product: ProductPortfolio['product']): ProductPortfolio => ({
  currency: 'ZAR',
  product,
  market_value: '0.00',
  cost: '0.00',
  positions: [],
});
