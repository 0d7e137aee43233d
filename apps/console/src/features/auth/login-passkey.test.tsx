// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { passkeyBrowserStub, REQUEST_OPTIONS, STUB_ASSERTION } from '../../test/passkey-stub';
import { renderConsole, staffMe } from '../../test/render';

vi.mock('@simplewebauthn/browser', async () => (await import('../../test/passkey-stub')).passkeyBrowserStub);

const net = stubOpsNetwork();
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const signedOut = () => net.on('me', () => opsError(401, 'UNAUTHENTICATED', 'Sign in.'));

describe('sign-in with a passkey (decision 0066)', () => {
  it('after email and password, signs in with the passkey instead of the code', async () => {
    signedOut();
    net.on('passkeyLoginOptions', () => REQUEST_OPTIONS);
    net.on('passkeyLogin', () => staffMe(['auditor'], { passkeys: 1 }));
    net.on('audit', () => ({ entries: [], nextCursor: null }));
    renderConsole('/audit');
    const user = userEvent.setup();
    // The code is not needed: email and password are.
    const button = await screen.findByRole('button', { name: 'Use a passkey instead of the code' });
    await user.click(button);
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(net.calls('passkeyLoginOptions')).toHaveLength(0);

    await user.type(screen.getByLabelText('Work email'), 'Thandi@Imali.test');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Audit' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByText('Thandi Nkosi')).toBeTruthy();
    expect(net.calls('passkeyLoginOptions')[0]!.body).toEqual({ email: 'thandi@imali.test' });
    // The browser signed the server's challenge; the server got password and signature together.
    expect(passkeyBrowserStub.startAuthentication).toHaveBeenCalledWith({ optionsJSON: REQUEST_OPTIONS });
    expect(net.calls('passkeyLogin')[0]!.body).toEqual({
      email: 'thandi@imali.test',
      password: 'correct horse battery',
      credential: STUB_ASSERTION,
    });
    expect(net.calls('login')).toHaveLength(0);
  });

  it("shows the server's refusal, and a cancelled prompt's message", async () => {
    signedOut();
    net.on('passkeyLoginOptions', () => REQUEST_OPTIONS);
    net.on('passkeyLogin', () => opsError(401, 'INVALID_CREDENTIALS', 'Incorrect email, password or code.'));
    renderConsole('/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Work email'), 'thandi@imali.test');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    const button = screen.getByRole('button', { name: 'Use a passkey instead of the code' });
    await user.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain('Incorrect email, password or code.');
    // Still on the sign-in screen (a 401 here is an answer, not an expired session).
    expect(screen.getByLabelText('Work email')).toBeTruthy();

    passkeyBrowserStub.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    await user.click(button);
    expect((await screen.findByText(/The passkey did not answer/)).textContent).toContain('enter a code');
    expect(net.calls('passkeyLogin')).toHaveLength(1);
  });

  it('offers no passkey where the browser has none', async () => {
    passkeyBrowserStub.browserSupportsWebAuthn.mockReturnValue(false);
    signedOut();
    renderConsole('/');
    expect(await screen.findByLabelText('Work email')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /passkey/ })).toBeNull();
    passkeyBrowserStub.browserSupportsWebAuthn.mockReturnValue(true);
  });
});
