import { FundMessages } from '@imali/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../cli/run';
import { opsStaff } from '../../cli/ops-staff.testing';
import { staffActor, type StaffPrincipal } from '../staff/staff.service';
import { runJob } from '../../jobs';
import { fundsValueJob } from '../../jobs/funds-value';
import { approvePending } from '../../jobs/jobs-test-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, expectNothingChanged, fund as deposit } from '../ledger/money-test-kit';
import { makeOffering } from '../offerings/offering-test-kit';
import { expectExactRatio } from '../orders/orders-test-kit';
import { fundApi, makeFund, orderIdOf, setSast } from './fund-test-kit';
import { subscribe } from './units';

describe('funds (API, valuation, redemption, CLI)', () => {
  let t: TestApp;
  /** The signed-in staff user the ops commands run as. */
  let staff: StaffPrincipal;
  let fundId: number;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await opsStaff(t.app.ctx);
    setSast(t.app.ctx, '2026-03-10', '10:00'); // a Tuesday
    fundId = (await makeFund(t)).offering.id;
  });
  afterAll(() => t.close());

  const zar = async (api: ReturnType<typeof fundApi>) =>
    (await api.get('/api/account/app/v1'))
      .json()
      .data.find((a: { currency: string }) => a.currency === 'ZAR');

  it('GET /funds/app/v1/{id}: terms, costs in rand on the minimum, latest NAV, next valuation', async () => {
    const client = await createTestClient(t.app.ctx);
    const api = fundApi(t, client);
    setSast(t.app.ctx, '2026-03-10', '10:00');
    const res = await api.detail(fundId);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.terms).toMatchObject({
      benchmark: { symbol: 'SA40' },
      risk_profile: 5,
      ter_percent: '0.45',
      transaction_costs_percent: '0.05',
      tic_percent: '0.5',
      platform_fee_percent: '0.35',
      min_investment: '1000.00',
      max_investment: '50000.00',
      cutoff_time: '14:00',
      valuation_time: '15:00',
      distribution_policy: 'accumulating',
    });
    expect(d.costs_on_minimum).toEqual({
      amount: '1000.00',
      ter: '4.50',
      transaction_costs: '0.50',
      tic: '5.00',
      platform_fee: '3.50',
      total: '8.50',
    });
    expect(d.latest_nav.date).toBe('2026-03-09');
    expect(d.next_valuation).toMatchObject({
      date: '2026-03-10',
      time: '15:00',
      at: '2026-03-10T13:00:00.000Z',
    });
    expect(d.key_facts.map((f: { key: string }) => f.key)).toContain('price_basis');
    // Unknown, malformed, or another type's id: 404 Offering not found.
    const fo = await makeOffering(t);
    for (const id of ['999999', 'abc', String(fo.offering.id)]) {
      const r = await api.get(`/api/funds/app/v1/${id}`);
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe('Offering not found.');
    }
  });

  it('GET nav?range=: the NAVs struck on business days, ascending, up to the last valuation', async () => {
    const api = fundApi(t, await createTestClient(t.app.ctx));
    const res = await api.navs(fundId, '1m');
    expect(res.statusCode, res.body).toBe(200);
    const points = res.json().data.points as { date: string; nav: string }[];
    expect(points.length).toBeGreaterThan(15);
    expect(points.at(-1)!.date).toBe('2026-03-09');
    expect(points.map((p) => p.date)).toEqual([...points.map((p) => p.date)].sort());
    expect(points.some((p) => ['2026-03-07', '2026-03-08'].includes(p.date))).toBe(false);
    expect((await api.navs(fundId, '5y')).statusCode).toBe(400);
  });

  it('subscribes at 13:59 for today, at 14:01 for the next business day; the amount is held', async () => {
    const client = await createTestClient(t.app.ctx);
    await deposit(t.app.ctx, client, 'ZAR', '10000');
    const api = fundApi(t, client);
    setSast(t.app.ctx, '2026-03-10', '13:59');
    const preview = await api.preview(fundId, '2500');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      amount: '2500.00',
      held: '2500.00',
      upfront_fee: '0.00',
      valuation: { date: '2026-03-10', time: '15:00' },
    });
    const first = await api.subscribe(fundId, { amount: '2500', account_id: '' });
    const firstId = orderIdOf(first);
    expect(first.json().message).toContain('Units are priced at the next valuation, 2026-03-10 15:00 SAST');
    expect(first.json().data.order).toMatchObject({
      status: 'pending',
      ttype: 'fund',
      quantity: '0',
      outstanding: '0.00',
      fund: { amount: '2500.00', valuation: { date: '2026-03-10' }, units: null, nav: null },
    });
    setSast(t.app.ctx, '2026-03-10', '14:01');
    const second = await api.subscribe(fundId, { amount: '1000.00', account_id: client.accounts.ZAR });
    orderIdOf(second);
    expect(second.json().data.order.fund.valuation.date).toBe('2026-03-11');
    expect(await zar(api)).toMatchObject({ balance: '10000.00', held: '3500.00', available: '6500.00' });
    const [hold] = await t.database.query<{ purpose: string; status: string; amount_minor: string }>(
      `select purpose, status, amount_minor::text from holds where reference_type = 'order' and reference_id = $1`,
      [firstId],
    );
    expect(hold).toEqual({ purpose: 'subscription', status: 'active', amount_minor: '250000' });
    const awaiting = (await api.list('awaiting')).json().data as { id: number; status: string }[];
    expect(awaiting.map((o) => o.id)).toContain(firstId);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('refuses bad subscriptions with clear messages, writing nothing', async () => {
    const client = await createTestClient(t.app.ctx);
    await deposit(t.app.ctx, client, 'ZAR', '1500');
    const api = fundApi(t, client);
    setSast(t.app.ctx, '2026-03-10', '11:00');
    await expectNothingChanged(t, async () => {
      const low = await api.subscribe(fundId, { amount: '999.99', account_id: '' });
      expect(low.statusCode).toBe(400);
      expect(low.json().message).toBe(FundMessages.belowMinimum('1000.00'));
      const poor = await api.subscribe(fundId, { amount: '2000', account_id: '' });
      expect(poor.statusCode).toBe(409);
      expect(poor.json().code).toBe('INSUFFICIENT_FUNDS');
      const usd = await api.subscribe(fundId, { amount: '1000', account_id: client.accounts.USD });
      expect(usd.statusCode).toBe(400);
      expect(usd.json().message).toBe('Choose your ZAR account for this market.');
      const big = await api.subscribe(fundId, { amount: '50000.01', account_id: '' });
      expect(big.statusCode).toBe(409);
      expect(big.json().message).toBe(FundMessages.aboveMaximum('50000.00'));
      expect((await api.subscribe(fundId, { amount: 'abc' })).statusCode).toBe(400);
      expect((await api.subscribe(999999, { amount: '1000' })).statusCode).toBe(404);
      expect((await api.preview(fundId, '10')).json().message).toBe(FundMessages.belowMinimum('1000.00'));
    });
  });

  it('values at the valuation time (job and ops), exactly: units × NAV + refund = amount; a rerun is a no-op', async () => {
    const client = await createTestClient(t.app.ctx);
    await deposit(t.app.ctx, client, 'ZAR', '10000');
    const api = fundApi(t, client);
    setSast(t.app.ctx, '2026-03-12', '09:00'); // Thursday
    const id = orderIdOf(await api.subscribe(fundId, { amount: '3333.33', account_id: '' }));
    // Before 15:00 the day cannot be valued.
    setSast(t.app.ctx, '2026-03-12', '14:59');
    await expect(runOps(t.app.ctx, ['fund', 'value', '--date', '2026-03-12'], staff)).rejects.toThrow(
      FundMessages.notYetDue('2026-03-12', '15:00'),
    );
    expect((await runJob(t.app.ctx, fundsValueJob)).ran).toBe(true);
    expect((await api.receipt(id)).json().data.status).toBe('pending');
    await expect(runOps(t.app.ctx, ['fund', 'value', '--date', '2026-03-14'], staff)).rejects.toThrow(
      /not a business day/,
    );

    setSast(t.app.ctx, '2026-03-12', '15:01');
    const out = await runOps(t.app.ctx, ['fund', 'value', '--date', '2026-03-12'], staff);
    expect(out).toContain(`order ${id}:`);
    // Asked for (fund.nav_strike) as the staff user; the job's request for earlier days gave way.
    const asked = Number(/Waiting for approval: request #(\d+)/.exec(out)![1]);
    const [approved] = await approvePending(t, 'fund.nav_strike');
    expect(approved).toMatchObject({ id: asked, status: 'approved', makerStaffId: staff.id });
    const receipt = (await api.receipt(id)).json().data;
    expect(receipt.status).toBe('holding');
    const f = receipt.fund;
    const expected = subscribe(333_333n, f.nav);
    expect(f.units).toBe(expected.units);
    expect(receipt.quantity).toBe(expected.units);
    expect(receipt.buy_price).toBe(f.nav);
    expect(receipt.quote_unit).toBe('ZAc');
    expect(receipt.outstanding).toBe('0.00');
    // units × NAV (to the cent) + refund = amount, exactly.
    expect(Math.round(Number(receipt.buy_trade_value) * 100) + Math.round(Number(f.refund) * 100)).toBe(
      333_333,
    );
    expect(await zar(api)).toMatchObject({
      held: '0.00',
      balance: (10000 - Number(receipt.buy_trade_value)).toFixed(2),
    });
    const [movement] = await t.database.query<{ q: string; entry: string }>(
      'select quantity_delta::text as q, entry_id::text as entry from position_movements where order_id = $1',
      [id],
    );
    expect(Number(movement!.q)).toBe(Number(expected.units));
    // The NAV used is the one struck for the day (the table), and the same as the pure function.
    const [nav] = await t.database.query<{ nav: string }>(
      `select nav::text from fund_navs where offering_id = $1 and day = '2026-03-12'`,
      [fundId],
    );
    expect(Number(nav!.nav)).toBe(Number(f.nav));
    // Rerun: nothing more.
    const again = await runOps(t.app.ctx, ['fund', 'value', '--date', '2026-03-12'], staff);
    expect(again).not.toContain(`order ${id}:`);
    const audits = await t.database.query<{ n: string }>(
      `select count(*)::text as n from audit_log where action = 'fund.subscription_valued' and subject_id = $1`,
      [String(id)],
    );
    expect(audits[0]!.n).toBe('1');
    // The job values the earlier subscriptions still pending (10 and 11 March) at their own NAVs.
    await runJob(t.app.ctx, fundsValueJob);
    // The job asks for the NAV strike (fund.nav_strike); a checker approves it (decision 0064).
    expect((await approvePending(t, 'fund.nav_strike')).length).toBeGreaterThan(0);
    const [left] = await t.database.query<{ n: string }>(
      `select count(*)::text as n from orders where ttype = 'fund' and status = 'pending'`,
    );
    expect(left!.n).toBe('0');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('a fund is not sold at a quote: sell refuses and points to redemption; redemption pays at the next NAV', async () => {
    const client = await createTestClient(t.app.ctx);
    await deposit(t.app.ctx, client, 'ZAR', '5000');
    const api = fundApi(t, client);
    setSast(t.app.ctx, '2026-03-16', '09:00'); // Monday
    const id = orderIdOf(await api.subscribe(fundId, { amount: '5000', account_id: '' }));
    setSast(t.app.ctx, '2026-03-16', '15:30');
    await runJob(t.app.ctx, fundsValueJob);
    // The job asks for the NAV strike (fund.nav_strike); a checker approves it (decision 0064).
    expect((await approvePending(t, 'fund.nav_strike')).length).toBeGreaterThan(0);
    const held = (await api.receipt(id)).json().data;
    expect(held.status).toBe('holding');
    expect(held.fund.latest_nav).not.toBeNull();

    const sell = await api.post(`/api/client/app/v1/order/sell/${id}`, { ttype: 'fund', price: '1' });
    expect(sell.statusCode).toBe(409);
    expect(sell.json().message).toBe(FundMessages.sellIsRedeem);

    setSast(t.app.ctx, '2026-03-20', '14:30'); // Friday after the cut-off → Monday 23 March
    const redeem = await api.redeem(id);
    expect(redeem.statusCode, redeem.body).toBe(200);
    expect(redeem.json().message).toContain('2026-03-23 15:00 SAST');
    expect(redeem.json().data.order.fund.redemption.date).toBe('2026-03-23');
    const twice = await api.redeem(id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(FundMessages.alreadyRedeeming);

    setSast(t.app.ctx, '2026-03-23', '15:00');
    await runJob(t.app.ctx, fundsValueJob);
    // The job asks for the NAV strike (fund.nav_strike); a checker approves it (decision 0064).
    expect((await approvePending(t, 'fund.nav_strike')).length).toBeGreaterThan(0);
    const sold = (await api.receipt(id)).json().data;
    expect(sold.status).toBe('sold');
    expect(sold.fund.redemption_nav).toBe(sold.sell_price);
    // 7 days held at 0.35% a year on the proceeds; proceeds − fee credited.
    const gross = Number(sold.sell_trade_value);
    const fee = Number(sold.fund.platform_fee);
    expect(fee).toBeCloseTo(Math.round(gross * 0.0035 * (7 / 365) * 100) / 100, 2);
    expect(Number(sold.trade_value)).toBeCloseTo(gross - fee, 2);
    expect(Number(sold.profit)).toBeCloseTo(gross - fee - Number(sold.buy_trade_value), 2);
    // Fees per side (decision 0041): no upfront fee on the subscription; the platform fee, named as
    // such, on the redemption side with its own total.
    expect(sold.fees_by_side.buy).toEqual({
      brokerage: '0.00',
      stt: '0.00',
      txn: '0.00',
      gst: '0.00',
      total: '0.00',
      items: [],
    });
    expect(sold.fees_by_side.sell).toMatchObject({ total: sold.fund.platform_fee });
    expect(sold.fees_by_side.sell.items).toEqual([
      {
        side: 'sell',
        code: 'platform_fee',
        label: 'Platform fee 0.35% a year × 7 days',
        bucket: 'brokerage',
        amount: sold.fund.platform_fee,
      },
    ]);
    // Realised return exact: profit ÷ the amount subscribed, never rounded.
    const toMinor = (text: string) => BigInt(text.replace('.', ''));
    expectExactRatio(sold.roi, toMinor(sold.profit), toMinor(sold.buy_trade_value));
    const history = (await api.list('history')).json().data as { id: number }[];
    expect(history.map((o) => o.id)).toContain(id);
    expect((await api.redeem(id)).statusCode).toBe(409);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('ops: fund create (audited) and fund list', async () => {
    setSast(t.app.ctx, '2026-03-10', '10:00');
    const help = await runOps(t.app.ctx, ['help'], staff);
    expect(help).toContain('fund create --name');
    expect(help).toContain('fund value [--date YYYY-MM-DD]');
    const out = await runOps(
      t.app.ctx,
      [
        'fund',
        'create',
        '--name',
        'Ops Fund',
        '--code',
        'OPSF',
        '--category',
        'SA Equity',
        '--benchmark',
        'SA40',
        '--risk',
        '4',
        '--ter',
        '0.6',
        '--tc',
        '0.1',
        '--platform-fee',
        '0.25',
        '--min',
        '500',
        '--max',
        '100000',
      ],
      staff,
    );
    expect(out).toContain('created (open): Ops Fund [OPSF]');
    const [audit] = await t.database.query<{ actor: string; after: { code: string } }>(
      `select actor, after from audit_log where action = 'fund.create' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ actor: staffActor(staff), after: { code: 'OPSF' } });
    await expect(
      runOps(
        t.app.ctx,
        [
          'fund',
          'create',
          '--name',
          'X',
          '--code',
          'OPSF',
          '--category',
          'C',
          '--benchmark',
          'SA40',
          '--risk',
          '9',
          '--ter',
          '1',
          '--tc',
          '0',
          '--platform-fee',
          '0',
          '--min',
          '1',
          '--max',
          '2',
        ],
        staff,
      ),
    ).rejects.toThrow(/risk/);
    expect(await runOps(t.app.ctx, ['fund', 'list'], staff)).toContain('OPSF');
  });
});
