import { api, apiRoutes } from '@/lib/api';
import { md5Hex } from '@/lib/md5';

export async function verifyPassword(password: string): Promise<unknown> {
  return api.call(apiRoutes.verifyPassword, { body: { password: await md5Hex(password) } });
}
