import { http } from '@/lib/api-client';
import { md5Hex } from '@/lib/md5';

export async function changePassword(input: { current: string; next: string }): Promise<unknown> {
  return http.post('/api/auth/app/v1/change_pwd', {
    old_password: await md5Hex(input.current),
    new_password: await md5Hex(input.next),
  });
}
