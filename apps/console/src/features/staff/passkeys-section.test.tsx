// @vitest-environment happy-dom
import { STEP_UP_ASSERTION_HEADER, STEP_UP_HEADER, type StaffPasskey } from '@imali/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { passkeyBrowserStub, STUB_ATTESTATION } from '../../test/passkey-stub';
import { renderConsole, staffMe } from '../../test/render';

vi.mock('@simplewebauthn/browser', async () => (await import('../../test/passkey-stub')).passkeyBrowserStub);

const net = stubOpsNetwork();
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const CREATION_OPTIONS = {
  rp: { name: 'Imali operator console', id: 'localhost' },
  user: { id: 'aW1hbGktc3RhZmYtMQ', name: 'thandi@imali.test', displayName: 'Thandi Nkosi' },
  challenge: 'Y2hhbGxlbmdl',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
  timeout: 120000,
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required' as const, userVerification: 'required' as const },
  attestation: 'none' as const,
};
const LAPTOP: StaffPasskey = {
  id: 4,
  name: 'Work laptop',
  transports: ['internal'],
  createdAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: null,
};

describe('Security: my passkeys (decision 0066)', () => {
  it('adds a passkey: the browser makes it, then a code from the authenticator app (never a passkey) keeps it', async () => {
    let list: StaffPasskey[] = [];
    let count = 0;
    net.on('me', () => staffMe(['support'], { passkeys: count }));
    net.on('sessions', () => []);
    net.on('passkeys', () => list);
    net.on('passkeyCreationOptions', () => CREATION_OPTIONS);
    net.on('passkeyAdd', ({ headers }) => {
      if (headers.get(STEP_UP_HEADER) !== '161803') return opsError(401, 'INVALID_CODE', 'Enter a code.');
      list = [LAPTOP];
      count = 1;
      return LAPTOP;
    });
    renderConsole('/sessions');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Security: passkeys' });
    expect(await within(section).findByText(/No passkey yet/)).toBeTruthy();
    // A name is needed.
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(within(section).getByText(/Name this passkey/)).toBeTruthy();
    expect(net.calls('passkeyCreationOptions')).toHaveLength(0);

    await user.type(within(section).getByLabelText('Name of the new passkey'), 'Work laptop');
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add the passkey “Work laptop”' });
    expect(passkeyBrowserStub.startRegistration).toHaveBeenCalledWith({ optionsJSON: CREATION_OPTIONS });
    // Adding an authenticator takes a code, not a passkey.
    expect(within(dialog).queryByRole('button', { name: 'Use passkey' })).toBeNull();
    await user.type(within(dialog).getByLabelText('6-digit code'), '161803{Enter}');
    expect(await within(section).findByText('Passkey added.')).toBeTruthy();
    expect(await within(section).findByText('Work laptop')).toBeTruthy();
    expect(net.calls('passkeyAdd')[0]!.body).toEqual({ name: 'Work laptop', credential: STUB_ATTESTATION });
    // /auth/me asked again: the step-up dialog now offers the passkey.
    await waitFor(() => expect(net.calls('me').length).toBeGreaterThan(1));
  });

  it('removes a passkey with a code', async () => {
    let list: StaffPasskey[] = [LAPTOP];
    net.on('me', () => staffMe(['support'], { passkeys: list.length }));
    net.on('sessions', () => []);
    net.on('passkeys', () => list);
    net.on('passkeyRemove', ({ headers, params }) => {
      if (headers.get(STEP_UP_HEADER) !== '141421' || headers.get(STEP_UP_ASSERTION_HEADER))
        return opsError(401, 'INVALID_CODE', 'Enter a code.');
      list = list.filter((p) => String(p.id) !== params.id);
      return { ok: true };
    });
    renderConsole('/sessions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove the passkey Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the passkey “Work laptop”' });
    expect(within(dialog).queryByRole('button', { name: 'Use passkey' })).toBeNull();
    await user.type(within(dialog).getByLabelText('6-digit code'), '141421{Enter}');
    expect(await screen.findByText(/No passkey yet/)).toBeTruthy();
    expect(net.calls('passkeyRemove').map((c) => c.params.id)).toEqual(['4']);
  });

  it('says so when the browser’s prompt is cancelled, and keeps nothing', async () => {
    net.on('me', () => staffMe(['support']));
    net.on('sessions', () => []);
    net.on('passkeys', () => []);
    net.on('passkeyCreationOptions', () => CREATION_OPTIONS);
    passkeyBrowserStub.startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }),
    );
    renderConsole('/sessions');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name of the new passkey'), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No passkey was created (cancelled or timed out).',
    );
    expect(net.calls('passkeyAdd')).toHaveLength(0);
  });
});
