import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { MoneyMessages, type Deposit } from '@imali/contract';
import type { BottomDrawerContentProps } from '@/components/ui/bottom-drawer';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { FormTextField } from '@/components/ui/form-text-field';
import { FileIcon, UploadIcon } from '@/components/ui/icons';
import { DetailCardSkeleton } from '@/components/ui/skeleton';
import { Stepper } from '@/components/ui/stepper';
import { PlacedScreen } from '@/components/ui/placed-screen';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/http';
import { useAccounts } from '@/lib/accounts';
import { createDeposit, uploadDepositProof, useDeposits, type DepositCreated } from '../api/deposits';
import { refreshAfterMoneyMoved } from '../api/keys';
import { useLimits } from '../api/limits';
import { displayAmount } from '../model/display';
import { PROOF_ACCEPT, depositFormSchema, proofFileError, type DepositFormValues } from '../model/forms';
import { createIdempotencyKeeper, sendOnce } from '@/lib/idempotency';
import { SummaryRows } from '@/components/ui/summary-rows';
import { Notice } from '@/components/ui/notice';
import { AccountPicker } from './parts';

const STEPS = [
  { label: 'Amount', subLabel: 'Account and amount' },
  { label: 'Pay by EFT', subLabel: 'Use your reference' },
  { label: 'Proof', subLabel: 'Upload and done' },
];

function AmountStep({
  accountId,
  onCreated,
}: {
  accountId?: string;
  onCreated: (d: DepositCreated) => void;
}) {
  const { data: accounts, isLoading } = useAccounts();
  const limits = useLimits();
  const keeper = useState(createIdempotencyKeeper)[0];
  const schema = useMemo(
    () => depositFormSchema(accounts ?? [], (c) => limits.byCurrency(c)?.min_deposit),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- byCurrency reads limits.data
    [accounts, limits.data],
  );
  const form = useForm<DepositFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { accountId: accountId ?? '', amount: '' },
  });
  const selectedId = useWatch({ control: form.control, name: 'accountId' });
  const selected = accounts?.find((a) => String(a.id) === selectedId);
  useEffect(() => {
    if (!form.getValues('accountId') && accounts?.[0]) form.setValue('accountId', String(accounts[0].id));
  }, [accounts, form]);
  const minimum = selected ? limits.byCurrency(selected.currency)?.min_deposit : undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      account_id: Number(values.accountId),
      amount: values.amount.trim(),
      method: 'EFT' as const,
    };
    try {
      onCreated(await sendOnce(keeper, body, createDeposit));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  if (isLoading || !accounts) return <DetailCardSkeleton rows={3} />;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <AccountPicker
        label="Deposit into"
        accounts={accounts}
        value={selectedId}
        onChange={(id) => form.setValue('accountId', id, { shouldValidate: form.formState.isSubmitted })}
        error={form.formState.errors.accountId?.message}
      />
      <FormTextField
        control={form.control}
        name="amount"
        label="Amount"
        filter="number"
        inputMode="decimal"
        autoComplete="off"
        prefix={selected?.currency}
        hint={
          minimum && selected ? `Minimum deposit: ${displayAmount(minimum, selected.currency)}` : undefined
        }
      />
      <div>
        <p className="mb-2 text-sm font-semibold text-slate-700">Method</p>
        <div className="flex items-center gap-3 rounded-xl border border-brand-500 bg-brand-50 p-3 ring-2 ring-brand-500/20">
          <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600 text-xs font-bold text-white">
            EFT
          </span>
          <span className="text-sm">
            <span className="block font-semibold text-slate-900">Bank transfer (EFT)</span>
            <span className="block text-slate-500">Pay from your bank using the reference we give you.</span>
          </span>
        </div>
      </div>
      <Button type="submit" block size="lg" loading={form.formState.isSubmitting}>
        Continue
      </Button>
    </form>
  );
}

function PayAndProofStep({
  deposit,
  instructions,
  onUploaded,
  onLater,
}: {
  deposit: Deposit;
  instructions: DepositCreated['instructions'];
  onUploaded: (d: Deposit) => void;
  onLater: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const amount = displayAmount(deposit.amount, deposit.currency);

  const upload = async () => {
    const problem = proofFileError(file);
    if (problem || !file) {
      setFileError(problem);
      return;
    }
    setUploading(true);
    try {
      const updated = await uploadDepositProof(deposit.id, file);
      toast.success(MoneyMessages.proofAttached);
      onUploaded(updated);
    } catch (error) {
      setFileError(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="space-y-5">
      <div className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-600 p-5 text-white">
        <p className="text-sm text-brand-100">Your payment reference</p>
        <div className="mt-1 flex items-center gap-2">
          <span data-testid="deposit-reference" className="font-mono text-2xl font-bold tracking-wider">
            {deposit.reference}
          </span>
          <CopyButton
            text={deposit.reference}
            label="Reference"
            className="text-brand-100 hover:bg-white/10 hover:text-white"
          />
        </div>
        <p className="mt-3 text-sm text-brand-100">
          Pay exactly <strong className="text-gold-300">{amount}</strong> by EFT and quote this reference so
          we can match your payment.
        </p>
      </div>

      <SummaryRows
        rows={[
          { label: 'Bank', value: instructions.bank_name },
          { label: 'Account name', value: instructions.account_name },
          {
            label: 'Account number',
            value: (
              <span className="inline-flex items-center gap-1 font-mono">
                {instructions.account_number}
                <CopyButton text={instructions.account_number} label="Account number" />
              </span>
            ),
          },
          { label: 'Branch code', value: <span className="font-mono">{instructions.branch_code}</span> },
          {
            label: 'Reference',
            value: (
              <span className="inline-flex items-center gap-1 font-mono">
                {deposit.reference}
                <CopyButton text={deposit.reference} label="Reference" />
              </span>
            ),
          },
          { label: 'Amount', value: amount },
        ]}
      />

      <div>
        <p className="mb-2 text-sm font-semibold text-slate-700">Proof of payment</p>
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          className={cn(
            'flex w-full flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition-colors',
            fileError ? 'border-red-300 bg-red-50/40' : 'border-slate-300 bg-slate-50 hover:border-brand-400',
          )}
        >
          {file ? (
            <>
              <FileIcon size={26} className="text-brand-600" />
              <span
                data-testid="proof-file-name"
                className="max-w-full truncate text-sm font-semibold text-slate-900"
              >
                {file.name}
              </span>
              <span className="text-xs text-slate-500">
                {(file.size / 1024).toFixed(0)} KB · tap to change
              </span>
            </>
          ) : (
            <>
              <UploadIcon size={26} className="text-slate-400" />
              <span className="text-sm font-semibold text-slate-700">Choose File</span>
              <span className="text-xs text-slate-500">Bank confirmation as an image or PDF, up to 20MB</span>
            </>
          )}
        </button>
        <input
          ref={inputRef}
          type="file"
          name="proof"
          accept={PROOF_ACCEPT}
          className="sr-only"
          data-testid="proof-input"
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            e.target.value = '';
            setFile(picked);
            setFileError(picked ? proofFileError(picked) : undefined);
          }}
        />
        {fileError && (
          <p role="alert" className="mt-1.5 px-1 text-xs font-medium text-red-600">
            {fileError}
          </p>
        )}
      </div>

      <div className="flex flex-col gap-3 sm:flex-row-reverse">
        <Button
          size="lg"
          className="sm:flex-1"
          loading={uploading}
          loadingText="Uploading..."
          disabled={!file || Boolean(fileError)}
          onClick={() => void upload()}
        >
          Upload Proof
        </Button>
        <Button variant="ghost" size="lg" className="sm:flex-1" disabled={uploading} onClick={onLater}>
          I’ll upload it later
        </Button>
      </div>
    </div>
  );
}

function DoneStep({
  deposit,
  onRecords,
  onClose,
}: {
  deposit: Deposit;
  onRecords: () => void;
  onClose: () => void;
}) {
  return (
    <PlacedScreen
      testId="deposit-done"
      title="Proof of payment received"
      message={`Your ${deposit.currency} account is credited as soon as our team confirms the payment.`}
      rows={[
        { label: 'Reference', value: <span className="font-mono">{deposit.reference}</span> },
        { label: 'Amount', value: displayAmount(deposit.amount, deposit.currency) },
        { label: 'Status', value: 'Pending confirmation' },
      ]}
      actions={[
        { label: 'View Records', onClick: onRecords },
        { label: 'Done', onClick: onClose, primary: true },
      ]}
    />
  );
}

/**
 * The 'deposit' bottom drawer: create an EFT deposit (account, amount ≥ minimum), show the
 * reference and bank details, then attach the proof of payment. Params: `accountId` to preselect
 * an account, or `depositId` to attach proof to an earlier pending deposit.
 */
export default function DepositDrawer({
  params,
  close,
  closeAndNavigate,
}: BottomDrawerContentProps<'deposit'>) {
  const queryClient = useQueryClient();
  const { depositId } = params;
  const { data: deposits } = useDeposits();
  const [created, setCreated] = useState<DepositCreated | null>(null);
  const [done, setDone] = useState<Deposit | null>(null);
  const earlier = depositId !== undefined ? deposits?.find((d) => d.id === depositId) : undefined;
  // A deposit reopened from the records shows the same bank details as right after creating it.
  const current: DepositCreated | undefined = created ?? earlier;
  const step = done ? STEPS.length : current ? 1 : 0;

  const refresh = () => void refreshAfterMoneyMoved(queryClient);

  return (
    <div className="mx-auto w-full max-w-xl space-y-6 pb-6">
      <Stepper steps={STEPS} active={step} />
      {done ? (
        <DoneStep deposit={done} onRecords={() => closeAndNavigate('/me/records')} onClose={close} />
      ) : current ? (
        <PayAndProofStep
          deposit={current}
          instructions={current.instructions}
          onUploaded={(d) => {
            setDone(d);
            refresh();
          }}
          onLater={() => {
            refresh();
            toast.info('You can attach the proof later from Me › Records.');
            close();
          }}
        />
      ) : depositId !== undefined && !deposits ? (
        <DetailCardSkeleton rows={3} />
      ) : (
        <>
          {depositId !== undefined && !earlier && (
            <Notice tone="warning" role="note">
              {MoneyMessages.depositNotFound}
            </Notice>
          )}
          <AmountStep
            accountId={params.accountId !== undefined ? String(params.accountId) : undefined}
            onCreated={(d) => {
              setCreated(d);
              refresh();
            }}
          />
        </>
      )}
    </div>
  );
}
