import { zodResolver } from '@hookform/resolvers/zod';
import { rejectApplicationInput, type RejectApplicationInput, type StaffApplication } from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useCan } from '../../app/session';
import { FilterSelect, QueueList, QueueWithDetail } from '../../components/queue';
import { Alert, Button, PageTitle, TextField, cx } from '../../components/ui';
import { messageOf } from '../../lib/api';
import {
  applicationsQuery,
  approveApplication,
  rejectApplication,
  type ApplicationStatusFilter,
  type ApplicationTypeFilter,
} from './applications-api';

const TYPES: { value: ApplicationTypeFilter; label: string }[] = [
  { value: 'all', label: 'All types' },
  { value: 'compensation', label: 'Compensation claims' },
  { value: 'loan', label: 'Loans' },
  { value: 'trial', label: 'Trial bonuses' },
];

const STATUSES: { value: ApplicationStatusFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'active', label: 'Active (trials)' },
  { value: 'expired', label: 'Expired (trials)' },
  { value: 'forfeited', label: 'Forfeited (trials)' },
  { value: 'all', label: 'All' },
];

const TYPE_LABELS: Record<StaffApplication['type'], string> = {
  compensation: 'Compensation claim',
  loan: 'Loan',
  trial: 'Trial bonus',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });

export const checkersText = (n: number) => `${n} checker${n === 1 ? '' : 's'}`;

/** The tier that applies to approving it, in words (null: a trial, nothing to pay out). */
const tierText = (n: number | null) =>
  n === null
    ? 'A trial bonus: nothing to approve here.'
    : n === 0
      ? 'Under the first tier: approving it pays out at once.'
      : `Approving it needs approval by ${checkersText(n)}.`;

/** Compensation claims, loans and trial bonuses: what each is about; approve (pay out) or reject. */
export function ApplicationsScreen() {
  const [type, setType] = useState<ApplicationTypeFilter>('all');
  const [status, setStatus] = useState<ApplicationStatusFilter>('pending');
  const applications = useQuery(applicationsQuery(type, status));
  const rows = applications.data ?? [];
  const [openId, setOpenId] = useState<number | null>(null);
  const opened = rows.find((a) => a.id === openId);
  // Kept here, not in the detail: an application decided leaves the pending list.
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section aria-labelledby="page-title">
      <PageTitle hint="Compensation claims, loans and trial bonuses clients applied for. Approving a claim or a loan pays it out; above the first amount tier a checker approves it first.">
        <span id="page-title">Applications</span>
      </PageTitle>
      <div className="mb-3 flex items-end gap-3">
        <FilterSelect
          id="application-type"
          label="Type"
          value={type}
          options={TYPES}
          onChange={(value) => {
            setType(value);
            setOpenId(null);
          }}
        />
        <FilterSelect
          id="application-status"
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
        query={applications}
        loadingText="Loading applications…"
        notice={notice}
        title="Applications"
        titleId="applications-title"
        empty={rows.length === 0 ? 'No applications here.' : null}
        columns="grid-cols-[minmax(0,1fr)_32rem]"
        list={
          <QueueList
            items={rows}
            keyOf={(a) => a.id}
            idPrefix="application"
            name={{ labelledBy: 'applications-title' }}
            help="j / k or the arrow keys move, Enter opens an application."
            columns="grid-cols-[10rem_minmax(0,1fr)_10rem]"
            onOpen={(a) => setOpenId(a.id)}
            renderRow={(a) => (
              <>
                <span>
                  <span className="font-mono font-semibold">{a.reference}</span>
                  <span className="block text-xs text-slate-600">{when(a.createdAt)}</span>
                </span>
                <span>
                  {TYPE_LABELS[a.type]}
                  <span className="block text-xs text-slate-600">
                    client #{a.clientId} · {a.mobile}
                  </span>
                </span>
                <span className="text-right">
                  <span className="block font-semibold tabular-nums">
                    {formatCurrency(a.amount, a.currency)}
                  </span>
                  <span className="block text-xs">
                    <StatusText a={a} />
                  </span>
                </span>
              </>
            )}
          />
        }
        detail={opened ? <ApplicationDetail key={opened.id} a={opened} onDone={setNotice} /> : null}
        placeholder="Open an application to see what it is about and decide it."
      />
    </section>
  );
}

function StatusText({ a }: { a: StaffApplication }) {
  if (a.status === 'approved') return <span className="text-green-800">approved</span>;
  if (a.status === 'rejected') return <span className="text-red-800">rejected</span>;
  if (a.status === 'pending' && a.pendingApprovalId !== null)
    return <span className="text-amber-800">awaiting approval</span>;
  return <span className="text-slate-700">{a.status}</span>;
}

function ApplicationDetail({ a, onDone }: { a: StaffApplication; onDone: (message: string) => void }) {
  const can = useCan();
  const mayAct =
    can('applications.decide') &&
    a.type !== 'trial' &&
    a.status === 'pending' &&
    a.pendingApprovalId === null;

  return (
    <article
      aria-labelledby="application-detail-title"
      className="space-y-3 self-start rounded border border-slate-300 bg-white p-4 text-sm"
    >
      <h2 id="application-detail-title" className="text-base font-semibold">
        {TYPE_LABELS[a.type]} <span className="font-mono">{a.reference}</span> ·{' '}
        {formatCurrency(a.amount, a.currency)}
      </h2>
      <dl className="grid grid-cols-[9rem_1fr] gap-x-2 gap-y-1">
        <dt className="text-slate-600">Status</dt>
        <dd>
          <StatusText a={a} />
          {a.decisionReason ? <> · reason: {a.decisionReason}</> : null}
        </dd>
        <dt className="text-slate-600">Client</dt>
        <dd>
          <Link to={`/clients/${a.clientId}`} className="text-accent-700 underline">
            #{a.clientId}
          </Link>{' '}
          · {a.mobile} · account #{a.accountId}
        </dd>
        <dt className="text-slate-600">Applied</dt>
        <dd>{when(a.createdAt)}</dd>
        {a.reason ? (
          <>
            <dt className="text-slate-600">Client's reason</dt>
            <dd>{a.reason}</dd>
          </>
        ) : null}
        {a.status === 'pending' ? (
          <>
            <dt className="text-slate-600">Approval tier</dt>
            <dd>{tierText(a.checkersRequired)}</dd>
          </>
        ) : null}
        {a.decidedBy ? (
          <>
            <dt className="text-slate-600">Decided</dt>
            <dd>
              {a.decidedAt ? when(a.decidedAt) : ''} by {a.decidedBy}
            </dd>
          </>
        ) : null}
      </dl>
      {a.pendingApprovalId !== null && a.status === 'pending' ? (
        <Alert tone="info">
          Waiting for approval: request #{a.pendingApprovalId}.{' '}
          <Link to="/approvals" className="text-accent-700 underline">
            Open approvals
          </Link>
        </Alert>
      ) : null}
      {a.compensation ? <CompensationPart a={a} c={a.compensation} /> : null}
      {a.loan ? <LoanPart a={a} loan={a.loan} /> : null}
      {a.trial ? <TrialPart a={a} trial={a.trial} /> : null}
      {mayAct ? <ApproveAndReject a={a} onDone={onDone} /> : null}
    </article>
  );
}

function CompensationPart({
  a,
  c,
}: {
  a: StaffApplication;
  c: NonNullable<StaffApplication['compensation']>;
}) {
  return (
    <section aria-labelledby="claim-title" className="space-y-2">
      <h3 id="claim-title" className="font-semibold">
        The claim
      </h3>
      <dl className="grid grid-cols-[9rem_1fr] gap-x-2 gap-y-1">
        <dt className="text-slate-600">About</dt>
        <dd>
          {c.related ? (
            <>
              {c.related.kind} <span className="font-mono">{c.related.reference}</span>
              {c.related.status ? <> ({c.related.status})</> : null}: {c.related.description},{' '}
              {when(c.related.createdAt)}
            </>
          ) : c.relatedReference ? (
            <>
              <span className="font-mono">{c.relatedReference}</span> (not found any more)
            </>
          ) : (
            'No order or transaction named'
          )}
        </dd>
      </dl>
      <h4 className="font-semibold">Evidence</h4>
      {c.evidence.length === 0 ? (
        <p className="text-slate-600">No evidence attached.</p>
      ) : (
        <ul aria-label="Evidence" className={cx('grid gap-2', c.evidence.length > 1 && 'grid-cols-2')}>
          {c.evidence.map((e, i) => (
            <li key={e.uploadId}>
              <a href={e.url} target="_blank" rel="noreferrer" className="block">
                <img
                  src={e.url}
                  alt={`Evidence ${i + 1} of claim ${a.reference}`}
                  className="max-h-96 w-full rounded border border-slate-300 object-contain"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LoanPart({ a, loan }: { a: StaffApplication; loan: NonNullable<StaffApplication['loan']> }) {
  const money = (v: string | null) => (v === null ? 'not given' : formatCurrency(v, a.currency));
  return (
    <section aria-labelledby="loan-title" className="space-y-2">
      <h3 id="loan-title" className="font-semibold">
        Affordability
      </h3>
      <dl className="grid grid-cols-[11rem_1fr] gap-x-2 gap-y-1 tabular-nums">
        <dt className="text-slate-600">Term</dt>
        <dd>
          {loan.termMonths} months at {loan.annualRate}% a year
        </dd>
        <dt className="text-slate-600">Monthly instalment</dt>
        <dd>{money(loan.instalment)}</dd>
        <dt className="text-slate-600">Total repayable</dt>
        <dd>
          {money(loan.totalRepayable)} (cost of credit {money(loan.totalCostOfCredit)})
        </dd>
        <dt className="text-slate-600">Monthly income</dt>
        <dd>{money(loan.monthlyIncome)}</dd>
        <dt className="text-slate-600">Monthly expenses</dt>
        <dd>{money(loan.monthlyExpenses)}</dd>
        <dt className="text-slate-600">Disposable income</dt>
        <dd>{money(loan.disposableIncome)}</dd>
        <dt className="text-slate-600">Instalment share</dt>
        <dd>
          {loan.instalmentSharePercent === null
            ? 'no disposable income'
            : `${loan.instalmentSharePercent}% of the disposable income`}
        </dd>
      </dl>
      <h4 className="font-semibold">The client's other loans</h4>
      {loan.otherLoans.length === 0 ? (
        <p className="text-slate-600">None.</p>
      ) : (
        <table className="w-full text-left text-xs" aria-label="The client's other loans">
          <thead className="text-slate-600">
            <tr>
              <th className="font-medium">Reference</th>
              <th className="font-medium">Date</th>
              <th className="text-right font-medium">Amount</th>
              <th className="text-right font-medium">Instalment</th>
              <th className="pl-3 font-medium">Status</th>
            </tr>
          </thead>
          <tbody>
            {loan.otherLoans.map((l) => (
              <tr key={l.id}>
                <td className="font-mono">{l.reference}</td>
                <td>{when(l.createdAt)}</td>
                <td className="text-right tabular-nums">{formatCurrency(l.amount, l.currency)}</td>
                <td className="text-right tabular-nums">
                  {l.instalment === null ? '—' : formatCurrency(l.instalment, l.currency)}
                </td>
                <td className="pl-3">{l.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function TrialPart({ a, trial }: { a: StaffApplication; trial: NonNullable<StaffApplication['trial']> }) {
  return (
    <section aria-labelledby="trial-title" className="space-y-2">
      <h3 id="trial-title" className="font-semibold">
        Bonus terms
      </h3>
      <dl className="grid grid-cols-[9rem_1fr] gap-x-2 gap-y-1">
        <dt className="text-slate-600">Terms version</dt>
        <dd>{trial.termsVersion ?? 'not recorded'}</dd>
        <dt className="text-slate-600">Valid for</dt>
        <dd>{trial.validDays === null ? 'no limit' : `${trial.validDays} days`}</dd>
        <dt className="text-slate-600">Expires</dt>
        <dd>{trial.expiresAt ? when(trial.expiresAt) : 'never'}</dd>
        <dt className="text-slate-600">Reclaimed</dt>
        <dd className="tabular-nums">{formatCurrency(trial.reclaimed, a.currency)}</dd>
      </dl>
      {trial.conditions.length > 0 ? (
        <ul aria-label="Conditions" className="list-disc pl-5">
          {trial.conditions.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ApproveAndReject({ a, onDone }: { a: StaffApplication; onDone: (message: string) => void }) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['applications'] }),
      queryClient.invalidateQueries({ queryKey: ['approvals'] }),
    ]);
  const rejectForm = useForm<RejectApplicationInput>({
    resolver: zodResolver(rejectApplicationInput),
    defaultValues: { reason: '' },
  });
  const approve = useMutation({
    mutationFn: () => approveApplication(a.id),
    onSuccess: (outcome) => {
      onDone(
        outcome.status === 'executed'
          ? `${a.reference} approved and paid.`
          : `${a.reference} is waiting for approval by ${checkersText(outcome.request.checkersRequired)} (request #${outcome.request.id}).`,
      );
      return refresh();
    },
  });
  const reject = useMutation({
    mutationFn: (input: RejectApplicationInput) => rejectApplication(a.id, input),
    onSuccess: () => {
      onDone(`${a.reference} rejected; the client sees the reason.`);
      return refresh();
    },
  });
  const failure = approve.error ?? reject.error;
  const busy = approve.isPending || reject.isPending;
  const rejectError = rejectForm.formState.errors.reason?.message;

  return (
    <div className="space-y-3 border-t border-slate-200 pt-3">
      {failure ? <Alert>{messageOf(failure)}</Alert> : null}
      <div className="space-y-1">
        <Button disabled={busy} onClick={() => approve.mutate()}>
          {a.checkersRequired === 0 ? 'Approve and pay' : 'Approve (ask for approval)'}
        </Button>
        <p className="text-xs text-slate-600">{tierText(a.checkersRequired)}</p>
      </div>
      <form noValidate onSubmit={rejectForm.handleSubmit((v) => reject.mutate(v))} className="space-y-2">
        <TextField
          id="application-reject-reason"
          label="Reason for rejecting (the client sees it)"
          error={rejectError}
          {...rejectForm.register('reason')}
        />
        <Button type="submit" tone="danger" disabled={busy}>
          Reject application
        </Button>
      </form>
    </div>
  );
}
