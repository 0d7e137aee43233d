import { http } from '@/lib/api-client';

export function uploadAvatar(jpeg: Blob): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', jpeg, 'avatar.jpg');
  return http.post<{ url: string }>('/api/client/app/v1/avatar', form);
}
