// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAV } from './nav';
import { IDLE_LIMIT_MS } from './session';
import { opsError, stubOpsNetwork } from '../test/ops-network';
import { renderConsole, staffMe } from '../test/render';

const net = stubOpsNetwork();
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const navLabels = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Console' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
};

describe('the navigation', () => {
  it('shows a KYC reviewer only what the role can use', async () => {
    net.on('me', () => staffMe(['kyc_reviewer']));
    renderConsole('/');
    expect(await navLabels()).toEqual(['KYC review', 'Clients']);
  });

  it('shows an auditor every area it can read, and a staff admin staff and audit but no money', async () => {
    net.on('me', () => staffMe(['auditor']));
    const auditor = renderConsole('/');
    expect(await navLabels()).toEqual(NAV.filter((i) => i.path !== '/approvals').map((i) => i.label));
    auditor.unmount();

    net.on('me', () => staffMe(['staff_admin']));
    renderConsole('/');
    expect(await navLabels()).toEqual(['Approvals', 'Staff & policies', 'Audit']);
  });

  it('a screen the role cannot use, opened by its address, says so and calls nothing', async () => {
    net.on('me', () => staffMe(['kyc_reviewer']));
    renderConsole('/audit');
    expect((await screen.findByRole('alert')).textContent).toMatch(/Your roles do not allow this/);
    expect(net.calls('audit')).toHaveLength(0);
  });

  it('a 403 from the server shows a clear message and keeps the user signed in', async () => {
    net.on('me', () => staffMe(['auditor']));
    net.on('audit', () => opsError(403, 'FORBIDDEN', 'Missing permission audit.read'));
    renderConsole('/audit');
    expect((await screen.findByRole('alert')).textContent).toMatch(/Your roles do not allow this/);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('a quarter of an hour without activity leads back to sign-in with a message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    net.on('me', () => staffMe(['auditor']));
    net.on('logout', () => ({ ok: true }));
    renderConsole('/');
    await screen.findByRole('navigation', { name: 'Console' });
    // The shell can show before the session guard's effect (its idle clock) has run: React's
    // scheduler runs on the faked timers. A first second runs it, from when the quarter counts.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    await act(async () => {
      vi.advanceTimersByTime(IDLE_LIMIT_MS + 20_000);
    });
    expect(
      await screen.findByText(
        'You were signed out after 15 minutes without activity. Sign in again to continue.',
      ),
    ).toBeTruthy();
    // Ended on the server too.
    await vi.waitFor(() => expect(net.calls('logout')).toHaveLength(1));
  });
});
