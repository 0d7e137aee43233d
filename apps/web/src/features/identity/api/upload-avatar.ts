import { api, apiRoutes } from '@/lib/api';

export function uploadAvatar(jpeg: Blob): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', jpeg, 'avatar.jpg');
  return api.call(apiRoutes.uploadAvatar, { body: form });
}
