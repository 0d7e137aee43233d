import {
  IDEMPOTENCY_HEADER,
  apiRoutes,
  pathWith,
  type ApiInput,
  type ApiOutput,
  type ApiRoutes,
  type RouteName,
  type RouteSchemas,
} from '@imali/contract';
import { http } from './api-client';
import type { RequestOptions } from './http';

/**
 * The web's one way to call the product API (decision 0053): an operation of the contract's route
 * map (`apiRoutes`: method, path, flags, typed against the API's OpenAPI document) and what it
 * takes, typed from the schemas the API declares (`apiSchemas`):
 *
 *   api.call(apiRoutes.withdraw, { body, idempotencyKey });
 *   api.call(apiRoutes.fundNavs, { params: { id }, query: { range }, signal });
 *
 * It goes through `http` (lib/api-client.ts): the bearer token, the 401 refresh, forced logout,
 * the 10 s timeout and the server clock stay there. In development and tests each answer is
 * checked against its route's response schema; production ships neither the check nor the
 * schemas (the sign-in page loads without zod, decision 0039).
 */
export { apiRoutes };

/** What a call takes: the route's inputs, and a signal to cancel it. */
export type CallInput<N extends RouteName> = ApiInput<N> & { signal?: AbortSignal };
type CallArgs<N extends RouteName> =
  object extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

/** What a call answers: the envelope's `data`, or a download's bytes. */
export type CallOutput<N extends RouteName> = ApiRoutes[N] extends { download: true } ? Blob : ApiOutput<N>;

/** An answer that is not what the contract says the API sends (development and tests only). */
export class ContractMismatchError extends Error {
  constructor(
    readonly operation: string,
    readonly issues: string,
  ) {
    super(`${operation}: the answer is not what the contract says (${issues})`);
    this.name = 'ContractMismatchError';
  }
}

/** Vite replaces both at build time: in production this is `false` and the check is dropped. */
const CHECK_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

async function checkAnswer(name: RouteName, operation: string, data: unknown): Promise<void> {
  // Loaded here only: the schemas (and zod) stay out of the sign-in page's static imports.
  const { apiSchemas } = await import('@imali/contract');
  const schemas: RouteSchemas = apiSchemas[name];
  const result = schemas.response?.safeParse(data);
  if (!result || result.success) return;
  const issues = result.error.issues
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  const error = new ContractMismatchError(operation, issues);
  console.error(error.message);
  throw error;
}

async function call<N extends RouteName>(
  route: ApiRoutes[N] & { name: N },
  ...[input]: CallArgs<N>
): Promise<CallOutput<N>> {
  const given = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: RequestOptions['query'];
    body?: unknown;
    idempotencyKey?: string;
    signal?: AbortSignal;
  };
  const flags = route as { auth?: false; refreshOn401?: false; idempotent?: true; download?: true };
  const path = pathWith(route.path, given.params);
  if (flags.idempotent && !given.idempotencyKey) throw new Error(`${route.op}: no Idempotency-Key`);
  // Only the options this call has: a call looks as it did with `http` directly.
  const options: Omit<RequestOptions, 'method' | 'body'> = {};
  if (given.query !== undefined) options.query = given.query;
  if (given.signal !== undefined) options.signal = given.signal;
  if (flags.auth === false) options.auth = false;
  if (flags.refreshOn401 === false) options.refreshOn401 = false;
  if (flags.idempotent) options.headers = { [IDEMPOTENCY_HEADER]: given.idempotencyKey! };

  let answer: unknown;
  if (flags.download) answer = await http.blob(path, options);
  else if (route.method === 'GET') answer = await http.get(path, options);
  else if (route.method === 'POST') answer = await http.post(path, given.body, options);
  else answer = await http.request(path, { ...options, method: route.method, body: given.body });
  if (CHECK_ANSWERS && !flags.download) await checkAnswer(route.name, route.op, answer);
  return answer as CallOutput<N>;
}

export const api = { call };
