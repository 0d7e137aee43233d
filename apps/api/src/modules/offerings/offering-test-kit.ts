/**
 * Test helpers for offerings: create (and open) offerings through the operator's service, issue
 * quotations, and snapshot everything an order could change (money, orders, positions, quotes).
 */
import type { StockRef } from '@imali/contract';
import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { moneySnapshot } from '../ledger/money-test-kit';
import {
  isTradingDay,
  localDay,
  nextTradingDay,
  sessionOf,
  type ExchangeCode,
} from '../market/simulator/calendar';
import { issueQuote } from '../quotes/quotes.service';
import { createOffering, openOffering, type CreateOfferingInput } from './offerings.service';

export const OPS = 'ops:tester';
const DAY_MS = 86_400_000;

/**
 * MARKET_TIME_SHIFT_MS that puts the simulated market two hours into its next session, so trading
 * hours are open whenever the tests run (the shift moves only the market's clock).
 */
export function marketOpenShift(exchange: ExchangeCode = 'JSE'): string {
  const now = Date.now();
  const target =
    sessionOf(exchange, nextTradingDay(exchange, localDay(exchange, now))).openMs + 2 * 3_600_000;
  return String(target - now);
}

/** MARKET_TIME_SHIFT_MS that puts the market on its next non-trading day (a weekend), at noon. */
export function marketClosedShift(exchange: ExchangeCode = 'JSE'): string {
  const now = Date.now();
  let day = localDay(exchange, now) + 1;
  while (isTradingDay(exchange, day)) day += 1;
  return String(sessionOf(exchange, day).openMs + 3 * 3_600_000 - now);
}

let counter = 0;
/** An offering created (upcoming) and, unless `open: false`, opened; fo NPN 30 days by default. */
export async function makeOffering(
  t: TestApp,
  input: Partial<CreateOfferingInput> & { open?: boolean } = {},
) {
  const now = t.app.ctx.clock.now();
  const { open = true, ...rest } = input;
  const dtype = rest.dtype ?? 'fo';
  const { offering, instrument } = await createOffering(
    t.app.ctx,
    {
      dtype,
      name: `Test offering ${(counter += 1)}`,
      symbol: 'NPN',
      country: 'ZA',
      opensAt: new Date(now.getTime() - 60_000),
      closesAt: new Date(now.getTime() + 30 * DAY_MS),
      minQuantity: '1',
      maxQuantity: '100',
      ...(dtype === 'fo' ? { termDays: 30 } : { blockPrice: '500000', blockSize: '5000' }),
      ...rest,
    },
    OPS,
  );
  const row = open ? await openOffering(t.app.ctx, offering.id, OPS) : offering;
  return { offering: row, instrument };
}

/** A quotation for the client on the instrument, as GET /market/app/v1/price gives it. */
export const quoteFor = (
  t: TestApp,
  clientId: number,
  instrument: { symbol: string; market: string; country: string },
) =>
  issueQuote(t.app.ctx, clientId, {
    symbol: instrument.symbol,
    market: instrument.market as StockRef['market'],
    country: instrument.country as StockRef['country'],
  });

/** Money, orders, positions, used quotes and offerings: all an order request could change (issuing a quote is not a change). */
export async function tradingSnapshot(t: TestApp) {
  const [row] = await t.database.query<Record<string, string>>(`
    select (select count(*) from orders)::text as orders,
           (select string_agg(id || ':' || status || ':' || quantity || ':' || held_minor, ',' order by id) from orders) as order_states,
           (select count(*) from position_movements)::text as movements,
           (select count(*) from quotes where consumed_at is not null or order_id is not null)::text as used_quotes,
           (select string_agg(id || ':' || status, ',' order by id) from offerings) as offerings`);
  return { ...(await moneySnapshot(t)), ...row! };
}

/** Runs `action` and asserts that nothing an order could change did change. */
export async function expectNoTradingChange(t: TestApp, action: () => Promise<unknown>) {
  const before = await tradingSnapshot(t);
  await action();
  expect(await tradingSnapshot(t)).toEqual(before);
}
