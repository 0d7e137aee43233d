// Tests' staff user for ops commands: a real staff_users row with the given roles, and the
// principal runOps takes (its permissions from the contract's role table).
import { randomUUID } from 'node:crypto';
import { STAFF_ROLES, permissionsOf, type StaffRole } from '@imali/contract';
import type { AppContext } from '../lib/context';
import type { StaffPrincipal } from './staff';

let serial = 0;

/** A staff user (every role unless given) and a principal as a signed-in session would carry it. */
export async function opsStaff(
  ctx: AppContext,
  roles: readonly StaffRole[] = STAFF_ROLES,
): Promise<StaffPrincipal> {
  serial += 1;
  const email = `ops-${process.pid}-${serial}-${Date.now().toString(36)}@staff.test`;
  const [row] = await ctx.database.query<{ id: string | number }>(
    `insert into staff_users (email, display_name, password_hash, totp_secret_sealed, roles, created_at)
     values ($1, $2, 'not-a-password', 'not-a-secret', $3::text[], now()) returning id`,
    [email, `Ops Tester ${serial}`, `{${roles.join(',')}}`],
  );
  const now = Date.now();
  return {
    id: Number(row!.id),
    email,
    displayName: `Ops Tester ${serial}`,
    roles: [...roles],
    permissions: permissionsOf(roles),
    sessionId: randomUUID(),
    sessionExpiresAt: new Date(now + 10 * 3_600_000),
  };
}
