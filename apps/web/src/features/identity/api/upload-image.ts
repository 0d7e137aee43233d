import { http } from '@/lib/api-client';

export function uploadImage(file: File): Promise<{ url?: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<{ url?: string }>('/api/client/app/v1/image', form);
}
