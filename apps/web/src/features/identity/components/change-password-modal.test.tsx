// @vitest-environment happy-dom
// Change Password (spec section 8: success 'Password changed successfully.'). A wrong current
// password showed nothing on screen, only a 400 in the console (issue 24, point 12): the client is
// told under the field, and any other failure shows the server's message; success is unchanged.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const changePassword = vi.fn<(input: { current: string; next: string }) => Promise<unknown>>();
vi.mock('../api/change-password', () => ({
  changePassword: (input: { current: string; next: string }) => changePassword(input),
}));
const logout = vi.fn(async () => {});
vi.mock('../model/logout', () => ({ logout: () => logout() }));
const toast = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
vi.mock('@/components/ui/toast', () => ({ toast }));

const { ChangePasswordModal } = await import('./change-password-modal');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function submit(current: string) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ChangePasswordModal />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await user.type(screen.getByLabelText('Current Password'), current);
  await user.type(screen.getByLabelText('New Password'), 'newsecret1');
  await user.type(screen.getByLabelText('Confirm Password'), 'newsecret1');
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
  return user;
}

describe('Change Password', () => {
  it('a wrong current password: "Incorrect password" under the field, the form stays open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    changePassword.mockRejectedValueOnce(new ApiError('Incorrect password', 'INCORRECT_PASSWORD', 400));
    await submit('wrongpass');
    const current = screen.getByLabelText('Current Password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(current.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('Incorrect password');
    expect(screen.getByRole('alert').textContent).toBe('Incorrect password');
    expect(logout).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    // Still logged, as the spec has it.
    expect(console.error).toHaveBeenCalled();
  });

  it("another failure (too many attempts, a server error): the server's message in a toast", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    changePassword.mockRejectedValueOnce(
      new ApiError('Too many failed attempts. Please try again in 15 minutes.', 'LOCKED', 429),
    );
    await submit('secret123');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Too many failed attempts. Please try again in 15 minutes.'),
    );
    expect(logout).not.toHaveBeenCalled();
  });

  it("success: the spec's toast, then signed out", async () => {
    changePassword.mockResolvedValueOnce({ ok: true });
    await submit('secret123');
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(toast.success).toHaveBeenCalledWith('Password changed successfully.');
    expect(changePassword).toHaveBeenCalledWith({
      current: 'secret123',
      next: 'newsecret1',
      confirm: 'newsecret1',
    });
  });
});
