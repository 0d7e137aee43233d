import {
  ErrorCode,
  MarketMessages,
  STOCK_DATA_BASE,
  chartData,
  chartDataQuery,
  company,
  envelope,
  quote,
  searchQuery,
  searchResult,
  sparkline,
  sparklineQuery,
  stockDetail,
  stockRefQuery,
  streamQuery,
  batchQuoteBody,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { safeEqual } from '../../lib/crypto';
import { ok } from '../../lib/reply';
import { DomainError } from '../../plugins/errors';
import * as market from './market.service';
import { QuoteStreamHub } from './quote-stream';

const tags = ['stock data'];
/**
 * Success carries an empty message: the spec's stock-data client treats a message as an error
 * (section 7), so only failures have one.
 */
const success = <T>(data: T) => ok(data, '');
const security = [{ marketKey: [] }];
const MAX_STREAM_SYMBOLS = 50;
const STREAM_ROUTE = `${STOCK_DATA_BASE}/stream`;
/**
 * Serializes without re-validating through zod. For large outputs built by our own typed code
 * (1,250 candles of a 5-year chart) the validation cost more than building the answer; the schema
 * still documents the shape and the API tests check it.
 */
const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/**
 * The stock-data API (spec section 7), registered under `STOCK_DATA_BASE` (/market-data). Every route needs the market
 * key in the `x-api-key` header (the stream also accepts `?key=`, since EventSource cannot set
 * headers). The key is checked on request, before input validation.
 */
export async function stockDataRoutes(app: AppInstance) {
  const hub = new QuoteStreamHub(app.ctx, (error) =>
    app.log.error({ err: error }, 'quote stream tick failed'),
  );
  app.addHook('preClose', async () => hub.closeAll());
  // Warm the instrument catalogue in the background so the first search does not pay for it.
  app.addHook('onReady', async () => {
    market.warmUp(app.ctx).catch((error: unknown) => app.log.warn({ err: error }, 'market warm-up failed'));
  });

  // A callback hook: once the key is known, checking it allocates no promise (hot path).
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['x-api-key'];
    let provided = typeof header === 'string' ? header : undefined;
    if (!provided && request.routeOptions.url === STREAM_ROUTE) {
      const key = (request.query as { key?: unknown }).key;
      if (typeof key === 'string') provided = key;
    }
    const check = (expected: string) =>
      !provided || !safeEqual(provided, expected)
        ? done(new DomainError(ErrorCode.Unauthenticated, MarketMessages.apiKeyRequired, 401))
        : done();
    const known = market.knownMarketApiKey(app.ctx);
    if (known) return check(known);
    market.marketApiKey(app.ctx).then(check, done);
  });

  app.get(
    '/chart_data',
    {
      ...plainJson,
      config: { auth: 'market' },
      schema: {
        tags,
        security,
        summary:
          'OHLC candles of a symbol (1m: 1 session, 5m: 5, 15m: 10, 1h: 22, 1d: 5 years, 1w: since 2016); range (1D, 1W, 1M, 1Y, 5Y) keeps only that window',
        querystring: chartDataQuery,
        response: { 200: envelope(chartData) },
      },
    },
    async (request) => success(await market.chartData(app.ctx, request.query)),
  );

  app.get(
    '/sparkline',
    {
      config: { auth: 'market' },
      schema: {
        tags,
        security,
        summary:
          "A compact intraday series: the last session's closes, thinned to at most `points` (+ the last)",
        querystring: sparklineQuery,
        response: { 200: envelope(sparkline) },
      },
    },
    async (request) => success(await market.sparkline(app.ctx, request.query)),
  );

  app.get(
    '/stock_detail',
    {
      config: { auth: 'market' },
      schema: {
        tags,
        security,
        summary: 'Quote with day range, previous close, change, 52-week range, market cap and S1',
        querystring: stockRefQuery,
        response: { 200: envelope(stockDetail) },
      },
    },
    async (request) => success(await market.stockDetail(app.ctx, request.query)),
  );

  app.get(
    '/company',
    {
      config: { auth: 'market' },
      schema: {
        tags,
        security,
        summary: 'Company profile: name, sector, description, shares outstanding',
        querystring: stockRefQuery,
        response: { 200: envelope(company) },
      },
    },
    async (request) => success(await market.company(app.ctx, request.query)),
  );

  for (const url of ['/search/', '/search']) {
    app.get(
      url,
      {
        config: { auth: 'market' },
        schema: {
          tags,
          security,
          hide: url === '/search',
          summary: 'Search instruments (at most 20): exact symbol, then symbol prefix, then name words',
          querystring: searchQuery,
          response: { 200: envelope(z.array(searchResult)) },
        },
      },
      // Sent as ready JSON text (cached per query): the response schema documents the shape.
      async (request, reply) =>
        reply
          .type('application/json; charset=utf-8')
          .send((await market.searchResponseBody(app.ctx, request.query.query, success)) as never),
    );
  }

  app.post(
    '/stock',
    {
      // The service reads the body itself, so each refusal has its own message (market.service.ts).
      config: { auth: 'market', openapi: { body: batchQuoteBody } },
      schema: {
        tags,
        security,
        summary: `Quotes of many stocks: body is an array of { symbol, market, country } (at most 200); unknown ones are left out`,
        response: { 200: envelope(z.array(quote)) },
      },
    },
    async (request) => success(await market.batchQuotes(app.ctx, request.body)),
  );

  app.get(
    '/stream',
    {
      config: { auth: 'market', openapi: { produces: ['text/event-stream'] } },
      schema: {
        tags,
        security: [{ marketKey: [] }, { marketKeyQuery: [] }],
        summary:
          'Server-Sent Events: a `quote` event per symbol on connect, then on every tick while its exchange is open; `heartbeat` events keep the connection alive',
        querystring: streamQuery,
      },
    },
    async (request, reply) => {
      const specs = request.query.symbols
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (specs.length === 0 || specs.length > MAX_STREAM_SYMBOLS) {
        throw new DomainError(
          ErrorCode.InvalidInput,
          `List 1 to ${MAX_STREAM_SYMBOLS} symbols to stream.`,
          400,
        );
      }
      const instruments = await market.instrumentsForStream(app.ctx, specs, request.query.country);
      reply.hijack();
      const res = reply.raw;
      // The server's idle-socket timeout (connectionTimeout) must not cut a quiet stream.
      request.raw.socket.setTimeout(0);
      // No chunked framing: the stream never ends by itself, so its body is delimited by the
      // connection closing (RFC 9112 §6.3), and each tick is one plain socket write per client
      // instead of four framed pieces corked until the next tick (decision 0021).
      res.removeHeader('transfer-encoding');
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'close',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.flushHeaders();
      const client = {
        instruments,
        write: (chunk: string | Buffer) => res.write(chunk),
        backlog: () => res.writableLength,
        end: () => res.end(),
      };
      res.on('close', () => hub.remove(client));
      hub.add(client);
    },
  );
}
