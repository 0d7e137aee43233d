/**
 * Test helpers for trading: a market clock shifted into (or out of) a trading session, quotes,
 * stock buys and sells through the API, and a snapshot of everything an order can change.
 */
import { randomUUID } from 'node:crypto';
import type { Quotation } from '@imali/contract';
import { expect } from 'vitest';
import type { AppContext } from '../../lib/context';
import type { TestApp } from '../../test/test-app';
import { isTradingDay, localDay, sessionOf, type ExchangeCode } from '../market/simulator/calendar';
import { clientApi, moneySnapshot, type TestClient } from '../ledger/money-test-kit';

const HOUR_MS = 3_600_000;

/**
 * `ratio` is part ÷ whole exactly, or, when that has no finite decimal form, truncated toward zero
 * at 20 decimals (decision 0041): never rounded, and never cut to 4 or 6 decimals.
 */
export function expectExactRatio(ratio: string, part: bigint, whole: bigint) {
  expect(ratio).toMatch(/^-?\d+(\.\d{1,20})?$/);
  const [int = '0', fraction = ''] = ratio.replace('-', '').split('.');
  const scaled = (ratio.startsWith('-') ? -1n : 1n) * BigInt(int + fraction.padEnd(20, '0'));
  const error = part * 10n ** 20n - scaled * whole;
  if ((part * 10n ** 20n) % whole === 0n) expect(error, ratio).toBe(0n);
  expect((error < 0n ? -error : error) < (whole < 0n ? -whole : whole), ratio).toBe(true);
  expect(error === 0n || error < 0n === part < 0n, ratio).toBe(true);
}

/**
 * A MARKET_TIME_SHIFT_MS that puts the market clock one hour into the exchange's next session
 * after `nowMs` (so a test has hours of open market ahead of it).
 */
export function shiftIntoSession(exchange: ExchangeCode, nowMs = Date.now()): number {
  let day = localDay(exchange, nowMs) + 1;
  while (!isTradingDay(exchange, day)) day += 1;
  return sessionOf(exchange, day).openMs + HOUR_MS - nowMs;
}

/** A shift that puts the market clock on the next Saturday at noon UTC (every exchange closed). */
export function shiftToWeekend(nowMs = Date.now()): number {
  const day = Math.floor(nowMs / 86_400_000);
  const saturday = day + ((6 - ((day + 4) % 7) + 7) % 7 || 7);
  return saturday * 86_400_000 + 12 * HOUR_MS - nowMs;
}

/** Sets the app clock's shift of a running test app (the clock reads the config at each call). */
export function setMarketShift(ctx: AppContext, shiftMs: number) {
  (ctx.config as { MARKET_TIME_SHIFT_MS: number }).MARKET_TIME_SHIFT_MS = shiftMs;
}

export interface StockRef {
  symbol: string;
  market: string;
  country: string;
}
export const NPN: StockRef = { symbol: 'NPN', market: 'JSE', country: 'ZA' };
export const GRT: StockRef = { symbol: 'GRT', market: 'JSE', country: 'ZA' };
export const AAPL: StockRef = { symbol: 'AAPL', market: 'NASDAQ', country: 'US' };
export const RELIANCE: StockRef = { symbol: 'RELIANCE', market: 'NSE', country: 'IN' };

export function tradingApi(t: TestApp, client: TestClient) {
  const api = clientApi(t, client);
  const qs = (ref: object) =>
    new URLSearchParams(Object.entries(ref).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return {
    ...api,
    quote: async (ref: StockRef) => {
      const res = await api.get(`/api/market/app/v1/price?${qs(ref)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Quotation;
    },
    preview: (query: object) => api.get(`/api/client/app/v1/order/preview?${qs(query)}`),
    buy: (body: object, key?: string) => api.post('/api/client/app/v1/order/buy', body, key),
    sell: (id: number, body: object, key?: string) =>
      api.post(`/api/client/app/v1/order/sell/${id}`, body, key),
    list: (list: 'holding' | 'awaiting' | 'history', dtype?: string) =>
      api.get(`/api/client/app/v1/order/${list}${dtype ? `?dtype=${dtype}` : ''}`),
    receipt: (id: number, ttype?: string) =>
      api.get(`/api/client/app/v1/order?did=${id}${ttype ? `&ttype=${ttype}` : ''}`),
  };
}

/** A quote row inserted directly at a fixed price (races need many quotes at one price). */
export async function insertQuote(
  t: TestApp,
  input: { clientId: number; instrumentId: number; price: string; expiresInMs?: number; tradable?: boolean },
) {
  const id = randomUUID();
  const now = t.app.ctx.clock.now();
  await t.database.query(
    `insert into quotes (id, client_id, instrument_id, price, tradable, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      input.clientId,
      input.instrumentId,
      input.price,
      input.tradable ?? true,
      now.toISOString(),
      new Date(now.getTime() + (input.expiresInMs ?? 20_000)).toISOString(),
    ],
  );
  return id;
}

export async function instrumentId(t: TestApp, ref: StockRef) {
  const [row] = await t.database.query<{ id: string }>(
    'select id::text as id from instruments where symbol = $1 and country = $2',
    [ref.symbol, ref.country],
  );
  return Number(row!.id);
}

/** Everything money- and trading-related, to assert that a refused order changed nothing. */
export async function tradingSnapshot(t: TestApp) {
  const [row] = await t.database.query<Record<string, string>>(`
    select (select count(*) from orders)::text as orders,
           (select string_agg(id || ':' || status, ',' order by id) from orders) as order_states,
           (select count(*) from position_movements)::text as movements,
           (select count(*) from quotes where consumed_at is not null)::text as consumed_quotes,
           (select count(*) from audit_log)::text as audit`);
  return { ...(await moneySnapshot(t)), ...row };
}

export async function expectNothingTraded(t: TestApp, action: () => Promise<unknown>) {
  const before = await tradingSnapshot(t);
  await action();
  expect(await tradingSnapshot(t)).toEqual(before);
}
