import {
  envelope,
  indicesQuery,
  marketConfig,
  newsDetail,
  newsIdParams,
  newsListQuery,
  newsSummary,
  quote,
  ranking,
  rankingQuery,
  STOCK_DATA_BASE,
  stockRef,
  watchlist,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { principalOf } from '../../plugins/auth';
import { ok } from '../../lib/reply';
import * as market from './market.service';

const tags = ['market'];

/** Market parts of the product API (client bearer token), registered under /api. */
export async function marketProductRoutes(app: AppInstance) {
  const base = '/market/app/v1';

  app.get(
    '/client/app/v1/market-config',
    {
      config: { auth: 'client' },
      schema: {
        tags,
        summary: 'Where the web app reaches the stock-data API: base URL, API key (x-api-key) and stream URL',
        response: { 200: envelope(marketConfig) },
      },
    },
    async () =>
      ok({
        baseUrl: STOCK_DATA_BASE,
        apiKey: await market.marketApiKey(app.ctx),
        streamUrl: `${STOCK_DATA_BASE}/stream`,
      }),
  );

  // GET ${base}/price is the quotation endpoint of modules/quotes (issue 12: a stored, 20-second quote).

  app.get(
    `${base}/ranking`,
    {
      config: { auth: 'client' },
      schema: {
        tags,
        summary: 'Top gainers, losers (by change %) or most active (by volume) stocks of a country',
        querystring: rankingQuery,
        response: { 200: envelope(ranking) },
      },
    },
    async (request) => ok(await market.ranking(app.ctx, request.query)),
  );

  app.get(
    `${base}/indices`,
    {
      config: { auth: 'client' },
      schema: {
        tags,
        summary:
          'Default index quotes of a country profile (ZA: FTCRZAFN, SA40, FTCRZAFN.TR; US/IN: IN_SPX, IN_NDX, IN_DJI)',
        querystring: indicesQuery,
        response: { 200: envelope(z.array(quote)) },
      },
    },
    async (request) => ok(await market.indices(app.ctx, request.query.country)),
  );

  app.get(
    `${base}/watchlist`,
    {
      config: { auth: 'client' },
      schema: {
        tags,
        summary: "The signed-in client's watch list, with quotes",
        response: { 200: envelope(watchlist) },
      },
    },
    async (request) => ok(await market.watchlist(app.ctx, principalOf(request).clientId)),
  );

  app.post(
    `${base}/watchlist`,
    {
      config: { auth: 'client' },
      schema: {
        tags,
        summary: 'Add a stock { symbol, market, country } to the watch list (idempotent); returns the list',
        body: stockRef,
        response: { 200: envelope(watchlist) },
      },
    },
    async (request) => ok(await market.addToWatchlist(app.ctx, principalOf(request).clientId, request.body)),
  );

  app.delete(
    `${base}/watchlist`,
    {
      config: { auth: 'client' },
      schema: {
        tags,
        summary:
          'Remove a stock (query symbol, market, country) from the watch list (idempotent); returns the list',
        querystring: stockRef,
        response: { 200: envelope(watchlist) },
      },
    },
    async (request) =>
      ok(await market.removeFromWatchlist(app.ctx, principalOf(request).clientId, request.query)),
  );

  app.get(
    `${base}/news`,
    {
      config: { auth: 'client' },
      schema: {
        tags,
        summary: 'Market news of a country, newest first',
        querystring: newsListQuery,
        response: { 200: envelope(z.object({ items: z.array(newsSummary) })) },
      },
    },
    async (request) => ok(await market.newsList(app.ctx, request.query.country, request.query.limit)),
  );

  app.get(
    `${base}/news/:id`,
    {
      config: { auth: 'client' },
      schema: {
        tags,
        summary: 'One news article',
        params: newsIdParams,
        response: { 200: envelope(newsDetail) },
      },
    },
    async (request) => ok(await market.newsDetail(app.ctx, request.params.id)),
  );
}
