import { api, apiRoutes } from '@/lib/api';

/** Sends a password-reset verification code to the mobile (same answer whether it exists or not). */
export function requestResetCode(mobile: string): Promise<unknown> {
  return api.call(apiRoutes.requestCode, { body: { username: mobile, purpose: 'reset_pwd' } });
}
