import { Messages, SERVER_TIME_HEADER, apiRoutes } from '@imali/contract';

/** An error the user may read: `message` is the server's (or the spec's) wording. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const REQUEST_TIMEOUT_MS = 10_000;
export const MAX_RETRIES_PER_REQUEST = 3;
export const MAX_REFRESHES_PER_WINDOW = 3;
export const REFRESH_WINDOW_MS = 60_000;
export const REFRESH_PATH = apiRoutes.refresh.path;

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export interface HttpClientOptions {
  tokens: TokenStore;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  isOnline?: () => boolean;
  /** Called once per forced logout (refresh failed, limits hit) with the message to toast. */
  onForcedLogout?: (message: string) => void;
  /** Called when a request fails while the browser is offline. */
  onOffline?: () => void;
  /** Each response's server time (SERVER_TIME_HEADER) with when it was sent and received (`now`). */
  onServerTime?: (serverMs: number, sentAt: number, receivedAt: number) => void;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** false: no bearer header and no 401 refresh (sign-in, registration, password reset). */
  auth?: boolean;
  /** false: send the bearer but treat a 401 as a plain failure (logout must not refresh). */
  refreshOn401?: boolean;
  /** Extra request headers (e.g. `Idempotency-Key` on money-moving POSTs). */
  headers?: Record<string, string>;
}

type ResponseKind = 'json' | 'blob';

interface Envelope {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

function messageOf(body: Envelope | null): string {
  return typeof body?.message === 'string' && body.message.trim() !== ''
    ? body.message
    : Messages.requestFailed;
}

/**
 * The product API client: unwraps the `{ code, message, data }` envelope, times out after 10 s,
 * sends the bearer token, and on 401 refreshes the token once for all concurrent callers
 * (spec sections 4, 8 and 9).
 */
export class HttpClient {
  private readonly opts: Required<Omit<HttpClientOptions, 'onForcedLogout' | 'onOffline' | 'onServerTime'>> &
    Pick<HttpClientOptions, 'onForcedLogout' | 'onOffline' | 'onServerTime'>;
  private refreshing: Promise<void> | null = null;
  private refreshAttempts: number[] = [];
  /** Set once a refresh has failed: later 401s log out without trying again. */
  private refreshBroken = false;
  private forcedLogoutAnnounced = false;

  constructor(options: HttpClientOptions) {
    this.opts = {
      baseUrl: '',
      timeoutMs: REQUEST_TIMEOUT_MS,
      fetch: (...args) => globalThis.fetch(...args),
      now: () => Date.now(),
      isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
      ...options,
    };
  }

  configure(handlers: Pick<HttpClientOptions, 'onForcedLogout' | 'onOffline'>): void {
    Object.assign(this.opts, handlers);
  }

  /** A new session began (sign-in): forget earlier refresh failures and attempts. */
  resetSessionState(): void {
    this.refreshBroken = false;
    this.forcedLogoutAnnounced = false;
    this.refreshAttempts = [];
  }

  get<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'GET' });
  }

  post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'POST', body });
  }

  request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.send(path, options, 'json', 0) as Promise<T>;
  }

  /** Binary downloads (private images): same auth and refresh rules, returns the bytes. */
  blob(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<Blob> {
    return this.send(path, { ...options, method: 'GET' }, 'blob', 0) as Promise<Blob>;
  }

  private async send(
    path: string,
    options: RequestOptions,
    kind: ResponseKind,
    retries: number,
  ): Promise<unknown> {
    const useAuth = options.auth !== false;
    const token = useAuth ? this.opts.tokens.get() : null;
    const response = await this.fetchWithTimeout(path, options, token);
    if (response.status === 401 && useAuth && options.refreshOn401 !== false) {
      return this.handleUnauthorized(path, options, kind, retries, token);
    }
    return this.unwrap(response, kind);
  }

  private async handleUnauthorized(
    path: string,
    options: RequestOptions,
    kind: ResponseKind,
    retries: number,
    usedToken: string | null,
  ): Promise<unknown> {
    if (retries >= MAX_RETRIES_PER_REQUEST || this.refreshBroken) {
      throw this.forceLogout(Messages.sessionExpired);
    }
    if (this.refreshing) {
      try {
        await this.refreshing;
      } catch {
        throw new ApiError(Messages.queuedRetryExpired, 'SESSION_EXPIRED', 401);
      }
      return this.send(path, options, kind, retries + 1);
    }
    const current = this.opts.tokens.get();
    if (current !== null && usedToken !== null && current !== usedToken) {
      // Another caller refreshed while this request was in flight: retry with the new token.
      return this.send(path, options, kind, retries + 1);
    }
    this.refreshing = this.refresh().finally(() => {
      this.refreshing = null;
    });
    await this.refreshing;
    return this.send(path, options, kind, retries + 1);
  }

  private async refresh(): Promise<void> {
    const now = this.opts.now();
    this.refreshAttempts = this.refreshAttempts.filter((t) => now - t < REFRESH_WINDOW_MS);
    if (this.refreshAttempts.length >= MAX_REFRESHES_PER_WINDOW) {
      this.refreshBroken = true;
      throw this.forceLogout(Messages.tooManyAttempts);
    }
    this.refreshAttempts.push(now);

    const fail = (message: string): ApiError => {
      this.refreshBroken = true;
      return this.forceLogout(message);
    };
    const token = this.opts.tokens.get();
    if (!token) throw fail(Messages.refreshFailed);
    let response: Response;
    try {
      response = await this.fetchWithTimeout(REFRESH_PATH, { method: 'POST' }, token);
    } catch (error) {
      if (isOfflineError(error)) throw error;
      throw fail(Messages.refreshFailed);
    }
    if (response.status === 401) throw fail(Messages.refreshUnauthorized);
    const body = await readJson(response);
    const data = body?.data as { refresh_token?: unknown } | null | undefined;
    if (!response.ok || typeof data?.refresh_token !== 'string' || data.refresh_token === '') {
      throw fail(Messages.refreshFailed);
    }
    this.opts.tokens.set(data.refresh_token);
  }

  private forceLogout(message: string): ApiError {
    this.opts.tokens.clear();
    if (!this.forcedLogoutAnnounced) {
      this.forcedLogoutAnnounced = true;
      this.opts.onForcedLogout?.(message);
    }
    return new ApiError(message, 'SESSION_EXPIRED', 401);
  }

  private offline(): ApiError {
    this.opts.onOffline?.();
    return offlineError();
  }

  private async fetchWithTimeout(
    path: string,
    options: RequestOptions,
    token: string | null,
  ): Promise<Response> {
    if (!this.opts.isOnline()) throw this.offline();
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('Timeout', 'TimeoutError')),
      this.opts.timeoutMs,
    );
    const outer = options.signal;
    const onOuterAbort = () => controller.abort(outer?.reason);
    if (outer) {
      if (outer.aborted) controller.abort(outer.reason);
      else outer.addEventListener('abort', onOuterAbort, { once: true });
    }
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    try {
      const sentAt = this.opts.now();
      const response = await this.opts.fetch(this.url(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
      });
      const serverTime = response.headers?.get(SERVER_TIME_HEADER);
      if (serverTime) this.opts.onServerTime?.(Number(serverTime), sentAt, this.opts.now());
      return response;
    } catch (error) {
      if (outer?.aborted) throw error; // the caller cancelled: let it see its own AbortError
      if (!this.opts.isOnline()) throw this.offline();
      if (controller.signal.aborted) throw new ApiError('Request timed out.', 'TIMEOUT', 0);
      throw new ApiError(Messages.requestFailed, 'NETWORK', 0);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  private url(path: string, query: RequestOptions['query']): string {
    let url = this.opts.baseUrl + path;
    if (query) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined && value !== null) params.set(key, String(value));
      }
      const qs = params.toString();
      if (qs) url += (url.includes('?') ? '&' : '?') + qs;
    }
    return url;
  }

  private async unwrap(response: Response, kind: ResponseKind): Promise<unknown> {
    if (kind === 'blob' && response.ok) return response.blob();
    const body = await readJson(response);
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('Retry-After'));
      throw new ApiError(
        messageOf(body),
        typeof body?.code === 'string' ? body.code : `HTTP_${response.status}`,
        response.status,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      );
    }
    if (body?.data === null || body?.data === undefined) {
      throw new ApiError(
        messageOf(body),
        typeof body?.code === 'string' ? body.code : 'EMPTY',
        response.status,
      );
    }
    return body.data;
  }
}

async function readJson(response: Response): Promise<Envelope | null> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as Envelope) : null;
  } catch {
    return null;
  }
}

/** What a request (or a piece of the app being loaded) fails with while offline (spec section 8). */
export function offlineError(): ApiError {
  return new ApiError(Messages.offline, 'OFFLINE', 0);
}

export function isOfflineError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'OFFLINE';
}

/** The browser says it has no network. */
export function browserIsOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** What a failed load asks to learn whether the server answers at all (any status will do). */
export const REACHABILITY_PATH = apiRoutes.health.path;
const REACHABILITY_TIMEOUT_MS = 5_000;

/**
 * Whether the server cannot be reached: the browser says it is offline, or a small request gets
 * no answer. `navigator.onLine` is true whenever a network link is up, also when that network
 * goes nowhere (a dead Wi-Fi, a captive portal, the connection lost upstream), so it alone
 * cannot tell a missing chunk (a new version was deployed: reload) from no connection (/error).
 */
export async function serverUnreachable(): Promise<boolean> {
  if (browserIsOffline()) return true;
  try {
    await fetch(REACHABILITY_PATH, {
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(REACHABILITY_TIMEOUT_MS),
    });
    return false;
  } catch {
    return true;
  }
}

let offlineLoadHandler: (() => void) | undefined;

/**
 * What the app does when a piece of its code cannot load for want of a connection: the same as
 * for a request (`HttpClient`'s `onOffline`, i.e. /error). Code loaded outside a route (the search,
 * a hash before a request, the query client) has no error boundary to send the user there.
 */
export function handleOfflineLoads(handler: (() => void) | undefined): void {
  offlineLoadHandler = handler;
}

/**
 * Loads a lazy piece of the app (a route's, drawer's, modal's or slot's chunk, or a library);
 * if that fails while the server cannot be reached it rejects with 'Offline' like a request would
 * and the app goes to /error (spec section 8; also through the route error boundary), unless the
 * load was `speculative`. A chunk
 * that fails while the server answers is rethrown as it is (the reload page: a new version
 * replaced it).
 */
export async function loadOrOffline<T>(
  load: () => Promise<T>,
  { speculative = false }: { speculative?: boolean } = {},
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!(await serverUnreachable())) throw error;
    // Code fetched ahead of need (while idle, on a first touch) that fails offline sends nobody to
    // /error: the client asked for nothing yet. What then needs that code loads it again, and
    // that load (or the render awaiting this one, through the route error boundary) goes there.
    if (!speculative) offlineLoadHandler?.();
    throw offlineError();
  }
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string = Messages.requestFailed): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
