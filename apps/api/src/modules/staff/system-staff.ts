/**
 * The system principal (migration 0029, decision 0064): the staff_users row that makes the
 * approval requests the scheduled jobs open. Never a person: no roles, disabled, no usable
 * password or TOTP secret, so it never signs in; the database refuses it as a checker. What it
 * may ask for is given by the job that asks (its permissions are the job's, not a role's).
 */
export const SYSTEM_STAFF_ID = 9000;

/** True when `staffId` is the system principal. */
export const isSystemStaff = (staffId: number) => staffId === SYSTEM_STAFF_ID;

/**
 * The audit actor of a run's maker: `job:<name>` when the system principal asked for it (a
 * scheduled job), else the staff user (`staff:<id>`).
 */
export function makerActorOf(makerStaffId: number, job: string): string {
  return isSystemStaff(makerStaffId) ? `job:${job}` : `staff:${makerStaffId}`;
}
