// The staff principal the ops commands run as. Until the staff module (branch staff-auth) is on
// main this file states the shared brief's shape; afterwards it re-exports the module's own.
import type { StaffPermission, StaffRole } from '@imali/contract';

export interface StaffPrincipal {
  id: number;
  email: string;
  displayName: string;
  roles: StaffRole[];
  permissions: StaffPermission[];
  sessionId: string;
  sessionExpiresAt: Date;
}

/** The audit actor of a staff user: `staff:<id>`. */
export const staffActor = (staff: Pick<StaffPrincipal, 'id'>) => `staff:${staff.id}`;
