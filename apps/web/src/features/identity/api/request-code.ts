import { http } from '@/lib/api-client';

/** Sends a password-reset verification code to the mobile (same answer whether it exists or not). */
export function requestResetCode(mobile: string): Promise<unknown> {
  return http.post('/api/client/app/v1/code', { username: mobile, purpose: 'reset_pwd' }, { auth: false });
}
