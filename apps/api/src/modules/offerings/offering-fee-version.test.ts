import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectFeesChanged, moveClockTo, publishBrokerageRate } from '../fees/fees-test-kit';
import { clientApi, createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import { markPinVerified } from '../session/session.service';
import { expectNoTradingChange, makeOffering, marketOpenShift, quoteFor } from './offering-test-kit';

const NPN = { symbol: 'NPN', market: 'JSE', country: 'ZA' };

/**
 * Preview equals receipt for orders on offerings (decision 0063): a fixed-term buy or a block
 * allocation repeating its preview's `fee_schedule` is refused when a new version took effect in
 * between; nothing is bought or held. In its own file: each publication changes this app's fees.
 */
describe('offering orders when the fees change after their preview', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: marketOpenShift('JSE') });
    client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '200000');
  });
  afterAll(() => t?.close());

  const preview = async (query: string) => {
    const res = await clientApi(t, client).get(`/api/client/app/v1/order/preview?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('fo: the buy at the same quotation is refused (409) with the previewed version, nothing bought; bought with the new one', async () => {
    const { offering } = await makeOffering(t, { termDays: 30, maxQuantity: '20' });
    const api = clientApi(t, client);
    const published = await publishBrokerageRate(t, '0.003');
    moveClockTo(t, published.effectiveFrom, -10_000);
    await markPinVerified(t.app.ctx, client.sessionId);
    const quote = await quoteFor(t, client.clientId, NPN);
    const query = `ttype=fo&offering_id=${offering.id}&quantity=3&account_id=${client.accounts.ZAR}&quote_id=${quote.quote_id}`;
    const before = await preview(query);
    expect(before.fee_schedule).not.toBe(published.version);
    moveClockTo(t, published.effectiveFrom, 5_000);

    const body = {
      id: offering.id,
      quantity: '3',
      account_id: client.accounts.ZAR,
      quote_id: quote.quote_id,
    };
    await expectNoTradingChange(t, async () => {
      expectFeesChanged(await api.post('/api/fo/app/v1/buy', { ...body, fee_schedule: before.fee_schedule }));
    });

    const after = await preview(query);
    expect(after.fee_schedule).toBe(published.version);
    expect(after.total).not.toBe(before.total);
    const res = await api.post('/api/fo/app/v1/buy', { ...body, fee_schedule: after.fee_schedule });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order).toMatchObject({
      status: 'holding',
      fee_schedule: published.version,
      trade_value: after.total,
      fees: after.fees,
    });
  });

  it('otc: the allocation request is refused (409) with the previewed version, nothing held; held with the new one', async () => {
    const { offering } = await makeOffering(t, { dtype: 'otc' });
    const api = clientApi(t, client);
    const query = `ttype=otc&offering_id=${offering.id}&quantity=2&account_id=${client.accounts.ZAR}`;
    const before = await preview(query);
    const published = await publishBrokerageRate(t, '0.0035');
    expect(before.fee_schedule).not.toBe(published.version);
    moveClockTo(t, published.effectiveFrom, 5_000);
    await markPinVerified(t.app.ctx, client.sessionId);

    const body = { quantity: '2', account_id: client.accounts.ZAR };
    const url = `/api/otc/app/v1/record/allocate/${offering.id}`;
    await expectNoTradingChange(t, async () => {
      expectFeesChanged(await api.post(url, { ...body, fee_schedule: before.fee_schedule }));
    });

    const after = await preview(query);
    expect(after.fee_schedule).toBe(published.version);
    expect(after.total).not.toBe(before.total);
    const res = await api.post(url, { ...body, fee_schedule: after.fee_schedule });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order).toMatchObject({
      status: 'awaiting',
      fee_schedule: published.version,
      fees: after.fees,
    });
    const zar = (await api.get('/api/account/app/v1'))
      .json()
      .data.find((a: { currency: string }) => a.currency === 'ZAR');
    expect(zar.held).toBe(after.total);
  });
});
