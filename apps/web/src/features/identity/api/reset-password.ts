import { http } from '@/lib/api-client';
import { md5Hex } from '@/lib/md5';

/** Step 1: checks the code without changing anything. */
export function verifyResetCode(input: { mobile: string; code: string }): Promise<unknown> {
  return http.post(
    '/api/auth/app/v1/reset_pwd',
    { username: input.mobile, code: input.code },
    { auth: false },
  );
}

/** Step 2: sets the new password. */
export async function resetPassword(input: {
  mobile: string;
  code: string;
  password: string;
}): Promise<unknown> {
  return http.post(
    '/api/auth/app/v1/reset_pwd',
    { username: input.mobile, code: input.code, password: await md5Hex(input.password) },
    { auth: false },
  );
}
