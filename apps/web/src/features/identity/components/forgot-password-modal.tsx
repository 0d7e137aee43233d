import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotResetForm, forgotVerifyForm, Messages, MOBILE_PATTERN } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { FormTextField } from '@/components/ui/form-text-field';
import { modal } from '@/components/ui/modal';
import { Stepper } from '@/components/ui/stepper';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/http';
import { requestResetCode } from '../api/request-code';
import { resetPassword, verifyResetCode } from '../api/reset-password';

const RESEND_SECONDS = 60;

function VerifyStep({ onVerified }: { onVerified: (v: { mobile: string; code: string }) => void }) {
  const form = useForm({ resolver: zodResolver(forgotVerifyForm), defaultValues: { mobile: '', code: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const [cooldown, setCooldown] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const sendCode = async () => {
    const mobile = form.getValues('mobile').trim();
    if (!MOBILE_PATTERN.test(mobile)) {
      form.setError('mobile', {
        message: mobile ? 'Must be 9 digits starting with 6, 7 or 8' : 'Mobile number is required',
      });
      return;
    }
    setSending(true);
    try {
      await requestResetCode(mobile);
      toast.success('Verification code sent.');
      setCooldown(RESEND_SECONDS);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : Messages.requestFailed);
    } finally {
      setSending(false);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await verifyResetCode(values);
      onVerified(values);
    } catch {
      setFailure(Messages.verificationFailed);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Verify mobile">
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
        name="code"
        label="Verification code"
        filter="digits"
        maxDigits={6}
        autoComplete="one-time-code"
        trailing={
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void sendCode()}
            loading={sending}
            disabled={cooldown > 0}
          >
            {cooldown > 0 ? `Resend in ${cooldown}s` : 'Send code'}
          </Button>
        }
      />
      {failure && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2.5 text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" block loading={form.formState.isSubmitting}>
        Verify
      </Button>
    </form>
  );
}

function ResetStep({ mobile, code }: { mobile: string; code: string }) {
  const form = useForm({
    resolver: zodResolver(forgotResetForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resetPassword({ mobile, code, password: values.password });
      toast.success(Messages.passwordResetSuccess);
      modal.forceClose();
    } catch {
      toast.error(Messages.passwordResetFailed);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Set a new password">
      <FormTextField
        control={form.control}
        name="password"
        label="New password"
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
      <Button type="submit" size="lg" block loading={form.formState.isSubmitting}>
        Reset Password
      </Button>
    </form>
  );
}

export function ForgotPasswordModal() {
  const [verified, setVerified] = useState<{ mobile: string; code: string } | null>(null);
  return (
    <div className="space-y-6">
      <Stepper steps={[{ label: 'Verify' }, { label: 'Reset' }]} active={verified ? 1 : 0} />
      {verified ? <ResetStep {...verified} /> : <VerifyStep onVerified={setVerified} />}
    </div>
  );
}
