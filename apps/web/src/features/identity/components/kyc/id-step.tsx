import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { kycIdForm } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { FormTextField } from '@/components/ui/form-text-field';
import { IdImageField } from './id-image-field';

export interface KycIdValues {
  id_no: string;
  id_front_url: string;
  id_back_url: string;
}

export function IdStep({
  initial,
  onBack,
  onSubmit,
}: {
  initial: KycIdValues;
  onBack: () => void;
  onSubmit: (values: KycIdValues) => Promise<string | null>;
}) {
  const form = useForm({ resolver: zodResolver(kycIdForm), defaultValues: initial });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(await onSubmit({ ...values, id_back_url: values.id_back_url ?? '' }));
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Identity document">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Identity document</h2>
        <p className="text-sm text-slate-500">Use a clear, uncropped photo in good light.</p>
      </div>
      <FormTextField control={form.control} name="id_no" label="ID number" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="id_front_url"
          render={({ field, fieldState }) => (
            <IdImageField
              label="ID front"
              required
              url={field.value}
              onUploaded={field.onChange}
              error={fieldState.error?.message}
              testId="kyc-id-front"
            />
          )}
        />
        <Controller
          control={form.control}
          name="id_back_url"
          render={({ field }) => (
            <IdImageField
              label="ID back"
              url={field.value ?? ''}
              onUploaded={field.onChange}
              testId="kyc-id-back"
            />
          )}
        />
      </div>
      {failure && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2.5 text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
      <div className="flex justify-between pt-2">
        <Button variant="ghost" size="lg" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
          Submit
        </Button>
      </div>
    </form>
  );
}
