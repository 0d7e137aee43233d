import { IDEMPOTENCY_HEADER } from '@imali/contract';
import { http } from '@/lib/api-client';

/**
 * A money-moving POST with its `Idempotency-Key` header. It goes through the shared client, so a
 * 401 is refreshed and retried like any request; the key makes that retry safe: the server moves
 * money at most once for it.
 */
export function postWithIdempotencyKey<T>(path: string, body: unknown, key: string): Promise<T> {
  return http.post<T>(path, body, { headers: { [IDEMPOTENCY_HEADER]: key } });
}
