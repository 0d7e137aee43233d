import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { postWithIdempotencyKey } from './money-post';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('postWithIdempotencyKey', () => {
  it('sends the Idempotency-Key header with the JSON body and returns the envelope data', async () => {
    const fetch = vi.fn(async () =>
      json(200, { code: 'OK', message: 'Withdrawal requested.', data: { id: 7 } }),
    );
    vi.stubGlobal('fetch', fetch);
    const data = await postWithIdempotencyKey<{ id: number }>(
      '/api/withdraw/app/v1',
      { amount: '600' },
      'key-1',
    );
    expect(data).toEqual({ id: 7 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/withdraw/app/v1');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['idempotency-key']).toBe('key-1');
    expect(init.body).toBe('{"amount":"600"}');
  });

  it('throws the server message and code on a refusal', async () => {
    vi.stubGlobal('fetch', async () =>
      json(409, {
        code: 'RATE_CHANGED',
        message: 'Rate changed. Please review the new rate and try again.',
        data: null,
      }),
    );
    const error = await postWithIdempotencyKey('/api/caccount/app/v1/transfer', {}, 'k').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'RATE_CHANGED',
      status: 409,
      message: 'Rate changed. Please review the new rate and try again.',
    });
  });

  it("falls back to the spec's 'Request failed.' when the body has no message", async () => {
    vi.stubGlobal('fetch', async () => new Response('oops', { status: 502 }));
    await expect(postWithIdempotencyKey('/api/deposit/app/v1', {}, 'k')).rejects.toMatchObject({
      message: 'Request failed.',
      status: 502,
    });
  });

  it('refuses a 2xx whose data is null', async () => {
    vi.stubGlobal('fetch', async () => json(200, { code: 'OK', message: 'Nothing', data: null }));
    await expect(postWithIdempotencyKey('/api/deposit/app/v1', {}, 'k')).rejects.toMatchObject({
      message: 'Nothing',
    });
  });

  it('reports a network failure as a request failure', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(postWithIdempotencyKey('/api/deposit/app/v1', {}, 'k')).rejects.toMatchObject({
      message: 'Request failed.',
      code: 'NETWORK',
    });
  });
});
