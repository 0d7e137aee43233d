import { http } from '@/lib/api-client';
import { md5Hex } from '@/lib/md5';

export async function verifyPassword(password: string): Promise<unknown> {
  return http.post('/api/client/app/v1/pwd_verify', { password: await md5Hex(password) });
}
