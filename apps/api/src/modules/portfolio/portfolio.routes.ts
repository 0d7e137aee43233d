import {
  assetSummary as assetSummarySchema,
  envelope,
  investStat as investStatSchema,
  monthReturn as monthReturnSchema,
  portfolioSummary as portfolioSummarySchema,
  productPortfolio as productPortfolioSchema,
  statQuery,
  valueSeries as valueSeriesSchema,
  valueSeriesQuery,
  weekProfit as weekProfitSchema,
  type PortfolioProduct,
} from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import {
  assetSummary,
  investStat,
  monthReturn,
  portfolioSummary,
  productPortfolio,
  valueSeries,
  weekProfit,
} from './portfolio.service';

const tags = ['portfolio'];

/** ?account_id=: empty or absent → the client's total (or home account); otherwise that account (404 if not theirs). */
const accountOf = (query: { account_id?: number }) => query.account_id;

// Reads of the client's own figures: approved KYC, like every money screen (spec section 7).
export async function portfolioRoutes(app: AppInstance) {
  const ctx = app.ctx;
  const read = { config: { kyc: true } } as const;

  app.get(
    '/stat/app/v1/portfolio',
    {
      ...read,
      schema: {
        tags,
        summary:
          'Cash, market value, cost, unrealised and realised profit, total value, day change, TWR and MWR over 1W…ALL, allocation (one account, or the total in ZAR)',
        querystring: statQuery,
        response: { 200: envelope(portfolioSummarySchema) },
      },
    },
    async (request) =>
      ok(await portfolioSummary(ctx, principalOf(request).clientId, accountOf(request.query))),
  );

  app.get(
    '/stat/app/v1/asset',
    {
      ...read,
      schema: {
        tags,
        summary: "Each account's cash and holdings, and the total in ZAR at mid rates",
        querystring: statQuery,
        response: { 200: envelope(assetSummarySchema) },
      },
    },
    async (request) => ok(await assetSummary(ctx, principalOf(request).clientId, accountOf(request.query))),
  );

  app.get(
    '/stat/app/v1/week_profit',
    {
      ...read,
      schema: {
        tags,
        summary:
          'Profit per day over the last 7 JSE trading days (value change less deposits and withdrawals)',
        querystring: statQuery,
        response: { 200: envelope(weekProfitSchema) },
      },
    },
    async (request) => ok(await weekProfit(ctx, principalOf(request).clientId, accountOf(request.query))),
  );

  app.get(
    '/stat/app/v1/month_return',
    {
      ...read,
      schema: {
        tags,
        summary: 'Time-weighted return of each of the last 12 calendar months',
        querystring: statQuery,
        response: { 200: envelope(monthReturnSchema) },
      },
    },
    async (request) => ok(await monthReturn(ctx, principalOf(request).clientId, accountOf(request.query))),
  );

  app.get(
    '/stat/app/v1/invest_stat',
    {
      ...read,
      schema: {
        tags,
        summary: 'Invested, returned, realised profit and market value per product type',
        querystring: statQuery,
        response: { 200: envelope(investStatSchema) },
      },
    },
    async (request) => ok(await investStat(ctx, principalOf(request).clientId, accountOf(request.query))),
  );

  app.get(
    '/stat/app/v1/value_series',
    {
      ...read,
      schema: {
        tags,
        summary: "The account's value at the end of each day of the period (1W…ALL), and today's so far",
        querystring: valueSeriesQuery,
        response: { 200: envelope(valueSeriesSchema) },
      },
    },
    async (request) =>
      ok(
        await valueSeries(ctx, principalOf(request).clientId, accountOf(request.query), request.query.period),
      ),
  );

  const products: [string, PortfolioProduct][] = [
    ['stock_portfolio', 'stock'],
    ['fund_portfolio', 'fund'],
    ['stru_portfolio', 'quant'],
  ];
  for (const [path, product] of products) {
    app.get(
      `/stat/app/v1/${path}`,
      {
        ...read,
        schema: {
          tags,
          summary: `Positions of type ${product}: quantity, average cost, value, unrealised profit, weight`,
          querystring: statQuery,
          response: { 200: envelope(productPortfolioSchema) },
        },
      },
      async (request) =>
        ok(await productPortfolio(ctx, principalOf(request).clientId, accountOf(request.query), product)),
    );
  }
}
