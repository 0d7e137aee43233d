import type { KycStatus } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';

export interface SessionStatus {
  valid: true;
  kycStatus: KycStatus;
  expires_at: string;
}

export function verifySession(): Promise<SessionStatus> {
  return api.call(apiRoutes.session);
}
