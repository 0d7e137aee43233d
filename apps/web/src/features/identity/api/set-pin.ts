import { http } from '@/lib/api-client';
import { md5Hex } from '@/lib/md5';

export async function setPin(pin: string): Promise<unknown> {
  return http.post('/api/client/app/v1/pin', { pin: await md5Hex(pin) });
}
