import type { AuthData } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';
import { md5Hex } from '@/lib/md5';

export async function login(input: {
  mobile: string;
  password: string;
  remember: boolean;
}): Promise<AuthData> {
  return api.call(apiRoutes.login, {
    body: { username: input.mobile, password: await md5Hex(input.password), remember: input.remember },
  });
}
