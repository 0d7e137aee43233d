import { api, apiRoutes } from '@/lib/api';
import { md5Hex } from '@/lib/md5';

/** Step 1: checks the code without changing anything. */
export function verifyResetCode(input: { mobile: string; code: string }): Promise<unknown> {
  return api.call(apiRoutes.resetPassword, { body: { username: input.mobile, code: input.code } });
}

/** Step 2: sets the new password. */
export async function resetPassword(input: {
  mobile: string;
  code: string;
  password: string;
}): Promise<unknown> {
  return api.call(apiRoutes.resetPassword, {
    body: { username: input.mobile, code: input.code, password: await md5Hex(input.password) },
  });
}
