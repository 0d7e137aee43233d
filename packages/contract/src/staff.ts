import { z } from 'zod';

/**
 * The operator console's staff roles and what each may do (issue 23, decision 0057). One table for
 * the server's choke point (every staff route declares the permission it needs) and the console
 * (which hides what a role cannot do; the server refuses it anyway).
 */
export const STAFF_ROLES = [
  'support',
  'kyc_reviewer',
  'payments_maker',
  'payments_checker',
  'product_ops',
  'treasury',
  'auditor',
  'staff_admin',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** `<area>.<verb>`: `.read` permissions see, the others act. */
export const STAFF_PERMISSIONS = [
  'clients.read',
  'clients.note',
  'clients.sessions.end',
  'clients.flags.set',
  'clients.view_as',
  // The last verification code sent to a client's mobile (`ops code show`): only support, who
  // helps a client whose SMS did not arrive; never a read-only role (it is an account's key).
  'clients.codes.show',
  'kyc.read',
  'kyc.decide',
  'deposits.read',
  'deposits.reconcile',
  'deposits.confirm',
  'payouts.read',
  'payouts.request',
  'payouts.approve',
  'payouts.mark_paid',
  'ledger.read',
  'ledger.adjust.request',
  'products.read',
  'products.request',
  'products.approve',
  'market.manage',
  'applications.read',
  'applications.decide',
  'treasury.request',
  'treasury.approve',
  'policies.read',
  'audit.read',
  'staff.read',
  'staff.manage',
  'invites.manage',
  'jobs.run',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const READ_ALL = STAFF_PERMISSIONS.filter((p) => p.endsWith('.read'));

export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  support: [
    'clients.read',
    'clients.note',
    'clients.sessions.end',
    'clients.codes.show',
    'kyc.read',
    'deposits.read',
    'payouts.read',
    'applications.read',
    'products.read',
    'invites.manage',
  ],
  kyc_reviewer: ['clients.read', 'clients.note', 'kyc.read', 'kyc.decide'],
  payments_maker: [
    'clients.read',
    'clients.note',
    'clients.flags.set',
    'deposits.read',
    'deposits.reconcile',
    'deposits.confirm',
    'payouts.read',
    'payouts.request',
    'payouts.mark_paid',
    'ledger.read',
    'ledger.adjust.request',
    'applications.read',
    'applications.decide',
  ],
  payments_checker: [
    'clients.read',
    'deposits.read',
    'payouts.read',
    'payouts.approve',
    'ledger.read',
    'applications.read',
    'policies.read',
  ],
  product_ops: [
    'clients.read',
    'products.read',
    'products.request',
    'products.approve',
    'market.manage',
    'jobs.run',
  ],
  treasury: [
    'clients.read',
    'products.read',
    'treasury.request',
    'treasury.approve',
    'policies.read',
    'ledger.read',
  ],
  auditor: [...READ_ALL, 'clients.view_as'],
  // Staff and roles; never money (a staff admin cannot grant themself an approval in one step:
  // a role change is itself approved by a second staff admin).
  staff_admin: ['staff.read', 'staff.manage', 'audit.read', 'policies.read', 'jobs.run'],
};

export function permissionsOf(roles: readonly StaffRole[]): StaffPermission[] {
  const granted = new Set<StaffPermission>();
  for (const role of roles) for (const permission of ROLE_PERMISSIONS[role]) granted.add(permission);
  return STAFF_PERMISSIONS.filter((p) => granted.has(p));
}

export const staffRoleSchema = z.enum(STAFF_ROLES);
export const staffPermissionSchema = z.enum(STAFF_PERMISSIONS);

/** A six-digit TOTP code (RFC 6238, 30 s steps, SHA-1): an authenticator app's. */
export const totpCodeSchema = z
  .string()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.');

export const staffLoginInput = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254),
  password: z.string().min(1, 'Enter your password.').max(200),
  totpCode: totpCodeSchema,
});
export type StaffLoginInput = z.infer<typeof staffLoginInput>;

export const staffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(staffRoleSchema),
  permissions: z.array(staffPermissionSchema),
  /** When the session ends at the latest (10 hours after sign-in); idle ends it sooner (15 min). */
  sessionExpiresAt: z.string(),
  /** How many passkeys the user has registered (decision 0066): step-up offers one when > 0. */
  passkeys: z.number().int().nonnegative(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffSessionSchema = z.object({
  id: z.string(),
  staffId: z.number().int(),
  email: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  absoluteExpiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const staffUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(staffRoleSchema),
  disabled: z.boolean(),
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The reserved system user the scheduled jobs ask as (id 9000, decision 0064): never a person,
   * it never signs in, has no roles and none can be given (409). The console marks it so.
   */
  system: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/**
 * Step-up: a fresh TOTP code sent with an approval that moves money, a role change or a
 * publication of limits, fees or rates, in this header. The server binds the code to the hash of
 * the exact request approved and accepts each code once.
 */
export const STEP_UP_HEADER = 'x-step-up-code';

/** A new staff user (POST /ops/v1/staff, staff.manage with step-up). */
export const staffCreateInput = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254),
  displayName: z.string().trim().min(1, 'Enter a name.').max(100),
  password: z.string().min(12, 'A staff password needs at least 12 characters.').max(200),
  roles: z.array(staffRoleSchema).max(STAFF_ROLES.length),
});
export type StaffCreateInput = z.infer<typeof staffCreateInput>;

/** The first staff admin (POST /ops/v1/staff/bootstrap, with the server's one-time secret). */
export const staffBootstrapInput = staffCreateInput.omit({ roles: true }).extend({
  bootstrapSecret: z.string().min(16).max(200),
});
export type StaffBootstrapInput = z.infer<typeof staffBootstrapInput>;

/** A staff user's roles (PUT /ops/v1/staff/:id/roles, staff.manage with step-up). */
export const staffRolesInput = z.object({ roles: z.array(staffRoleSchema).max(STAFF_ROLES.length) });
export type StaffRolesInput = z.infer<typeof staffRolesInput>;

/**
 * A staff user just created, with their TOTP secret: shown once (as the otpauth URI's QR code)
 * for their authenticator app, and never again.
 */
export const staffCreatedSchema = z.object({
  user: staffUserSchema,
  totpSecret: z.string(),
  otpauthUri: z.string(),
});
export type StaffCreated = z.infer<typeof staffCreatedSchema>;
