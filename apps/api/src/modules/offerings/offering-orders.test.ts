import { order as orderSchema } from '@imali/contract';
import { formatDecimal, parseDecimal } from '@imali/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../cli/run';
import { opsStaff } from '../../cli/ops-staff.testing';
import type { StaffPrincipal } from '../staff/staff.service';
import { createTestStaff, nextTotpCode, type TestStaff } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { clientApi, createTestClient, fund, newKey, type TestClient } from '../ledger/money-test-kit';
import { markPinVerified } from '../session/session.service';
import {
  expectNoTradingChange,
  makeOffering,
  marketClosedShift,
  marketOpenShift,
  quoteFor,
} from './offering-test-kit';

const DAY_MS = 86_400_000;
const NPN = { symbol: 'NPN', market: 'JSE', country: 'ZA' };

/** The client's ZAR account as the API shows it. */
async function zar(t: TestApp, client: TestClient) {
  const accounts = (await clientApi(t, client).get('/api/account/app/v1')).json().data as {
    currency: string;
    balance: string;
    held: string;
    available: string;
  }[];
  return accounts.find((a) => a.currency === 'ZAR')!;
}

const sub = (a: string, b: string) => {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  const c = (d: typeof x) => d.coefficient * 10n ** BigInt(scale - d.scale);
  return formatDecimal({ coefficient: c(x) - c(y), scale });
};

describe('fixed-term (fo) buys', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: marketOpenShift('JSE') });
    client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '200000');
  });
  afterAll(() => t.close());

  it('preview = receipt; the buy executes at the quote and is locked for the term; a replay changes nothing', async () => {
    const { offering } = await makeOffering(t, { termDays: 30, maxQuantity: '20' });
    const api = clientApi(t, client);
    const quote = await quoteFor(t, client.clientId, NPN);
    const preview = await api.get(
      `/api/client/app/v1/order/preview?ttype=fo&offering_id=${offering.id}&quantity=3&account_id=${client.accounts.ZAR}&quote_id=${quote.quote_id}`,
    );
    expect(preview.statusCode).toBe(200);
    const p = preview.json().data;
    expect(p).toMatchObject({
      side: 'buy',
      ttype: 'fo',
      symbol: 'NPN',
      quantity: '3',
      price: quote.price,
      quote_id: quote.quote_id,
    });

    const before = await zar(t, client);
    const key = newKey();
    const body = {
      id: offering.id,
      quantity: '3',
      account_id: client.accounts.ZAR,
      quote_id: quote.quote_id,
    };
    const res = await api.post('/api/fo/app/v1/buy', body, key);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Buy order for NPN received.');
    const order = orderSchema.parse(res.json().data.order);
    expect(order).toMatchObject({
      status: 'holding',
      ttype: 'fo',
      offering_id: offering.id,
      symbol: 'NPN',
      quantity: '3',
      buy_price: quote.price,
      buy_quote_id: quote.quote_id,
      outstanding: '0.00',
    });
    // Preview = receipt: the same fees, lines, schedule and total.
    expect(order.fees).toEqual(p.fees);
    expect(order.fee_items).toEqual(p.fee_items);
    expect(order.fee_schedule).toBe(p.fee_schedule);
    expect(order.buy_trade_value).toBe(p.trade_value);
    expect(order.trade_value).toBe(p.total);
    // Locked for the term from the moment of the buy.
    const locked = new Date(order.locked_until!).getTime();
    const expected = new Date(order.order_time).getTime() + 30 * DAY_MS;
    expect(Math.abs(locked - expected)).toBeLessThan(1000);
    expect(Math.abs(new Date(p.locked_until).getTime() - locked)).toBeLessThan(60_000);
    // The cash moved by exactly the receipt's trade value.
    const after = await zar(t, client);
    expect(sub(before.balance, after.balance)).toBe(order.trade_value);

    await expectNoTradingChange(t, async () => {
      const replay = await api.post('/api/fo/app/v1/buy', body, key);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json().data.order.id).toBe(order.id);
      // The quote is spent: a new request with it is refused.
      const again = await api.post('/api/fo/app/v1/buy', body);
      expect(again.statusCode).toBe(409);
    });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('preview: without a quote at the market price; the wrong account, fractional shares or a foreign quote are refused', async () => {
    const { offering } = await makeOffering(t, { termDays: 30 });
    const api = clientApi(t, client);
    const url = (q: string) => `/api/client/app/v1/order/preview?ttype=fo&offering_id=${offering.id}&${q}`;
    const plain = (await api.get(url('quantity=2'))).json().data;
    expect(plain).toMatchObject({ ttype: 'fo', quantity: '2', quote_id: null, expires_at: null });
    expect(plain.price).toMatch(/^\d+$/);
    const usd = await api.get(url(`quantity=2&account_id=${client.accounts.USD}`));
    expect(usd.statusCode).toBe(400);
    expect(usd.json().message).toBe('Choose your ZAR account for this market.');
    expect((await api.get(url('quantity=2.5'))).json().message).toBe(
      'Quantity must be a whole number of shares',
    );
    const stranger = await createTestClient(t.app.ctx);
    const theirs = await quoteFor(t, stranger.clientId, NPN);
    expect((await api.get(url(`quantity=2&quote_id=${theirs.quote_id}`))).statusCode).toBe(404);
    expect(
      (await api.get(`/api/client/app/v1/order/preview?ttype=fo&offering_id=999999&quantity=1`)).statusCode,
    ).toBe(404);
  });

  it('a locked fixed-term position cannot be sold (positionLocked, through the sell route)', async () => {
    const { offering } = await makeOffering(t, { termDays: 90 });
    const api = clientApi(t, client);
    const quote = await quoteFor(t, client.clientId, NPN);
    const bought = await api.post('/api/fo/app/v1/buy', {
      id: offering.id,
      quantity: '1',
      account_id: client.accounts.ZAR,
      quote_id: quote.quote_id,
    });
    expect(bought.statusCode).toBe(200);
    const orderId = bought.json().data.order.id;
    await markPinVerified(t.app.ctx, client.sessionId);
    const sellQuote = await quoteFor(t, client.clientId, NPN);
    const rand = formatDecimal({ coefficient: parseDecimal(sellQuote.price).coefficient, scale: 2 });
    await expectNoTradingChange(t, async () => {
      const res = await api.post(`/api/client/app/v1/order/sell/${orderId}`, {
        ttype: 'fo',
        price: rand,
        quote_id: sellQuote.quote_id,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toMatch(/^This position is locked until .+\.$/);
    });
  });

  it('the per-client maximum counts earlier orders; the wrong currency and short funds are refused, changing nothing', async () => {
    const { offering } = await makeOffering(t, { maxQuantity: '5' });
    const buy = async (quantity: string, account = client.accounts.ZAR, who = client) => {
      await markPinVerified(t.app.ctx, who.sessionId);
      const quote = await quoteFor(t, who.clientId, NPN);
      return clientApi(t, who).post('/api/fo/app/v1/buy', {
        id: offering.id,
        quantity,
        account_id: account,
        quote_id: quote.quote_id,
      });
    };
    expect((await buy('4')).statusCode).toBe(200);
    await expectNoTradingChange(t, async () => {
      const res = await buy('2');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('The maximum per client for this offering is 5.');
    });
    expect((await buy('1')).statusCode).toBe(200);

    const other = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, other, 'USD', '5000');
    await fund(t.app.ctx, other, 'ZAR', '1000');
    await expectNoTradingChange(t, async () => {
      const wrong = await buy('1', other.accounts.USD, other);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Choose your ZAR account for this market.');
      const short = await buy('1', other.accounts.ZAR, other);
      expect(short.statusCode).toBe(409);
      expect(short.json().code).toBe('INSUFFICIENT_FUNDS');
      const foreign = await buy('1', client.accounts.ZAR, other);
      expect(foreign.statusCode).toBe(404);
    });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});

describe('fixed-term buys outside trading hours', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: marketClosedShift('JSE') });
  });
  afterAll(() => t.close());

  it('are refused with when the market opens, and change nothing', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '100000');
    const { offering } = await makeOffering(t);
    const quote = await quoteFor(t, client.clientId, NPN);
    await expectNoTradingChange(t, async () => {
      const res = await clientApi(t, client).post('/api/fo/app/v1/buy', {
        id: offering.id,
        quantity: '1',
        account_id: client.accounts.ZAR,
        quote_id: quote.quote_id,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^The JSE is closed\. It opens at .+\.$/);
    });
  });
});

describe('block (otc) allocation and settlement', () => {
  let t: TestApp;
  /** The signed-in staff user the ops commands run as. */
  let staff: StaffPrincipal;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: marketOpenShift('JSE') });
    staff = await opsStaff(t.app.ctx);
    checker = await createTestStaff(t.app.ctx, ['product_ops']);
  });
  afterAll(() => t.close());

  const ops = (...argv: string[]) => runOps(t.app.ctx, argv, staff);
  /** The second staff user who approves a settlement (four eyes, issue 23). */
  let checker: TestStaff;
  /** `offering settle` (preview and request) then the checker's approval: the output of both. */
  async function settle(id: number) {
    const asked = await ops('offering', 'settle', String(id));
    const requestId = /Waiting for approval: request #(\d+)/.exec(asked)![1]!;
    const approved = await runOps(
      t.app.ctx,
      ['approval', 'approve', requestId, '--code', await nextTotpCode(t.app.ctx, checker)],
      checker.principal,
    );
    expect(approved).toContain('approved and done');
    // Each approval spends a code of the checker's: the next one needs a later step.
    t.clock.advance(30_000);
    return `${asked}\n${approved}`;
  }

  async function requestShares(client: TestClient, offeringId: number, quantity: string) {
    await markPinVerified(t.app.ctx, client.sessionId);
    return clientApi(t, client).post(`/api/otc/app/v1/record/allocate/${offeringId}`, {
      quantity,
      account_id: client.accounts.ZAR,
    });
  }

  it('allocate → awaiting with the funds held → ops settles → holding; preview = what is held', async () => {
    const { offering } = await makeOffering(t, {
      dtype: 'otc',
      symbol: 'FSR',
      blockPrice: '7000',
      blockSize: '5000',
      maxQuantity: '5000',
    });
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '20000');
    const api = clientApi(t, client);
    const preview = (
      await api.get(
        `/api/client/app/v1/order/preview?ttype=otc&offering_id=${offering.id}&quantity=100&account_id=${client.accounts.ZAR}`,
      )
    ).json().data;
    expect(preview).toMatchObject({
      ttype: 'otc',
      price: '7000',
      quantity: '100',
      trade_value: '7000.00',
      quote_id: null,
    });

    const res = await requestShares(client, offering.id, '100');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Allocation request for FSR received. Funds are held until settlement.');
    const order = res.json().data.order;
    expect(order).toMatchObject({
      status: 'awaiting',
      ttype: 'otc',
      buy_price: '7000',
      requested_quantity: '100',
    });
    expect(await zar(t, client)).toMatchObject({ balance: '20000.00', held: preview.total });
    const listed = (await api.get(`/api/otc/app/v1/${offering.id}`)).json().data;
    expect(listed.requested_quantity).toBe('100');

    await ops('offering', 'close', String(offering.id));
    const settled = await settle(offering.id);
    expect(settled).toContain('1 requests for 100 shares, 100 of 5000 allocated');
    const receipt = (await api.get(`/api/client/app/v1/order?did=${order.id}`)).json().data;
    expect(receipt).toMatchObject({ status: 'holding', quantity: '100', trade_value: preview.total });
    expect(receipt.fees).toEqual(preview.fees);
    expect(await zar(t, client)).toMatchObject({ held: '0.00', balance: sub('20000.00', preview.total) });
    expect(await ops('order', 'list', '--status', 'holding')).toContain('FSR (JSE)');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('oversubscribed 3×: pro rata to the share, leftovers to the earliest, Σ = block, the rest released', async () => {
    const { offering } = await makeOffering(t, {
      dtype: 'otc',
      symbol: 'FSR',
      blockPrice: '7000',
      blockSize: '5000',
      maxQuantity: '5000',
    });
    const requests = ['4000', '4000', '4001', '3000'];
    const clients: TestClient[] = [];
    for (const quantity of requests) {
      const c = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, c, 'ZAR', '300000');
      expect((await requestShares(c, offering.id, quantity)).statusCode).toBe(200);
      clients.push(c);
    }
    await ops('offering', 'close', String(offering.id));
    const out = await settle(offering.id);
    expect(out).toContain('4 requests for 15001 shares, 5000 of 5000 allocated pro rata');
    const held = await t.database.query<{
      client_id: string;
      quantity: string;
      status: string;
      held_minor: string;
    }>(
      `select client_id::text, quantity::text, status, held_minor::text from orders where offering_id = $1 order by id`,
      [offering.id],
    );
    // floor(r × 5000 / 15001) = 1333, 1333, 1333, 999 (Σ 4998); the 2 leftovers go to the two earliest.
    expect(held.map((r) => Number(r.quantity))).toEqual([1334, 1334, 1333, 999]);
    expect(held.every((r) => r.status === 'holding' && r.held_minor === '0')).toBe(true);
    for (const c of clients) expect((await zar(t, c)).held).toBe('0.00');
    const [positions] = await t.database.query<{ total: string }>(
      `select sum(m.quantity_delta)::text as total from position_movements m join orders o on o.id = m.order_id
        where o.offering_id = $1`,
      [offering.id],
    );
    expect(Number(positions!.total)).toBe(5000);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('a request allocated nothing is rejected and its hold released', async () => {
    const { offering } = await makeOffering(t, {
      dtype: 'otc',
      symbol: 'FSR',
      blockPrice: '7000',
      blockSize: '10',
      maxQuantity: '1000',
    });
    const big = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, big, 'ZAR', '100000');
    const small = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, small, 'ZAR', '1000');
    expect((await requestShares(big, offering.id, '1000')).statusCode).toBe(200);
    const mine = (await requestShares(small, offering.id, '1')).json().data.order;
    expect((await zar(t, small)).held).not.toBe('0.00');
    await ops('offering', 'close', String(offering.id));
    await settle(offering.id);
    const receipt = (await clientApi(t, small).get(`/api/client/app/v1/order?did=${mine.id}`)).json().data;
    expect(receipt.status).toBe('rejected');
    expect(await zar(t, small)).toMatchObject({ balance: '1000.00', held: '0.00' });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('no allocation into a closed block; settle is refused before close', async () => {
    const { offering } = await makeOffering(t, {
      dtype: 'otc',
      symbol: 'FSR',
      blockPrice: '7000',
      blockSize: '10',
    });
    await expect(ops('offering', 'settle', String(offering.id))).rejects.toThrow(
      'close it before settling it',
    );
    await ops('offering', 'close', String(offering.id));
    const c = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, c, 'ZAR', '1000');
    await expectNoTradingChange(t, async () => {
      expect((await requestShares(c, offering.id, '1')).statusCode).toBe(409);
    });
  });
});
