import { order as orderSchema } from '@imali/contract';
import { formatMinor, parseAmount } from '@imali/money';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { clientApi, createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import { marketOpenShift, quoteFor } from '../offerings/offering-test-kit';
import { makeOffering } from '../offerings/offering-test-kit';
import { closeOffering } from '../offerings/offerings.service';
import { markPinVerified } from '../session/session.service';
import { seedDemoIpo } from '../../db/seed-trading';
import { makeIpo, OPS } from './ipo-test-kit';
import { chartData, searchResponseBody } from '../market/market.service';
import { allotIpo, listDueIpos, listIpo, setFinalPrice } from './ipo.service';
import { setMarketShift } from '../orders/orders-test-kit';
import { saDate } from '../../lib/sa-time';

const DAY_MS = 86_400_000;

async function zar(t: TestApp, client: TestClient) {
  const accounts = (await clientApi(t, client).get('/api/account/app/v1')).json().data as {
    currency: string;
    balance: string;
    held: string;
  }[];
  return accounts.find((a) => a.currency === 'ZAR')!;
}

describe('IPOs (API)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: marketOpenShift('JSE') });
  });
  afterAll(() => t.close());

  const newClient = async (amount = '100000') => {
    const c = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, c, 'ZAR', amount);
    return c;
  };
  const sound = async () => expect((await checkLedger(t.app.ctx)).problems).toEqual([]);

  it('shows terms and a key-facts sheet; the new instrument is not searchable, quoted or charted before listing', async () => {
    const { offering, instrument } = await makeIpo(t);
    const client = await newClient();
    const api = clientApi(t, client);
    const res = await api.get(`/api/ipo/app/v1/${offering.id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      dtype: 'ipo',
      symbol: instrument.symbol,
      last_price: '1200',
      ipo: {
        price_basis: 'range',
        price_low: '1000',
        price_high: '1200',
        final_price: null,
        lot_size: 100,
        min_lots: 1,
        max_lots: 10,
        shares_offered: '2000',
        allocation_rule: 'pro_rata',
        state: 'open',
        applied_lots: 0,
      },
    });
    const keys = d.key_facts.map((f: { key: string }) => f.key);
    expect(keys).toEqual([
      'what_you_buy',
      'price_basis',
      'lots',
      'dates',
      'allocation',
      'fees',
      'early_exit',
      'maximum_loss',
    ]);
    expect(d.key_facts.at(-1).text).toBe('You can lose all of the money you invest.');
    // Discover lists it.
    const list = (await api.get('/api/stat/app/v1/trading_list?dtype=ipo')).json().data;
    expect(list.map((o: { id: number }) => o.id)).toContain(offering.id);
    // With the offer's price basis and lot, for the card (it has no market price yet).
    expect(list.find((o: { id: number }) => o.id === offering.id).ipo_offer).toEqual({
      price_low: '1000',
      price_high: '1200',
      final_price: null,
      lot_size: 100,
      listed: false,
    });
    const all = (await api.get('/api/stat/app/v1/trading_list')).json().data;
    expect(all.find((o: { id: number }) => o.id === offering.id).ipo_offer.price_high).toBe('1200');
    expect(
      all.every((o: { dtype: string; ipo_offer?: unknown }) => (o.dtype === 'ipo') === !!o.ipo_offer),
    ).toBe(true);
    // The market does not know the instrument yet.
    const search = await searchResponseBody(t.app.ctx, instrument.symbol, (r) => r);
    expect(search).not.toContain(instrument.symbol);
    const price = await api.get(`/api/market/app/v1/price?symbol=${instrument.symbol}&market=JSE&country=ZA`);
    expect(price.statusCode).toBe(404);
    await expect(
      chartData(t.app.ctx, { country: 'ZA', symbol: instrument.symbol, interval: '1d' }),
    ).rejects.toThrow();
    // Another dtype or unknown id: 404 'Offering not found.'
    const { offering: fo } = await makeOffering(t);
    for (const id of [fo.id, 999999, 'abc']) {
      const r = await api.get(`/api/ipo/app/v1/${id}`);
      expect([r.statusCode, r.json().message]).toEqual([404, 'Offering not found.']);
    }
  });

  it('preview = receipt; no body applies for one minimum lot from the ZAR account; the hold backs it', async () => {
    const { offering } = await makeIpo(t);
    const client = await newClient();
    const api = clientApi(t, client);
    const preview = (await api.get(`/api/ipo/app/v1/preview/${offering.id}?lots=2`)).json().data;
    expect(preview).toMatchObject({
      side: 'buy',
      ttype: 'ipo',
      quantity: '200',
      price: '1200',
      trade_value: '2400.00',
    });
    const res = await api.post(`/api/ipo/app/v1/record/sub/${offering.id}`, {
      lots: 2,
      account_id: client.accounts.ZAR,
    });
    expect(res.statusCode).toBe(200);
    const o = orderSchema.parse(res.json().data.order);
    expect(o).toMatchObject({
      status: 'awaiting',
      ttype: 'ipo',
      requested_quantity: '200',
      outstanding: '0.00',
    });
    expect(o.trade_value).toBe(preview.total);
    expect(o.fees).toEqual(preview.fees);
    expect((await zar(t, client)).held).toBe(preview.total);
    // No body: one minimum lot.
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/ipo/app/v1/record/sub/${offering.id}`,
      headers: { authorization: `Bearer ${client.token}`, 'idempotency-key': `bare-${offering.id}` },
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().data.order).toMatchObject({ status: 'awaiting', requested_quantity: '100' });
    const hold = await t.database.query<{ purpose: string; reference_type: string; amount_minor: string }>(
      `select purpose, reference_type, amount_minor::text from holds where reference_id = $1 and reference_type = 'order'`,
      [o.id],
    );
    expect(hold).toEqual([
      {
        purpose: 'subscription',
        reference_type: 'order',
        amount_minor: String(parseAmount(preview.total, 'ZAR')),
      },
    ]);
    const awaiting = (await api.get('/api/client/app/v1/order/awaiting?dtype=ipo')).json().data;
    expect(awaiting.map((x: { id: number }) => x.id)).toContain(o.id);
    await sound();
  });

  it('refuses bad lots, the per-client maximum and missing funds, writing nothing', async () => {
    const { offering } = await makeIpo(t, { minLots: 2, maxLots: 3 });
    const client = await newClient('3000');
    const api = clientApi(t, client);
    const post = (body: unknown) => api.post(`/api/ipo/app/v1/record/sub/${offering.id}`, body);
    const r1 = await post({ lots: 1 });
    expect([r1.statusCode, r1.json().message]).toEqual([400, 'The minimum is 2 lots.']);
    const r2 = await post({ lots: 'x' });
    expect([r2.statusCode, r2.json().message]).toEqual([400, 'Lots must be a whole number']);
    const r3 = await post({ lots: 4 });
    expect([r3.statusCode, r3.json().message]).toEqual([409, 'The maximum per client is 3 lots.']);
    const r4 = await post({ lots: 3 }); // 3 × 100 × R12 = R3600 > R3000
    expect(r4.statusCode).toBe(409);
    expect(r4.json().code).toBe('INSUFFICIENT_FUNDS');
    const ok = await post({ lots: 2 });
    expect(ok.statusCode).toBe(200);
    const r5 = await post({ lots: 2 });
    expect([r5.statusCode, r5.json().message]).toEqual([
      409,
      'The maximum per client is 3 lots; you have applied for 2 already.',
    ]);
    const n = await t.database.query<{ n: string }>(
      `select count(*)::text as n from orders where offering_id = $1`,
      [offering.id],
    );
    expect(n[0]!.n).toBe('1');
  });

  it('cancels while the window is open (hold released); not after it closes', async () => {
    const { offering } = await makeIpo(t);
    const client = await newClient();
    const api = clientApi(t, client);
    const a = (await api.post(`/api/ipo/app/v1/record/sub/${offering.id}`, { lots: 1 })).json().data.order;
    const b = (await api.post(`/api/ipo/app/v1/record/sub/${offering.id}`, { lots: 1 })).json().data.order;
    // The receipt says what the client may do: cancel while the window is open.
    const receipt = (await api.get(`/api/client/app/v1/order?did=${a.id}`)).json().data;
    expect(orderSchema.parse(receipt).ipo).toMatchObject({
      lots: 1,
      lot_size: 100,
      allotted_lots: null,
      can_cancel: true,
      needs_reconfirmation: false,
      reconfirm_held: null,
    });
    const c = await api.post(`/api/ipo/app/v1/record/cancel/${a.id}`, {});
    expect(c.statusCode).toBe(200);
    expect(c.json().data.order).toMatchObject({ status: 'rejected', reason: 'Cancelled by you' });
    expect((await zar(t, client)).held).toBe(b.trade_value);
    const again = await api.post(`/api/ipo/app/v1/record/cancel/${a.id}`, {});
    expect(again.statusCode).toBe(409);
    await closeOffering(t.app.ctx, offering.id, OPS);
    const late = await api.post(`/api/ipo/app/v1/record/cancel/${b.id}`, {});
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      'This application can no longer be cancelled: the subscription window has closed.',
    ]);
    const other = await createTestClient(t.app.ctx);
    const r = await clientApi(t, other).post(`/api/ipo/app/v1/record/cancel/${b.id}`, {});
    expect(r.statusCode).toBe(404);
    await sound();
  });

  it('final price above the range: reconfirmation grows the hold; an unconfirmed application lapses at allotment', async () => {
    const { offering } = await makeIpo(t);
    const yes = await newClient();
    const no = await newClient();
    const a = (await clientApi(t, yes).post(`/api/ipo/app/v1/record/sub/${offering.id}`, { lots: 1 })).json()
      .data.order;
    const b = (await clientApi(t, no).post(`/api/ipo/app/v1/record/sub/${offering.id}`, { lots: 1 })).json()
      .data.order;
    const r0 = await clientApi(t, yes).post(`/api/ipo/app/v1/record/reconfirm/${a.id}`, {});
    expect(r0.statusCode).toBe(409);
    const { reconfirm } = await setFinalPrice(t.app.ctx, offering.id, '1500', OPS);
    expect(reconfirm).toBe(true);
    const detail = (await clientApi(t, yes).get(`/api/ipo/app/v1/${offering.id}`)).json().data;
    expect(detail.ipo).toMatchObject({ final_price: '1500', reconfirm_required: true });
    const listed = (await clientApi(t, yes).get('/api/stat/app/v1/trading_list?dtype=ipo')).json().data;
    expect(listed.find((o: { id: number }) => o.id === offering.id).ipo_offer.final_price).toBe('1500');
    const asked = (await clientApi(t, yes).get(`/api/client/app/v1/order?did=${a.id}`)).json().data.ipo;
    expect(asked).toMatchObject({ final_price: '1500', needs_reconfirmation: true });
    await markPinVerified(t.app.ctx, yes.sessionId);
    const r = await clientApi(t, yes).post(`/api/ipo/app/v1/record/reconfirm/${a.id}`, {});
    expect(r.statusCode).toBe(200);
    const re = r.json().data.order;
    expect(re).toMatchObject({ buy_price: '1500', buy_trade_value: '1500.00' });
    expect((await zar(t, yes)).held).toBe(re.trade_value);
    expect(asked.reconfirm_held).toBe(re.trade_value);
    const done = (await clientApi(t, yes).get(`/api/client/app/v1/order?did=${a.id}`)).json().data.ipo;
    expect(done).toMatchObject({ needs_reconfirmation: false, reconfirm_held: null });
    await sound();
    await closeOffering(t.app.ctx, offering.id, OPS);
    const result = await allotIpo(t.app.ctx, offering.id, OPS);
    expect(result.lines.find((l) => l.orderId === a.id)).toMatchObject({ allotted: 1, status: 'listing' });
    const lapsed = (await clientApi(t, no).get(`/api/client/app/v1/order?did=${b.id}`)).json().data;
    expect(lapsed).toMatchObject({
      status: 'rejected',
      reason: 'Lapsed: not reconfirmed at the final price of 1500 ZAc.',
    });
    expect((await zar(t, no)).held).toBe('0.00');
    await sound();
  });

  it('allot (pro rata, oversubscribed) → PENDING LISTING → list → holding at the listing price → sell', async () => {
    const { offering, instrument } = await makeIpo(t, { sharesOffered: '1000' }); // 10 lots
    const clients = await Promise.all([newClient(), newClient(), newClient()]);
    const orders = [];
    for (const [i, c] of clients.entries()) {
      const r = await clientApi(t, c).post(`/api/ipo/app/v1/record/sub/${offering.id}`, {
        lots: [10, 5, 5][i],
      });
      expect(r.statusCode).toBe(200);
      orders.push(r.json().data.order);
    }
    const early = await allotIpo(t.app.ctx, offering.id, OPS).catch((e: Error) => e.message);
    expect(early).toContain('allot after it closes');
    await setFinalPrice(t.app.ctx, offering.id, '1100', OPS);
    await closeOffering(t.app.ctx, offering.id, OPS);
    const result = await allotIpo(t.app.ctx, offering.id, OPS);
    expect(result.lines.map((l) => l.allotted)).toEqual([6, 2, 2]);
    await expect(allotIpo(t.app.ctx, offering.id, OPS)).rejects.toThrow('already allotted');
    const first = (await clientApi(t, clients[0]!).get(`/api/client/app/v1/order?did=${orders[0].id}`)).json()
      .data;
    expect(first).toMatchObject({
      status: 'listing',
      quantity: '600',
      buy_price: '1100',
      buy_trade_value: '6600.00',
      outstanding: '0.00',
      reason: 'Allotted 6 of 10 lots.',
    });
    expect((await zar(t, clients[0]!)).held).toBe('0.00');
    expect(parseAmount((await zar(t, clients[0]!)).balance, 'ZAR')).toBe(
      parseAmount('100000', 'ZAR') - parseAmount(first.trade_value, 'ZAR'),
    );
    await sound();
    // Selling before listing: not holding.
    const early2 = await clientApi(t, clients[0]!).post(`/api/client/app/v1/order/sell/${orders[0].id}`, {
      ttype: 'ipo',
      price: '11',
    });
    expect(early2.statusCode).toBe(409);

    const listed = await listIpo(t.app.ctx, offering.id, OPS);
    expect(listed.orders).toBe(3);
    await expect(listIpo(t.app.ctx, offering.id, OPS)).rejects.toThrow('already listed');
    const holding = (await clientApi(t, clients[0]!).get(`/api/client/app/v1/order/holding?dtype=ipo`)).json()
      .data;
    expect(holding.map((o: { id: number }) => o.id)).toEqual([orders[0].id]);
    // Its history starts on the listing day, which opens at the listing price.
    const chart = await chartData(t.app.ctx, { country: 'ZA', symbol: instrument.symbol, interval: '1d' });
    expect(chart.candles.length).toBe(1);
    expect(chart.candles[0]!.open).toBe(1100);
    // Each process's catalogue picks the listing up within a second (the instruments version).
    await vi.waitFor(
      async () =>
        expect(await searchResponseBody(t.app.ctx, instrument.symbol, (r) => r)).toContain(instrument.symbol),
      { timeout: 5000, interval: 250 },
    );
    const quote = await quoteFor(t, clients[0]!.clientId, instrument);
    const sell = await clientApi(t, clients[0]!).post(`/api/client/app/v1/order/sell/${orders[0].id}`, {
      ttype: 'ipo',
      price: formatMinor(BigInt(quote.price), 'ZAR'),
      quote_id: quote.quote_id,
    });
    expect(sell.statusCode).toBe(200);
    expect(sell.json().data.order).toMatchObject({ status: 'sold', ttype: 'ipo', quantity: '600' });
    await sound();
  });

  it('the listing job lists allotted IPOs whose listing date has come, once', async () => {
    const now = t.app.ctx.clock.now();
    const day = (n: number) => new Date(now.getTime() + n * DAY_MS).toISOString().slice(0, 10);
    const { offering } = await makeIpo(t, {
      priceHigh: '1000',
      closesAt: new Date(now.getTime() + DAY_MS),
      allotsOn: day(1),
      listsOn: day(2),
    });
    const c = await newClient();
    expect((await clientApi(t, c).post(`/api/ipo/app/v1/record/sub/${offering.id}`, {})).statusCode).toBe(
      200,
    );
    await closeOffering(t.app.ctx, offering.id, OPS);
    await allotIpo(t.app.ctx, offering.id, OPS);
    // Its listing date has not come by the app clock; two days on, it has.
    expect(await listDueIpos(t.app.ctx)).not.toContain(offering.id);
    const shift = t.app.ctx.config.MARKET_TIME_SHIFT_MS;
    setMarketShift(t.app.ctx, shift + 2 * DAY_MS);
    try {
      expect(await listDueIpos(t.app.ctx)).toContain(offering.id);
      expect(await listDueIpos(t.app.ctx)).not.toContain(offering.id);
    } finally {
      setMarketShift(t.app.ctx, shift);
    }
    await sound();
  });

  it('the listing date is a South African date: at 00:30 SAST (22:30 UTC the day before) it has come', async () => {
    const now = t.app.ctx.clock.now();
    // 22:30 UTC, two to three days ahead: the South African date is already the next day.
    const at = new Date(Math.floor((now.getTime() + 2 * DAY_MS) / DAY_MS) * DAY_MS + 22.5 * 3_600_000);
    const listsOn = saDate(at);
    expect(listsOn).not.toBe(at.toISOString().slice(0, 10));
    const { offering } = await makeIpo(t, {
      priceHigh: '1000',
      closesAt: new Date(now.getTime() + DAY_MS),
      allotsOn: saDate(new Date(now.getTime() + DAY_MS)),
      listsOn,
    });
    const c = await newClient();
    expect((await clientApi(t, c).post(`/api/ipo/app/v1/record/sub/${offering.id}`, {})).statusCode).toBe(
      200,
    );
    await closeOffering(t.app.ctx, offering.id, OPS);
    await allotIpo(t.app.ctx, offering.id, OPS);
    const shift = t.app.ctx.config.MARKET_TIME_SHIFT_MS;
    setMarketShift(t.app.ctx, shift + (at.getTime() - t.app.ctx.clock.now().getTime()));
    try {
      expect(await listDueIpos(t.app.ctx)).toContain(offering.id);
    } finally {
      setMarketShift(t.app.ctx, shift);
    }
    await sound();
  });
});

describe('the demo IPO seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('opens one IPO on a new, pending JSE listing; a second run adds nothing', async () => {
    expect(await seedDemoIpo(t.app.ctx)).toBe(true);
    expect(await seedDemoIpo(t.app.ctx)).toBe(false);
    const rows = await t.database.query<{
      status: string;
      symbol: string;
      listing_state: string;
      state: string;
    }>(
      `select o.status, i.symbol, i.listing_state, x.state from offerings o
       join instruments i on i.id = o.instrument_id join ipo_terms x on x.offering_id = o.id where o.dtype = 'ipo'`,
    );
    expect(rows).toEqual([{ status: 'open', symbol: 'UBNTR', listing_state: 'pending', state: 'open' }]);
  });
});
