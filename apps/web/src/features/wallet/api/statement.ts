import { http } from '@/lib/api-client';

/** GET /account/app/v1/{id}/statement.csv?from&to (dates inclusive, Africa/Johannesburg). */
export function fetchStatement(accountId: number, from: string, to: string): Promise<Blob> {
  return http.blob(`/api/account/app/v1/${accountId}/statement.csv`, { query: { from, to } });
}
