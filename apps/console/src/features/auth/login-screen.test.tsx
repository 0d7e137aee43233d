// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';

const net = stubOpsNetwork();
afterEach(cleanup);

const signedOut = () => net.on('me', () => opsError(401, 'UNAUTHENTICATED', 'Sign in.'));

describe('sign-in', () => {
  it('asks for email, password and the 6-digit code, and says what is wrong with each', async () => {
    signedOut();
    renderConsole('/');
    const code = await screen.findByLabelText('6-digit code from your authenticator app');
    expect(code).toHaveProperty('inputMode', 'numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('maxlength')).toBe('6');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Work email'), 'not-an-email');
    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toBe('totpCode-error');
    expect(net.calls('login')).toHaveLength(0);
  });

  it("shows the server's refusal, clears the used code, and signs in with the next one", async () => {
    signedOut();
    renderConsole('/audit');
    const user = userEvent.setup();
    net.on('login', () => opsError(401, 'INVALID_CREDENTIALS', 'The email, password or code is not right.'));
    await user.type(await screen.findByLabelText('Work email'), 'Thandi@Imali.test');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    const code = screen.getByLabelText('6-digit code from your authenticator app');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The email, password or code is not right.',
    );
    expect((code as HTMLInputElement).value).toBe('');
    expect(net.calls('login')[0]!.body).toEqual({
      email: 'thandi@imali.test',
      password: 'correct horse battery',
      totpCode: '123456',
    });

    net.on('login', () => staffMe(['auditor']));
    net.on('audit', () => ({ entries: [], nextCursor: null }));
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // Back where the user was going, signed in: the header names them and their roles.
    expect(await screen.findByRole('heading', { name: 'Audit' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Thandi Nkosi')).toBeTruthy();
    expect(within(header).getByText('(auditor)')).toBeTruthy();
  });

  it('a session that ends on the server leads back to sign-in with a message', async () => {
    net.on('me', () => staffMe(['auditor']));
    net.on('audit', () => opsError(401, 'UNAUTHENTICATED', 'Session expired.'));
    renderConsole('/audit');
    expect(await screen.findByText('Your session has ended. Sign in again to continue.')).toBeTruthy();
    expect(screen.getByLabelText('Work email')).toBeTruthy();
  });

  it('signs out', async () => {
    net.on('me', () => staffMe(['auditor']));
    net.on('logout', () => ({ ok: true }));
    renderConsole('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You have signed out.')).toBeTruthy();
    expect(net.calls('logout')).toHaveLength(1);
  });
});
