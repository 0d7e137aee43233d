import { api, apiRoutes } from '@/lib/api';

/** Ends the session server-side; a 401 here means it already ended, so no refresh is tried. */
export function logoutRequest(): Promise<unknown> {
  return api.call(apiRoutes.logout);
}
