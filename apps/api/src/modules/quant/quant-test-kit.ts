/** Test helpers for structured products: a product on the Top 40 (SA40) and its client API. */
import type { TestApp } from '../../test/test-app';
import { clientApi, type TestClient } from '../ledger/money-test-kit';
import { createProduct, type CreateProductInput } from './quant.service';

export const OPS = 'ops:tester';
export const DAY_MS = 86_400_000;

let counter = 0;
/** A product on SA40: open now, starting in a day, maturing a year later (override any term). */
export async function makeProduct(t: TestApp, input: Partial<CreateProductInput> = {}) {
  const now = t.app.ctx.clock.now();
  return createProduct(
    t.app.ctx,
    {
      name: `Top 40 note ${(counter += 1)}`,
      symbol: 'SA40',
      country: 'ZA',
      opensAt: new Date(now.getTime() - 60_000),
      startAt: new Date(now.getTime() + DAY_MS),
      maturityAt: new Date(now.getTime() + 366 * DAY_MS),
      protectionPct: '90',
      participationPct: '120',
      capPct: '140',
      minAmount: '1000',
      maxAmount: '50000',
      entryFeePct: '1',
      earlyExit: 'daily',
      earlyExitCostPct: '2',
      open: true,
      ...input,
    },
    OPS,
  );
}

export function quantApi(t: TestApp, client: TestClient) {
  const api = clientApi(t, client);
  return {
    ...api,
    detail: (id: number | string) => api.get(`/api/qt/app/v1/${id}`),
    subscribe: (id: number, body?: unknown, key?: string) =>
      api.post(`/api/qt/app/v1/record/${id}`, body, key),
    cancel: (orderId: number) => api.post(`/api/qt/app/v1/cancel/${orderId}`, {}),
    exit: (orderId: number) => api.post(`/api/qt/app/v1/exit/${orderId}`, {}),
    receipt: (orderId: number) => api.get(`/api/client/app/v1/order?did=${orderId}`),
    list: (list: 'holding' | 'awaiting' | 'history') =>
      api.get(`/api/client/app/v1/order/${list}?dtype=quant`),
  };
}

/** The client's ZAR account as the API shows it. */
export async function zarAccount(t: TestApp, client: TestClient) {
  const accounts = (await clientApi(t, client).get('/api/account/app/v1')).json().data as {
    currency: string;
    balance: string;
    held: string;
    available: string;
  }[];
  return accounts.find((a) => a.currency === 'ZAR')!;
}
