import { http } from '@/lib/api-client';

/** Ends the session server-side; a 401 here means it already ended, so no refresh is tried. */
export function logoutRequest(): Promise<unknown> {
  return http.post('/api/auth/app/v1/logout', undefined, { refreshOn401: false });
}
