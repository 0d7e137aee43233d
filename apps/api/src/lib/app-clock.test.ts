import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TIME_HEADER } from '@imali/contract';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestClient, fund, type TestClient } from '../modules/ledger/money-test-kit';
import { dayToIso, isTradingDay, localDay } from '../modules/market/simulator/calendar';
import { NPN, setMarketShift, shiftIntoSession, tradingApi } from '../modules/orders/orders-test-kit';
import { makeOffering, quoteFor } from '../modules/offerings/offering-test-kit';
import { fundApi, makeFund, orderIdOf } from '../modules/funds/fund-test-kit';
import { snapshotDays } from '../modules/portfolio/portfolio.service';
import { makeIpo } from '../modules/ipo/ipo-test-kit';
import { makeProduct, quantApi } from '../modules/quant/quant-test-kit';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The South African date of an instant (the JSE's local day), 'YYYY-MM-DD'. */
const saDate = (at: number | string | Date) => dayToIso(localDay('JSE', new Date(at).getTime()));

/**
 * Issue 24, point 9: with MARKET_TIME_SHIFT_MS set, everything a client reads and every rule
 * follows one clock, the app clock (decision 0044). The shift here puts it an hour into a JSE
 * session about ten days before the machine's date, so a date read from the machine's clock
 * instead is a different day.
 */
describe('one app clock under MARKET_TIME_SHIFT_MS', () => {
  let t: TestApp;
  let client: TestClient;
  let shiftMs: number;
  // What the shift says the time is: the machine's time moved by MARKET_TIME_SHIFT_MS.
  const appNow = () => Date.now() + t.app.ctx.config.MARKET_TIME_SHIFT_MS;

  beforeAll(async () => {
    const back = 12 * DAY_MS;
    shiftMs = shiftIntoSession('JSE', Date.now() - back) - back;
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: String(shiftMs) });
    client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '200000');
  });
  afterAll(() => t.close());

  it('is another day than the machine’s (the premise of every test below)', () => {
    expect(saDate(appNow())).not.toBe(saDate(Date.now()));
    expect(Math.abs(t.app.ctx.clock.now().getTime() - appNow())).toBeLessThan(MINUTE_MS);
  });

  it('stamps a receipt’s order time by the app clock', async () => {
    const api = tradingApi(t, client);
    const quote = await api.quote(NPN);
    expect(quote.market_open).toBe(true);
    const res = await api.buy({
      ...NPN,
      quantity: '2',
      account_id: client.accounts.ZAR,
      quote_id: quote.quote_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const receipt = (await api.receipt(res.json().data.order.id)).json().data;
    expect(Math.abs(Date.parse(receipt.order_time) - appNow())).toBeLessThan(MINUTE_MS);
    expect(saDate(receipt.order_time)).toBe(saDate(appNow()));
    // The price it executed at is the quote's, by the same clock: the quote was issued then.
    expect(Math.abs(Date.parse(quote.as_of) - Date.parse(receipt.order_time))).toBeLessThan(MINUTE_MS);
  });

  it('dates a fixed-term position’s unlock from the app clock, in the preview and on the receipt', async () => {
    const { offering } = await makeOffering(t, { termDays: 30 });
    const api = tradingApi(t, client);
    const quote = await quoteFor(t, client.clientId, NPN);
    const preview = await api.get(
      `/api/client/app/v1/order/preview?ttype=fo&offering_id=${offering.id}&quantity=1&account_id=${client.accounts.ZAR}&quote_id=${quote.quote_id}`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const unlockIfBoughtNow = appNow() + 30 * DAY_MS;
    expect(Math.abs(Date.parse(preview.json().data.locked_until) - unlockIfBoughtNow)).toBeLessThan(
      MINUTE_MS,
    );
    const res = await api.post('/api/fo/app/v1/buy', {
      id: offering.id,
      quantity: '1',
      account_id: client.accounts.ZAR,
      quote_id: quote.quote_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data.order;
    expect(Math.abs(Date.parse(order.locked_until) - unlockIfBoughtNow)).toBeLessThan(MINUTE_MS);
    expect(saDate(order.locked_until)).toBe(saDate(appNow() + 30 * DAY_MS));
  });

  it('prices a fund subscription on the day of its order time (10:00, before the 14:00 cut-off)', async () => {
    const fundRow = await makeFund(t);
    const api = fundApi(t, client);
    const id = orderIdOf(
      await api.subscribe((fundRow as { offering: { id: number } }).offering.id, {
        amount: '2500',
        account_id: client.accounts.ZAR,
      }),
    );
    const receipt = (await api.receipt(id)).json().data;
    expect(saDate(receipt.order_time)).toBe(saDate(appNow()));
    expect(receipt.fund.valuation.date).toBe(saDate(receipt.order_time));
  });

  it('says "now" by the app clock: the summary’s as_of and every response’s server time', async () => {
    const res = await tradingApi(t, client).get(
      `/api/stat/app/v1/portfolio?account_id=${client.accounts.ZAR}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(Math.abs(Date.parse(res.json().data.as_of) - appNow())).toBeLessThan(MINUTE_MS);
    const serverTime = Number(res.headers[SERVER_TIME_HEADER]);
    expect(Math.abs(serverTime - appNow())).toBeLessThan(MINUTE_MS);
    // An error answer says it too (the web keeps its clock from any response).
    const missing = await tradingApi(t, client).get('/api/client/app/v1/order?did=999999');
    expect(missing.statusCode).toBe(404);
    expect(Math.abs(Number(missing.headers[SERVER_TIME_HEADER]) - appNow())).toBeLessThan(MINUTE_MS);
  });

  it('ends the week-profit chart on the app clock’s last trading day', async () => {
    const week = await tradingApi(t, client).get(
      `/api/stat/app/v1/week_profit?account_id=${client.accounts.ZAR}`,
    );
    expect(week.statusCode, week.body).toBe(200);
    let lastTradingDay = localDay('JSE', appNow());
    while (!isTradingDay('JSE', lastTradingDay)) lastTradingDay -= 1;
    const days = week.json().data.days.map((d: { day: string }) => d.day);
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toBe(dayToIso(lastTradingDay));
  });

  // Last: it moves the app clock on three days.
  it('writes snapshots up to the app clock’s yesterday, valued by it', async () => {
    const firstDay = localDay('JSE', appNow());
    setMarketShift(t.app.ctx, shiftMs + 3 * DAY_MS);
    await snapshotDays(t.app.ctx);
    const days = await t.database.query<{ day: string }>(
      `select to_char(day, 'YYYY-MM-DD') as day from portfolio_daily d
         join accounts a on a.id = d.account_id where a.client_id = $1 order by day`,
      [client.clientId],
    );
    expect(days.map((d) => d.day)).toEqual([firstDay, firstDay + 1, firstDay + 2].map(dayToIso));
  });
});

/**
 * No time a client sees or a rule reads is the database's own clock (a column default now()):
 * with the app clock 45 days back, every timestamp the flows below write is weeks from now. Only
 * the security timers (decision 0044) keep the real time.
 */
describe('no app row stamped by the database clock', () => {
  const SECURITY_TABLES = new Set([
    'sessions',
    'session_tokens',
    'login_failures',
    'verification_codes',
    'rate_limit_counters',
    'schema_migrations',
  ]);
  let t: TestApp;

  beforeAll(async () => {
    // 45 days: then also the 30-day terms and closing dates of the flows are weeks from real time.
    const back = 45 * DAY_MS;
    t = await createTestApp({
      MARKET_TIME_SHIFT_MS: String(shiftIntoSession('JSE', Date.now() - back) - back),
    });
  });
  afterAll(() => t.close());

  /** Per timestamp column: how many rows are within a day of the database's now(). */
  async function nearDatabaseNow() {
    const columns = await t.database.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type like 'timestamp%' order by table_name, column_name`,
    );
    const counts = new Map<string, number>();
    for (const { table_name: table, column_name: column } of columns) {
      if (SECURITY_TABLES.has(table)) continue;
      const [row] = await t.database.query<{ n: string }>(
        `select count(*)::text as n from "${table}"
          where "${column}" between now() - interval '1 day' and now() + interval '1 day'`,
      );
      counts.set(`${table}.${column}`, Number(row!.n));
    }
    return counts;
  }

  it('across sign-up, deposit, stock, fixed-term, fund, IPO, structured product, watch list, card and withdrawal', async () => {
    const before = await nearDatabaseNow();
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '200000');
    const api = tradingApi(t, client);
    const q = await api.quote(NPN);
    const bought = await api.buy({
      ...NPN,
      quantity: '2',
      account_id: client.accounts.ZAR,
      quote_id: q.quote_id,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const fresh = await api.quote(NPN);
    const sold = await api.sell(bought.json().data.order.id, {
      ttype: 'standard',
      price: String(Number(fresh.price) / 100),
      quote_id: fresh.quote_id,
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const { offering } = await makeOffering(t, { termDays: 30 });
    const foQuote = await quoteFor(t, client.clientId, NPN);
    const fo = await api.post('/api/fo/app/v1/buy', {
      id: offering.id,
      quantity: '1',
      account_id: client.accounts.ZAR,
      quote_id: foQuote.quote_id,
    });
    expect(fo.statusCode, fo.body).toBe(200);
    const fundRow = (await makeFund(t)) as { offering: { id: number } };
    orderIdOf(await fundApi(t, client).subscribe(fundRow.offering.id, { amount: '2500', account_id: '' }));
    const { offering: ipo } = await makeIpo(t);
    const applied = await api.post(`/api/ipo/app/v1/record/sub/${ipo.id}`, { lots: 1 });
    expect(applied.statusCode, applied.body).toBe(200);
    const product = (await makeProduct(t)) as { offering: { id: number } };
    const subscribed = await quantApi(t, client).subscribe(product.offering.id, { amount: '1000' });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect((await api.post('/api/market/app/v1/watchlist', { ...NPN }, null)).statusCode).toBe(200);
    const card = await api.post(
      '/api/bankcard/app/v1',
      { bank_name: 'FNB', card_no: '62812345678', holder_name: 'Money Tester' },
      null,
    );
    expect(card.statusCode, card.body).toBe(200);
    const withdrawal = await api.withdraw({
      amount: '600',
      account_id: client.accounts.ZAR,
      receiver: card.json().data.id,
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);

    const after = await nearDatabaseNow();
    const stampedByDatabase = [...after]
      .filter(([column, n]) => n > (before.get(column) ?? 0))
      .map(([c]) => c);
    expect(stampedByDatabase).toEqual([]);
  });
});
