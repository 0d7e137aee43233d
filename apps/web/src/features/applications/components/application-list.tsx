import type { Application, ClientProfile } from '@imali/contract';
import { bottomDrawer } from '@/components/ui/bottom-drawer';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FileIcon } from '@/components/ui/icons';
import { KeyValueSection, type KeyValueRow } from '@/components/ui/key-value-section';
import { DetailCardSkeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/http';
import { useProfile } from '@/lib/profile';
import { useApplications } from '../api/applications';
import { TYPE_LABELS, money, shortDate } from '../model/forms';
import { LoanSchedule } from './loan-schedule';
import { StatusBadge } from './parts';

/** The panels a client may open: each only when its profile flag is on. */
export function allowedPanels(
  profile: Pick<ClientProfile, 'allow_bonus' | 'allow_compensation' | 'allow_loan'> | undefined,
) {
  return [
    profile?.allow_bonus && { type: 'trial' as const, label: 'Trial bonus offer' },
    profile?.allow_compensation && { type: 'compensation' as const, label: 'Apply for compensation' },
    profile?.allow_loan && { type: 'loan' as const, label: 'Apply for a loan' },
  ].filter((p): p is { type: 'trial' | 'compensation' | 'loan'; label: string } => Boolean(p));
}

function detailRows(a: Application): KeyValueRow[] {
  const m = (x: string) => money(x, a.currency);
  const rows: KeyValueRow[] = [
    { label: 'Reference', value: <span className="font-mono">{a.reference}</span> },
    { label: 'Applied', value: shortDate(a.created_at) },
  ];
  if (a.related_reference) rows.push({ label: 'Related to', value: a.related_reference });
  if (a.evidence_urls.length) rows.push({ label: 'Evidence', value: `${a.evidence_urls.length} file(s)` });
  if (a.trial) {
    rows.push(
      { label: 'Expires', value: shortDate(a.trial.expires_at) },
      { label: 'Not withdrawable', value: m(a.trial.not_withdrawable) },
      { label: 'Taken back', value: m(a.trial.reclaimed) },
    );
  }
  if (a.loan) {
    rows.push(
      { label: 'Interest rate', value: `${a.loan.annual_rate}% a year` },
      { label: 'Term', value: `${a.loan.term_months} months` },
      { label: 'Instalment', value: m(a.loan.instalment) },
      { label: 'Total repayable', value: m(a.loan.total_repayable) },
      { label: 'Total cost of credit', value: m(a.loan.total_cost_of_credit) },
    );
  }
  if (a.decided_at) rows.push({ label: 'Decided', value: shortDate(a.decided_at) });
  return rows;
}

function ApplicationCard({ application: a }: { application: Application }) {
  return (
    <li
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
      data-testid="application"
      data-type={a.type}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-slate-900">{TYPE_LABELS[a.type]}</p>
          <p className="text-lg font-bold text-slate-900">{money(a.amount, a.currency)}</p>
        </div>
        <StatusBadge status={a.status} />
      </div>
      {a.decision_reason && (
        <p className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
          <span className="font-semibold">Reason: </span>
          {a.decision_reason}
        </p>
      )}
      {a.reason && (
        <p className="text-sm text-slate-700">
          <span className="font-semibold">{a.type === 'loan' ? 'Purpose' : 'Your reason'}: </span>
          {a.reason}
        </p>
      )}
      <KeyValueSection rows={detailRows(a)} />
      {a.trial && (
        <details>
          <summary className="cursor-pointer text-sm font-semibold text-brand-700">Bonus terms</summary>
          <ol className="mt-2 list-decimal space-y-1 pl-6 text-sm text-slate-700">
            {a.trial.conditions.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
        </details>
      )}
      {a.loan && a.loan.schedule.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm font-semibold text-brand-700">
            Repayment schedule
          </summary>
          <div className="mt-2">
            <LoanSchedule rows={a.loan.schedule} currency={a.currency} />
          </div>
        </details>
      )}
    </li>
  );
}

/** Me > Application: entry buttons for each allowed panel, then the client's applications. */
export default function ApplicationsPanel() {
  const { data: profile } = useProfile();
  const { data, isLoading, error } = useApplications();
  const panels = allowedPanels(profile);
  return (
    <div className="space-y-4">
      {panels.length > 0 && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Apply">
          {panels.map((p) => (
            <Button key={p.type} variant="outline" onClick={() => bottomDrawer.open(p.type)}>
              {p.label}
            </Button>
          ))}
        </div>
      )}
      {isLoading ? (
        <DetailCardSkeleton />
      ) : error ? (
        <EmptyState
          icon={<FileIcon />}
          title="Applications could not be loaded"
          description={errorMessage(error)}
        />
      ) : !data || data.length === 0 ? (
        <EmptyState
          icon={<FileIcon />}
          title="No applications"
          description="Loan, compensation and bonus applications you make will be tracked here."
        />
      ) : (
        <ul className="space-y-3" aria-label="Your applications">
          {data.map((a) => (
            <ApplicationCard key={a.id} application={a} />
          ))}
        </ul>
      )}
    </div>
  );
}
