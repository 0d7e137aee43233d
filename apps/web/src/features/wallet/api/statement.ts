import { api, apiRoutes } from '@/lib/api';

/** GET /account/app/v1/{id}/statement.csv?from&to (dates inclusive, Africa/Johannesburg). */
export function fetchStatement(accountId: number, from: string, to: string): Promise<Blob> {
  return api.call(apiRoutes.statement, { params: { id: accountId }, query: { from, to } });
}
