/**
 * The stock-data API client (spec section 7): its own base URL and a fixed key in the
 * `x-api-key` header, both from market-config; 10 s timeout; envelope rule in
 * model/envelope.ts. A 401 (the key was rotated) refreshes the config once and retries.
 */
import { REQUEST_TIMEOUT_MS } from '@/lib/http';
import { assertStockArray, readStockDataEnvelope, StockDataError } from '../model/envelope';
import { marketConfig } from './market-config';

type Query = Record<string, string | number | undefined>;

async function send<T>(
  method: 'GET' | 'POST',
  path: string,
  { query, body, signal }: { query?: Query; body?: unknown; signal?: AbortSignal },
  retried = false,
): Promise<T> {
  const config = await marketConfig({ refresh: retried });
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  const url = `${config.baseUrl.replace(/\/$/, '')}${path}${qs ? `?${qs}` : ''}`;

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        Accept: 'application/json',
        'x-api-key': config.apiKey,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: combined,
      credentials: 'omit',
    });
  } catch (error) {
    // The caller's abort surfaces as its own AbortError (the search dialog ignores those).
    if (signal?.aborted) throw error;
    if (timeout.aborted) throw new StockDataError('Request timed out.', 0, 'TIMEOUT');
    throw new StockDataError('Request failed.', 0, 'NETWORK');
  }
  if (response.status === 401 && !retried) return send<T>(method, path, { query, body, signal }, true);
  const json: unknown = await response.json().catch(() => null);
  return readStockDataEnvelope<T>(response.status, json);
}

export const stockData = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => send<T>('GET', path, { query, signal }),
  /** POST /stock: the body must be an array of stocks ('Payload must be an array of stocks'). */
  quotes: <T>(stocks: unknown, signal?: AbortSignal) => {
    assertStockArray(stocks);
    return send<T>('POST', '/stock', { body: stocks, signal });
  },
};
