import { z } from 'zod';
import { PORTFOLIO_PERIODS, PORTFOLIO_PRODUCTS } from './constants';
import { plainId } from './numbers';

export { PORTFOLIO_PERIODS, PORTFOLIO_PRODUCTS };

/**
 * Portfolio statistics (issue 14): GET /api/stat/app/v1/{portfolio,asset,week_profit,month_return,
 * invest_stat,stock_portfolio,fund_portfolio,stru_portfolio}?account_id=. Amounts are decimal
 * strings in `currency`; ratios are exact decimal strings ('0.123456' = 12.3456 %; truncated
 * toward zero at 20 decimals when they repeat, never rounded: decision 0041), null when they are
 * not defined (nothing invested over the period: the web shows '--%'). Without account_id (or
 * empty, as the spec sometimes sends it) the figures are the client's total in ZAR, each account
 * converted at the published mid rate (`converted: true` says so).
 */

export type PortfolioPeriod = (typeof PORTFOLIO_PERIODS)[number];
export type PortfolioProduct = (typeof PORTFOLIO_PRODUCTS)[number];

/** ?account_id= : a positive id in plain digits, or empty/absent for the client's total. */
export const statQuery = z.object({
  account_id: z
    .union([z.literal(''), plainId('Choose an account')], { error: 'Choose an account' })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});

const ratio = z.string().nullable();

export const periodReturn = z.object({
  period: z.enum(PORTFOLIO_PERIODS),
  /** Time-weighted: deposits and withdrawals do not move it. */
  twr: ratio,
  /**
   * Money-weighted: what the client's own money earned, timing included — the internal rate of
   * return of the period's flows (XIRR convention, actual/365; decision 0054), 8 decimals. Over the
   * period itself when it is a year or less (up to 366 days: 1Y is never annualised), per year
   * when longer: `mwr_basis` says which.
   */
  mwr: ratio,
  mwr_basis: z.enum(['period', 'annualised']),
  /** Modified Dietz over the same period (a first-order estimate of the IRR, not annualised). */
  modified_dietz: ratio,
  /** The first day the figure covers (the account's first day when it is younger). */
  from: z.string(),
  /** Days the period covers (from `from` to today, both included). */
  days: z.number().int(),
});
export type PeriodReturn = z.infer<typeof periodReturn>;

/**
 * A loan paid out and not yet repaid (issue 24): a liability. Amounts in the loan's currency.
 * `outstanding` is every instalment not yet repaid (principal and the interest the schedule
 * charges); the next instalment is the first due on or after today, null when none is left.
 */
export const loanLiability = z.object({
  reference: z.string(),
  account_id: z.number(),
  currency: z.string(),
  principal: z.string(),
  outstanding: z.string(),
  next_instalment: z.object({ amount: z.string(), due_on: z.string() }).nullable(),
  paid_out_at: z.string(),
});
export type LoanLiability = z.infer<typeof loanLiability>;

export const portfolioSummary = z.object({
  account_id: z.number().nullable(),
  currency: z.string(),
  converted: z.boolean(),
  cash: z.object({ balance: z.string(), available: z.string(), held: z.string() }),
  market_value: z.string(),
  cost: z.string(),
  unrealised_profit: z.string(),
  realised_profit: z.string(),
  /** cash balance + market value */
  total_value: z.string(),
  /** Change in value today less today's deposits and withdrawals. */
  day_change: z.string(),
  day_change_ratio: ratio,
  returns: z.array(periodReturn),
  allocation: z.object({
    by_product: z.array(
      z.object({ product: z.enum(PORTFOLIO_PRODUCTS), market_value: z.string(), weight: ratio }),
    ),
    by_sector: z.array(z.object({ sector: z.string(), market_value: z.string(), weight: ratio })),
  }),
  as_of: z.string(),
  /**
   * What the client owes (decision 0042): loans paid out and not yet repaid, of the account (or
   * all, `total` converted like total_value). A loan's payout is in the cash and so in total_value.
   */
  liabilities: z.object({ total: z.string(), loans: z.array(loanLiability) }),
  /** total_value − liabilities.total: what the client owns net of what they owe. */
  net_value: z.string(),
});
export type PortfolioSummary = z.infer<typeof portfolioSummary>;

/** GET /stat/app/v1/asset: each account's cash and holdings. */
export const assetRow = z.object({
  account_id: z.number(),
  currency: z.string(),
  balance: z.string(),
  available: z.string(),
  held: z.string(),
  market_value: z.string(),
  total_value: z.string(),
});
export const assetSummary = z.object({
  accounts: z.array(assetRow),
  /** Σ total value in ZAR at the published mid rates. */
  total_value_zar: z.string(),
});
export type AssetSummary = z.infer<typeof assetSummary>;

/** GET /stat/app/v1/week_profit: profit per day over the last 7 JSE trading days, oldest first. */
export const weekProfit = z.object({
  currency: z.string(),
  days: z.array(z.object({ day: z.string(), profit: z.string() })),
});
export type WeekProfit = z.infer<typeof weekProfit>;

/** GET /stat/app/v1/month_return: time-weighted return per calendar month (last 12), oldest first. */
export const monthReturn = z.object({
  currency: z.string(),
  months: z.array(z.object({ month: z.string(), twr: ratio })),
});
export type MonthReturn = z.infer<typeof monthReturn>;

/** GET /stat/app/v1/invest_stat: invested and returned per product type. */
export const investStat = z.object({
  currency: z.string(),
  products: z.array(
    z.object({
      product: z.enum(PORTFOLIO_PRODUCTS),
      invested: z.string(),
      returned: z.string(),
      realised_profit: z.string(),
      sold_orders: z.number(),
      market_value: z.string(),
    }),
  ),
});
export type InvestStat = z.infer<typeof investStat>;

/** GET /stat/app/v1/stock_portfolio|fund_portfolio|stru_portfolio: positions of one product type. */
export const productPosition = z.object({
  symbol: z.string(),
  name: z.string(),
  market: z.string(),
  country: z.string(),
  sector: z.string().nullable(),
  quantity: z.string(),
  /** cost ÷ quantity, in the account's currency (fees included). */
  average_cost: z.string(),
  cost: z.string(),
  market_value: z.string(),
  unrealised_profit: z.string(),
  unrealised_ratio: ratio,
  weight: ratio,
});
export const productPortfolio = z.object({
  currency: z.string(),
  product: z.enum(PORTFOLIO_PRODUCTS),
  market_value: z.string(),
  cost: z.string(),
  positions: z.array(productPosition),
});
export type ProductPortfolio = z.infer<typeof productPortfolio>;

/** GET /stat/app/v1/value_series?account_id=&period=: the account's value at the end of each day. */
export const valueSeriesQuery = statQuery.extend({
  period: z.enum(PORTFOLIO_PERIODS, { error: 'Choose a period: 1W, 1M, 3M, YTD, 1Y or ALL' }).default('1M'),
});
export const valueSeries = z.object({
  currency: z.string(),
  period: z.enum(PORTFOLIO_PERIODS),
  /** Oldest first; the last point is today so far. `value` = cash + holdings at that day's close. */
  points: z.array(
    z.object({
      day: z.string(),
      value: z.string(),
      /** Deposits − withdrawals (and transfers) that day; loan money is not in it (`loan_flow`). */
      net_flow: z.string(),
      /** Loans paid out (+) and repaid (−) that day: an external flow, but neither deposit nor return. */
      loan_flow: z.string(),
      /** Time-weighted growth of 1 since the period's start, 6 decimals. */
      growth: z.string(),
    }),
  ),
});
export type ValueSeries = z.infer<typeof valueSeries>;
