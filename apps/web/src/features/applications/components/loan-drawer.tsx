import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { Application, LoanQuote } from '@imali/contract';
import type { BottomDrawerContentProps } from '@/components/ui/bottom-drawer';
import { Button } from '@/components/ui/button';
import { FormTextField } from '@/components/ui/form-text-field';
import { KeyValueSection } from '@/components/ui/key-value-section';
import { DetailCardSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/http';
import { createIdempotencyKeeper, sendOnce } from '@/lib/idempotency';
import { applicationKeys, previewLoan, submitApplication } from '../api/applications';
import { useAccounts } from '@/lib/accounts';
import { loanFormSchema, money, type LoanFormValues } from '../model/forms';
import { LoanSchedule } from './loan-schedule';
import { AccountSelect, Submitted, TextArea } from './parts';

const toBody = (v: LoanFormValues) => ({
  account_id: Number(v.account_id),
  amount: v.amount.trim(),
  term_months: Number(v.term_months),
  purpose: v.purpose.trim(),
  monthly_income: v.monthly_income.trim(),
  monthly_expenses: v.monthly_expenses.trim(),
});

/** The cost of credit and affordability, shown before the client can submit. */
export function LoanCost({ quote }: { quote: LoanQuote }) {
  const m = (a: string) => money(a, quote.currency);
  const a = quote.affordability;
  const hasOtherLoans = !/^0+(\.0+)?$/.test(a.other_loans_instalments);
  return (
    <section aria-labelledby="loan-cost-title" className="space-y-3" data-testid="loan-cost">
      <h3 id="loan-cost-title" className="text-sm font-semibold text-slate-900">
        Total cost of credit
      </h3>
      <KeyValueSection
        rows={[
          { label: 'Amount borrowed', value: m(quote.amount) },
          { label: 'Interest rate', value: `${quote.annual_rate}% a year, fixed (charged monthly)` },
          { label: 'Term', value: `${quote.term_months} months` },
          { label: 'Monthly instalment', value: m(quote.instalment) },
          { label: 'Total repayable', value: m(quote.total_repayable) },
          { label: 'Total cost of credit', value: m(quote.total_cost_of_credit) },
        ]}
      />
      <div
        role="status"
        className={cn(
          'rounded-xl p-3 text-sm',
          a.affordable ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800',
        )}
      >
        <p className="font-semibold">Affordability: {a.affordable ? 'affordable' : 'not affordable'}</p>
        <p className="mt-1">{a.summary}</p>
        <p className="mt-1 text-xs opacity-80">
          Income {m(a.monthly_income)} − expenses {m(a.monthly_expenses)} = {m(a.disposable_income)} a month;
          {hasOtherLoans
            ? ` your other loans take ${m(a.other_loans_instalments)} a month of it, and with this one they may take at most ${a.max_share}% of it.`
            : ` the instalment may take at most ${a.max_share}% of it.`}
        </p>
      </div>
      <details className="rounded-xl">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">
          Repayment schedule ({quote.schedule.length} instalments)
        </summary>
        <div className="mt-2">
          <LoanSchedule rows={quote.schedule} currency={quote.currency} />
        </div>
      </details>
    </section>
  );
}

/**
 * The 'loan' bottom drawer (Loan Application, 90vh; only when allow_loan): amount, term and
 * purpose with the client's monthly income and expenses; the rate, instalment, total repayable,
 * total cost of credit and an affordability summary are shown (server preview) before Submit is
 * possible, and change of any field asks for them again.
 */
export default function LoanDrawer({ close, closeAndNavigate }: BottomDrawerContentProps<'loan'>) {
  const queryClient = useQueryClient();
  const { data: accounts, isLoading } = useAccounts();
  const keeper = useState(createIdempotencyKeeper)[0];
  const [quote, setQuote] = useState<{ for: string; quote: LoanQuote } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Application | null>(null);

  const form = useForm<LoanFormValues>({
    resolver: zodResolver(loanFormSchema),
    defaultValues: {
      account_id: '',
      amount: '',
      term_months: '12',
      purpose: '',
      monthly_income: '',
      monthly_expenses: '',
    },
  });
  const values = useWatch({ control: form.control });
  const accountId = values.account_id ?? '';
  useEffect(() => {
    if (!form.getValues('account_id') && accounts?.[0]) form.setValue('account_id', String(accounts[0].id));
  }, [accounts, form]);

  if (done) {
    return (
      <Submitted
        application={done}
        title="Loan application submitted"
        text="Our team reviews it. Once approved, the money is paid into your account and the repayment schedule shows under Me > Application."
        onApplications={() => closeAndNavigate('/me/application')}
        onClose={close}
      />
    );
  }
  if (isLoading) return <DetailCardSkeleton />;

  const current = quote && quote.for === JSON.stringify(toBody(form.getValues())) ? quote.quote : null;

  const showCost = async (v: LoanFormValues) => {
    setBusy(true);
    try {
      const body = toBody(v);
      setQuote({ for: JSON.stringify(body), quote: await previewLoan(body) });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const body = { type: 'loan' as const, ...toBody(form.getValues()) };
    setBusy(true);
    try {
      const application = await sendOnce(keeper, body, submitApplication);
      setDone(application);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      aria-label="Loan application"
      onSubmit={form.handleSubmit((v) => showCost(v))}
    >
      <AccountSelect
        label="Pay the loan into"
        accounts={accounts ?? []}
        value={accountId}
        onChange={(id) => form.setValue('account_id', id, { shouldValidate: true })}
        error={form.formState.errors.account_id?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          control={form.control}
          name="amount"
          label="Amount"
          filter="number"
          inputMode="decimal"
        />
        <FormTextField
          control={form.control}
          name="term_months"
          label="Term (months)"
          filter="digits"
          maxDigits={2}
          inputMode="numeric"
          hint="3 to 24 months"
        />
        <FormTextField
          control={form.control}
          name="monthly_income"
          label="Monthly income"
          filter="number"
          inputMode="decimal"
        />
        <FormTextField
          control={form.control}
          name="monthly_expenses"
          label="Monthly expenses"
          filter="number"
          inputMode="decimal"
        />
      </div>
      <TextArea
        label="Purpose"
        placeholder="What is the loan for?"
        {...form.register('purpose')}
        error={form.formState.errors.purpose?.message}
      />
      {current ? (
        <>
          <LoanCost quote={current} />
          <Button
            size="lg"
            block
            loading={busy}
            disabled={!current.affordability.affordable}
            onClick={() => void submit()}
          >
            Submit application
          </Button>
        </>
      ) : (
        <Button type="submit" size="lg" block loading={busy}>
          See the cost of credit
        </Button>
      )}
    </form>
  );
}
