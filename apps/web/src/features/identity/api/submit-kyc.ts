import type { IdentifyBody } from '@imali/contract';
import { http } from '@/lib/api-client';

/** POST /identify/app/v1 (spec section 7): the Base and ID steps' fields together. */
export function submitKyc(body: IdentifyBody): Promise<unknown> {
  return http.post('/api/identify/app/v1', body);
}
