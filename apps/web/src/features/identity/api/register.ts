import { http } from '@/lib/api-client';
import { md5Hex } from '@/lib/md5';

export async function register(input: {
  mobile: string;
  password: string;
  invitationCode: string;
}): Promise<unknown> {
  return http.post(
    '/api/auth/app/v1/register',
    { username: input.mobile, password: await md5Hex(input.password), invite_code: input.invitationCode },
    { auth: false },
  );
}
