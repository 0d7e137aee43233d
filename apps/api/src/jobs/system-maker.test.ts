import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { permissionsOf } from '@imali/contract';
import { setStaffRoles, signInStaff } from '../modules/staff/staff.service';
import { createTestStaff } from '../test/staff';
import { SYSTEM_STAFF_ID } from '../modules/staff/system-staff';

// The system principal of the jobs (migration 0029, decision 0064): never signs in, never decides.
describe('the system maker of job runs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('cannot sign in, cannot be given a role or enabled, and the database refuses it as a checker', async () => {
    await expect(
      signInStaff(t.app.ctx, { email: 'system', password: '!', totpCode: '000000' }),
    ).rejects.toMatchObject({ statusCode: 401 });
    await expect(
      t.database.query(`update staff_users set roles = '{product_ops}' where id = $1`, [SYSTEM_STAFF_ID]),
    ).rejects.toThrow(/staff_users_system_never_signs_in/);
    await expect(
      t.database.query(`update staff_users set disabled_at = null where id = $1`, [SYSTEM_STAFF_ID]),
    ).rejects.toThrow(/staff_users_system_never_signs_in/);
    await expect(
      t.database.query(
        `insert into approval_decisions (request_id, maker_staff_id, checker_staff_id, decision, decided_at)
         values (1, 1, $1, 'approve', now())`,
        [SYSTEM_STAFF_ID],
      ),
    ).rejects.toThrow(/approval_decisions_checker_is_not_system|violates/);
  });

  it('a staff admin giving it a role is told why, not answered with a 500, and nothing changes', async () => {
    const admin = await createTestStaff(t.app.ctx, ['staff_admin']);
    const principal = {
      id: admin.id,
      email: admin.email,
      displayName: 'Admin',
      roles: ['staff_admin' as const],
      permissions: permissionsOf(['staff_admin']),
      sessionId: 'test-session',
      sessionExpiresAt: new Date(Date.now() + 3_600_000),
    };
    await expect(setStaffRoles(t.app.ctx, principal, SYSTEM_STAFF_ID, ['product_ops'])).rejects.toMatchObject(
      {
        statusCode: 409,
        message: expect.stringContaining('never signs in'),
      },
    );
    const [row] = await t.database.query<{ roles: string[] }>('select roles from staff_users where id = $1', [
      SYSTEM_STAFF_ID,
    ]);
    expect(row!.roles).toEqual([]);
  });
});
