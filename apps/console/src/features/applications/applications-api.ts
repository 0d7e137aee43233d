import {
  approvalOutcomeSchema,
  staffApplicationSchema,
  type RejectApplicationInput,
  type StaffApplicationQuery,
} from '@imali/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

export type ApplicationTypeFilter = NonNullable<StaffApplicationQuery['type']>;
export type ApplicationStatusFilter = NonNullable<StaffApplicationQuery['status']>;

/** The applications queue: claims, loans and trials of one type and status, with their tier. */
export const applicationsQuery = (type: ApplicationTypeFilter, status: ApplicationStatusFilter) =>
  queryOptions({
    queryKey: ['applications', type, status],
    queryFn: () => api('/applications', { query: { type, status }, schema: z.array(staffApplicationSchema) }),
  });

/** Pays out at once under the first tier (`executed`), else makes an approval request (`pending`). */
export const approveApplication = (id: number) =>
  api(`/applications/${id}/approve`, { method: 'POST', schema: approvalOutcomeSchema });

const rejectedSchema = z.object({ id: z.number().int(), status: z.string(), reason: z.string().nullable() });

export const rejectApplication = (id: number, input: RejectApplicationInput) =>
  api(`/applications/${id}/reject`, { method: 'POST', body: input, schema: rejectedSchema });
