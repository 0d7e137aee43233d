// Tests' staff user for ops commands: a real staff user (test/staff.ts) with every role unless
// given, and the principal runOps takes.
import { STAFF_ROLES, type StaffRole } from '@imali/contract';
import type { AppContext } from '../lib/context';
import type { StaffPrincipal } from '../modules/staff/staff.service';
import { createTestStaff } from '../test/staff';

export async function opsStaff(
  ctx: AppContext,
  roles: readonly StaffRole[] = STAFF_ROLES,
): Promise<StaffPrincipal> {
  return (await createTestStaff(ctx, roles)).principal;
}
