import { api, apiRoutes } from '@/lib/api';

export function uploadImage(file: File): Promise<{ url?: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.call(apiRoutes.uploadImage, { body: form });
}
