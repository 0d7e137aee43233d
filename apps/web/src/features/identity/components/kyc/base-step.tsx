import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { kycBaseForm } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { FormTextField } from '@/components/ui/form-text-field';
import type { KycBaseValues } from '../../model/kyc';
import { serverNow } from '@/lib/server-clock';

export function BaseStep({
  initial,
  onBack,
  onNext,
}: {
  initial: KycBaseValues;
  onBack: () => void;
  onNext: (values: KycBaseValues) => void;
}) {
  const form = useForm({ resolver: zodResolver(kycBaseForm), defaultValues: initial, mode: 'onTouched' });
  const today = new Date(serverNow()).toISOString().slice(0, 10);
  return (
    <form onSubmit={form.handleSubmit(onNext)} noValidate className="space-y-4" aria-label="Personal details">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Personal details</h2>
        <p className="text-sm text-slate-500">
          Enter your details exactly as they appear on your identity document.
        </p>
      </div>
      <FormTextField control={form.control} name="full_name" label="Full name" autoComplete="name" />
      <FormTextField
        control={form.control}
        name="mobile"
        label="Phone number"
        filter="digits"
        maxDigits={15}
        autoComplete="tel-national"
      />
      <FormTextField
        control={form.control}
        name="dob"
        label="Date of birth"
        type="date"
        min="1900-01-01"
        max={today}
      />
      <div className="flex justify-between pt-2">
        <Button variant="ghost" size="lg" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" size="lg">
          Next
        </Button>
      </div>
    </form>
  );
}
