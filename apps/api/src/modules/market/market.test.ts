import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chartData, envelope, searchResult, sparkline } from '@imali/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInClient } from '../../test/signed-in-client';

const KEY = 'test-market-key-0123456789';
// Saturday 21 November 2026: every exchange is closed, so prices stand still at Friday's close.
const SATURDAY = Date.parse('2026-11-21T10:00:00Z');

describe('stock-data API (/market)', () => {
  let t: TestApp;
  const get = (url: string, key: string | null = KEY) =>
    t.app.inject({ method: 'GET', url, headers: key ? { 'x-api-key': key } : {} });
  const post = (body: unknown, key = KEY) =>
    t.app.inject({
      method: 'POST',
      url: '/market-data/stock',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  beforeAll(async () => {
    t = await createTestApp({ MARKET_API_KEY: KEY });
    t.clock.advance(SATURDAY - Date.now());
  });
  afterAll(() => t.close());

  describe('API key', () => {
    it('refuses a missing key with 401 and a message', async () => {
      const res = await get('/market-data/search/?query=npn', null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'A valid market API key is required (header x-api-key).',
        data: null,
      });
    });

    it('refuses a wrong key, before looking at the input', async () => {
      for (const url of [
        '/market-data/chart_data?country=ZA&symbol=NPN',
        '/market-data/stock_detail',
        '/market-data/company',
      ]) {
        const res = await get(url, 'wrong-key-000000');
        expect(res.statusCode).toBe(401);
      }
      expect((await post([], 'wrong-key-000000')).statusCode).toBe(401);
    });

    it('does not take the key from the query string except for the stream', async () => {
      const res = await get(`/market-data/search/?query=npn&key=${KEY}`, null);
      expect(res.statusCode).toBe(401);
    });
  });

  describe('GET /market-data/chart_data', () => {
    it('returns five years of daily candles in cents for a JSE share', async () => {
      const res = await get('/market-data/chart_data?country=ZA&symbol=npn&interval=1d');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      // The route serializes without zod (speed): the contract must still hold, exactly.
      expect(envelope(chartData).strict().parse(body)).toEqual(body);
      expect(body.code).toBe('OK');
      expect(body.message).toBe(''); // the spec's stock-data client treats a message as an error
      const data = body.data;
      expect(data).toMatchObject({
        symbol: 'NPN',
        market: 'JSE',
        country: 'ZA',
        interval: '1d',
        quote_unit: 'ZAc',
      });
      expect(data.candles.length).toBeGreaterThan(1200);
      const last = data.candles.at(-1);
      expect(last.time).toBe(Date.parse('2026-11-20T07:00:00Z') / 1000);
      expect(Number.isInteger(last.close)).toBe(true);
      for (const c of data.candles.slice(-50)) {
        expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
        expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
      }
    });

    it('serves every interval, intraday candles inside trading hours', async () => {
      const expected = { '1m': 480, '5m': 480, '15m': 320, '1h': 176 } as Record<string, number>;
      for (const interval of ['1m', '5m', '15m', '1h', '1w']) {
        const res = await get(`/market-data/chart_data?country=ZA&symbol=SBK&interval=${interval}`);
        expect(res.statusCode, interval).toBe(200);
        const candles = res.json().data.candles as Array<{ time: number }>;
        if (expected[interval]) expect(candles, interval).toHaveLength(expected[interval]!);
        if (interval === '1m') {
          expect(candles[0]!.time).toBe(Date.parse('2026-11-20T07:00:00Z') / 1000);
          expect(candles.at(-1)!.time).toBe(Date.parse('2026-11-20T14:59:00Z') / 1000);
        }
      }
    });

    it('gives US prices with two decimals', async () => {
      const res = await get('/market-data/chart_data?country=US&symbol=AAPL&interval=1d');
      expect(res.json().data.quote_unit).toBe('USD');
      const closes = res.json().data.candles.map((c: { close: number }) => c.close);
      expect(closes.some((c: number) => !Number.isInteger(c))).toBe(true);
      expect(closes.every((c: number) => Math.round(c * 100) === Number((c * 100).toFixed(6)))).toBe(true);
    });

    it('answers 404 with a message for an unknown symbol', async () => {
      const res = await get('/market-data/chart_data?country=ZA&symbol=NOPE');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Unknown symbol.', data: null });
    });

    it('rejects bad input with 400', async () => {
      expect((await get('/market-data/chart_data?country=ZA&symbol=NPN&interval=2h')).json()).toMatchObject({
        code: 'INVALID_INPUT',
        message: 'Interval must be one of 1m, 5m, 15m, 1h, 1d, 1w.',
      });
      expect((await get('/market-data/chart_data?country=XX&symbol=NPN')).json().message).toBe(
        'Country must be one of ZA, US, IN.',
      );
      expect((await get('/market-data/chart_data?country=ZA')).statusCode).toBe(400);
    });
  });

  describe('GET /market-data/chart_data?range=', () => {
    type C = { time: number; close: number };
    const candlesOf = async (query: string) =>
      (await get(`/market-data/chart_data?country=ZA&symbol=NPN&${query}`)).json().data.candles as C[];

    it('returns only the window of the range asked for (1Y of the daily series)', async () => {
      const all = await candlesOf('interval=1d');
      const res = await get('/market-data/chart_data?country=ZA&symbol=NPN&interval=1d&range=1Y');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(envelope(chartData).strict().parse(body)).toEqual(body);
      const year = body.data.candles as C[];
      // What the web cut from the whole series before: candles newer than 365 days before the last.
      const from = all.at(-1)!.time - 365 * 86_400;
      expect(year).toEqual(all.filter((c) => c.time > from));
      expect(year.length).toBeGreaterThan(240);
      expect(year.length).toBeLessThan(all.length / 4);
    });

    it('keeps the whole span when the range covers it, and the old calls unchanged', async () => {
      const all = await candlesOf('interval=1d');
      expect(await candlesOf('interval=1d&range=5Y')).toEqual(all);
      expect(await candlesOf('interval=1m&range=1D')).toEqual(await candlesOf('interval=1m'));
      expect(await candlesOf('')).toEqual(all); // interval still defaults to 1d, whole span
    });

    it('rejects an unknown range with 400', async () => {
      const res = await get('/market-data/chart_data?country=ZA&symbol=NPN&interval=1d&range=2Y');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Range must be one of 1D, 1W, 1M, 1Y, 5Y.');
    });
  });

  describe('GET /market-data/sparkline', () => {
    it("thins the last session's 1-minute closes to the points asked for, keeping the last", async () => {
      const minute = (await get('/market-data/chart_data?country=ZA&symbol=SBK&interval=1m')).json().data
        .candles as Array<{ time: number; close: number }>;
      const res = await get('/market-data/sparkline?country=ZA&symbol=SBK&points=60');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(envelope(sparkline).strict().parse(body)).toEqual(body);
      const data = body.data;
      expect(data).toMatchObject({ symbol: 'SBK', market: 'JSE', country: 'ZA', quote_unit: 'ZAc' });
      expect(data.from).toBe(minute[0]!.time);
      expect(data.to).toBe(minute.at(-1)!.time);
      const step = Math.ceil(minute.length / 60);
      expect(data.closes).toEqual(
        minute.filter((_, i) => i % step === 0 || i === minute.length - 1).map((c) => c.close),
      );
      expect(data.closes.length).toBeLessThanOrEqual(61);
      // Compact: a small fraction of the candles it stands for.
      expect(res.body.length).toBeLessThan(JSON.stringify(minute).length / 20);
    });

    it('defaults to 60 points, checks its input and needs the market key', async () => {
      const res = await get('/market-data/sparkline?country=ZA&symbol=NPN');
      expect(res.json().data.closes.length).toBeLessThanOrEqual(61);
      expect((await get('/market-data/sparkline?country=ZA&symbol=NPN&points=1')).statusCode).toBe(400);
      expect((await get('/market-data/sparkline?country=ZA&symbol=NPN&points=501')).statusCode).toBe(400);
      expect((await get('/market-data/sparkline?country=ZA&symbol=NOPE')).statusCode).toBe(404);
      expect((await get('/market-data/sparkline?country=ZA&symbol=NPN', 'wrong-key-000000')).statusCode).toBe(
        401,
      );
    });
  });

  describe('GET /market-data/stock_detail', () => {
    it('returns the quote with day range, change, 52-week range, market cap and S1', async () => {
      const res = await get('/market-data/stock_detail?country=ZA&market=JSE&s=NPN');
      expect(res.statusCode).toBe(200);
      const d = res.json().data;
      expect(d).toMatchObject({
        symbol: 'NPN',
        name: 'Naspers',
        market: 'JSE',
        country: 'ZA',
        currency: 'ZAR',
        type: 'stock',
        quote_unit: 'ZAc',
        market_open: false,
        trading_day: '2026-11-20',
        as_of: '2026-11-20T15:00:00.000Z',
        S1: 1,
      });
      expect(d.change).toBe(d.price - d.previous_close);
      expect(d.change_percent).toBe(
        Math.round(((d.price - d.previous_close) / d.previous_close) * 10000) / 100,
      );
      expect(d.high).toBeGreaterThanOrEqual(d.low);
      expect(d.week52_high).toBeGreaterThanOrEqual(d.high);
      expect(d.week52_low).toBeLessThanOrEqual(d.low);
      expect(d.market_cap).toBe(Math.round((d.price / 100) * 160_000_000));
      expect(d.volume).toBeGreaterThan(0);
    });

    it('shows S1 = 0 for a suspended instrument', async () => {
      const res = await get('/market-data/stock_detail?country=ZA&market=JSE&s=TON');
      expect(res.json().data.S1).toBe(0);
    });

    it('answers 404 when the market does not match', async () => {
      const res = await get('/market-data/stock_detail?country=ZA&market=NYSE&s=NPN');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Unknown symbol.');
    });

    it('rejects an unknown market with 400', async () => {
      const res = await get('/market-data/stock_detail?country=ZA&market=LSE&s=NPN');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Market must be one of JSE, NYSE, NASDAQ, NSE.');
    });
  });

  describe('GET /market-data/company', () => {
    it('returns the profile', async () => {
      const res = await get('/market-data/company?country=ZA&market=JSE&s=CPI');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        symbol: 'CPI',
        name: 'Capitec Bank Holdings',
        sector: 'Financials',
        S1: 1,
      });
      expect(res.json().data.profile.length).toBeGreaterThan(20);
    });

    it('answers 404 for an unknown symbol', async () => {
      expect((await get('/market-data/company?country=US&market=NYSE&s=NPN')).statusCode).toBe(404);
    });
  });

  describe('GET /market-data/search/', () => {
    const search = async (q: string) => {
      const res = await get(`/market-data/search/?query=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      // Sent as cached bytes, not through the serializer: the contract must still hold.
      expect(envelope(z.array(searchResult.strict())).parse(res.json())).toEqual(res.json());
      return res.json().data as Array<{ symbol: string; name: string; market: string; country: string }>;
    };

    it("finds Naspers first for 'npn'", async () => {
      const results = await search('npn');
      expect(results[0]).toEqual({
        symbol: 'NPN',
        name: 'Naspers',
        market: 'JSE',
        country: 'ZA',
        type: 'stock',
      });
    });

    it('ranks exact symbol, then symbol prefix, then name words', async () => {
      const symbols = (await search('SA')).map((r) => r.symbol);
      // SAP and SA40 start with 'sa' (shorter symbols first); Sasol, Sanlam, Santam match by name.
      expect(symbols.slice(0, 2)).toEqual(['SAP', 'SA40']);
      expect(symbols.slice(2)).toEqual(expect.arrayContaining(['SOL', 'SLM', 'SNT']));
      expect((await search('sbk'))[0]!.symbol).toBe('SBK');
      const exact = await search('v');
      expect(exact[0]!.symbol).toBe('V');
      expect(exact[1]!.symbol).toBe('VOD');
    });

    it('matches any word of the name, and several words together', async () => {
      expect((await search('nasp'))[0]!.symbol).toBe('NPN');
      expect((await search('gold')).map((r) => r.symbol)).toEqual(expect.arrayContaining(['GFI', 'HAR']));
      expect((await search('british american')).map((r) => r.symbol)).toEqual(['BTI']);
      expect((await search('richemont'))[0]!.symbol).toBe('CFR');
    });

    it('returns nothing for a blank query or wildcards, and at most 20 results', async () => {
      expect(await search('   ')).toEqual([]);
      expect(await search('%')).toEqual([]);
      expect(await search('_')).toEqual([]);
      expect(await search('s')).toHaveLength(17); // 11 symbols and 6 more names start with s
      expect(await search('i')).toHaveLength(20);
    });

    it('finds an instrument added by another process within a couple of seconds', async () => {
      expect(await search('zebra')).toEqual([]);
      await t.database.query(
        `insert into instruments (symbol, name, market, country, currency, type, price_decimals, base_price,
           annual_volatility, annual_drift) values ('ZBR', 'Zebra Test Holdings', 'JSE', 'ZA', 'ZAR', 'stock', 0, 1000, 0.3, 0.05)`,
      );
      let found: string[] = [];
      for (let i = 0; i < 40 && found.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        found = (await search('zebra')).map((r) => r.symbol);
      }
      expect(found).toEqual(['ZBR']);
    });

    it('also answers without the trailing slash', async () => {
      expect((await get('/market-data/search?query=npn')).json().data[0].symbol).toBe('NPN');
    });
  });

  describe('POST /market-data/stock', () => {
    it('returns quotes in the order asked, leaving out unknown stocks', async () => {
      const res = await post([
        { symbol: 'aapl', market: 'NASDAQ', country: 'US' },
        { symbol: 'NPN', market: 'JSE', country: 'ZA' },
        { symbol: 'NOPE', market: 'JSE', country: 'ZA' },
      ]);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.map((q: { symbol: string }) => q.symbol)).toEqual(['AAPL', 'NPN']);
      const detail = (await get('/market-data/stock_detail?country=ZA&market=JSE&s=NPN')).json().data;
      expect(data[1].price).toBe(detail.price);
    });

    it("rejects anything but an array with 'Payload must be an array of stocks'", async () => {
      for (const body of [{ symbol: 'NPN', market: 'JSE', country: 'ZA' }, 'NPN', 42, null]) {
        const res = await post(body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          code: 'INVALID_INPUT',
          message: 'Payload must be an array of stocks',
          data: null,
        });
      }
    });

    it('rejects malformed items and oversized batches', async () => {
      const bad = await post([{ symbol: 'NPN' }]);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Each stock needs a symbol, a market and a country.');
      const many = Array.from({ length: 201 }, () => ({ symbol: 'NPN', market: 'JSE', country: 'ZA' }));
      expect((await post(many)).json().message).toBe('At most 200 stocks per request.');
    });
  });
});

describe('product market API (/api/market/app/v1)', () => {
  let t: TestApp;
  let token: string;
  const get = (url: string, bearer: string | null = token) =>
    t.app.inject({ method: 'GET', url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.advance(SATURDAY - Date.now());
    // KYC approved: the price is a quotation (issue 12), which needs it.
    token = (await signedInClient(t.app.ctx, { kyc: 'approved' })).token;
  });
  afterAll(() => t.close());

  it('needs a signed-in client', async () => {
    const res = await get('/api/market/app/v1/price?symbol=NPN&market=JSE&country=ZA', null);
    expect(res.statusCode).toBe(401);
  });

  describe('market-config and the generated key', () => {
    it('is for signed-in clients only', async () => {
      expect((await get('/api/client/app/v1/market-config', null)).statusCode).toBe(401);
    });

    it('hands the web app the base URL and a key generated once per database', async () => {
      const res = await get('/api/client/app/v1/market-config');
      expect(res.statusCode).toBe(200);
      const config = res.json().data;
      expect(config).toMatchObject({ baseUrl: '/market-data', streamUrl: '/market-data/stream' });
      expect(config.apiKey.length).toBeGreaterThanOrEqual(32);
      const stored = await t.database.query<{ value: string }>(
        "select value from market_settings where key = 'api_key'",
      );
      expect(stored[0]!.value).toBe(config.apiKey);
      const again = await get('/api/client/app/v1/market-config');
      expect(again.json().data.apiKey).toBe(config.apiKey);
      const search = await t.app.inject({
        method: 'GET',
        url: '/market-data/search/?query=npn',
        headers: { 'x-api-key': config.apiKey },
      });
      expect(search.statusCode).toBe(200);
    });
  });

  describe('GET price', () => {
    it('returns the price in cents as a decimal string and S1 for a ZA share', async () => {
      const res = await get('/api/market/app/v1/price?symbol=NPN&market=JSE&country=ZA');
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        symbol: 'NPN',
        quote_unit: 'ZAc',
        currency: 'ZAR',
        S1: 1,
        market_open: false,
      });
      expect(data.price).toMatch(/^[1-9]\d*$/);
      const key = (await get('/api/client/app/v1/market-config')).json().data.apiKey;
      const detail = await t.app.inject({
        method: 'GET',
        url: '/market-data/stock_detail?country=ZA&market=JSE&s=NPN',
        headers: { 'x-api-key': key },
      });
      expect(Number(data.price)).toBe(detail.json().data.price);
    });

    it('returns two decimals for US shares and S1 = 0 for a suspended one', async () => {
      const us = (await get('/api/market/app/v1/price?symbol=AAPL&market=NASDAQ&country=US')).json().data;
      expect(us.price).toMatch(/^\d+\.\d{2}$/);
      const suspended = (await get('/api/market/app/v1/price?symbol=TON&market=JSE&country=ZA')).json().data;
      expect(suspended.S1).toBe(0);
    });

    it('answers 404 for an unknown symbol and 400 for missing input', async () => {
      const res = await get('/api/market/app/v1/price?symbol=NOPE&market=JSE&country=ZA');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Unknown symbol.');
      expect((await get('/api/market/app/v1/price?symbol=NPN')).statusCode).toBe(400);
    });
  });

  describe('GET ranking', () => {
    it('orders gainers, losers and most active', async () => {
      const gainers = (await get('/api/market/app/v1/ranking?country=ZA&kind=gainers')).json().data;
      expect(gainers).toMatchObject({ country: 'ZA', kind: 'gainers' });
      const g = gainers.items.map((q: { change_percent: number }) => q.change_percent);
      expect(g.length).toBeGreaterThan(0);
      expect(g.length).toBeLessThanOrEqual(10);
      expect([...g].sort((a, b) => b - a)).toEqual(g);
      expect(g.every((p: number) => p > 0)).toBe(true);
      const losers = (await get('/api/market/app/v1/ranking?country=ZA&kind=losers&limit=5')).json().data
        .items;
      expect(losers.length).toBeLessThanOrEqual(5);
      expect(losers.every((q: { change_percent: number }) => q.change_percent < 0)).toBe(true);
      const active = (await get('/api/market/app/v1/ranking?country=US&kind=active')).json().data.items;
      const volumes = active.map((q: { volume: number }) => q.volume);
      expect([...volumes].sort((a, b) => b - a)).toEqual(volumes);
      expect(
        active.every((q: { type: string; country: string }) => q.type === 'stock' && q.country === 'US'),
      ).toBe(true);
    });

    it('rejects an unknown kind', async () => {
      const res = await get('/api/market/app/v1/ranking?country=ZA&kind=best');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Kind must be gainers, losers or active.');
    });
  });

  describe('GET indices', () => {
    it('returns the default index cards of the country profile (spec section 9)', async () => {
      const za = (await get('/api/market/app/v1/indices?country=ZA')).json().data;
      expect(za.map((q: { symbol: string }) => q.symbol)).toEqual(['FTCRZAFN', 'SA40', 'FTCRZAFN.TR']);
      expect(za[0]).toMatchObject({ type: 'indice', quote_unit: 'points' });
      const us = (await get('/api/market/app/v1/indices?country=US')).json().data;
      expect(us.map((q: { symbol: string }) => q.symbol)).toEqual(['IN_SPX', 'IN_NDX', 'IN_DJI']);
    });
  });

  describe('watch list', () => {
    const npn = { symbol: 'NPN', market: 'JSE', country: 'ZA' };
    it("adds, lists and removes, and keeps each client's list to themselves", async () => {
      const other = await signedInClient(t.app.ctx);
      expect((await get('/api/market/app/v1/watchlist')).json().data).toEqual({ items: [] });
      const add = await t.app.inject({
        method: 'POST',
        url: '/api/market/app/v1/watchlist',
        headers: { authorization: `Bearer ${token}` },
        payload: npn,
      });
      expect(add.statusCode).toBe(200);
      expect(add.json().data.items.map((i: { symbol: string }) => i.symbol)).toEqual(['NPN']);
      // Adding twice changes nothing.
      await t.app.inject({
        method: 'POST',
        url: '/api/market/app/v1/watchlist',
        headers: { authorization: `Bearer ${token}` },
        payload: npn,
      });
      const list = (await get('/api/market/app/v1/watchlist')).json().data.items;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ symbol: 'NPN', name: 'Naspers', S1: 1 });
      expect(typeof list[0].price).toBe('number');
      expect((await get('/api/market/app/v1/watchlist', other.token)).json().data.items).toEqual([]);
      const del = await t.app.inject({
        method: 'DELETE',
        url: '/api/market/app/v1/watchlist?symbol=NPN&market=JSE&country=ZA',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(del.statusCode).toBe(200);
      expect(del.json().data.items).toEqual([]);
    });

    it('holds at most 100 stocks', async () => {
      const full = await signedInClient(t.app.ctx);
      await t.database.query(
        `insert into instruments (symbol, name, market, country, currency, type, price_decimals, base_price,
           annual_volatility, annual_drift)
         select 'WL' || n, 'Watch Filler ' || n, 'JSE', 'ZA', 'ZAR', 'stock', 0, 1000, 0.3, 0.05
         from generate_series(1, 10) as n`,
      );
      await t.database.query(
        `insert into watchlist_items (client_id, instrument_id)
         select $1, id from instruments where symbol <> 'NPN' order by id limit 100`,
        [full.clientId],
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/market/app/v1/watchlist',
        headers: { authorization: `Bearer ${full.token}` },
        payload: npn,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'LIMIT_EXCEEDED',
        message: 'A watch list holds at most 100 stocks.',
      });
    });

    it('answers 404 for an unknown stock and 400 for a malformed body', async () => {
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/market/app/v1/watchlist',
        headers: { authorization: `Bearer ${token}` },
        payload: { symbol: 'NOPE', market: 'JSE', country: 'ZA' },
      });
      expect(unknown.statusCode).toBe(404);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/market/app/v1/watchlist',
        headers: { authorization: `Bearer ${token}` },
        payload: { symbol: 'NPN' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('news', () => {
    it('lists seeded South African articles, newest first, and shows one', async () => {
      const list = (await get('/api/market/app/v1/news?country=ZA')).json().data.items;
      expect(list.length).toBeGreaterThanOrEqual(5);
      const dates = list.map((n: { published_at: string }) => n.published_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(list[0]).not.toHaveProperty('body');
      const detail = await get(`/api/market/app/v1/news/${list[0].id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data.body.length).toBeGreaterThan(100);
      expect(detail.json().data.title).toBe(list[0].title);
    });

    it('answers 404 for an unknown article', async () => {
      const res = await get('/api/market/app/v1/news/999999');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Article not found.');
    });
  });
});
