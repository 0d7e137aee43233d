import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { Application } from '@imali/contract';
import type { BottomDrawerContentProps } from '@/components/ui/bottom-drawer';
import { Button } from '@/components/ui/button';
import { FormTextField } from '@/components/ui/form-text-field';
import { CloseIcon, UploadIcon } from '@/components/ui/icons';
import { DetailCardSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/http';
import { createIdempotencyKeeper, sendOnce } from '@/lib/idempotency';
import { applicationKeys, submitApplication, uploadEvidence } from '../api/applications';
import { useAccounts } from '@/lib/accounts';
import {
  EvidenceMessages,
  MAX_EVIDENCE_FILES,
  compensationFormSchema,
  evidenceFileProblem,
  type CompensationFormValues,
} from '../model/forms';
import { AccountSelect, Submitted, TextArea } from './parts';

interface Evidence {
  name: string;
  url: string;
}

/**
 * The 'compensation' bottom drawer (Compensation Application, 90vh; only when
 * allow_compensation): reason, the related order or transaction, the amount claimed and evidence
 * (images, as for KYC, uploaded as they are picked). An operator approves (credited to the
 * account) or rejects with a reason shown under Me > Application.
 */
export default function CompensationDrawer({
  close,
  closeAndNavigate,
}: BottomDrawerContentProps<'compensation'>) {
  const queryClient = useQueryClient();
  const { data: accounts, isLoading } = useAccounts();
  const keeper = useState(createIdempotencyKeeper)[0];
  const [evidence, setEvidence] = useState<Evidence[]>([]);
  const [evidenceError, setEvidenceError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const [done, setDone] = useState<Application | null>(null);
  const fileId = useId();

  const form = useForm<CompensationFormValues>({
    resolver: zodResolver(compensationFormSchema),
    defaultValues: { accountId: '', amount: '', reason: '', related_reference: '' },
  });
  const accountId = useWatch({ control: form.control, name: 'accountId' });
  useEffect(() => {
    if (!form.getValues('accountId') && accounts?.[0]) form.setValue('accountId', String(accounts[0].id));
  }, [accounts, form]);

  if (done) {
    return (
      <Submitted
        application={done}
        title="Application submitted"
        text="Our team reviews your claim. The decision, and its reason if it is rejected, will show under Me > Application."
        onApplications={() => closeAndNavigate('/me/application')}
        onClose={close}
      />
    );
  }
  if (isLoading) return <DetailCardSkeleton />;

  const pickFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (evidence.length + files.length > MAX_EVIDENCE_FILES) {
      setEvidenceError(EvidenceMessages.tooMany);
      return;
    }
    const problem = files.map(evidenceFileProblem).find(Boolean);
    if (problem) {
      setEvidenceError(problem);
      return;
    }
    setEvidenceError(undefined);
    setUploading(true);
    try {
      for (const file of files) {
        const { url } = await uploadEvidence(file);
        if (url) setEvidence((list) => [...list, { name: file.name, url }]);
      }
    } catch (error) {
      setEvidenceError(errorMessage(error, 'Upload failed. Please try again.'));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (values: CompensationFormValues) => {
    if (evidence.length === 0) {
      setEvidenceError(EvidenceMessages.required);
      return;
    }
    const body = {
      type: 'compensation' as const,
      account_id: Number(values.accountId),
      amount: values.amount.trim(),
      reason: values.reason.trim(),
      related_reference: values.related_reference.trim(),
      evidence_urls: evidence.map((e) => e.url),
    };
    try {
      const application = await sendOnce(keeper, body, submitApplication);
      setDone(application);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      aria-label="Compensation application"
      onSubmit={form.handleSubmit(submit, () => {
        if (evidence.length === 0) setEvidenceError(EvidenceMessages.required);
      })}
    >
      <p className="text-sm text-slate-600">
        Tell us what went wrong, which order or transaction it concerns and how much you claim. Add
        screenshots or photos as evidence.
      </p>
      <AccountSelect
        label="Pay compensation into"
        accounts={accounts ?? []}
        value={accountId}
        onChange={(id) => form.setValue('accountId', id, { shouldValidate: true })}
        error={form.formState.errors.accountId?.message}
      />
      <FormTextField
        control={form.control}
        name="amount"
        label="Amount claimed"
        filter="number"
        inputMode="decimal"
      />
      <FormTextField
        control={form.control}
        name="related_reference"
        label="Related order or transaction"
        hint="An order number or a reference such as DEP-… or WDR-…"
      />
      <TextArea
        label="Reason"
        placeholder="What happened?"
        {...form.register('reason')}
        error={form.formState.errors.reason?.message}
      />
      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold text-slate-700">Evidence</legend>
        <ul className="space-y-2" aria-label="Evidence files">
          {evidence.map((e) => (
            <li
              key={e.url}
              className="flex items-center justify-between rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm"
            >
              <span className="truncate">{e.name}</span>
              <button
                type="button"
                aria-label={`Remove ${e.name}`}
                className="text-slate-500 hover:text-red-600"
                onClick={() => setEvidence((list) => list.filter((x) => x.url !== e.url))}
              >
                <CloseIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
        {evidence.length < MAX_EVIDENCE_FILES && (
          <label
            htmlFor={fileId}
            className="mt-2 flex cursor-pointer items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm font-semibold text-brand-700 hover:border-brand-400"
          >
            <UploadIcon size={18} />
            {uploading ? 'Uploading…' : 'Add image (JPEG, PNG or WebP, up to 20MB)'}
          </label>
        )}
        <input
          id={fileId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          className="sr-only"
          data-testid="evidence-input"
          onChange={(e) => void pickFiles(e)}
        />
        {evidenceError && (
          <p role="alert" className="mt-1.5 px-1 text-xs font-medium text-red-600">
            {evidenceError}
          </p>
        )}
      </fieldset>
      <Button type="submit" size="lg" block loading={form.formState.isSubmitting} disabled={uploading}>
        Submit application
      </Button>
    </form>
  );
}
