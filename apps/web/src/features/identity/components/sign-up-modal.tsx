import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Messages, registerForm } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { FormTextField } from '@/components/ui/form-text-field';
import { modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/http';
import { register } from '../api/register';

export function SignUpModal() {
  const form = useForm({
    resolver: zodResolver(registerForm),
    defaultValues: { mobile: '', password: '', confirmPassword: '', invitationCode: '' },
    mode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await register(values);
      toast.success(Messages.registered);
      modal.forceClose();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : Messages.registrationFailed);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign up">
      <p className="text-sm text-slate-500">Join with the invitation code your Imali advisor gave you.</p>
      <FormTextField
        control={form.control}
        name="mobile"
        label="Mobile number"
        prefix="+27"
        filter="digits"
        maxDigits={9}
        autoComplete="tel-national"
      />
      <FormTextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
      />
      <FormTextField
        control={form.control}
        name="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
      />
      <FormTextField
        control={form.control}
        name="invitationCode"
        label="Invitation code"
        autoComplete="off"
      />
      <Button
        type="submit"
        size="lg"
        block
        loading={form.formState.isSubmitting}
        disabled={!form.formState.isValid}
      >
        Sign Up
      </Button>
    </form>
  );
}
