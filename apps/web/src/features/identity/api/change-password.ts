import { api, apiRoutes } from '@/lib/api';
import { md5Hex } from '@/lib/md5';

export async function changePassword(input: { current: string; next: string }): Promise<unknown> {
  return api.call(apiRoutes.changePassword, {
    body: { old_password: await md5Hex(input.current), new_password: await md5Hex(input.next) },
  });
}
