import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { kycIdForm } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { FormTextField } from '@/components/ui/form-text-field';
import type { KycIdValues } from '../../model/kyc';
import { IdImageField } from './id-image-field';

export const STILL_UPLOADING = 'Your ID image is still uploading. We will submit as soon as it finishes.';

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
  const [uploading, setUploading] = useState({ front: false, back: false });
  // Submit was pressed while an image was still uploading: submit once it has finished.
  const [waiting, setWaiting] = useState(false);
  // The same, for the upload callbacks (they come from the async upload, so read them here);
  // every change goes through onUploadingChange or the submit handler, which keep both.
  const latest = useRef({ uploading, waiting });
  const busyUploading = uploading.front || uploading.back;
  const submit = form.handleSubmit(async (values) => {
    setFailure(await onSubmit(values));
  });

  const onUploadingChange = (side: 'front' | 'back', busy: boolean) => {
    const next = { ...latest.current.uploading, [side]: busy };
    const submitNow = latest.current.waiting && !next.front && !next.back;
    latest.current = { uploading: next, waiting: latest.current.waiting && !submitNow };
    setUploading(next);
    if (submitNow) {
      setWaiting(false);
      void submit();
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (busyUploading) {
          latest.current.waiting = true;
          setWaiting(true);
        } else void submit(e);
      }}
      noValidate
      className="space-y-5"
      aria-label="Identity document"
    >
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
              onUploadingChange={(busy) => onUploadingChange('front', busy)}
              // An upload in progress is not a missing image.
              error={uploading.front ? undefined : fieldState.error?.message}
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
              onUploadingChange={(busy) => onUploadingChange('back', busy)}
              testId="kyc-id-back"
            />
          )}
        />
      </div>
      {waiting && (
        <p role="status" className="rounded-xl bg-brand-50 px-3 py-2.5 text-sm font-medium text-brand-700">
          {STILL_UPLOADING}
        </p>
      )}
      {failure && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2.5 text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
      <div className="flex justify-between pt-2">
        <Button variant="ghost" size="lg" onClick={onBack}>
          Back
        </Button>
        <Button
          type="submit"
          size="lg"
          loading={form.formState.isSubmitting || waiting}
          loadingText={waiting ? 'Uploading...' : undefined}
        >
          Submit
        </Button>
      </div>
    </form>
  );
}
