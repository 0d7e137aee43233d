import { useState, type ReactNode } from 'react';
import type { Deposit, TransferResult, Withdrawal } from '@imali/contract';
import { bottomDrawer } from '@/components/ui/bottom-drawer';
import { EmptyState } from '@/components/ui/empty-state';
import { ReceiptIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useAccounts } from '@/lib/accounts';
import { useDeposits } from '../api/deposits';
import { useTransfers } from '../api/transfer';
import { useWithdrawals } from '../api/withdrawals';
import { formatRecordTime, maskCardNumber } from '../model/display';
import { Notice } from '@/components/ui/notice';
import { Amount, CurrencyCoin, StatusBadge } from './parts';
import { openStatementModal } from './statement-modal';
import { WalletOverview } from './wallet-overview';

type Tab = 'deposits' | 'withdrawals' | 'transfers';
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'deposits', label: 'Deposits' },
  { id: 'withdrawals', label: 'Withdrawals' },
  { id: 'transfers', label: 'Transfers' },
];

function Row({
  testId,
  status,
  coin,
  title,
  meta,
  amount,
  side,
}: {
  testId: string;
  status?: string;
  coin: string;
  title: ReactNode;
  meta: ReactNode;
  amount: ReactNode;
  side?: ReactNode;
}) {
  return (
    <li
      data-testid={testId}
      data-status={status}
      className="flex items-start gap-3 px-4 py-3.5 sm:items-center"
    >
      <CurrencyCoin currency={coin} size={34} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-slate-900">{title}</p>
        <div className="mt-0.5 text-xs text-slate-500">{meta}</div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 text-right">
        <span className="text-sm font-semibold text-slate-900">{amount}</span>
        {side}
      </div>
    </li>
  );
}

function DepositRow({ deposit }: { deposit: Deposit }) {
  const pending = deposit.status === 'pending';
  const needsProof = pending && !deposit.proof_url;
  return (
    <Row
      testId="deposit-row"
      status={deposit.status}
      coin={deposit.currency}
      title={`Deposit · ${deposit.method}`}
      meta={
        <>
          <span className="font-mono">{deposit.reference}</span> · {formatRecordTime(deposit.created_at)}
          {deposit.status === 'rejected' && deposit.reason && (
            <span className="block text-red-600">Reason: {deposit.reason}</span>
          )}
          {pending && (
            // Reopens the deposit with the bank details and reference to pay with.
            <button
              type="button"
              className="mt-1 block font-semibold text-brand-600 hover:text-brand-700"
              onClick={() => bottomDrawer.open('deposit', { depositId: deposit.id })}
            >
              {needsProof ? 'Attach proof of payment' : 'Payment details'}
            </button>
          )}
        </>
      }
      amount={<Amount value={deposit.amount} currency={deposit.currency} />}
      side={<StatusBadge status={deposit.status} />}
    />
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <Row
      testId="withdrawal-row"
      status={withdrawal.status}
      coin={withdrawal.currency}
      title={`Withdrawal to ${withdrawal.receiver.bank_name} ${maskCardNumber(withdrawal.receiver.card_no)}`}
      meta={
        <>
          <span className="font-mono">{withdrawal.reference}</span> ·{' '}
          {formatRecordTime(withdrawal.created_at)}
          {withdrawal.status === 'rejected' && withdrawal.reason && (
            <span className="block text-red-600">Reason: {withdrawal.reason}</span>
          )}
        </>
      }
      amount={<Amount value={withdrawal.amount} currency={withdrawal.currency} />}
      side={<StatusBadge status={withdrawal.status} />}
    />
  );
}

function TransferRow({ transfer }: { transfer: TransferResult }) {
  return (
    <Row
      testId="transfer-row"
      coin={transfer.to_currency}
      title={`${transfer.from_currency} → ${transfer.to_currency}`}
      meta={
        <>
          Rate {transfer.rate} · {formatRecordTime(transfer.created_at)}
        </>
      }
      amount={<Amount value={transfer.converted_amount} currency={transfer.to_currency} />}
      side={
        <span className="text-xs text-slate-500">
          <Amount value={transfer.amount} currency={transfer.from_currency} /> debited
        </span>
      }
    />
  );
}

function History<T>({
  query,
  empty,
  render,
}: {
  query: { data?: T[]; isLoading: boolean; isError: boolean };
  empty: string;
  render: (item: T) => ReactNode;
}) {
  if (query.isLoading) {
    return (
      <div className="space-y-2 p-4" role="status" aria-label="Loading">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (query.isError)
    return (
      <Notice tone="error" className="m-4">
        Records could not be loaded.
      </Notice>
    );
  if (!query.data || query.data.length === 0) {
    return <EmptyState icon={<ReceiptIcon />} title={empty} className="m-4 border-none py-8" />;
  }
  return <ul className="divide-y divide-slate-100">{query.data.map(render)}</ul>;
}

/** /me/records slot: balances, then deposit, withdrawal and transfer history with status colours. */
export default function WalletRecords() {
  const [tab, setTab] = useState<Tab>('deposits');
  const deposits = useDeposits();
  const withdrawals = useWithdrawals();
  const transfers = useTransfers();
  const { data: accounts } = useAccounts();
  return (
    <div className="space-y-6">
      <WalletOverview />
      <section
        aria-label="Money records"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-100 pr-3">
          <div role="tablist" aria-label="Record type" className="flex min-w-0 overflow-x-auto px-2">
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                aria-selected={tab === t.id}
                onClick={() => setTab(t.id)}
                className={cn(
                  '-mb-px border-b-2 px-3 py-3 text-sm font-semibold transition-colors sm:px-4',
                  tab === t.id
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-slate-500 hover:text-slate-800',
                )}
              >
                {t.label}
              </button>
            ))}
          </div>
          {accounts && accounts.length > 0 && (
            <button
              type="button"
              onClick={() => openStatementModal(accounts)}
              className="shrink-0 rounded-lg px-2.5 py-1.5 text-sm font-semibold text-brand-600 hover:bg-brand-50"
            >
              Statement
            </button>
          )}
        </div>
        <div role="tabpanel">
          {tab === 'deposits' && (
            <History
              query={deposits}
              empty="No deposits yet"
              render={(d) => <DepositRow key={d.id} deposit={d} />}
            />
          )}
          {tab === 'withdrawals' && (
            <History
              query={withdrawals}
              empty="No withdrawals yet"
              render={(w) => <WithdrawalRow key={w.id} withdrawal={w} />}
            />
          )}
          {tab === 'transfers' && (
            <History
              query={transfers}
              empty="No transfers yet"
              render={(t) => <TransferRow key={t.id} transfer={t} />}
            />
          )}
        </div>
      </section>
    </div>
  );
}
