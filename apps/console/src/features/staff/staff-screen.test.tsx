// @vitest-environment happy-dom
import { STEP_UP_HEADER, type StaffUser } from '@imali/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';

const net = stubOpsNetwork();
afterEach(cleanup);

const STAFF: StaffUser[] = [
  {
    id: 1,
    email: 'thandi@imali.test',
    displayName: 'Thandi Nkosi',
    roles: ['staff_admin'],
    disabled: false,
    lockedUntil: null,
    createdAt: '2026-11-01T08:00:00.000Z',
    system: false,
  },
  {
    id: 2,
    email: 'sipho@imali.test',
    displayName: 'Sipho Dlamini',
    roles: ['kyc_reviewer'],
    disabled: false,
    lockedUntil: null,
    createdAt: '2026-11-02T08:00:00.000Z',
    system: false,
  },
];

beforeEach(() => {
  net.on('me', () => staffMe(['staff_admin']));
  net.on('staffList', () => STAFF);
  // The approval tiers (features/policies) show on this page for policies.read.
  net.on('approvalPolicies', () => []);
  net.on('limits', () => ({
    inForce: { version: 0, effectiveFrom: null, createdBy: null, approvedBy: null, limits: [] },
    scheduled: [],
  }));
  // The fee schedules show there too (fees-section.test.tsx tests them): none here.
  net.on('fees', () => ({ countries: [] }));
});

describe('staff', () => {
  it('a role change asks for a fresh code, shows a refused one, and retries the same request with the next', async () => {
    net.on('staffRoles', ({ headers }) => {
      const code = headers.get(STEP_UP_HEADER);
      if (code === '111111') return opsError(401, 'INVALID_CODE', 'That code is wrong or already used.');
      if (code !== '222222') return opsError(401, 'INVALID_CODE', 'A fresh code is needed.');
      return { ...STAFF[1]!, roles: ['kyc_reviewer', 'support'] };
    });
    renderConsole('/staff');
    const user = userEvent.setup();
    // Keyboard: j moves to the second user, Enter opens them.
    const list = await screen.findByRole('listbox', { name: 'Staff users' });
    list.focus();
    await user.keyboard('j{Enter}');
    const detail = await screen.findByRole('article', { name: /Sipho Dlamini/ });
    await user.click(within(detail).getByLabelText('support'));
    await user.click(within(detail).getByRole('button', { name: 'Save roles' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change the roles of Sipho Dlamini' });
    const code = within(dialog).getByLabelText('6-digit code');
    expect(document.activeElement).toBe(code);
    await user.type(code, '111111{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'That code is wrong or already used.',
    );
    expect((code as HTMLInputElement).value).toBe('');

    await user.type(code, '222222{Enter}');
    expect(await screen.findByText('Roles changed.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const calls = net.calls('staffRoles');
    expect(calls.map((c) => c.headers.get(STEP_UP_HEADER))).toEqual(['111111', '222222']);
    expect(calls.map((c) => c.body)).toEqual([
      { roles: ['kyc_reviewer', 'support'] },
      { roles: ['kyc_reviewer', 'support'] },
    ]);
    expect(calls[1]!.params.id).toBe('2');
  });

  it('the system user of the jobs is marked "System (jobs)", with no roles to set, nothing to disable', async () => {
    const system: StaffUser = {
      id: 9000,
      email: 'system',
      displayName: 'System (scheduled jobs)',
      roles: [],
      disabled: true,
      lockedUntil: null,
      createdAt: '2026-11-28T08:00:00.000Z',
      system: true,
    };
    net.on('staffList', () => [...STAFF, system]);
    renderConsole('/staff');
    const user = userEvent.setup();
    const list = await screen.findByRole('listbox', { name: 'Staff users' });
    const rows = within(list).getAllByRole('option');
    expect(rows.map((r) => r.textContent?.includes('System (jobs)'))).toEqual([false, false, true]);
    // Not listed as a disabled person with no role.
    expect(rows[2]!.textContent).toMatch(/never signs in/);
    expect(rows[2]!.textContent).not.toMatch(/no role|disabled/);

    await user.click(within(list).getByText('System (scheduled jobs)'));
    const detail = await screen.findByRole('article', { name: /System \(scheduled jobs\)/ });
    expect(detail.textContent).toMatch(/System \(jobs\)/);
    expect(detail.textContent).toMatch(/never signs in/);
    expect(within(detail).queryByRole('checkbox')).toBeNull();
    expect(within(detail).queryByRole('button')).toBeNull();

    // A person still has their controls.
    await user.click(within(list).getByText('Sipho Dlamini'));
    const person = await screen.findByRole('article', { name: /Sipho Dlamini/ });
    expect(within(person).getByRole('button', { name: 'Save roles' })).toBeTruthy();
    expect(within(person).getByRole('button', { name: 'Disable' })).toBeTruthy();
    expect(within(person).queryByText('System (jobs)')).toBeNull();
  });

  it('cancelling the step-up sends nothing and changes nothing', async () => {
    net.on('staffDisable', () => ({ ...STAFF[1]!, disabled: true }));
    renderConsole('/staff');
    const user = userEvent.setup();
    await user.click(await screen.findByText('Sipho Dlamini'));
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Sipho Dlamini' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(net.calls('staffDisable')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a new staff user: the TOTP secret and otpauth URI are shown once', async () => {
    const uri = 'otpauth://totp/Imali:lerato%40imali.test?issuer=Imali&secret=JBSWY3DPEHPK3PXP';
    net.on('staffCreate', ({ headers }) =>
      headers.get(STEP_UP_HEADER) === '246810'
        ? {
            user: { ...STAFF[1]!, id: 3, email: 'lerato@imali.test', displayName: 'Lerato Mokoena' },
            totpSecret: 'JBSWY3DPEHPK3PXP',
            otpauthUri: uri,
          }
        : opsError(401, 'INVALID_CODE', 'Enter a new code.'),
    );
    renderConsole('/staff');
    const user = userEvent.setup();
    const form = (await screen.findByRole('heading', { name: 'New staff user' })).parentElement!;
    await user.click(within(form).getByRole('button', { name: 'Create staff user' }));
    expect(await within(form).findByText('Choose at least one role.')).toBeTruthy();
    expect(net.calls('staffCreate')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Work email'), 'lerato@imali.test');
    await user.type(within(form).getByLabelText('Display name'), 'Lerato Mokoena');
    await user.type(within(form).getByLabelText('First password'), 'a long first password');
    await user.click(within(form).getByLabelText('payments checker'));
    await user.click(within(form).getByRole('button', { name: 'Create staff user' }));
    // Creating a staff user is step-up too.
    const dialog = await screen.findByRole('dialog', { name: 'Create the staff user lerato@imali.test' });
    await user.type(within(dialog).getByLabelText('6-digit code'), '246810{Enter}');

    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByText(uri)).toBeTruthy();
    expect(net.calls('staffCreate')[0]!.body).toEqual({
      email: 'lerato@imali.test',
      displayName: 'Lerato Mokoena',
      password: 'a long first password',
      roles: ['payments_checker'],
    });

    await user.click(screen.getByRole('button', { name: 'I have handed it over' }));
    expect(screen.queryByText('JBSWY3DPEHPK3PXP', { exact: false })).toBeNull();
    expect(screen.queryByText(uri)).toBeNull();
    expect(screen.getByRole('button', { name: 'Create staff user' })).toBeTruthy();
  });

  it("my sessions, everyone else's with staff.read, and ending one", async () => {
    const session = (id: string, staffId: number, email: string, current = false) => ({
      id,
      staffId,
      email,
      createdAt: '2026-11-28T08:00:00.000Z',
      lastSeenAt: '2026-11-28T09:00:00.000Z',
      absoluteExpiresAt: '2026-11-28T18:00:00.000Z',
      ip: '10.0.0.1',
      userAgent: 'Chromium',
      current,
    });
    net.on('sessions', () => [
      session('a', 1, 'thandi@imali.test', true),
      session('b', 1, 'thandi@imali.test'),
      session('c', 2, 'sipho@imali.test'),
    ]);
    net.on('endSession', () => ({ ok: true }));
    net.on('passkeys', () => []);
    renderConsole('/sessions');
    const user = userEvent.setup();
    const mine = await screen.findByRole('table', { name: 'My sessions' });
    expect(within(mine).getAllByRole('row')).toHaveLength(3);
    expect(within(mine).getByText('this session')).toBeTruthy();
    const others = screen.getByRole('table', { name: 'Other staff sessions' });
    await user.click(within(others).getByRole('button', { name: /End the session of sipho@imali.test/ }));
    await waitFor(() => expect(net.calls('endSession').map((c) => c.params.id)).toEqual(['c']));
    expect(net.calls('sessions')[0]!.query).toEqual({ scope: 'all' });
  });
});
