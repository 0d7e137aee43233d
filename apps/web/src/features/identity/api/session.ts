import type { KycStatus } from '@imali/contract';
import { http } from '@/lib/api-client';

export interface SessionStatus {
  valid: true;
  kycStatus: KycStatus;
  expires_at: string;
}

export function verifySession(): Promise<SessionStatus> {
  return http.get<SessionStatus>('/api/auth/app/v1/session');
}
