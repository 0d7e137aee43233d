import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectFeesChanged, moveClockTo, publishBrokerageRate } from '../fees/fees-test-kit';
import { clientApi, createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import { expectNoTradingChange, marketOpenShift } from '../offerings/offering-test-kit';
import { markPinVerified } from '../session/session.service';
import { closeOffering } from '../offerings/offerings.service';
import { makeIpo, OPS } from './ipo-test-kit';
import { allotIpo, previewIpoAllotment, setFinalPrice } from './ipo.service';

/**
 * Preview equals receipt for IPO applications (decision 0063): an application repeating its
 * preview's `fee_schedule`, or a reconfirmation repeating the receipt's `reconfirm_fee_schedule`,
 * is refused when a new version took effect in between; nothing is held or resized. In its own
 * file: each publication changes this app's fees.
 */
describe('IPO applications when the fees change after their preview', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: marketOpenShift('JSE') });
    client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '100000');
  });
  afterAll(() => t?.close());

  const zarHeld = async () =>
    (await clientApi(t, client).get('/api/account/app/v1'))
      .json()
      .data.find((a: { currency: string }) => a.currency === 'ZAR').held as string;

  it('subscribe: refused (409) with the previewed version, nothing held; held with the new one', async () => {
    const { offering } = await makeIpo(t);
    const api = clientApi(t, client);
    const preview = async () => {
      const res = await api.get(`/api/ipo/app/v1/preview/${offering.id}?lots=2`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const before = await preview();
    const published = await publishBrokerageRate(t, '0.003');
    expect(before.fee_schedule).not.toBe(published.version);
    moveClockTo(t, published.effectiveFrom, 5_000);
    await markPinVerified(t.app.ctx, client.sessionId);

    const url = `/api/ipo/app/v1/record/sub/${offering.id}`;
    await expectNoTradingChange(t, async () => {
      expectFeesChanged(await api.post(url, { lots: 2, fee_schedule: before.fee_schedule }));
    });

    const after = await preview();
    expect(after.fee_schedule).toBe(published.version);
    expect(after.total).not.toBe(before.total);
    const res = await api.post(url, { lots: 2, fee_schedule: after.fee_schedule });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order).toMatchObject({
      status: 'awaiting',
      fee_schedule: published.version,
      fees: after.fees,
    });
    expect(await zarHeld()).toBe(after.total);
  });

  it('reconfirm: refused (409) with the receipt’s version, the hold unchanged; resized with the new one', async () => {
    const { offering } = await makeIpo(t);
    const api = clientApi(t, client);
    await markPinVerified(t.app.ctx, client.sessionId);
    const applied = await api.post(`/api/ipo/app/v1/record/sub/${offering.id}`, { lots: 1 });
    expect(applied.statusCode, applied.body).toBe(200);
    const orderId = applied.json().data.order.id as number;
    expect((await setFinalPrice(t.app.ctx, offering.id, '1500', OPS)).reconfirm).toBe(true);
    const asked = async () => (await api.get(`/api/client/app/v1/order?did=${orderId}`)).json().data.ipo;
    const before = await asked();
    expect(before).toMatchObject({ needs_reconfirmation: true, reconfirm_fee_schedule: expect.any(String) });

    const published = await publishBrokerageRate(t, '0.0035');
    expect(before.reconfirm_fee_schedule).not.toBe(published.version);
    moveClockTo(t, published.effectiveFrom, 5_000);
    await markPinVerified(t.app.ctx, client.sessionId);

    const url = `/api/ipo/app/v1/record/reconfirm/${orderId}`;
    await expectNoTradingChange(t, async () => {
      expectFeesChanged(await api.post(url, { fee_schedule: before.reconfirm_fee_schedule }));
    });

    const after = await asked();
    expect(after.needs_reconfirmation).toBe(true);
    expect(after.reconfirm_fee_schedule).toBe(published.version);
    expect(after.reconfirm_held).not.toBe(before.reconfirm_held);
    const heldBefore = await zarHeld();
    const res = await api.post(url, { fee_schedule: after.reconfirm_fee_schedule });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data.order;
    // The order names the schedule its fees now come from, and holds what the receipt promised.
    expect(order).toMatchObject({ buy_price: '1500', fee_schedule: published.version });
    expect(order.trade_value).toBe(after.reconfirm_held);
    expect(await zarHeld()).not.toBe(heldBefore);
    expect(await asked()).toMatchObject({ needs_reconfirmation: false, reconfirm_fee_schedule: null });
  });

  it('allotment: an application is debited under the schedule it was held on, not one published since', async () => {
    const { offering } = await makeIpo(t, { priceLow: '1000', priceHigh: '1000' }); // fixed price
    const api = clientApi(t, client);
    await markPinVerified(t.app.ctx, client.sessionId);
    const applied = await api.post(`/api/ipo/app/v1/record/sub/${offering.id}`, { lots: 2 });
    expect(applied.statusCode, applied.body).toBe(200);
    const order = applied.json().data.order;
    // A much dearer schedule takes effect before allotment.
    const published = await publishBrokerageRate(t, '0.02');
    expect(order.fee_schedule).not.toBe(published.version);
    moveClockTo(t, published.effectiveFrom, 5_000);
    await closeOffering(t.app.ctx, offering.id, OPS);

    const heldBefore = await zarHeld();
    const plan = await previewIpoAllotment(t.app.ctx, offering.id);
    const line = plan.lines.find((l) => l.orderId === order.id)!;
    expect(line).toMatchObject({ allotted: 2, releasedMinor: 0n });
    const result = await allotIpo(t.app.ctx, offering.id, OPS, { seed: plan.seed, expectedHash: plan.hash });
    expect(result.lines.find((l) => l.orderId === order.id)).toMatchObject({
      allotted: 2,
      status: 'listing',
    });
    // What the client was shown and held is what is debited, fees by the application's schedule.
    const receipt = (await api.get(`/api/client/app/v1/order?did=${order.id}`)).json().data;
    expect(receipt).toMatchObject({ status: 'listing', fee_schedule: order.fee_schedule, fees: order.fees });
    expect(receipt.trade_value).toBe(order.trade_value);
    // Its hold (other tests' applications are held too) is captured whole: nothing left of it.
    const cents = (money: string) => BigInt(money.replace('.', ''));
    expect(cents(heldBefore) - cents(await zarHeld())).toBe(cents(order.trade_value));
  });
});
