import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode, Messages, type BankCard, type Withdrawal } from '@imali/contract';
import type { BottomDrawerContentProps } from '@/components/ui/bottom-drawer';
import { Button } from '@/components/ui/button';
import { PinHint } from '@/components/ui/product-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { FormTextField } from '@/components/ui/form-text-field';
import { BankIcon } from '@/components/ui/icons';
import { PlacedScreen } from '@/components/ui/placed-screen';
import { DetailCardSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { ApiError } from '@/lib/http';
import { useProfile } from '@/lib/profile';
import { accountsQueryKey, useAccounts } from '@/lib/accounts';
import { useBankCards } from '../api/bank-cards';
import { refreshAfterMoneyMoved } from '../api/keys';
import { useLimits } from '../api/limits';
import { requestWithdrawal } from '../api/withdrawals';
import { displayAmount, maskCardNumber } from '../model/display';
import { withdrawableNote, withdrawalFormSchema, type WithdrawalFormValues } from '../model/forms';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { placeWithPin } from '@/lib/order-flow';
import { openBankCardModal } from './bank-card-modal';
import { Notice } from '@/components/ui/notice';
import { AccountPicker, Amount, StatusBadge } from './parts';
import { askForPin } from './verify-pin-modal';

function CardPicker({
  cards,
  value,
  onChange,
  error,
}: {
  cards: readonly BankCard[];
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  return (
    <fieldset>
      <div className="mb-2 flex items-center justify-between">
        <legend className="text-sm font-semibold text-slate-700">Pay to</legend>
        <button
          type="button"
          className="text-sm font-semibold text-brand-600 hover:text-brand-700"
          onClick={() => openBankCardModal({ onSaved: (card) => onChange(String(card.id)) })}
        >
          + Add bank card
        </button>
      </div>
      <div role="radiogroup" aria-label="Bank card" className="space-y-2">
        {cards.map((card) => {
          const selected = String(card.id) === value;
          return (
            <button
              key={card.id}
              type="button"
              role="radio"
              aria-checked={selected}
              onClick={() => onChange(String(card.id))}
              className={cn(
                'flex w-full items-center gap-3 rounded-xl border p-3 text-left transition-colors',
                selected
                  ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500/20'
                  : 'border-slate-200 bg-white hover:border-slate-300',
              )}
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
                <BankIcon size={18} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-slate-900">{card.bank_name}</span>
                <span className="block truncate text-xs text-slate-500">
                  <span className="font-mono">{maskCardNumber(card.card_no)}</span> · {card.holder_name}
                </span>
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  'size-4 shrink-0 rounded-full border-2',
                  selected
                    ? 'border-brand-600 bg-brand-600 ring-2 ring-white ring-inset'
                    : 'border-slate-300',
                )}
              />
            </button>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="mt-1.5 px-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Result({
  withdrawal,
  onRecords,
  onClose,
}: {
  withdrawal: Withdrawal;
  onRecords: () => void;
  onClose: () => void;
}) {
  return (
    <PlacedScreen
      testId="withdrawal-done"
      title="Withdrawal requested"
      message={`The amount is held in your ${withdrawal.currency} account until our team pays it to your bank.`}
      rows={[
        { label: 'Reference', value: <span className="font-mono">{withdrawal.reference}</span> },
        { label: 'Amount', value: displayAmount(withdrawal.amount, withdrawal.currency) },
        {
          label: 'To',
          value: `${withdrawal.receiver.bank_name} ${maskCardNumber(withdrawal.receiver.card_no)}`,
        },
        { label: 'Status', value: <StatusBadge status={withdrawal.status} /> },
      ]}
      actions={[
        { label: 'View Records', onClick: onRecords },
        { label: 'Done', onClick: onClose, primary: true },
      ]}
    />
  );
}

/**
 * The 'withdraw' bottom drawer: account, one of the client's bank cards, amount between the
 * minimum and what may be withdrawn now (the server's `withdrawable`: "up to" and MAX use it, and
 * the form refuses more, naming the limit, before the PIN); every withdrawal asks for the PIN (the
 * server spends one PIN verification per withdrawal).
 */
export default function WithdrawDrawer({
  params,
  close,
  closeAndNavigate,
}: BottomDrawerContentProps<'withdraw'>) {
  const queryClient = useQueryClient();
  const { data: accounts, isLoading: accountsLoading } = useAccounts();
  const { data: cards, isLoading: cardsLoading } = useBankCards();
  const { data: profile } = useProfile();
  const limits = useLimits();
  const keeper = useState(createIdempotencyKeeper)[0];
  const [result, setResult] = useState<Withdrawal | null>(null);
  // Staff put the client's withdrawals on hold (decision 0065): the server's refusal stays in the
  // drawer, not only in a passing toast, since no other amount or card would go through either.
  const [onHold, setOnHold] = useState<string | null>(null);

  const schema = useMemo(
    () => withdrawalFormSchema(accounts ?? [], (c) => limits.byCurrency(c)?.min_withdrawal),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- byCurrency reads limits.data
    [accounts, limits.data],
  );
  const form = useForm<WithdrawalFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      accountId: params.accountId !== undefined ? String(params.accountId) : '',
      cardId: '',
      amount: '',
    },
  });
  const accountId = useWatch({ control: form.control, name: 'accountId' });
  const cardId = useWatch({ control: form.control, name: 'cardId' });
  const account = accounts?.find((a) => String(a.id) === accountId);
  const minimum = account ? limits.byCurrency(account.currency)?.min_withdrawal : undefined;
  const note = account ? withdrawableNote(account) : undefined;

  useEffect(() => {
    if (!form.getValues('accountId') && accounts?.[0]) form.setValue('accountId', String(accounts[0].id));
  }, [accounts, form]);
  useEffect(() => {
    if (!form.getValues('cardId') && cards?.length === 1) form.setValue('cardId', String(cards[0]!.id));
  }, [cards, form]);

  const submit = async (values: WithdrawalFormValues): Promise<void> => {
    const body = {
      account_id: Number(values.accountId),
      receiver: Number(values.cardId),
      amount: values.amount.trim(),
    };
    if (profile && !profile.has_pin) {
      toast.warning(Messages.pinNotSet);
      return;
    }
    setOnHold(null);
    // Every withdrawal spends a PIN verification of its own on the server: always ask.
    const withdrawal = await placeWithPin({
      askForPin,
      description: account
        ? `Confirm your withdrawal of ${displayAmount(body.amount, account.currency)}.`
        : undefined,
      body,
      keeper,
      send: requestWithdrawal,
      onError: (error) => {
        if (error instanceof ApiError && error.code === ErrorCode.WithdrawalsBlocked)
          setOnHold(error.message);
        void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
      },
    });
    if (withdrawal) {
      setResult(withdrawal);
      await refreshAfterMoneyMoved(queryClient);
    }
  };
  const onSubmit = form.handleSubmit((values) => submit(values));

  if (result) {
    return (
      <div className="mx-auto w-full max-w-xl pb-6">
        <Result withdrawal={result} onRecords={() => closeAndNavigate('/me/records')} onClose={close} />
      </div>
    );
  }
  if (accountsLoading || cardsLoading || !accounts) {
    return (
      <div className="mx-auto w-full max-w-xl">
        <DetailCardSkeleton rows={4} />
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mx-auto w-full max-w-xl space-y-6 pb-6">
      <AccountPicker
        label="Withdraw from"
        accounts={accounts}
        value={accountId}
        onChange={(id) => form.setValue('accountId', id, { shouldValidate: form.formState.isSubmitted })}
        error={form.formState.errors.accountId?.message}
      />
      {account && (
        <div className="grid grid-cols-2 gap-3">
          <div className="rounded-xl bg-slate-50 p-3">
            <p className="text-xs text-slate-500">Available</p>
            <Amount
              value={account.available}
              currency={account.currency}
              className="text-base font-semibold text-slate-900"
            />
          </div>
          <div className="rounded-xl bg-slate-50 p-3">
            <p className="text-xs text-slate-500">Held</p>
            <Amount
              value={account.held}
              currency={account.currency}
              className={cn(
                'text-base font-semibold',
                /[1-9]/.test(account.held) ? 'text-amber-600' : 'text-slate-900',
              )}
            />
          </div>
        </div>
      )}
      {note && (
        <Notice tone="warning" role="note">
          <span data-testid="withdrawable-note">{note}</span>
        </Notice>
      )}
      {cards && cards.length > 0 ? (
        <CardPicker
          cards={cards}
          value={cardId}
          onChange={(id) => form.setValue('cardId', id, { shouldValidate: form.formState.isSubmitted })}
          error={form.formState.errors.cardId?.message}
        />
      ) : (
        <EmptyState
          icon={<BankIcon />}
          title="Add a bank account first"
          description="Withdrawals are paid only to bank accounts in your own name."
          action={
            <Button
              onClick={() =>
                openBankCardModal({ onSaved: (card) => form.setValue('cardId', String(card.id)) })
              }
            >
              + Add Bank Card
            </Button>
          }
        />
      )}
      <FormTextField
        control={form.control}
        name="amount"
        label="Amount"
        filter="number"
        inputMode="decimal"
        autoComplete="off"
        prefix={account?.currency}
        trailing={
          account ? (
            <button
              type="button"
              className="rounded-lg px-2 py-1 text-xs font-bold text-brand-600 hover:bg-brand-50"
              onClick={() => form.setValue('amount', account.withdrawable, { shouldValidate: true })}
            >
              MAX
            </button>
          ) : undefined
        }
        hint={
          account && minimum
            ? `Minimum ${displayAmount(minimum, account.currency)} · up to ${displayAmount(account.withdrawable, account.currency)}`
            : undefined
        }
      />
      {onHold && (
        <Notice tone="error">
          <span data-testid="withdrawals-on-hold">{onHold}</span>
        </Notice>
      )}
      {profile?.pin_locked ? <Notice tone="error">{Messages.pinLocked}</Notice> : <PinHint />}
      <Button
        type="submit"
        block
        size="lg"
        loading={form.formState.isSubmitting}
        disabled={!cards || cards.length === 0 || profile?.pin_locked === true}
      >
        Withdraw
      </Button>
    </form>
  );
}
