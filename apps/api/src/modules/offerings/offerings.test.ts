import { KEY_FACT_KEYS, offering as offeringSchema } from '@imali/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { scheduleForCountry } from '../fees/fees.service';
import { clientApi, createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import { describeSchedule } from './key-facts';
import { expectNoTradingChange, makeOffering, OPS, quoteFor } from './offering-test-kit';
import { closeOffering, settleOffering } from './offerings.service';

describe('offerings: Discover list, detail and key facts', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    client = await createTestClient(t.app.ctx);
  });
  afterAll(() => t.close());

  it('lists open and upcoming offerings, hot first then closing soonest, each a full contract offering', async () => {
    const now = t.app.ctx.clock.now().getTime();
    const day = 86_400_000;
    const late = await makeOffering(t, { closesAt: new Date(now + 60 * day), termDays: 90 });
    const soon = await makeOffering(t, { closesAt: new Date(now + 10 * day) });
    const hot = await makeOffering(t, { closesAt: new Date(now + 90 * day), hot: true, symbol: 'SBK' });
    const upcoming = await makeOffering(t, {
      open: false,
      opensAt: new Date(now + day),
      closesAt: new Date(now + 20 * day),
    });
    const block = await makeOffering(t, {
      dtype: 'otc',
      symbol: 'FSR',
      blockPrice: '7400',
      blockSize: '50000',
      closesAt: new Date(now + 15 * day),
    });
    const closed = await makeOffering(t);
    await closeOffering(t.app.ctx, closed.offering.id, OPS);
    const settled = await makeOffering(t);
    await closeOffering(t.app.ctx, settled.offering.id, OPS);
    await settleOffering(t.app.ctx, settled.offering.id, OPS);

    const api = clientApi(t, client);
    const res = await api.get('/api/stat/app/v1/trading_list');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number; dtype: string; hot: boolean }[];
    expect(list.map((o) => o.id)).toEqual([
      hot.offering.id,
      soon.offering.id,
      block.offering.id,
      upcoming.offering.id,
      late.offering.id,
    ]);
    for (const item of list) expect(offeringSchema.safeParse(item).success).toBe(true);

    const fo = (await api.get('/api/stat/app/v1/trading_list?dtype=fo')).json().data as { id: number }[];
    expect(fo.map((o) => o.id)).not.toContain(block.offering.id);
    expect(fo).toHaveLength(4);
    const otc = (await api.get('/api/stat/app/v1/trading_list?dtype=otc')).json().data as { id: number }[];
    expect(otc.map((o) => o.id)).toEqual([block.offering.id]);
    const all = (await api.get('/api/stat/app/v1/trading_list?dtype=all')).json().data;
    expect(all).toHaveLength(5);
    const hotList = (await api.get('/api/stat/app/v1/trading_list?hot=1')).json().data as { id: number }[];
    expect(hotList.map((o) => o.id)).toEqual([hot.offering.id]);
    expect((await api.get('/api/stat/app/v1/trading_list?dtype=bond')).statusCode).toBe(400);
  });

  it('detail: the offering with terms and every key fact; the fee line is the schedule in force', async () => {
    const { offering } = await makeOffering(t, { termDays: 90, minQuantity: '5', maxQuantity: '2000' });
    const api = clientApi(t, client);
    const res = await api.get(`/api/fo/app/v1/${offering.id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(offeringSchema.parse(data)).toMatchObject({
      id: offering.id,
      dtype: 'fo',
      symbol: 'NPN',
      instrument_name: 'Naspers',
      market: 'JSE',
      country: 'ZA',
      currency: 'ZAR',
      quote_unit: 'ZAc',
      status: 'open',
      min_quantity: '5',
      max_quantity: '2000',
      term_days: 90,
      block_price: null,
      block_size: null,
      requested_quantity: null,
      allocation_rule: null,
    });
    expect(data.last_price).toMatch(/^\d+$/);
    expect(data.key_facts.map((f: { key: string }) => f.key)).toEqual([...KEY_FACT_KEYS]);
    for (const f of data.key_facts) expect(f.text.length).toBeGreaterThan(10);
    const fees = data.key_facts.find((f: { key: string }) => f.key === 'fees').text;
    expect(fees).toBe(describeSchedule(scheduleForCountry(t.app.ctx, 'ZA')));
    expect(fees).toContain('Brokerage 0.25%');
    expect(fees).toContain('Securities Transfer Tax (STT) 0.25% (buys)');
    expect(fees).toContain('VAT 15%');
    expect(fees).toContain('ZA-2026-11');
    const lock = data.key_facts.find((f: { key: string }) => f.key === 'lock_up').text;
    expect(lock).toContain('Locked for 90 days');

    const block = await makeOffering(t, {
      dtype: 'otc',
      symbol: 'AGL',
      blockPrice: '52000',
      blockSize: '5000',
    });
    const otc = (await api.get(`/api/otc/app/v1/${block.offering.id}`)).json().data;
    expect(otc).toMatchObject({
      dtype: 'otc',
      symbol: 'AGL',
      block_price: '52000',
      block_size: '5000',
      requested_quantity: '0',
      allocation_rule: 'pro_rata',
      term_days: null,
    });
    expect(otc.key_facts.find((f: { key: string }) => f.key === 'allocation').text).toContain('Pro rata');
  });

  it('the wrong dtype, an unknown id or a malformed id → 404 Offering not found', async () => {
    const { offering } = await makeOffering(t);
    const api = clientApi(t, client);
    for (const url of [
      `/api/otc/app/v1/${offering.id}`,
      '/api/fo/app/v1/999999',
      '/api/fo/app/v1/abc',
      '/api/otc/app/v1/0',
    ]) {
      const res = await api.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Offering not found.', data: null });
    }
  });

  it('needs a signed-in client with approved KYC', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/stat/app/v1/trading_list' });
    expect(anonymous.statusCode).toBe(401);
    const pending = await createTestClient(t.app.ctx, { kyc: 'pending' });
    const res = await clientApi(t, pending).get('/api/stat/app/v1/trading_list');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('KYC_REQUIRED');
  });
});

describe('offering orders: refusals that change nothing', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '50000');
  });
  afterAll(() => t.close());

  async function foBuy(offeringId: number, quantity: string, extra: Record<string, unknown> = {}) {
    const quote = await quoteFor(t, client.clientId, { symbol: 'NPN', market: 'JSE', country: 'ZA' });
    return clientApi(t, client).post('/api/fo/app/v1/buy', {
      id: offeringId,
      quantity,
      account_id: client.accounts.ZAR,
      quote_id: quote.quote_id,
      ...extra,
    });
  }

  it('a closed, upcoming or not-yet-open offering → 409 not open', async () => {
    const closed = await makeOffering(t);
    await closeOffering(t.app.ctx, closed.offering.id, OPS);
    const upcoming = await makeOffering(t, { open: false });
    const now = t.app.ctx.clock.now().getTime();
    const later = await makeOffering(t, { opensAt: new Date(now + 3_600_000) });
    for (const o of [closed, upcoming, later]) {
      await expectNoTradingChange(t, async () => {
        const res = await foBuy(o.offering.id, '1');
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'CONFLICT',
          message: 'This offering is not open for orders.',
        });
      });
    }
    const block = await makeOffering(t, { dtype: 'otc', open: false });
    await expectNoTradingChange(t, async () => {
      const res = await clientApi(t, client).post(`/api/otc/app/v1/record/allocate/${block.offering.id}`, {
        quantity: '1',
        account_id: client.accounts.ZAR,
      });
      expect(res.statusCode).toBe(409);
    });
  });

  it('below the minimum, fractional, zero or malformed quantities → 400 with the reason', async () => {
    const { offering } = await makeOffering(t, { minQuantity: '5' });
    const cases: [string, string][] = [
      ['4', 'The minimum for this offering is 5.'],
      ['5.5', 'Quantity must be a whole number of shares'],
      ['0', 'Quantity must be greater than 0'],
      ['-3', 'Enter a valid quantity'],
      ['', 'Enter a quantity'],
    ];
    for (const [quantity, message] of cases) {
      await expectNoTradingChange(t, async () => {
        const res = await foBuy(offering.id, quantity);
        expect(res.statusCode, quantity).toBe(400);
        expect(res.json().message).toBe(message);
      });
    }
  });

  it('above the per-client maximum → 409 with the maximum', async () => {
    const { offering } = await makeOffering(t, { maxQuantity: '10' });
    await expectNoTradingChange(t, async () => {
      const res = await foBuy(offering.id, '11');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'LIMIT_EXCEEDED',
        message: 'The maximum per client for this offering is 10.',
      });
    });
  });

  it('an unknown offering, or an otc id on the fo buy → 404', async () => {
    const block = await makeOffering(t, { dtype: 'otc' });
    for (const id of [999_999, block.offering.id]) {
      await expectNoTradingChange(t, async () => {
        const res = await foBuy(id, '1');
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Offering not found.');
      });
    }
    const fo = await makeOffering(t);
    const res = await clientApi(t, client).post(`/api/otc/app/v1/record/allocate/${fo.offering.id}`, {
      quantity: '1',
      account_id: client.accounts.ZAR,
    });
    expect(res.statusCode).toBe(404);
  });

  it('needs the Idempotency-Key header and a fresh PIN', async () => {
    const { offering } = await makeOffering(t);
    const quote = await quoteFor(t, client.clientId, { symbol: 'NPN', market: 'JSE', country: 'ZA' });
    const body = {
      id: offering.id,
      quantity: '1',
      account_id: client.accounts.ZAR,
      quote_id: quote.quote_id,
    };
    const stale = await createTestClient(t.app.ctx, { pin: false });
    await expectNoTradingChange(t, async () => {
      const noKey = await clientApi(t, client).post('/api/fo/app/v1/buy', body, null);
      expect(noKey.statusCode).toBe(400);
      const noPin = await clientApi(t, stale).post('/api/fo/app/v1/buy', body);
      expect(noPin.statusCode).toBe(403);
      expect(noPin.json().code).toBe('PIN_REQUIRED');
    });
  });
});
