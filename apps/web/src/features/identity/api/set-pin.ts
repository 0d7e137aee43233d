import { api, apiRoutes } from '@/lib/api';
import { md5Hex } from '@/lib/md5';

export async function setPin(pin: string): Promise<unknown> {
  return api.call(apiRoutes.setPin, { body: { pin: await md5Hex(pin) } });
}
