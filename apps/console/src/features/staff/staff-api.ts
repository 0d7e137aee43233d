import { staffRoleSchema, staffSessionSchema, staffUserSchema, type StaffRole } from '@imali/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

/** The new staff user form (the password is set by the admin and changed by the user). */
export const createStaffForm = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254),
  displayName: z.string().trim().min(1, 'Enter the name staff will see.').max(100),
  password: z.string().min(12, 'At least 12 characters.').max(200),
  roles: z.array(staffRoleSchema).min(1, 'Choose at least one role.'),
});
export type CreateStaffForm = z.infer<typeof createStaffForm>;

/** What the server answers to a new staff user: its TOTP secret, shown once and never again. */
export const createdStaffSchema = z.looseObject({
  id: z.number().int(),
  totpSecret: z.string(),
  otpauthUri: z.string().optional(),
});
export type CreatedStaff = z.infer<typeof createdStaffSchema>;

/** The otpauth URI an authenticator app scans (RFC 6238 defaults: SHA-1, 6 digits, 30 s). */
export function otpauthUriOf(email: string, secret: string) {
  const label = encodeURIComponent(`Imali console:${email}`);
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent('Imali console')}`;
}

export const staffListQuery = queryOptions({
  queryKey: ['staff', 'list'],
  queryFn: () => api('/staff', { schema: z.array(staffUserSchema) }),
});

/** The sessions the caller may see: their own, or everyone's with staff.read (the server decides). */
export const sessionsQuery = queryOptions({
  queryKey: ['staff', 'sessions'],
  queryFn: () => api('/staff/sessions', { schema: z.array(staffSessionSchema) }),
});

export const createStaff = (input: CreateStaffForm) =>
  api('/staff', { method: 'POST', body: input, schema: createdStaffSchema });

export const setRoles = (id: number, roles: StaffRole[], stepUpCode: string | undefined) =>
  api(`/staff/${id}/roles`, {
    method: 'PUT',
    body: { roles },
    schema: z.unknown(),
    ...(stepUpCode ? { stepUpCode } : {}),
  });

export const disableStaff = (id: number, stepUpCode: string | undefined) =>
  api(`/staff/${id}/disable`, {
    method: 'POST',
    body: {},
    schema: z.unknown(),
    ...(stepUpCode ? { stepUpCode } : {}),
  });

export const endSession = (id: string) =>
  api(`/staff/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() });
