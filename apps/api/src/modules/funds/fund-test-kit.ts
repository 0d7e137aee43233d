/** Test helpers for funds: a test fund, the market clock set to an SAST instant, the fund API. */
import { expect } from 'vitest';
import type { AppContext } from '../../lib/context';
import type { TestApp } from '../../test/test-app';
import { clientApi, type TestClient } from '../ledger/money-test-kit';
import { createFund, type CreateFundInput } from './funds.service';
import { isoToDay, sastInstant } from './nav';

export const OPS = 'ops:tester';

/** Moves the app clock (MARKET_TIME_SHIFT_MS) so that its now is `time` SAST on `date`. */
export function setSast(ctx: AppContext, date: string, time: string) {
  const [h, m] = time.split(':').map(Number);
  const target = sastInstant(isoToDay(date), h! * 60 + m!).getTime();
  // The app clock already carries the current shift: move it by the difference.
  (ctx.config as { MARKET_TIME_SHIFT_MS: number }).MARKET_TIME_SHIFT_MS += target - ctx.clock.now().getTime();
}

let counter = 0;
export async function makeFund(t: TestApp, input: Partial<CreateFundInput> = {}) {
  counter += 1;
  return createFund(
    t.app.ctx,
    {
      name: `Test Fund ${counter}`,
      code: `TF${counter}${Date.now().toString(36).slice(-4).toUpperCase()}`,
      category: 'SA Equity General',
      benchmarkSymbol: 'SA40',
      benchmarkCountry: 'ZA',
      riskProfile: 5,
      terPercent: '0.45',
      transactionCostsPercent: '0.05',
      platformFeePercent: '0.35',
      minInvestment: '1000',
      maxInvestment: '50000',
      launchDate: '2026-01-05',
      launchNav: '1000.00',
      ...input,
    },
    OPS,
  );
}

export function fundApi(t: TestApp, client: TestClient) {
  const api = clientApi(t, client);
  return {
    ...api,
    detail: (id: number) => api.get(`/api/funds/app/v1/${id}`),
    navs: (id: number, range = '1m') => api.get(`/api/funds/app/v1/${id}/nav?range=${range}`),
    preview: (id: number, amount: string) => api.get(`/api/funds/app/v1/${id}/preview?amount=${amount}`),
    subscribe: (id: number, body: object, key?: string) =>
      api.post(`/api/funds/app/v1/record/${id}`, body, key),
    redeem: (orderId: number, key?: string) =>
      api.post(`/api/funds/app/v1/redeem/${orderId}`, undefined, key),
    receipt: (id: number) => api.get(`/api/client/app/v1/order?did=${id}`),
    list: (list: 'holding' | 'awaiting' | 'history') =>
      api.get(`/api/client/app/v1/order/${list}?dtype=fund`),
  };
}

/** The subscribed order's id from a 200 answer. */
export function orderIdOf(res: {
  statusCode: number;
  body: string;
  json(): { data: { order: { id: number } } };
}) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.order.id;
}
