import { computeFees, feeScheduleFor, formatMinor, parseAmount, tradeConsiderationMinor } from '@imali/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../../jobs/runner';
import { clientStandingJob } from '../../jobs/client-standing';
import { portfolioSnapshotJob } from '../../jobs/portfolio-snapshots';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import {
  createTestClient,
  fund,
  newPinSession,
  publishRates,
  type TestClient,
} from '../ledger/money-test-kit';
import { markPinVerified } from '../session/session.service';
import {
  NPN,
  expectExactRatio,
  setMarketShift,
  shiftIntoSession,
  shiftToWeekend,
  tradingApi,
} from '../orders/orders-test-kit';
import { monthsBefore, periodStarts, saDayNumber } from './portfolio.service';

const DAY_MS = 86_400_000;
const ZA = feeScheduleFor('ZA');

describe('portfolio statistics (API)', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;

  const stat = async (client: TestClient, path: string, accountId?: number | '') => {
    const res = await tradingApi(t, client).get(
      `/api/stat/app/v1/${path}${accountId === undefined ? '' : `?account_id=${accountId}`}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: String(shiftIntoSession('JSE')) });
    await publishRates(t.app.ctx);
    alice = await createTestClient(t.app.ctx);
    bob = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, alice, 'ZAR', '100000');
    await fund(t.app.ctx, alice, 'USD', '1000');
  });
  afterAll(() => t.close());

  it('before any trade: cash only, no returns yet, nothing invested', async () => {
    const p = await stat(alice, 'portfolio', alice.accounts.ZAR);
    expect(p).toMatchObject({
      currency: 'ZAR',
      converted: false,
      cash: { balance: '100000.00', available: '100000.00', held: '0.00' },
      market_value: '0.00',
      cost: '0.00',
      unrealised_profit: '0.00',
      realised_profit: '0.00',
      total_value: '100000.00',
    });
    expect(p.returns.map((r: { period: string }) => r.period)).toEqual([
      '1W',
      '1M',
      '3M',
      'YTD',
      '1Y',
      'ALL',
    ]);
  });

  it('after a buy: cost = what was debited, value at the market price, cash + value = total', async () => {
    const api = tradingApi(t, alice);
    const quote = await api.quote(NPN);
    const bought = await api.buy({
      ...NPN,
      quantity: '10',
      account_id: alice.accounts.ZAR,
      quote_id: quote.quote_id,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const consideration = tradeConsiderationMinor('10', quote.price, 0);
    const total =
      consideration +
      computeFees(ZA, { side: 'buy', considerationMinor: consideration, quantity: '10' }).totalMinor;
    // Prices move while the market trades: compare figures on a weekend, when they stand still.
    setMarketShift(t.app.ctx, shiftToWeekend());

    const p = await stat(alice, 'portfolio', alice.accounts.ZAR);
    expect(p.cash.balance).toBe(formatMinor(10_000_000n - total, 'ZAR'));
    expect(p.cost).toBe(formatMinor(total, 'ZAR'));
    const toMinor = (s: string) => BigInt(s.replace('.', ''));
    expect(toMinor(p.total_value)).toBe(toMinor(p.cash.balance) + toMinor(p.market_value));
    expect(toMinor(p.unrealised_profit)).toBe(toMinor(p.market_value) - toMinor(p.cost));
    expect(p.allocation.by_product).toEqual([
      { product: 'stock', market_value: p.market_value, weight: '1' },
    ]);

    const stocks = await stat(alice, 'stock_portfolio', alice.accounts.ZAR);
    expect(stocks.positions).toHaveLength(1);
    expect(stocks.positions[0]).toMatchObject({
      symbol: 'NPN',
      quantity: '10',
      cost: p.cost,
      market_value: p.market_value,
    });
    // Average cost per share: total ÷ 10, in rand.
    expect(stocks.positions[0].average_cost).toBe((Number(total) / 1000).toFixed(4));
    // Ratios exact, never rounded (decision 0041): unrealised profit ÷ cost, weight 1.
    expectExactRatio(stocks.positions[0].unrealised_ratio, toMinor(p.unrealised_profit), toMinor(p.cost));
    expect(stocks.positions[0].weight).toBe('1');

    // The Dashboard total (asset) equals the sum of what Portfolio shows per account.
    const assets = await stat(alice, 'asset');
    const zar = assets.accounts.find((a: { currency: string }) => a.currency === 'ZAR');
    expect(zar.total_value).toBe(p.total_value);
    const usd = await stat(alice, 'portfolio', alice.accounts.USD);
    expect(usd.total_value).toBe('1000.00');
    const everything = await stat(alice, 'portfolio', '');
    expect(everything).toMatchObject({ currency: 'ZAR', converted: true, account_id: null });
    // 1,000 USD at the 18.25 mid = 18,250 ZAR.
    expect(toMinor(everything.total_value)).toBe(toMinor(p.total_value) + 1_825_000n);
    expect(assets.total_value_zar).toBe(everything.total_value);
    // Every account began today: each period's money-weighted return covers the same days.
    const mwrs = new Set(everything.returns.map((r: { mwr: string }) => r.mwr));
    expect(mwrs.size).toBe(1);
    // The total has a time-weighted return too (issue 22: it showed "--%"), chained from its first
    // valued day in ZAR; every account began today, so every period shows the same figure.
    const twrs = new Set(everything.returns.map((r: { twr: string | null }) => r.twr));
    expect(twrs.size).toBe(1);
    expect([...twrs][0]).not.toBeNull();
    expect(everything.returns.every((r: { mwr_basis: string }) => r.mwr_basis === 'period')).toBe(true);
  });

  it('after a sale: realised profit = the receipt profit; invest_stat adds up', async () => {
    setMarketShift(t.app.ctx, shiftIntoSession('JSE'));
    const api = tradingApi(t, alice);
    const holding = (await api.list('holding')).json().data;
    const order = holding.items?.[0] ?? holding[0];
    const quote = await api.quote(NPN);
    await markPinVerified(t.app.ctx, alice.sessionId);
    const sold = await api.sell(order.id, {
      ttype: 'standard',
      price: (Number(quote.price) / 100).toFixed(2),
      quote_id: quote.quote_id,
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const receipt = (await api.receipt(order.id)).json().data;
    const p = await stat(alice, 'portfolio', alice.accounts.ZAR);
    expect(p.realised_profit).toBe(receipt.profit);
    expect(p.market_value).toBe('0.00');
    expect(p.cost).toBe('0.00');
    const invest = await stat(alice, 'invest_stat', alice.accounts.ZAR);
    const stock = invest.products.find((x: { product: string }) => x.product === 'stock');
    expect(stock).toMatchObject({ realised_profit: receipt.profit, sold_orders: 1 });
    const toMinor = (s: string) => BigInt(s.replace('.', ''));
    expect(toMinor(stock.returned) - toMinor(stock.invested)).toBe(toMinor(receipt.profit));
    expect((await stat(alice, 'stock_portfolio', alice.accounts.ZAR)).positions).toEqual([]);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it("refuses another client's account and keeps a client's figures to themselves", async () => {
    const res = await tradingApi(t, bob).get(`/api/stat/app/v1/portfolio?account_id=${alice.accounts.ZAR}`);
    expect(res.statusCode).toBe(404);
    const bad = await tradingApi(t, bob).get('/api/stat/app/v1/portfolio?account_id=abc');
    expect(bad.statusCode).toBe(400);
  });

  it('moves the market clock without breaking the live point', async () => {
    const before = await stat(alice, 'portfolio', alice.accounts.ZAR);
    // Three days on, into the JSE's next session: the shift is added to what the clock reads now.
    const ctx = t.app.ctx;
    const later = ctx.clock.now().getTime() + 3 * DAY_MS;
    setMarketShift(ctx, ctx.config.MARKET_TIME_SHIFT_MS + 3 * DAY_MS + shiftIntoSession('JSE', later));
    const p = await stat(alice, 'portfolio', alice.accounts.ZAR);
    // The live point is taken at the market's new time, over the same cash.
    expect(Date.parse(p.as_of) - Date.parse(before.as_of)).toBeGreaterThanOrEqual(2 * DAY_MS);
    expect(p.cash).toEqual(before.cash);
    const minor = (amount: string) => parseAmount(amount, 'ZAR', { allowNegative: true, allowZero: true });
    expect(minor(p.total_value)).toBe(minor(p.cash.balance) + minor(p.market_value));
  });
  it('deposits in the middle of a period do not move a cash-only time-weighted return', async () => {
    await fund(t.app.ctx, bob, 'ZAR', '1000');
    t.clock.advance(DAY_MS);
    expect((await runJob(t.app.ctx, portfolioSnapshotJob)).ran).toBe(true);
    await fund(t.app.ctx, bob, 'ZAR', '9000');
    t.clock.advance(DAY_MS);
    await runJob(t.app.ctx, portfolioSnapshotJob);
    // Two days on, the sessions of the morning have expired: sign in again.
    bob = await newPinSession(t.app.ctx, bob);
    // A rerun stores nothing more.
    const [before] = await t.database.query<{ n: string }>('select count(*)::text as n from portfolio_daily');
    const again = await runJob(t.app.ctx, portfolioSnapshotJob);
    expect(again).toMatchObject({ ran: true, summary: 'Stored 0 daily values for 0 accounts.' });
    const [after] = await t.database.query<{ n: string }>('select count(*)::text as n from portfolio_daily');
    expect(after!.n).toBe(before!.n);

    const p = await stat(bob, 'portfolio', bob.accounts.ZAR);
    expect(p.total_value).toBe('10000.00');
    for (const r of p.returns) {
      expect(r.twr, r.period).toBe('0');
      // The IRR (8 decimals) and Modified Dietz (exact) of a cash-only account: nothing earned.
      expect(r.mwr, r.period).toBe('0.00000000');
      expect(r.modified_dietz, r.period).toBe('0');
      expect(r.mwr_basis, r.period).toBe('period');
    }
    // The client's total over the same days: cash only, so nothing earned, time- or money-weighted.
    const total = await stat(bob, 'portfolio', '');
    for (const r of total.returns) {
      expect(r.twr, r.period).toBe('0');
      expect(r.mwr, r.period).toBe('0.00000000');
    }
    const series = await stat(bob, `value_series?period=1W&account_id=${bob.accounts.ZAR}`);
    expect(series.points.map((x: { value: string }) => x.value)).toEqual(['1000.00', '10000.00', '10000.00']);
    expect(series.points.map((x: { net_flow: string }) => x.net_flow)).toEqual([
      '1000.00',
      '9000.00',
      '0.00',
    ]);
    expect(series.points.every((x: { growth: string }) => x.growth === '1.000000')).toBe(true);
    const week = await stat(bob, 'week_profit', bob.accounts.ZAR);
    expect(week.days).toHaveLength(7);
    for (const d of week.days) expect(d.profit).toBe('0.00');
  });
});

describe('periods', () => {
  it('starts each period on the right day, clamping month ends', () => {
    const day = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
    expect(monthsBefore(day('2026-03-31'), 1)).toBe(day('2026-02-28'));
    expect(monthsBefore(day('2026-01-15'), 3)).toBe(day('2025-10-15'));
    const starts = periodStarts(day('2026-11-25'));
    expect(starts).toEqual({
      '1W': day('2026-11-18'),
      '1M': day('2026-10-25'),
      '3M': day('2026-08-25'),
      YTD: day('2025-12-31'),
      '1Y': day('2025-11-25'),
      ALL: null,
    });
    // South African days: 23:30 UTC is already the next day in SAST.
    expect(saDayNumber(new Date('2026-11-24T23:30:00Z'))).toBe(day('2026-11-25'));
  });
});

describe('standing (VIP level and trust score)', () => {
  it('derives them from the rules and stores them through the job, audited', async () => {
    const t = await createTestApp();
    try {
      const client = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, client, 'ZAR', '1000');
      const res = await tradingApi(t, client).get('/api/client/app/v1/standing');
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json().data;
      // KYC approved 30, a confirmed deposit 15, no refused withdrawal 10; no PIN in the test kit.
      expect(s).toMatchObject({ vip: 0, order_num: 0, max_score: 100, next_vip_at_rand: 10_000 });
      expect(s.score).toBe(
        s.rules
          .filter((r: { met: boolean }) => r.met)
          .reduce((n: number, r: { points: number }) => n + r.points, 0),
      );
      expect(s.rules.find((r: { code: string }) => r.code === 'deposit').met).toBe(true);
      const run = await runJob(t.app.ctx, clientStandingJob);
      expect(run).toMatchObject({ ran: true });
      const info = (await tradingApi(t, client).get('/api/auth/app/v1/client_info')).json().data;
      expect(info.score).toBe(s.score);
      const again = await runJob(t.app.ctx, clientStandingJob);
      expect(again).toMatchObject({ summary: 'Updated the standing of 0 clients.' });
      const [row] = await t.database.query<{ n: string }>(
        "select count(*)::text as n from audit_log where action = 'client.standing' and subject_id = $1",
        [String(client.clientId)],
      );
      expect(row!.n).toBe('1');
    } finally {
      await t.close();
    }
  });
});

describe('funds in the portfolio figures', () => {
  it('values a fund position at units × the last NAV, under the fund name, per fund', async () => {
    const t = await createTestApp();
    try {
      const { makeFund, fundApi, orderIdOf, setSast, OPS } = await import('../funds/fund-test-kit');
      const { valueFunds } = await import('../funds/funds.service');
      // The funds open when they are made, by the app clock: make them on the day of the test.
      setSast(t.app.ctx, '2026-03-10', '09:00');
      const fundA = await makeFund(t, { name: 'Alpha Equity Fund' });
      const fundB = await makeFund(t, { name: 'Beta Equity Fund' });
      const idOf = (f: unknown) => (f as { offering: { id: number } }).offering.id;
      const client = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, client, 'ZAR', '10000');
      const api = fundApi(t, client);
      setSast(t.app.ctx, '2026-03-10', '10:00');
      orderIdOf(await api.subscribe(idOf(fundA), { amount: '2500', account_id: '' }));
      const bId = orderIdOf(await api.subscribe(idOf(fundB), { amount: '1500', account_id: '' }));
      setSast(t.app.ctx, '2026-03-10', '15:30');
      await valueFunds(t.app.ctx, { actor: OPS });
      const receiptB = (await api.receipt(bId)).json().data;
      expect(receiptB.status).toBe('holding');

      const funds = (
        await tradingApi(t, client).get(`/api/stat/app/v1/fund_portfolio?account_id=${client.accounts.ZAR}`)
      ).json().data;
      // Two funds on the same benchmark stay two positions, each under its own name.
      expect(funds.positions.map((p: { name: string }) => p.name).sort()).toEqual([
        'Alpha Equity Fund',
        'Beta Equity Fund',
      ]);
      const b = funds.positions.find((p: { name: string }) => p.name === 'Beta Equity Fund');
      expect(b.quantity).toBe(receiptB.quantity.replace(/\.?0+$/, ''));
      // Valued at the NAV just struck, so worth what it cost (the refund of the rounding went back).
      expect(b.market_value).toBe(b.cost);
      expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
      const summary = (
        await tradingApi(t, client).get(`/api/stat/app/v1/portfolio?account_id=${client.accounts.ZAR}`)
      ).json().data;
      expect(summary.allocation.by_product.map((x: { product: string }) => x.product)).toEqual(['fund']);
    } finally {
      await t.close();
    }
  });
});
