import type { IdentifyBody } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';

/** POST /identify/app/v1 (spec section 7): the Base and ID steps' fields together. */
export function submitKyc(body: IdentifyBody): Promise<unknown> {
  return api.call(apiRoutes.submitKyc, { body });
}
