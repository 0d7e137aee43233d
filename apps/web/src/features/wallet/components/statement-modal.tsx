import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Account } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { FormTextField } from '@/components/ui/form-text-field';
import { modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/http';
import { fetchStatement } from '../api/statement';
import {
  defaultStatementRange,
  statementFileName,
  statementFormSchema,
  type StatementFormValues,
} from '../model/statement';
import { SelectField, currencyName } from './parts';

interface StatementModalProps {
  accounts: Account[];
}

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A CSV statement of one currency account for a date range (date, description, reference, debit, credit, balance). */
function StatementModal({ accounts }: StatementModalProps) {
  const form = useForm<StatementFormValues>({
    resolver: zodResolver(statementFormSchema),
    defaultValues: { accountId: accounts[0] ? String(accounts[0].id) : '', ...defaultStatementRange() },
  });
  const selected = useWatch({ control: form.control, name: 'accountId' });
  const onSubmit = form.handleSubmit(async ({ accountId, from, to }) => {
    const account = accounts.find((a) => String(a.id) === accountId);
    if (!account) return;
    try {
      saveFile(await fetchStatement(account.id, from, to), statementFileName(account.currency, from, to));
      modal.forceClose();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <SelectField
        label="Account"
        name="accountId"
        value={selected}
        onChange={(v) => form.setValue('accountId', v)}
        options={accounts.map((a) => ({
          value: String(a.id),
          label: `${a.currency} · ${currencyName(a.currency)}`,
        }))}
        error={form.formState.errors.accountId?.message}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormTextField control={form.control} name="from" label="From" type="date" />
        <FormTextField control={form.control} name="to" label="To" type="date" />
      </div>
      <p className="text-xs text-slate-500">
        CSV with date, description, reference, debit, credit and running balance. Dates are in South African
        time.
      </p>
      <Button type="submit" block size="lg" loading={form.formState.isSubmitting}>
        Download CSV
      </Button>
    </form>
  );
}

export function openStatementModal(accounts: Account[]): void {
  modal.open<StatementModalProps>({
    key: 'statement',
    title: 'Download Statement',
    content: StatementModal,
    props: { accounts },
    width: '460px',
  });
}
