import type { AuthData } from '@imali/contract';
import { http } from '@/lib/api-client';
import { md5Hex } from '@/lib/md5';

export async function login(input: {
  mobile: string;
  password: string;
  remember: boolean;
}): Promise<AuthData> {
  return http.post<AuthData>(
    '/api/auth/app/v1/login',
    { username: input.mobile, password: await md5Hex(input.password), remember: input.remember },
    { auth: false },
  );
}
