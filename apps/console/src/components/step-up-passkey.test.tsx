// @vitest-environment happy-dom
import { STEP_UP_ASSERTION_HEADER, STEP_UP_HEADER } from '@imali/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from '../lib/api';
import { opsError, stubOpsNetwork } from '../test/ops-network';
import {
  decodeAssertionHeader,
  passkeyBrowserStub,
  REQUEST_OPTIONS,
  STUB_ASSERTION,
} from '../test/passkey-stub';
import { StepUpProvider, useStepUp } from './step-up';

vi.mock('@simplewebauthn/browser', async () => (await import('../test/passkey-stub')).passkeyBrowserStub);

const net = stubOpsNetwork();
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const ROLES_SET = {
  id: 9,
  email: 'zanele@imali.test',
  displayName: 'Zanele',
  roles: ['auditor'],
  disabled: false,
  lockedUntil: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  system: false,
};

function RolesSetter({ passkey }: { passkey?: boolean }) {
  const withStepUp = useStepUp();
  const [result, setResult] = useState('');
  const run = () =>
    withStepUp(
      (code) =>
        api('/staff/9/roles', {
          method: 'PUT',
          body: { roles: ['auditor'] },
          schema: z.object({ id: z.number() }),
          ...(code ? { stepUpCode: code } : {}),
        }),
      { title: 'Set Zanele’s roles', ...(passkey === false ? { passkey: false } : {}) },
    ).then(
      () => setResult('done'),
      () => setResult('failed'),
    );
  return (
    <>
      <button onClick={run}>Set roles</button>
      <output>{result}</output>
    </>
  );
}

describe('step-up with a passkey (decision 0066)', () => {
  it('signs the exact request: a challenge for its method, path and body, then the assertion header', async () => {
    net.on('passkeyStepUpOptions', () => REQUEST_OPTIONS);
    net.on('staffRoles', ({ headers }) =>
      headers.get(STEP_UP_ASSERTION_HEADER) ? ROLES_SET : opsError(401, 'INVALID_CODE', 'Enter a code.'),
    );
    render(
      <StepUpProvider passkeys>
        <RolesSetter />
      </StepUpProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Zanele’s roles' });
    expect(within(dialog).getByText(/Or confirm it with your passkey/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Use passkey' }));
    expect(await screen.findByText('done')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(net.calls('passkeyStepUpOptions')[0]!.body).toEqual({
      method: 'PUT',
      path: '/ops/v1/staff/9/roles',
      body: { roles: ['auditor'] },
    });
    expect(passkeyBrowserStub.startAuthentication).toHaveBeenCalledWith({ optionsJSON: REQUEST_OPTIONS });
    const [call] = net.calls('staffRoles');
    expect(call!.headers.get(STEP_UP_HEADER)).toBeNull();
    expect(decodeAssertionHeader(call!.headers.get(STEP_UP_ASSERTION_HEADER))).toEqual(STUB_ASSERTION);
  });

  it('a refused or cancelled passkey keeps the dialog open, and a code still confirms', async () => {
    net.on('passkeyStepUpOptions', () => REQUEST_OPTIONS);
    net.on('staffRoles', ({ headers }) =>
      headers.get(STEP_UP_HEADER) === '271828'
        ? ROLES_SET
        : opsError(
            401,
            'INVALID_CODE',
            'That code is wrong or was already used. Wait for the next code and try again.',
          ),
    );
    render(
      <StepUpProvider passkeys>
        <RolesSetter />
      </StepUpProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set roles' }));
    const dialog = await screen.findByRole('dialog');
    // The server refuses the assertion (another request's, a replay): its message, dialog open.
    await user.click(within(dialog).getByRole('button', { name: 'Use passkey' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('That code is wrong');
    // The browser's prompt is cancelled: the request is not sent.
    passkeyBrowserStub.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Use passkey' }));
    expect((await within(dialog).findByText(/The passkey did not answer/)).textContent).toContain(
      'enter a code',
    );
    expect(net.calls('staffRoles')).toHaveLength(1);
    await user.type(within(dialog).getByLabelText('6-digit code'), '271828{Enter}');
    expect(await screen.findByText('done')).toBeTruthy();
  });

  it('offers no passkey to a user without one, or where the route takes a code only', async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <StepUpProvider>
        <RolesSetter />
      </StepUpProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Set roles' }));
    expect(
      within(await screen.findByRole('dialog')).queryByRole('button', { name: 'Use passkey' }),
    ).toBeNull();
    unmount();
    render(
      <StepUpProvider passkeys>
        <RolesSetter passkey={false} />
      </StepUpProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Set roles' }));
    expect(
      within(await screen.findByRole('dialog')).queryByRole('button', { name: 'Use passkey' }),
    ).toBeNull();
    expect(net.calls('passkeyStepUpOptions')).toHaveLength(0);
  });
});
