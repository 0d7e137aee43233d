import { auditChainVerdictSchema, auditPageSchema } from '@imali/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The search form's values, as the URL keeps them (dates are local calendar days, inclusive). */
export interface AuditFilters {
  staffId?: string;
  clientId?: string;
  action?: string;
  fromDay?: string;
  toDay?: string;
}

/** The start of a local calendar day (YYYY-MM-DD), `plusDays` later, as an ISO instant. */
export function dayStart(day: string, plusDays = 0) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + plusDays).toISOString();
}

export const PAGE_SIZE = 50;

export const auditSearch = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['audit', 'search', filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api('/audit', {
        schema: auditPageSchema,
        signal,
        query: {
          staffId: filters.staffId,
          clientId: filters.clientId,
          action: filters.action,
          from: filters.fromDay ? dayStart(filters.fromDay) : undefined,
          // The "to" day is included: the search runs to the start of the next.
          to: filters.toDay ? dayStart(filters.toDay, 1) : undefined,
          cursor: pageParam,
          limit: PAGE_SIZE,
        },
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const verifyChain = () => api('/audit/verify', { schema: auditChainVerdictSchema });
