import {
  okResult,
  staffCreateInput,
  staffCreatedSchema,
  staffSessionSchema,
  staffUserSchema,
  type StaffRole,
} from '@imali/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

/**
 * The new staff user form: the contract's input, and at least one role (a user without one could
 * sign in to an empty console).
 */
export const createStaffForm = staffCreateInput.extend({
  roles: staffCreateInput.shape.roles.min(1, 'Choose at least one role.'),
});
export type CreateStaffForm = z.infer<typeof createStaffForm>;

export const staffListQuery = queryOptions({
  queryKey: ['staff', 'list'],
  queryFn: () => api('/staff', { schema: z.array(staffUserSchema) }),
});

/** The caller's own sessions, or (scope 'all', staff.read) everyone's. */
export const sessionsQuery = (scope: 'own' | 'all') =>
  queryOptions({
    queryKey: ['staff', 'sessions', scope],
    queryFn: () => api('/staff/sessions', { query: { scope }, schema: z.array(staffSessionSchema) }),
  });

const withCode = (stepUpCode: string | undefined) => (stepUpCode ? { stepUpCode } : {});

/** Creates a staff user (step-up); the answer carries their TOTP secret, this once. */
export const createStaff = (input: CreateStaffForm, stepUpCode: string | undefined) =>
  api('/staff', { method: 'POST', body: input, schema: staffCreatedSchema, ...withCode(stepUpCode) });

export const setRoles = (id: number, roles: StaffRole[], stepUpCode: string | undefined) =>
  api(`/staff/${id}/roles`, {
    method: 'PUT',
    body: { roles },
    schema: staffUserSchema,
    ...withCode(stepUpCode),
  });

export const disableStaff = (id: number, stepUpCode: string | undefined) =>
  api(`/staff/${id}/disable`, { method: 'POST', schema: staffUserSchema, ...withCode(stepUpCode) });

export const endSession = (id: string) =>
  api(`/staff/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: okResult });
