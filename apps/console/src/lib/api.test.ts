import { STEP_UP_HEADER } from '@imali/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, FORBIDDEN_MESSAGE, api, setUnauthenticatedHandler } from './api';

const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );

afterEach(() => vi.unstubAllGlobals());

describe('the staff API client', () => {
  it('sends same-origin JSON with credentials and the step-up code, and returns the envelope data', async () => {
    answer(200, { code: 'OK', message: 'OK', data: { n: 1 } });
    const data = await api('/staff/2/roles', {
      method: 'PUT',
      body: { roles: [] },
      schema: z.object({ n: z.number() }),
      stepUpCode: '123456',
      query: { a: 'x', b: undefined, c: '' },
    });
    expect(data).toEqual({ n: 1 });
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/ops/v1/staff/2/roles?a=x');
    expect(init).toMatchObject({ method: 'PUT', credentials: 'same-origin', body: '{"roles":[]}' });
    expect((init!.headers as Record<string, string>)[STEP_UP_HEADER]).toBe('123456');
  });

  it('an answer the schema refuses is an error, not data', async () => {
    answer(200, { code: 'OK', message: 'OK', data: { n: 'one' } });
    await expect(api('/x', { schema: z.object({ n: z.number() }) })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });

  it('401 tells the app (once per call) unless the caller expects it; a step-up 401 does not', async () => {
    const gone = vi.fn();
    const unset = setUnauthenticatedHandler(gone);
    answer(401, { code: 'UNAUTHENTICATED', message: 'Session expired.', data: null });
    await expect(api('/x', { schema: z.unknown() })).rejects.toBeInstanceOf(ApiError);
    expect(gone).toHaveBeenCalledTimes(1);
    await expect(api('/x', { schema: z.unknown(), allowUnauthenticated: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(gone).toHaveBeenCalledTimes(1);
    answer(401, { code: 'INVALID_CODE', message: 'Wrong code.', data: null });
    const error = await api('/x', { schema: z.unknown() }).catch((e: ApiError) => e);
    expect(error).toMatchObject({ stepUp: true, message: 'Wrong code.' });
    expect(gone).toHaveBeenCalledTimes(1);
    unset();
  });

  it('403 is one clear sentence', async () => {
    answer(403, { code: 'FORBIDDEN', message: 'Missing permission staff.manage', data: null });
    await expect(api('/x', { schema: z.unknown() })).rejects.toMatchObject({
      status: 403,
      message: FORBIDDEN_MESSAGE,
    });
  });

  it('no server is a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api('/x', { schema: z.unknown() })).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
