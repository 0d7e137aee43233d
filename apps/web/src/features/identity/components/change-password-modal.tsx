import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { changePasswordForm, ErrorCode, Messages } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { FormTextField } from '@/components/ui/form-text-field';
import { modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { ApiError, errorMessage, isOfflineError } from '@/lib/http';
import { changePassword } from '../api/change-password';
import { logout } from '../model/logout';

export function ChangePasswordModal() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { current: '', next: '', confirm: '' },
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    modal.setBlocked(true);
    try {
      await changePassword(values);
      toast.success(Messages.passwordChanged);
      // All sessions end server-side; sign out here too and go to /login.
      await logout({ queryClient, navigate: (to) => void navigate(to) });
    } catch (error) {
      // The spec only logs a failure; a client is told too (issue 24): a wrong current password
      // under its field, anything else as the server's message. Offline, the app is on /error.
      console.error('Change password failed', error);
      modal.setBlocked(false);
      if (error instanceof ApiError && error.code === ErrorCode.IncorrectPassword) {
        form.setError('current', { message: Messages.incorrectPassword }, { shouldFocus: true });
      } else if (!isOfflineError(error)) {
        toast.error(errorMessage(error));
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormTextField
        control={form.control}
        name="current"
        label="Current Password"
        type="password"
        autoComplete="current-password"
      />
      <FormTextField
        control={form.control}
        name="next"
        label="New Password"
        type="password"
        autoComplete="new-password"
      />
      <FormTextField
        control={form.control}
        name="confirm"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
      />
      <Button type="submit" block size="lg" loading={form.formState.isSubmitting}>
        Change Password
      </Button>
    </form>
  );
}
