import { http } from '@/lib/api-client';

export interface KycSubmission {
  full_name: string;
  id_no: string;
  mobile: string;
  dob: string;
  id_front_url: string;
  id_back_url: string;
}

export function submitKyc(body: KycSubmission): Promise<unknown> {
  return http.post('/api/identify/app/v1', body);
}
