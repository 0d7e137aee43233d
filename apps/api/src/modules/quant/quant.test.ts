import { order as orderSchema, offering as offeringSchema, type Order } from '@imali/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../cli/run';
import { approvePending } from '../../jobs/jobs-test-kit';
import { opsStaff } from '../../cli/ops-staff.testing';
import { staffActor, type StaffPrincipal } from '../staff/staff.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, fund, newKey, type TestClient } from '../ledger/money-test-kit';
import { markPinVerified } from '../session/session.service';
import { expectExactRatio, setMarketShift } from '../orders/orders-test-kit';
import { DAY_MS, OPS, makeProduct, quantApi, zarAccount } from './quant-test-kit';
import { matureProduct, runDue, startProduct } from './quant.service';
import { summaryRiskIndicator } from './kid';

/** Level 10000 at the start; at maturity 10000 × (1 + r): the underlying at return r exactly. */
const levelAtReturn = (r: string) => {
  const [int, frac = ''] = r.replace('-', '').split('.');
  const bp = BigInt(int! + frac.padEnd(4, '0')) * (r.startsWith('-') ? -1n : 1n); // r in 1/10000
  const level = 10000n + bp; // 10000 × (1 + r) with r in 4 decimals
  return level.toString();
};

describe('structured products (quant)', () => {
  let t: TestApp;
  /** The signed-in staff user the ops commands run as. */
  let staff: StaffPrincipal;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await opsStaff(t.app.ctx);
    client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '500000');
  });
  afterAll(() => t.close());

  const pin = () => markPinVerified(t.app.ctx, client.sessionId);
  const shift = (ms: number) => setMarketShift(t.app.ctx, ms);

  it('GET /qt/app/v1/{id}: terms and the KID computed from them; other dtypes and unknown ids → 404', async () => {
    const { offering } = await makeProduct(t);
    const api = quantApi(t, client);
    const res = await api.detail(offering.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = offeringSchema.parse(res.json().data);
    expect(body).toMatchObject({ dtype: 'quant', symbol: 'SA40', currency: 'ZAR', status: 'open' });
    const s = body.structured!;
    expect(s).toMatchObject({
      state: 'subscription',
      protection_pct: '90',
      participation_pct: '120',
      cap_pct: '140',
      min_amount: '1000.00',
      max_amount: '50000.00',
      early_exit: 'daily',
      early_exit_cost_pct: '2',
      start_level: null,
      term_days: 365,
    });
    expect(s.kid.scenarios).toHaveLength(4);
    expect(s.kid.risk_score).toBeGreaterThanOrEqual(1);
    // kid-v3 (decision 0054): the score combines the market and the issuer's credit risk class by
    // the PRIIPs table; a 365-day term takes the credit quality step one better (3 → class 2).
    expect(s.kid).toMatchObject({ version: 'kid-v3', credit_quality_step: 3, credit_risk_class: 2 });
    expect(s.kid.risk_score).toBe(summaryRiskIndicator(s.kid.market_risk_class, 2));
    expect(s.kid.costs_over_time.at(-1)!.return_before_costs).not.toBeNull();
    // The operator may state another step; an impossible one is refused.
    const rated = await makeProduct(t, { creditQualityStep: 5 });
    expect(rated.product.kid).toMatchObject({ credit_quality_step: 5, credit_risk_class: 4 });
    expect(rated.product.kid.risk_score).toBeGreaterThanOrEqual(5);
    await expect(makeProduct(t, { creditQualityStep: 7 })).rejects.toThrow('credit quality step');
    expect(s.kid.max_loss).toBe('1100.00');
    expect(s.kid.history_days).toBeGreaterThan(1000);
    expect((await api.detail(999999)).json().message).toBe('Offering not found.');
    expect((await api.detail('abc')).statusCode).toBe(404);
    const fo = await t.database.query<{ id: string }>(
      `select id::text as id from offerings where dtype <> 'quant' limit 1`,
    );
    if (fo[0]) expect((await api.detail(fo[0].id)).statusCode).toBe(404);
    // Discover lists it.
    const list = await api.get('/api/stat/app/v1/trading_list?dtype=quant');
    expect(list.json().data.map((o: { id: number }) => o.id)).toContain(offering.id);
  });

  it('subscribe: amount + entry cost held; no amount, below the minimum, above the maximum and short funds refused with nothing written', async () => {
    const { offering } = await makeProduct(t, { maxAmount: '20000' });
    const api = quantApi(t, client);
    await pin();
    const before = await zarAccount(t, client);
    let res = await api.subscribe(offering.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter an amount.');
    res = await api.subscribe(offering.id, { amount: '999.99' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The minimum for this product is 1000.00 ZAR.');
    res = await api.subscribe(offering.id, { amount: '20000.01' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The maximum per client for this product is 20000.00 ZAR.');
    expect(await zarAccount(t, client)).toEqual(before);

    res = await api.subscribe(offering.id, { amount: '10000', account_id: client.accounts.ZAR });
    expect(res.statusCode, res.body).toBe(200);
    const order = orderSchema.parse(res.json().data.order);
    expect(order).toMatchObject({
      status: 'awaiting',
      ttype: 'quant',
      outstanding: '0.00',
      buy_trade_value: '10000.00',
      trade_value: '10100.00',
      fees: { brokerage: '100.00', total: '100.00' },
    });
    expect(order.structured).toMatchObject({
      amount: '10000.00',
      entry_fee: '100.00',
      can_cancel: true,
      can_exit: false,
    });
    const after = await zarAccount(t, client);
    expect(after.held).toBe((Number(before.held) + 10100).toFixed(2));
    expect(after.balance).toBe(before.balance);
    // The per-client maximum counts the earlier subscription.
    res = await api.subscribe(offering.id, { amount: '10000.01' });
    expect(res.statusCode).toBe(409);
    // Account in another currency.
    res = await api.subscribe(offering.id, { amount: '1000', account_id: client.accounts.USD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose your ZAR account for this product.');
    // A replay answers the same order.
    const key = newKey();
    const a = await api.subscribe(offering.id, { amount: '1000' }, key);
    const b = await api.subscribe(offering.id, { amount: '1000' }, key);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().data.order.id).toBe(a.json().data.order.id);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('cancel before the start releases the hold; after it, refused', async () => {
    const { offering } = await makeProduct(t);
    const api = quantApi(t, client);
    await pin();
    const before = await zarAccount(t, client);
    const placed = (await api.subscribe(offering.id, { amount: '5000' })).json().data.order as Order;
    const res = await api.cancel(placed.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order).toMatchObject({ status: 'rejected', reason: 'Cancelled' });
    expect(await zarAccount(t, client)).toEqual(before);
    expect((await api.cancel(placed.id)).statusCode).toBe(409);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('start (market clock): holds captured, start level fixed, holding valued by the payoff formula; sell refused; rerun is a no-op', async () => {
    const { offering } = await makeProduct(t);
    const api = quantApi(t, client);
    await pin();
    const placed = (await api.subscribe(offering.id, { amount: '10000' })).json().data.order as Order;
    expect(await startProduct(t.app.ctx, offering.id, OPS)).toMatchObject({ kind: 'not_due' });
    const before = await zarAccount(t, client);
    shift(2 * DAY_MS);
    try {
      const started = await startProduct(t.app.ctx, offering.id, OPS);
      expect(started).toMatchObject({ kind: 'started', orders: 1, capturedMinor: 1_010_000n });
      expect(await startProduct(t.app.ctx, offering.id, OPS)).toMatchObject({ kind: 'already' });
      const after = await zarAccount(t, client);
      expect(Number(after.balance)).toBeCloseTo(Number(before.balance) - 10100, 2);
      expect(Number(after.held)).toBeCloseTo(Number(before.held) - 10100, 2);
      const receipt = orderSchema.parse((await api.receipt(placed.id)).json().data);
      expect(receipt.status).toBe('holding');
      const s = receipt.structured!;
      expect(s.start_level).not.toBeNull();
      expect(s.state).toBe('running');
      expect(s.can_exit).toBe(true);
      expect(Number(s.value)).toBeGreaterThanOrEqual(9000);
      expect(Number(s.value)).toBeLessThanOrEqual(14000);
      expect(Number(s.exit_proceeds)).toBeCloseTo(Number(s.value) - 200, 2);
      expect(Number(receipt.profit)).toBeCloseTo(Number(s.value) - 10100, 2);
      const detail = (await api.detail(offering.id)).json().data;
      expect(detail.status).toBe('closed');
      // A new subscription is refused once started.
      expect((await api.subscribe(offering.id, { amount: '1000' })).statusCode).toBe(409);
      // The stock sell flow refuses a structured product, pointing to early exit.
      await pin();
      const sell = await api.post(`/api/client/app/v1/order/sell/${placed.id}`, {
        ttype: 'quant',
        price: '1',
      });
      expect(sell.statusCode).toBe(409);
      expect(sell.json().message).toContain('Early exit');
      expect((await api.list('holding')).json().data.map((o: Order) => o.id)).toContain(placed.id);
    } finally {
      shift(0);
    }
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('maturity credits, for each KID scenario, exactly the payoff the sheet shows (underlying at the scenario return)', async () => {
    const api = quantApi(t, client);
    const scenarios = (
      (await api.detail((await makeProduct(t)).offering.id)).json().data.structured.kid.scenarios as {
        name: string;
        underlying_return: string;
        payoff: string;
      }[]
    ).map((s) => s.name);
    for (const name of scenarios) {
      const { offering } = await makeProduct(t);
      const kid = (await api.detail(offering.id)).json().data.structured.kid;
      const scenario = kid.scenarios.find((s: { name: string }) => s.name === name);
      await pin();
      const placed = (await api.subscribe(offering.id, { amount: kid.reference_amount })).json().data
        .order as Order;
      shift(400 * DAY_MS);
      try {
        // The start fixing (a day from now) at 10000; the maturity fixing at the scenario's return.
        const fixing = (_: unknown, at: Date) =>
          at.getTime() < Date.now() + 30 * DAY_MS ? '10000' : levelAtReturn(scenario.underlying_return);
        const before = await zarAccount(t, client);
        const m = await matureProduct(t.app.ctx, offering.id, OPS, { fixing });
        expect(m).toMatchObject({ kind: 'matured', orders: 1 });
        const after = await zarAccount(t, client);
        const credited = (Number(after.balance) - Number(before.balance) + 10100).toFixed(2); // start debited 10,100
        expect(credited, name).toBe(scenario.payoff);
        const receipt = orderSchema.parse((await api.receipt(placed.id)).json().data);
        expect(receipt).toMatchObject({
          status: 'sold',
          reason: 'Matured',
          sell_trade_value: scenario.payoff,
        });
        expect(receipt.structured!.payoff).toBe(scenario.payoff);
        expect(receipt.profit).toBe((Number(scenario.payoff) - 10100).toFixed(2));
        expect(await matureProduct(t.app.ctx, offering.id, OPS)).toEqual({ kind: 'already' });
      } finally {
        shift(0);
      }
    }
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('protection floor and cap hold at maturity', async () => {
    const api = quantApi(t, client);
    for (const [level, expected] of [
      ['2000', '9000.00'], // −80 %: protection 90 %
      ['30000', '14000.00'], // +200 %: cap 140 %
      ['10500', '10600.00'], // +5 % × 120 %
    ] as const) {
      const { offering } = await makeProduct(t);
      await pin();
      const placed = (await api.subscribe(offering.id, { amount: '10000' })).json().data.order as Order;
      shift(400 * DAY_MS);
      try {
        const fixing = (_: unknown, at: Date) => (at.getTime() < Date.now() + 30 * DAY_MS ? '10000' : level);
        await matureProduct(t.app.ctx, offering.id, OPS, { fixing });
      } finally {
        shift(0);
      }
      expect((await api.receipt(placed.id)).json().data.sell_trade_value).toBe(expected);
    }
  });

  it('fees per side, each named for what it is (entry cost, early-exit cost), each side its own total; ROI exact', async () => {
    const api = quantApi(t, client);
    const toMinor = (text: string) => BigInt(text.replace('.', ''));
    const entry = {
      brokerage: '100.00',
      stt: '0.00',
      txn: '0.00',
      gst: '0.00',
      total: '100.00',
      items: [{ side: 'buy', code: 'entry', label: 'Entry cost', bucket: 'brokerage', amount: '100.00' }],
    };
    const none = { brokerage: '0.00', stt: '0.00', txn: '0.00', gst: '0.00', total: '0.00', items: [] };

    // Held to maturity: the entry cost on the subscription side; the payout side has no charge.
    const { offering } = await makeProduct(t);
    await pin();
    const placed = (await api.subscribe(offering.id, { amount: '10000' })).json().data.order as Order;
    expect(placed.fees_by_side).toEqual({ buy: entry, sell: null });
    shift(400 * DAY_MS);
    try {
      const fixing = (_: unknown, at: Date) => (at.getTime() < Date.now() + 30 * DAY_MS ? '10000' : '2000');
      await matureProduct(t.app.ctx, offering.id, OPS, { fixing });
    } finally {
      shift(0);
    }
    const matured = orderSchema.parse((await api.receipt(placed.id)).json().data);
    expect(matured.fees_by_side).toEqual({ buy: entry, sell: none });
    // The spec's `fees` is the last action's side (the payout: nothing), documented as such; the
    // entry cost is on its own side, never summed into a 'Total 0.00' above it.
    expect(matured.fees).toEqual({ brokerage: '0.00', stt: '0.00', txn: '0.00', gst: '0.00', total: '0.00' });
    // 9,000 paid on 10,100: −1,100 / 10,100 = −0.10891089… exactly truncated, never rounded to −0.1089.
    expect(matured.profit).toBe('-1100.00');
    expectExactRatio(matured.roi, -110_000n, 1_010_000n);
    expect(matured.roi).toBe('-0.10891089108910891089');

    // Early exit: its cost on the exit side.
    const second = await makeProduct(t);
    await pin();
    const exiting = (await api.subscribe(second.offering.id, { amount: '10000' })).json().data.order as Order;
    shift(30 * DAY_MS);
    try {
      await runDue(t.app.ctx, OPS);
      const running = orderSchema.parse((await api.receipt(exiting.id)).json().data);
      expectExactRatio(running.roi, toMinor(running.profit), 1_010_000n);
      await pin();
      const res = await api.exit(exiting.id);
      expect(res.statusCode, res.body).toBe(200);
      const exited = orderSchema.parse(res.json().data.order);
      expect(exited.fees_by_side.buy).toEqual(entry);
      expect(exited.fees_by_side.sell).toEqual({
        ...none,
        brokerage: '200.00',
        total: '200.00',
        items: [
          {
            side: 'sell',
            code: 'early_exit',
            label: 'Early-exit cost',
            bucket: 'brokerage',
            amount: '200.00',
          },
        ],
      });
    } finally {
      shift(0);
    }
  });

  it("early exit pays the value at today's level less the disclosed cost; not allowed → refused", async () => {
    const api = quantApi(t, client);
    const { offering } = await makeProduct(t);
    await pin();
    const placed = (await api.subscribe(offering.id, { amount: '10000' })).json().data.order as Order;
    const locked = await makeProduct(t, { earlyExit: 'none', earlyExitCostPct: '0' });
    await pin();
    const lockedOrder = (await api.subscribe(locked.offering.id, { amount: '10000' })).json().data
      .order as Order;
    shift(30 * DAY_MS);
    try {
      await runDue(t.app.ctx, OPS);
      const receipt = (await api.receipt(placed.id)).json().data as Order;
      const proceeds = receipt.structured!.exit_proceeds!;
      const before = await zarAccount(t, client);
      await pin();
      const res = await api.exit(placed.id);
      expect(res.statusCode, res.body).toBe(200);
      const sold = orderSchema.parse(res.json().data.order);
      expect(sold).toMatchObject({
        status: 'sold',
        reason: 'Early exit',
        sell_trade_value: receipt.structured!.value,
        trade_value: proceeds,
      });
      expect(sold.fees.total).toBe('200.00');
      expect(sold.structured!.exited_early).toBe(true);
      const after = await zarAccount(t, client);
      expect((Number(after.balance) - Number(before.balance)).toFixed(2)).toBe(proceeds);
      await pin();
      expect((await api.exit(placed.id)).statusCode).toBe(409);
      await pin();
      const refused = await api.exit(lockedOrder.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This product cannot be exited before maturity.');
    } finally {
      shift(0);
    }
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('ops: quant create | start | mature | run | list, audited; mature before maturity refused, rerun a no-op', async () => {
    const ops = (line: string[]) => runOps(t.app.ctx, line, staff);
    const help = await ops(['help']);
    expect(help).toContain('quant create --name');
    expect(help).toContain('quant mature <id>');
    const out = await ops([
      'quant',
      'create',
      '--name',
      'CLI Top 40 note',
      '--symbol',
      'SA40',
      '--start',
      '+1d',
      '--maturity',
      '+200d',
      '--protection',
      '100',
      '--participation',
      '80',
      '--cap',
      'none',
      '--min',
      '500',
      '--max',
      '10000',
      '--open',
    ]);
    expect(out).toContain('created (open)');
    expect(out).toContain('Scenarios at maturity');
    const id = Number(/product (\d+) created/.exec(out)![1]);
    await pin();
    await quantApi(t, client).subscribe(id, { amount: '700' });
    await expect(ops(['quant', 'mature', String(id)])).rejects.toThrow('not started yet');
    shift(300 * DAY_MS);
    try {
      // Behind approvals (decision 0064): not started though its maturity has come, the start is
      // asked for first (quant.start), then the maturity (quant.mature); a checker approves each.
      const starting = await ops(['quant', 'mature', String(id)]);
      expect(starting).toMatch(/start at .*: 1 subscriptions to capture/);
      expect(starting).toMatch(/Waiting for approval: request #\d+/);
      const [started] = await approvePending(t, 'quant.start');
      expect(started).toMatchObject({ status: 'approved', outcome: { step: 'start', orders: 1 } });
      const matured = await ops(['quant', 'mature', String(id)]);
      expect(matured).toMatch(/maturity at .* 1 orders to pay/);
      const [paid] = await approvePending(t, 'quant.mature');
      expect(paid).toMatchObject({ status: 'approved', outcome: { step: 'mature', orders: 1 } });
      expect(await ops(['quant', 'mature', String(id)])).toContain('already matured');
      expect(await ops(['quant', 'run'])).not.toContain(`${id} matured`);
    } finally {
      shift(0);
    }
    expect(await ops(['quant', 'list'])).toContain('CLI Top 40 note');
    const audit = await t.database.query<{ action: string; actor: string }>(
      `select action, actor from audit_log where subject_type = 'offering' and subject_id = $1 order by id`,
      [String(id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['quant.create', 'quant.start', 'quant.mature']);
    expect(audit.every((a) => a.actor === staffActor(staff))).toBe(true);
    await expect(
      ops([
        'quant',
        'create',
        '--name',
        'x',
        '--symbol',
        'SA40',
        '--start',
        '+1d',
        '--maturity',
        '+2d',
        '--protection',
        '0',
        '--participation',
        '100',
        '--min',
        '1',
        '--max',
        '2',
      ]),
    ).rejects.toThrow('protection must be a percentage');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
