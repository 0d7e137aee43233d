import { describe, expect, it, vi } from 'vitest';
import { Messages, SERVER_TIME_HEADER } from '@imali/contract';
import { ApiError, HttpClient, REFRESH_PATH } from './http';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const ok = (data: unknown, message = '') => json(200, { code: 'OK', message, data });
const unauthorized = () =>
  json(401, { code: 'SESSION_EXPIRED', message: Messages.sessionExpired, data: null });

function setup(
  handler: Handler,
  { token = 'T1', online = true }: { token?: string | null; online?: boolean } = {},
) {
  let current: string | null = token;
  let clock = 1_000_000;
  const forced: string[] = [];
  const offline = vi.fn();
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init ?? {}),
  );
  const client = new HttpClient({
    tokens: {
      get: () => current,
      set: (t) => {
        current = t;
      },
      clear: () => {
        current = null;
      },
    },
    fetch: fetchMock as unknown as typeof fetch,
    now: () => clock,
    isOnline: () => online,
    onForcedLogout: (m) => forced.push(m),
    onOffline: offline,
  });
  const calls = (path: string) => fetchMock.mock.calls.filter(([u]) => String(u).startsWith(path)).length;
  const bearer = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;
  return {
    client,
    forced,
    offline,
    calls,
    bearer,
    token: () => current,
    setToken: (value: string) => {
      current = value;
    },
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

/** A server where T1 has expired and refresh hands out T2, T3, … */
function rotatingServer(opts: { refreshDelayMs?: number } = {}) {
  let issued = 1;
  const valid = new Set<string>();
  const handler: Handler = async (url, init) => {
    const auth = (init.headers as Record<string, string>).Authorization ?? '';
    if (url === REFRESH_PATH) {
      if (opts.refreshDelayMs) await new Promise((r) => setTimeout(r, opts.refreshDelayMs));
      issued += 1;
      const next = `T${issued}`;
      valid.add(next);
      return ok({ refresh_token: next });
    }
    if (!valid.has(auth.replace('Bearer ', ''))) return unauthorized();
    return ok({ url, token: auth });
  };
  return handler;
}

describe('HttpClient envelope handling', () => {
  it('returns the data of a successful envelope and sends the bearer token', async () => {
    const t = setup((_u, init) => ok({ echo: (init.headers as Record<string, string>).Authorization }));
    await expect(t.client.get('/api/x')).resolves.toEqual({ echo: 'Bearer T1' });
  });

  it('rejects a 2xx response whose data is null, with its message', async () => {
    const t = setup(() => json(200, { code: 'OK', message: 'Nothing here', data: null }));
    await expect(t.client.get('/api/x')).rejects.toMatchObject({ message: 'Nothing here' });
  });

  it("falls back to 'Request failed.' when the server gives no message", async () => {
    const t = setup(() => new Response('oops', { status: 500 }));
    await expect(t.client.get('/api/x')).rejects.toMatchObject({ message: 'Request failed.', status: 500 });
    const t2 = setup(() => json(200, { code: 'OK', message: '', data: null }));
    await expect(t2.client.get('/api/x')).rejects.toMatchObject({ message: 'Request failed.' });
  });

  it('rejects errors with the server message, code and Retry-After', async () => {
    const t = setup(() =>
      json(429, { code: 'LOGIN_LOCKED', message: 'Too many tries', data: null }, { 'Retry-After': '60' }),
    );
    const error = await t.client.post('/api/auth/app/v1/login', {}, { auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Too many tries',
      code: 'LOGIN_LOCKED',
      status: 429,
      retryAfterSeconds: 60,
    });
  });

  it("passes each response's server time (also an error's) with when it was sent and received", async () => {
    const seen: Array<[number, number, number]> = [];
    let clock = 5_000;
    const client = new HttpClient({
      tokens: { get: () => 'T1', set: () => {}, clear: () => {} },
      now: () => clock,
      fetch: (async () => {
        clock += 80;
        return json(
          404,
          { code: 'NOT_FOUND', message: 'Order not found.', data: null },
          {
            [SERVER_TIME_HEADER]: '1764230400000',
          },
        );
      }) as unknown as typeof fetch,
      onServerTime: (...args) => seen.push(args),
    });
    await expect(client.get('/api/x')).rejects.toMatchObject({ status: 404 });
    expect(seen).toEqual([[1_764_230_400_000, 5_000, 5_080]]);
  });

  it('sends no bearer and does not refresh for public calls', async () => {
    const t = setup((_u, init) => (t.bearer(init) ? ok({}) : unauthorized()));
    await expect(t.client.post('/api/auth/app/v1/login', {}, { auth: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(t.calls(REFRESH_PATH)).toBe(0);
  });

  it('times out after 10 s', async () => {
    vi.useFakeTimers();
    try {
      const t = setup(
        (_u, init) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const pending = t.client.get('/api/slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(9_999);
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toMatchObject({ code: 'TIMEOUT' });
    } finally {
      vi.useRealTimers();
    }
  });

  it("goes to /error and rejects with 'Offline' when the browser is offline", async () => {
    const t = setup(() => ok({}), { online: false });
    await expect(t.client.get('/api/x')).rejects.toMatchObject({ message: 'Offline' });
    expect(t.offline).toHaveBeenCalledTimes(1);
  });
});

describe('HttpClient 401 → refresh → retry', () => {
  it('refreshes once and retries with the new token', async () => {
    const t = setup(rotatingServer());
    await expect(t.client.get('/api/a')).resolves.toMatchObject({ token: 'Bearer T2' });
    expect(t.calls(REFRESH_PATH)).toBe(1);
    expect(t.token()).toBe('T2');
  });

  it('many parallel 401s cause exactly one refresh, and all succeed', async () => {
    const t = setup(rotatingServer({ refreshDelayMs: 20 }));
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => t.client.get(`/api/p${i}`)));
    expect(t.calls(REFRESH_PATH)).toBe(1);
    expect(results.every((r) => (r as { token: string }).token === 'Bearer T2')).toBe(true);
    expect(t.forced).toEqual([]);
  });

  it('a 401 that arrives after another caller already refreshed retries without a second refresh', async () => {
    const server = rotatingServer();
    const t = setup(async (url, init) => {
      const response = await server(url, init);
      // The slow request was sent with T1 and its 401 lands after the refresh finished.
      if (url === '/api/slow') await new Promise((r) => setTimeout(r, 40));
      return response;
    });
    const slow = t.client.get('/api/slow');
    await expect(t.client.get('/api/fast')).resolves.toMatchObject({ token: 'Bearer T2' });
    await expect(slow).resolves.toMatchObject({ token: 'Bearer T2' });
    expect(t.calls(REFRESH_PATH)).toBe(1);
  });

  it("refresh answering 401 → 'Session expired — please login again.', forced logout once", async () => {
    const t = setup((url) => (url === REFRESH_PATH ? unauthorized() : unauthorized()));
    await expect(t.client.get('/api/a')).rejects.toMatchObject({ message: Messages.refreshUnauthorized });
    expect(t.forced).toEqual([Messages.refreshUnauthorized]);
    expect(t.token()).toBeNull();
  });

  it("any other refresh failure → 'Token refresh failed — please login again.'", async () => {
    const t = setup((url) =>
      url === REFRESH_PATH ? json(500, { code: 'INTERNAL', message: 'x', data: null }) : unauthorized(),
    );
    await expect(t.client.get('/api/a')).rejects.toMatchObject({ message: Messages.refreshFailed });
    expect(t.forced).toEqual([Messages.refreshFailed]);

    const noData = setup((url) => (url === REFRESH_PATH ? ok({ something: 1 }) : unauthorized()));
    await expect(noData.client.get('/api/a')).rejects.toMatchObject({ message: Messages.refreshFailed });

    const network = setup((url) => {
      if (url === REFRESH_PATH) throw new TypeError('Failed to fetch');
      return unauthorized();
    });
    await expect(network.client.get('/api/a')).rejects.toMatchObject({ message: Messages.refreshFailed });
  });

  it("a missing refresh token → 'Token refresh failed — please login again.' without calling refresh", async () => {
    const t = setup(() => unauthorized(), { token: null });
    await expect(t.client.get('/api/a')).rejects.toMatchObject({ message: Messages.refreshFailed });
    expect(t.calls(REFRESH_PATH)).toBe(0);
    expect(t.forced).toEqual([Messages.refreshFailed]);
  });

  it("requests queued during a failing refresh fail with 'Session expired during queued retry'", async () => {
    const t = setup(async (url) => {
      if (url === REFRESH_PATH) {
        await new Promise((r) => setTimeout(r, 20));
        return unauthorized();
      }
      return unauthorized();
    });
    const results = await Promise.allSettled([
      t.client.get('/api/a'),
      t.client.get('/api/b'),
      t.client.get('/api/c'),
    ]);
    const messages = results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok'));
    expect(messages[0]).toBe(Messages.refreshUnauthorized);
    expect(messages.slice(1)).toEqual([Messages.queuedRetryExpired, Messages.queuedRetryExpired]);
    expect(t.calls(REFRESH_PATH)).toBe(1);
    expect(t.forced).toEqual([Messages.refreshUnauthorized]);
  });

  it('after a failed refresh, later 401s log out without refreshing again', async () => {
    const t = setup(() => unauthorized());
    await t.client.get('/api/a').catch(() => undefined);
    expect(t.calls(REFRESH_PATH)).toBe(1);
    await expect(t.client.get('/api/b')).rejects.toMatchObject({ message: Messages.sessionExpired });
    expect(t.calls(REFRESH_PATH)).toBe(1);
  });

  it("retries a request at most 3 times, then 'Session expired. Please log in again.'", async () => {
    // Refresh always succeeds but the endpoint keeps answering 401.
    let n = 1;
    const t = setup((url) => (url === REFRESH_PATH ? ok({ refresh_token: `T${++n}` }) : unauthorized()));
    await expect(t.client.get('/api/always-401')).rejects.toMatchObject({ message: Messages.sessionExpired });
    expect(t.calls('/api/always-401')).toBe(4); // the first try + 3 retries
    expect(t.forced).toEqual([Messages.sessionExpired]);
  });

  it("allows at most 3 refreshes in 60 s; the 4th forces 'Too many failed attempts. Please login again.'", async () => {
    let n = 1;
    let valid = 'T1';
    const t = setup((url, init) => {
      if (url === REFRESH_PATH) {
        valid = `T${++n}`;
        return ok({ refresh_token: valid });
      }
      return t.bearer(init) === `Bearer ${valid}` ? ok({ fine: true }) : unauthorized();
    });
    for (let i = 0; i < 3; i++) {
      valid = 'expired'; // the server ends the current token
      await expect(t.client.get(`/api/r${i}`)).resolves.toEqual({ fine: true });
      t.advance(10_000);
    }
    valid = 'expired';
    await expect(t.client.get('/api/r4')).rejects.toMatchObject({ message: Messages.tooManyAttempts });
    expect(t.calls(REFRESH_PATH)).toBe(3);
    expect(t.forced).toEqual([Messages.tooManyAttempts]);
  });

  it('the refresh window slides: a refresh more than 60 s after the first is allowed', async () => {
    let n = 1;
    let valid = 'T1';
    const t = setup((url, init) => {
      if (url === REFRESH_PATH) {
        valid = `T${++n}`;
        return ok({ refresh_token: valid });
      }
      return t.bearer(init) === `Bearer ${valid}` ? ok({ fine: true }) : unauthorized();
    });
    for (let i = 0; i < 4; i++) {
      valid = 'expired';
      await expect(t.client.get(`/api/r${i}`)).resolves.toEqual({ fine: true });
      t.advance(21_000);
    }
    expect(t.calls(REFRESH_PATH)).toBe(4);
  });

  it('a new sign-in clears the failed-refresh state', async () => {
    let failRefresh = true;
    let n = 1;
    const t = setup((url, init) => {
      if (url === REFRESH_PATH) return failRefresh ? unauthorized() : ok({ refresh_token: `N${++n}` });
      return t.bearer(init)?.startsWith('Bearer N') ? ok({ fine: true }) : unauthorized();
    });
    await t.client.get('/api/a').catch(() => undefined);
    expect(t.forced).toEqual([Messages.refreshUnauthorized]);
    // The user signs in again: a new token and a clean slate.
    failRefresh = false;
    t.setToken('OLD-AFTER-LOGIN');
    t.client.resetSessionState();
    await expect(t.client.get('/api/b')).resolves.toEqual({ fine: true });
    expect(t.calls(REFRESH_PATH)).toBe(2);
  });

  it('does not refresh a 401 from logout', async () => {
    const t = setup(() => unauthorized());
    await expect(
      t.client.post('/api/auth/app/v1/logout', undefined, { refreshOn401: false }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(t.calls(REFRESH_PATH)).toBe(0);
    expect(t.forced).toEqual([]);
  });
});
