import {
  ErrorCode,
  STEP_UP_ASSERTION_HEADER,
  STEP_UP_HEADER,
  errorEnvelope,
  webauthnRequestOptionsSchema,
} from '@imali/contract';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { assertionHeaderOf, signWithPasskey } from './passkeys';

export { ApiError };

/**
 * What a step-up callback passes as its "code" to sign the request with a passkey instead (decision
 * 0066): `api` then asks the server for a challenge bound to this exact request, has the browser
 * sign it, and sends the assertion (x-step-up-assertion). The callers pass their code through
 * untouched, so each of them offers a passkey without a change.
 */
export const PASSKEY_STEP_UP = 'passkey';

/** The staff API, on the console's own origin (the ops app serves both). */
export const OPS_BASE = '/ops/v1';

export const FORBIDDEN_MESSAGE =
  'Your roles do not allow this. Ask a staff admin if you need it for your work.';

type Listener = (error: ApiError) => void;
let onUnauthenticated: Listener = () => {};

/**
 * What happens when the session is gone (expired, ended elsewhere, signed out in another tab): the
 * app sends the user back to sign-in. Set once by the app; returns a function that unsets it.
 */
export function setUnauthenticatedHandler(listener: Listener) {
  onUnauthenticated = listener;
  return () => {
    if (onUnauthenticated === listener) onUnauthenticated = () => {};
  };
}

export interface RequestOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The data of a successful answer (the envelope's `data`). */
  schema: T;
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
  /** A fresh authenticator code for a step-up route, or PASSKEY_STEP_UP to sign it with a passkey. */
  stepUpCode?: string;
  /** A 401 is an answer here (the "who am I" probe), not a reason to leave the page. */
  allowUnauthenticated?: boolean;
  signal?: AbortSignal;
}

function urlOf(path: string, query: RequestOptions<z.ZodType>['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${OPS_BASE}${path}${search ? `?${search}` : ''}`;
}

/**
 * One request to the staff API: same origin, with the session cookie (the browser adds the Origin
 * the server checks on a state-changing request), JSON in, the envelope out. Returns the envelope's
 * data parsed by `schema`; throws an ApiError otherwise (after telling the app when the session
 * is gone).
 */
export async function api<T extends z.ZodType>(
  path: string,
  options: RequestOptions<T>,
): Promise<z.output<T>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.stepUpCode === PASSKEY_STEP_UP) {
    headers[STEP_UP_ASSERTION_HEADER] = await passkeyAssertionFor(
      method,
      urlOf(path, options.query),
      options.body,
    );
  } else if (options.stepUpCode) headers[STEP_UP_HEADER] = options.stepUpCode;
  let response: Response;
  try {
    response = await fetch(urlOf(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'The server cannot be reached. Check the connection and try again.');
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const failure = errorEnvelope.safeParse(json);
    const error = failure.success
      ? new ApiError(response.status, failure.data.code, failure.data.message)
      : new ApiError(response.status, `HTTP_${response.status}`, `The server answered ${response.status}.`);
    if (error.unauthenticated && !options.allowUnauthenticated) onUnauthenticated(error);
    if (error.forbidden) throw new ApiError(403, error.code, FORBIDDEN_MESSAGE);
    throw error;
  }
  const data = (json as { code?: unknown; data?: unknown } | null)?.data;
  const parsed = options.schema.safeParse(data);
  if ((json as { code?: unknown } | null)?.code !== 'OK' || !parsed.success) {
    throw new ApiError(
      response.status,
      'BAD_RESPONSE',
      'The server sent an answer the console does not understand.',
    );
  }
  return parsed.data;
}

/** What to show for a failed request. */
export function messageOf(error: unknown) {
  return error instanceof ApiError ? error.message : 'Something went wrong. Try again.';
}

/**
 * A passkey's signature for one request: the server issues a challenge bound to the hash of this
 * method, path (as sent: /ops/v1… with its query) and body (as it will be serialised), and the
 * browser signs it.
 */
async function passkeyAssertionFor(method: string, path: string, body: unknown): Promise<string> {
  const sent: unknown = body === undefined ? null : JSON.parse(JSON.stringify(body));
  const options = await api('/auth/passkey/step-up-options', {
    method: 'POST',
    body: { method, path, body: sent },
    schema: webauthnRequestOptionsSchema,
  }).catch((error: unknown) => {
    // No passkey (409): a step-up refusal, so the dialog stays open for a code.
    if (error instanceof ApiError && error.status === 409)
      throw new ApiError(401, ErrorCode.InvalidCode, error.message);
    throw error;
  });
  return assertionHeaderOf(await signWithPasskey(options));
}
