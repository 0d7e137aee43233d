import { IDEMPOTENCY_HEADER, Messages } from '@imali/contract';
import { http } from '@/lib/api-client';
import { authStorage } from '@/lib/auth-storage';
import { ApiError, REQUEST_TIMEOUT_MS } from '@/lib/http';

/**
 * A money-moving POST with its `Idempotency-Key` header. The shared http client sends no custom
 * headers yet, so this sends the request itself with the same envelope, bearer and timeout rules;
 * on a 401 it lets the shared client refresh the session (one cheap GET through it) and retries
 * once with the new token. The key makes that retry safe: the server moves money at most once.
 */
export async function postWithIdempotencyKey<T>(path: string, body: unknown, key: string): Promise<T> {
  const first = await send(path, body, key);
  if (first.status !== 401) return unwrap<T>(first);
  // The shared client owns the refresh queue and the forced-logout rules: go through it.
  await http.get('/api/auth/app/v1/client_info');
  return unwrap<T>(await send(path, body, key));
}

async function send(path: string, body: unknown, key: string): Promise<Response> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError(Messages.offline, 'OFFLINE', 0);
  }
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    [IDEMPOTENCY_HEADER]: key,
  };
  const token = authStorage.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'include',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError('Request timed out.', 'TIMEOUT', 0);
    }
    throw new ApiError(Messages.requestFailed, 'NETWORK', 0);
  }
}

async function unwrap<T>(response: Response): Promise<T> {
  type Envelope = { code?: unknown; message?: unknown; data?: unknown };
  let envelope: Envelope | null;
  try {
    const text = await response.text();
    envelope = text ? (JSON.parse(text) as Envelope) : null;
  } catch {
    envelope = null;
  }
  const message =
    typeof envelope?.message === 'string' && envelope.message.trim() !== ''
      ? envelope.message
      : Messages.requestFailed;
  const code = typeof envelope?.code === 'string' ? envelope.code : `HTTP_${response.status}`;
  if (!response.ok || envelope?.data === null || envelope?.data === undefined) {
    throw new ApiError(message, code, response.status);
  }
  return envelope.data as T;
}
