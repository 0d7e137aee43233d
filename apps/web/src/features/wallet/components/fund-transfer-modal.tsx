import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode, MoneyMessages } from '@imali/contract';
import { formatRatio } from '@imali/money';
import { Button } from '@/components/ui/button';
import { FormTextField } from '@/components/ui/form-text-field';
import { modal } from '@/components/ui/modal';
import { DetailCardSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/http';
import { accountsQueryKey, useAccounts } from '@/lib/accounts';
import { refreshAfterMoneyMoved, walletKeys } from '../api/keys';
import { fetchPairs, usePairs } from '../api/pairs';
import { transferFunds } from '../api/transfer';
import { displayAmount } from '../model/display';
import { transferFormSchema, transferableNote, type TransferFormValues } from '../model/forms';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { conversionProblem, convertedAmount, findQuote, matchingAccounts } from '../model/transfer';
import { Notice } from '@/components/ui/notice';
import { Amount, SelectField, currencyName } from './parts';

export const FUND_TRANSFER_KEY = 'fund-transfer';
export const FUND_TRANSFER_TITLE = 'Fund Transfer';

export interface FundTransferModalProps {
  from?: string;
  to?: string;
}

function SwapIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path d="M7 4v16M7 20l-3-3M7 20l3-3M17 20V4M17 4l-3 3M17 4l3 3" />
    </svg>
  );
}

/**
 * Fund Transfer (spec sections 2, 3, 5, 8): move money between the client's currency accounts at
 * the published rate. The converted amount follows the input live and is the figure the server
 * credits (packages/money convertAmount: amount × rate, 2 decimals, rounded down); an amount that
 * would credit nothing is refused before sending ('Amount is too small to convert.'). Every
 * direction, swapped or not, is priced by the server's one swap rule (quoteFor: the published
 * pair, else the reverse pair's mid with its spread), and the spread against mid is shown. A
 * 'rate changed' refusal reloads the rate and asks the client to look again.
 */
export default function FundTransferModal({
  from: initialFrom = 'ZAR',
  to: initialTo = 'USD',
}: FundTransferModalProps) {
  const queryClient = useQueryClient();
  const { data: accounts, isLoading: accountsLoading } = useAccounts();
  const pairsQuery = usePairs();
  const pairs = pairsQuery.data;
  const keeper = useState(createIdempotencyKeeper)[0];
  const [rateNotice, setRateNotice] = useState<string | null>(null);

  const schema = useMemo(() => transferFormSchema(accounts ?? []), [accounts]);
  const form = useForm<TransferFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { from: initialFrom, to: initialTo, amount: '' },
  });
  const [from, to, amount] = useWatch({ control: form.control, name: ['from', 'to', 'amount'] });

  useEffect(() => {
    if (pairsQuery.isError) toast.error(MoneyMessages.loadRatesFailed);
  }, [pairsQuery.isError]);

  const quote = useMemo(() => (pairs ? findQuote(pairs, from, to) : undefined), [pairs, from, to]);
  const matched = accounts ? matchingAccounts(accounts, from, to) : undefined;
  const converted = convertedAmount(amount, quote);
  const tooSmall = conversionProblem(amount, quote);
  const fromAccount = matched?.from ?? accounts?.find((a) => a.currency === from);

  const currencyOptions = (accounts ?? []).map((a) => ({
    value: a.currency,
    label: `${a.currency} · ${currencyName(a.currency)}`,
  }));

  const swap = () => {
    form.setValue('from', to);
    form.setValue('to', from);
    setRateNotice(null);
    if (form.formState.isSubmitted) void form.trigger();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (!pairs) {
      toast.error(MoneyMessages.loadRatesFailed);
      return;
    }
    if (!quote) {
      toast.error(MoneyMessages.pairNotFound);
      return;
    }
    if (!matched) {
      toast.error(MoneyMessages.accountsNotFound);
      return;
    }
    const nothingToCredit = conversionProblem(values.amount, quote);
    if (nothingToCredit) {
      form.setError('amount', { message: nothingToCredit });
      return;
    }
    const body = {
      from_account: matched.from.id,
      to_account: matched.to.id,
      amount: values.amount.trim(),
      rate: quote.rate,
    };
    try {
      await transferFunds(body, keeper.keyFor(body));
      keeper.settle();
      toast.success(MoneyMessages.transferSuccessful);
      modal.forceClose();
      await refreshAfterMoneyMoved(queryClient);
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.RateChanged) {
        keeper.settle();
        try {
          await queryClient.fetchQuery({ queryKey: walletKeys.pairs, queryFn: fetchPairs, staleTime: 0 });
        } catch {
          toast.error(MoneyMessages.loadRatesFailed);
          return;
        }
        setRateNotice(error.message);
        toast.warning(error.message);
        return;
      }
      console.error('Transfer failed', error);
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) keeper.settle();
      toast.error(MoneyMessages.transferFailed);
      if (error instanceof ApiError && error.code === ErrorCode.InsufficientFunds) {
        form.setError('amount', { message: error.message });
        void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
      }
    }
  });

  if (accountsLoading || pairsQuery.isLoading) return <DetailCardSkeleton rows={4} />;

  const pairProblem = pairsQuery.isError
    ? MoneyMessages.loadRatesFailed
    : from && to && from !== to && !quote
      ? MoneyMessages.pairNotFound
      : from && to && from !== to && !matched
        ? MoneyMessages.accountsNotFound
        : null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="relative space-y-2">
        <div className="rounded-2xl bg-slate-50 p-3">
          <SelectField
            label="From"
            name="from"
            value={from}
            onChange={(v) => {
              form.setValue('from', v, { shouldValidate: form.formState.isSubmitted });
              setRateNotice(null);
            }}
            options={currencyOptions}
            error={form.formState.errors.from?.message}
          />
          {fromAccount && (
            <p className="mt-1.5 px-1 text-xs text-slate-500" data-testid="transfer-available">
              Available <Amount value={fromAccount.available} currency={fromAccount.currency} alwaysVisible />
              {transferableNote(fromAccount) && (
                <>
                  {' · '}up to{' '}
                  <Amount value={fromAccount.transferable} currency={fromAccount.currency} alwaysVisible />{' '}
                  may be transferred. {transferableNote(fromAccount)}
                </>
              )}
            </p>
          )}
        </div>
        <div className="flex justify-center">
          <button
            type="button"
            onClick={swap}
            aria-label="Swap currencies"
            className="-my-4 flex size-10 items-center justify-center rounded-full border border-slate-200 bg-white text-brand-600 shadow-md transition-transform hover:rotate-180"
          >
            <SwapIcon />
          </button>
        </div>
        <div className="rounded-2xl bg-slate-50 p-3">
          <SelectField
            label="To"
            name="to"
            value={to}
            onChange={(v) => {
              form.setValue('to', v, { shouldValidate: form.formState.isSubmitted });
              setRateNotice(null);
            }}
            options={currencyOptions}
            error={form.formState.errors.to?.message}
          />
        </div>
      </div>

      <FormTextField
        control={form.control}
        name="amount"
        label="Amount"
        filter="number"
        inputMode="decimal"
        autoComplete="off"
        prefix={from || undefined}
        trailing={
          fromAccount ? (
            <button
              type="button"
              className="rounded-lg px-2 py-1 text-xs font-bold text-brand-600 hover:bg-brand-50"
              onClick={() => form.setValue('amount', fromAccount.transferable, { shouldValidate: true })}
            >
              MAX
            </button>
          ) : undefined
        }
      />

      {pairProblem ? (
        <Notice tone="error">{pairProblem}</Notice>
      ) : (
        quote && (
          <div className="rounded-2xl border border-slate-200 p-4" data-testid="transfer-quote">
            <div className="flex items-baseline justify-between gap-3">
              <span className="text-sm text-slate-500">You receive</span>
              <span data-testid="converted-amount" className="text-xl font-bold text-slate-900 tabular-nums">
                {converted !== undefined ? displayAmount(converted, quote.to) : displayAmount('0', quote.to)}
              </span>
            </div>
            {tooSmall && form.formState.errors.amount?.message !== tooSmall && (
              <p data-testid="transfer-too-small" className="mt-1 text-right text-xs text-red-600">
                {tooSmall}
              </p>
            )}
            <div className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-xs text-slate-500">
              <p className="flex justify-between gap-3">
                <span>Rate</span>
                <span data-testid="transfer-rate" className="font-semibold text-slate-800 tabular-nums">
                  1 {quote.from} = {quote.rate} {quote.to}
                </span>
              </p>
              <p className="flex justify-between gap-3">
                <span>Mid-market</span>
                <span className="tabular-nums">
                  1 {quote.from} = {quote.mid} {quote.to}
                </span>
              </p>
              <p className="flex justify-between gap-3">
                <span>Spread vs mid</span>
                <span data-testid="transfer-spread" className="tabular-nums">
                  {formatRatio(quote.spread)}
                </span>
              </p>
            </div>
          </div>
        )
      )}
      {rateNotice && (
        <Notice tone="warning" role="note">
          {rateNotice}
        </Notice>
      )}

      <Button
        type="submit"
        block
        size="lg"
        loading={form.formState.isSubmitting}
        disabled={Boolean(pairProblem) || !quote}
      >
        Transfer
      </Button>
    </form>
  );
}

export function openFundTransfer(props: FundTransferModalProps = {}): void {
  modal.open<FundTransferModalProps>({
    key: FUND_TRANSFER_KEY,
    title: FUND_TRANSFER_TITLE,
    content: FundTransferModal,
    props,
  });
}
