import {
  okResult,
  staffCreateInput,
  staffCreatedSchema,
  staffPasskeySchema,
  staffSessionSchema,
  webauthnCreationOptionsSchema,
  type WebauthnAttestation,
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

// Passkeys (decision 0066): the signed-in user's own.

export const passkeysQuery = queryOptions({
  queryKey: ['staff', 'passkeys'],
  queryFn: () => api('/staff/passkeys', { schema: z.array(staffPasskeySchema) }),
});

/** The options for the browser to create a passkey (a challenge for this user, 5 minutes). */
export const passkeyCreationOptions = () =>
  api('/staff/passkeys/options', { method: 'POST', schema: webauthnCreationOptionsSchema });

/** Keeps the browser's new passkey (a TOTP step-up: adding an authenticator is security-sensitive). */
export const addPasskey = (name: string, credential: WebauthnAttestation, stepUpCode: string | undefined) =>
  api('/staff/passkeys', {
    method: 'POST',
    body: { name, credential },
    schema: staffPasskeySchema,
    ...withCode(stepUpCode),
  });

export const removePasskey = (id: number, stepUpCode: string | undefined) =>
  api(`/staff/passkeys/${id}`, { method: 'DELETE', schema: okResult, ...withCode(stepUpCode) });
