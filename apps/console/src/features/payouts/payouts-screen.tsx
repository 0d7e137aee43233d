import { zodResolver } from '@hookform/resolvers/zod';
import {
  payWithdrawalInput,
  rejectWithdrawalInput,
  type PayWithdrawalInput,
  type RejectWithdrawalInput,
  type StaffWithdrawal,
} from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useCan } from '../../app/session';
import { FilterSelect, QueueList, QueueWithDetail } from '../../components/queue';
import { Alert, Button, PageTitle, TextField } from '../../components/ui';
import { messageOf } from '../../lib/api';
import {
  payWithdrawal,
  rejectWithdrawal,
  withdrawalsQuery,
  type WithdrawalStatusFilter,
} from './payouts-api';

const STATUSES: { value: WithdrawalStatusFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'paid', label: 'Paid' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

const FLAG_LABELS: Record<string, string> = {
  first_withdrawal: 'First withdrawal',
  card_added_recently: 'Card added recently',
  needs_approval: 'Needs approval',
};
const flagLabel = (flag: string) => FLAG_LABELS[flag] ?? flag.replace(/_/g, ' ');

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });

export const checkersText = (n: number) => `${n} checker${n === 1 ? '' : 's'}`;

/** The tier that applies, in words. */
const tierText = (n: number) =>
  n === 0
    ? 'Under the first tier: paying it pays at once.'
    : `Paying it needs approval by ${checkersText(n)}.`;

/** Withdrawals waiting to be paid: the client's balance, card, history and flags; pay or reject. */
export function PayoutsScreen() {
  const [status, setStatus] = useState<WithdrawalStatusFilter>('pending');
  const withdrawals = useQuery(withdrawalsQuery(status));
  const rows = withdrawals.data ?? [];
  const [openId, setOpenId] = useState<number | null>(null);
  const opened = rows.find((w) => w.id === openId);
  // Kept here, not in the detail: a withdrawal paid at once leaves the pending list.
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section aria-labelledby="page-title">
      <PageTitle hint="Withdrawals clients asked for. Paying records the bank's payment reference; above the first amount tier a checker approves it first.">
        <span id="page-title">Withdrawals & payouts</span>
      </PageTitle>
      <div className="mb-3 flex items-end gap-3">
        <FilterSelect
          id="withdrawal-status"
          label="Status"
          value={status}
          options={STATUSES}
          onChange={(value) => {
            setStatus(value);
            setOpenId(null);
          }}
        />
      </div>
      <QueueWithDetail
        query={withdrawals}
        loadingText="Loading withdrawals…"
        notice={notice}
        title="Withdrawals"
        titleId="withdrawals-title"
        empty={rows.length === 0 ? 'No withdrawals here.' : null}
        columns="grid-cols-[minmax(0,1fr)_30rem]"
        list={
          <QueueList
            items={rows}
            keyOf={(w) => w.id}
            idPrefix="withdrawal"
            name={{ labelledBy: 'withdrawals-title' }}
            help="j / k or the arrow keys move, Enter opens a withdrawal."
            columns="grid-cols-[9rem_minmax(0,1fr)_9rem]"
            onOpen={(w) => setOpenId(w.id)}
            renderRow={(w) => (
              <>
                <span>
                  <span className="font-mono font-semibold">{w.reference}</span>
                  <span className="block text-xs text-slate-600">{when(w.createdAt)}</span>
                </span>
                <span>
                  {w.bankCard.holderName}
                  <span className="block text-xs text-slate-600">client #{w.clientId}</span>
                </span>
                <span className="text-right">
                  <span className="block font-semibold tabular-nums">
                    {formatCurrency(w.amount, w.currency)}
                  </span>
                  <span className="block text-xs">
                    <StatusText w={w} />
                  </span>
                </span>
              </>
            )}
          />
        }
        detail={opened ? <WithdrawalDetail key={opened.id} w={opened} onDone={setNotice} /> : null}
        placeholder="Open a withdrawal to see the client's balance and pay it."
      />
    </section>
  );
}

function StatusText({ w }: { w: StaffWithdrawal }) {
  if (w.status === 'paid') return <span className="text-green-800">paid</span>;
  if (w.status === 'rejected') return <span className="text-red-800">rejected</span>;
  if (w.pendingApprovalId !== null) return <span className="text-amber-800">awaiting approval</span>;
  return <span className="text-slate-700">pending</span>;
}

function WithdrawalDetail({ w, onDone }: { w: StaffWithdrawal; onDone: (message: string) => void }) {
  const can = useCan();
  const mayAct = can('payouts.request') && w.status === 'pending' && w.pendingApprovalId === null;

  return (
    <article
      aria-labelledby="withdrawal-detail-title"
      className="space-y-3 self-start rounded border border-slate-300 bg-white p-4 text-sm"
    >
      <h2 id="withdrawal-detail-title" className="text-base font-semibold">
        Withdrawal <span className="font-mono">{w.reference}</span> · {formatCurrency(w.amount, w.currency)}
      </h2>
      <dl className="grid grid-cols-[9rem_1fr] gap-x-2 gap-y-1">
        <dt className="text-slate-600">Status</dt>
        <dd>
          <StatusText w={w} />
          {w.paymentReference ? (
            <>
              {' '}
              · payment reference <span className="font-mono">{w.paymentReference}</span>
            </>
          ) : null}
          {w.reason ? <> · reason: {w.reason}</> : null}
        </dd>
        <dt className="text-slate-600">Client</dt>
        <dd>
          #{w.clientId}, account #{w.accountId}
        </dd>
        <dt className="text-slate-600">Balance</dt>
        <dd className="tabular-nums">
          {formatCurrency(w.account.balance, w.currency)} (held {formatCurrency(w.account.held, w.currency)},
          available {formatCurrency(w.account.available, w.currency)})
        </dd>
        <dt className="text-slate-600">Bank card</dt>
        <dd>
          {w.bankCard.bankName} <span className="font-mono">{w.bankCard.cardNo}</span>,{' '}
          {w.bankCard.holderName}
        </dd>
        {w.status === 'pending' ? (
          <>
            <dt className="text-slate-600">Approval tier</dt>
            <dd>{tierText(w.checkersRequired)}</dd>
          </>
        ) : null}
        {w.decidedBy ? (
          <>
            <dt className="text-slate-600">Decided</dt>
            <dd>
              {w.decidedAt ? when(w.decidedAt) : ''} by {w.decidedBy}
            </dd>
          </>
        ) : null}
      </dl>
      {w.flags.length > 0 ? (
        <ul aria-label="Flags" className="flex flex-wrap gap-1">
          {w.flags.map((f) => (
            <li key={f} className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {flagLabel(f)}
            </li>
          ))}
        </ul>
      ) : null}
      {w.pendingApprovalId !== null && w.status === 'pending' ? (
        <Alert tone="info">
          Waiting for approval: request #{w.pendingApprovalId}.{' '}
          <Link to="/approvals" className="text-accent-700 underline">
            Open approvals
          </Link>
        </Alert>
      ) : null}
      <section aria-labelledby="history-title">
        <h3 id="history-title" className="font-semibold">
          Recent withdrawals of this client
        </h3>
        <table className="mt-1 w-full text-left text-xs">
          <thead className="text-slate-600">
            <tr>
              <th className="font-medium">Date</th>
              <th className="text-right font-medium">Amount</th>
              <th className="pl-3 font-medium">Status</th>
            </tr>
          </thead>
          <tbody>
            {w.history.map((h) => (
              <tr key={h.id} className={h.id === w.id ? 'font-semibold' : undefined}>
                <td>{when(h.createdAt)}</td>
                <td className="text-right tabular-nums">{formatCurrency(h.amount, h.currency)}</td>
                <td className="pl-3">{h.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {mayAct ? <PayAndReject w={w} onDone={onDone} /> : null}
    </article>
  );
}

function PayAndReject({ w, onDone }: { w: StaffWithdrawal; onDone: (message: string) => void }) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['payouts'] }),
      queryClient.invalidateQueries({ queryKey: ['approvals'] }),
    ]);
  const payForm = useForm<PayWithdrawalInput>({
    resolver: zodResolver(payWithdrawalInput),
    defaultValues: { paymentReference: '' },
  });
  const rejectForm = useForm<RejectWithdrawalInput>({
    resolver: zodResolver(rejectWithdrawalInput),
    defaultValues: { reason: '' },
  });
  const pay = useMutation({
    mutationFn: (input: PayWithdrawalInput) => payWithdrawal(w.id, input),
    onSuccess: (outcome) => {
      onDone(
        outcome.status === 'executed'
          ? `Paid with reference ${payForm.getValues('paymentReference').trim()}.`
          : `Waiting for approval by ${checkersText(outcome.request.checkersRequired)} (request #${outcome.request.id}).`,
      );
      return refresh();
    },
  });
  const reject = useMutation({
    mutationFn: (input: RejectWithdrawalInput) => rejectWithdrawal(w.id, input),
    onSuccess: () => {
      onDone('Rejected; the held funds are released to the client.');
      return refresh();
    },
  });
  const failure = pay.error ?? reject.error;
  const busy = pay.isPending || reject.isPending;
  const payError = payForm.formState.errors.paymentReference?.message;
  const rejectError = rejectForm.formState.errors.reason?.message;

  return (
    <div className="space-y-3 border-t border-slate-200 pt-3">
      {failure ? <Alert>{messageOf(failure)}</Alert> : null}
      <form noValidate onSubmit={payForm.handleSubmit((v) => pay.mutate(v))} className="space-y-2">
        <TextField
          id="payment-reference"
          label="Payment reference"
          error={payError}
          hint={
            <>The bank's reference of the payment sent to the card above. {tierText(w.checkersRequired)}</>
          }
          {...payForm.register('paymentReference')}
        />
        <Button type="submit" disabled={busy}>
          {w.checkersRequired === 0 ? 'Pay' : 'Pay (ask for approval)'}
        </Button>
      </form>
      <form noValidate onSubmit={rejectForm.handleSubmit((v) => reject.mutate(v))} className="space-y-2">
        <TextField
          id="withdrawal-reject-reason"
          label="Reason for rejecting (the client sees it)"
          error={rejectError}
          {...rejectForm.register('reason')}
        />
        <Button type="submit" tone="danger" disabled={busy}>
          Reject withdrawal
        </Button>
      </form>
    </div>
  );
}
