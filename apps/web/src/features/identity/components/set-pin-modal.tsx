import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode, Messages, PIN_LENGTH, verifyPasswordForm } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { FormTextField } from '@/components/ui/form-text-field';
import { modal } from '@/components/ui/modal';
import { Stepper } from '@/components/ui/stepper';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/http';
import { profileQueryKey } from '@/lib/profile';
import { setPin } from '../api/set-pin';
import { verifyPassword } from '../api/verify-password';

const STEPS = [
  { label: 'Verify Password', subLabel: 'Confirm it is you' },
  { label: 'Set PIN', subLabel: '6 digits' },
];

function VerifyPasswordStep({ onVerified }: { onVerified: () => void }) {
  const form = useForm({ resolver: zodResolver(verifyPasswordForm), defaultValues: { password: '' } });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await verifyPassword(password);
      onVerified();
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.IncorrectPassword) {
        form.setError('password', { message: Messages.incorrectPassword });
      } else {
        form.setError('password', {
          message: error instanceof ApiError ? error.message : Messages.requestFailed,
        });
      }
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">Enter your current password to continue.</p>
      <FormTextField
        control={form.control}
        name="password"
        label="Current Password"
        type="password"
        autoComplete="current-password"
      />
      <Button type="submit" block size="lg" loading={form.formState.isSubmitting}>
        Verify
      </Button>
    </form>
  );
}

function PinStep() {
  const queryClient = useQueryClient();
  const [pin, setPinValue] = useState('');
  const [saving, setSaving] = useState(false);
  const submitted = useRef<string | null>(null);

  const save = async (value: string) => {
    if (value.length !== PIN_LENGTH || submitted.current === value) return;
    submitted.current = value;
    setSaving(true);
    try {
      await setPin(value);
      toast.success(Messages.pinSet);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
      modal.forceClose();
    } catch (error) {
      console.error('Set PIN failed', error);
      toast.error(Messages.pinSetFailed);
      submitted.current = null;
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save(pin);
      }}
    >
      <p className="text-sm text-slate-600">
        Create a 6-digit PIN. You will use it to confirm trades and withdrawals.
      </p>
      <TextField
        label="New PIN"
        type="password"
        value={pin}
        filter="digits"
        maxDigits={PIN_LENGTH}
        autoComplete="off"
        autoFocus
        onValueChange={(value) => {
          setPinValue(value);
          if (value.length === PIN_LENGTH) void save(value);
        }}
      />
      <div className="flex justify-center gap-2" aria-hidden="true">
        {Array.from({ length: PIN_LENGTH }, (_, i) => (
          <span
            key={i}
            className={`size-2.5 rounded-full ${i < pin.length ? 'bg-brand-600' : 'bg-slate-200'}`}
          />
        ))}
      </div>
      <Button type="submit" block size="lg" loading={saving} disabled={pin.length !== PIN_LENGTH}>
        Confirm PIN
      </Button>
    </form>
  );
}

export function SetPinModal() {
  const [step, setStep] = useState(0);
  return (
    <div className="space-y-6">
      <Stepper steps={STEPS} active={step} />
      {step === 0 ? <VerifyPasswordStep onVerified={() => setStep(1)} /> : <PinStep />}
    </div>
  );
}
