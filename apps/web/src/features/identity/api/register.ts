import { api, apiRoutes } from '@/lib/api';
import { md5Hex } from '@/lib/md5';

export async function register(input: {
  mobile: string;
  password: string;
  invitationCode: string;
}): Promise<unknown> {
  return api.call(apiRoutes.register, {
    body: {
      username: input.mobile,
      password: await md5Hex(input.password),
      invite_code: input.invitationCode,
    },
  });
}
