import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Withdrawal } from '@imali/contract';
import { api, apiRoutes, ContractMismatchError } from './api';
import { authStorage } from './auth-storage';
import { ApiError } from './http';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const WITHDRAWAL: Withdrawal = {
  id: 7,
  reference: 'WD-7',
  account_id: 1,
  currency: 'ZAR',
  amount: '600.00',
  status: 'pending',
  receiver: { id: 2, bank_name: 'FNB', card_no: '****1234', holder_name: 'A Client' },
  reason: null,
  created_at: '2026-11-28T08:00:00.000Z',
  decided_at: null,
};
const BODY = { amount: '600', account_id: 1, receiver: 2 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The fetch calls as [url, init]. */
const callsOf = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls as unknown as [string, RequestInit][];

describe('api.call: a money-moving POST', () => {
  it('sends the Idempotency-Key header with the JSON body and returns the envelope data', async () => {
    const fetch = vi.fn(async () =>
      json(200, { code: 'OK', message: 'Withdrawal requested.', data: WITHDRAWAL }),
    );
    vi.stubGlobal('fetch', fetch);
    const data = await api.call(apiRoutes.withdraw, { body: BODY, idempotencyKey: 'key-1' });
    expect(data).toEqual(WITHDRAWAL);
    const [[url, init]] = callsOf(fetch) as [[string, RequestInit]];
    expect(url).toBe('/api/withdraw/app/v1');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['idempotency-key']).toBe('key-1');
    expect(init.body).toBe('{"amount":"600","account_id":1,"receiver":2}');
  });

  it('throws the server message and code on a refusal', async () => {
    vi.stubGlobal('fetch', async () =>
      json(409, {
        code: 'RATE_CHANGED',
        message: 'Rate changed. Please review the new rate and try again.',
        data: null,
      }),
    );
    const error = await api
      .call(apiRoutes.transfer, {
        body: { from_account: 1, to_account: 2, amount: '10', rate: '1' },
        idempotencyKey: 'k',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'RATE_CHANGED',
      status: 409,
      message: 'Rate changed. Please review the new rate and try again.',
    });
  });

  it("falls back to the spec's 'Request failed.' when the body has no message", async () => {
    vi.stubGlobal('fetch', async () => new Response('oops', { status: 502 }));
    await expect(
      api.call(apiRoutes.createDeposit, { body: { amount: '100', account_id: 1 }, idempotencyKey: 'k' }),
    ).rejects.toMatchObject({ message: 'Request failed.', status: 502 });
  });

  it('refuses a 2xx whose data is null', async () => {
    vi.stubGlobal('fetch', async () => json(200, { code: 'OK', message: 'Nothing', data: null }));
    await expect(
      api.call(apiRoutes.createDeposit, { body: { amount: '100', account_id: 1 }, idempotencyKey: 'k' }),
    ).rejects.toMatchObject({ message: 'Nothing' });
  });

  it('reports a network failure as a request failure', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      api.call(apiRoutes.createDeposit, { body: { amount: '100', account_id: 1 }, idempotencyKey: 'k' }),
    ).rejects.toMatchObject({ message: 'Request failed.', code: 'NETWORK' });
  });
});

describe('api.call: the route decides the request', () => {
  it('fills path parameters and sends the query', async () => {
    const fetch = vi.fn(async () =>
      json(200, { code: 'OK', message: 'OK', data: { range: '1y', points: [] } }),
    );
    vi.stubGlobal('fetch', fetch);
    await api.call(apiRoutes.fundNavs, { params: { id: 12 }, query: { range: '1y' } });
    expect(callsOf(fetch)[0]![0]).toBe('/api/funds/app/v1/12/nav?range=1y');
  });

  it('sends a public route without the bearer token, and a PUT and a DELETE with their methods', async () => {
    vi.spyOn(authStorage, 'getToken').mockReturnValue('token-1');
    const fetch = vi.fn(async () => json(200, { code: 'OK', message: 'OK', data: { ok: true } }));
    vi.stubGlobal('fetch', fetch);
    await api.call(apiRoutes.requestCode, { body: { username: '0821234567', purpose: 'reset_pwd' } });
    await api.call(apiRoutes.deleteBankCard, { params: { id: 3 } });
    const [[, code], [url, remove]] = callsOf(fetch) as [[string, RequestInit], [string, RequestInit]];
    expect((code.headers as Record<string, string>).Authorization).toBeUndefined();
    expect((remove.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    expect(url).toBe('/api/bankcard/app/v1/3');
    expect(remove.method).toBe('DELETE');
    expect(remove.body).toBeUndefined();
  });
});

describe('api.call: answers checked against the contract in development and tests', () => {
  it('throws, naming the operation and the field, when an answer is not what the schema says', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // A withdrawal whose amount is a number: the contract says text (decimal strings for money).
    vi.stubGlobal('fetch', async () =>
      json(200, { code: 'OK', message: 'OK', data: { ...WITHDRAWAL, amount: 600 } }),
    );
    const error = await api
      .call(apiRoutes.withdraw, { body: BODY, idempotencyKey: 'k' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractMismatchError);
    expect((error as Error).message).toMatch(/^POST \/api\/withdraw\/app\/v1: .*amount/);
    expect(console.error).toHaveBeenCalledWith((error as Error).message);
  });

  it('returns the answer as sent (the check does not reshape it)', async () => {
    const extra = { ...WITHDRAWAL, later_field: 'kept' };
    vi.stubGlobal('fetch', async () => json(200, { code: 'OK', message: 'OK', data: extra }));
    await expect(api.call(apiRoutes.withdraw, { body: BODY, idempotencyKey: 'k' })).resolves.toEqual(extra);
  });
});

describe('the web calls the product API only through api.call', () => {
  it('has no http.get/post/request/blob outside lib/ (a URL the server gave aside)', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const direct: string[] = [];
    for (const entry of fs.readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(entry) || /\.test\.tsx?$/.test(entry) || entry.startsWith('test/')) continue;
      if (entry === 'lib/api.ts' || entry === 'lib/private-image.ts') continue;
      const text = fs.readFileSync(path.join(src, entry), 'utf8');
      if (/\bhttp\s*\.\s*(get|post|request|blob)\b/.test(text)) direct.push(entry);
    }
    expect(direct).toEqual([]);
  });
});
