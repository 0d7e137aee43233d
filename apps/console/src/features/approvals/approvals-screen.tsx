import {
  rejectApprovalInput,
  type ApprovalRequest,
  type RejectApprovalInput,
  type StaffPermission,
} from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useStaff } from '../../app/session';
import { StepUpCancelled, useStepUp } from '../../components/step-up';
import { Alert, Button, FieldError, PageTitle, cx, inputClass, labelClass } from '../../components/ui';
import { messageOf } from '../../lib/api';
import {
  approvalsQuery,
  approveRequest,
  cancelRequest,
  rejectRequest,
  type ApprovalScope,
} from './approvals-api';
import { PayloadView, actionLabel } from './payload-view';

/** Permissions that make a staff user a checker of something (the inbox). */
const CHECKER: readonly StaffPermission[] = [
  'payouts.approve',
  'products.approve',
  'treasury.approve',
  'staff.manage',
];
/** Permissions the server lets read every request (scope 'all'). */
const READ_ALL: readonly StaffPermission[] = ['payouts.read', 'products.read', 'policies.read', 'audit.read'];

const SCOPES: { value: ApprovalScope; label: string; hint: string }[] = [
  { value: 'inbox', label: 'Inbox', hint: 'Pending requests of other staff that you may approve.' },
  { value: 'mine', label: 'My requests', hint: 'What you asked for, and what became of it.' },
  { value: 'all', label: 'All', hint: 'Every request, whoever made it.' },
];

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });

/** The four-eyes inbox: approve (step-up) or reject other staff's requests; cancel my own. */
export function ApprovalsScreen() {
  const me = useStaff();
  const has = (list: readonly StaffPermission[]) => list.some((p) => me.permissions.includes(p));
  const scopes = SCOPES.filter((s) => s.value !== 'all' || has(READ_ALL));
  const [scope, setScope] = useState<ApprovalScope>(has(CHECKER) ? 'inbox' : 'mine');
  const requests = useQuery(approvalsQuery(scope));
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section aria-labelledby="page-title">
      <PageTitle hint="A change above its tier waits here for a second staff user. Approving needs a fresh code; you never approve your own request.">
        <span id="page-title">Approvals</span>
      </PageTitle>
      <div role="group" aria-label="Which requests" className="mb-3 flex gap-1">
        {scopes.map((s) => (
          <button
            key={s.value}
            type="button"
            aria-pressed={scope === s.value}
            title={s.hint}
            onClick={() => {
              setScope(s.value);
              setNotice(null);
            }}
            className={cx(
              'rounded px-3 py-1.5 text-sm font-semibold',
              scope === s.value
                ? 'bg-accent-700 text-white'
                : 'border border-slate-400 bg-white text-slate-900',
            )}
          >
            {s.label}
          </button>
        ))}
      </div>
      {notice ? (
        <div className="mb-3">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}
      {requests.isPending ? (
        <p role="status">Loading requests…</p>
      ) : requests.isError ? (
        <Alert>{messageOf(requests.error)}</Alert>
      ) : requests.data.length === 0 ? (
        <p className="rounded border border-slate-300 bg-white p-3 text-sm text-slate-700">
          {scope === 'inbox' ? 'Nothing waits for your approval.' : 'No requests here.'}
        </p>
      ) : (
        <ul aria-label="Approval requests" className="space-y-3">
          {requests.data.map((r) => (
            <li key={r.id}>
              <RequestCard request={r} onDone={setNotice} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const STATUS_TONE: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  expired: 'bg-slate-200 text-slate-800',
  cancelled: 'bg-slate-200 text-slate-800',
};

/** Who asked: the maker's name and email when the list gives them, else their staff number. */
function makerLabel(r: ApprovalRequest) {
  if (r.makerName && r.makerEmail) return `${r.makerName} (${r.makerEmail})`;
  return r.makerEmail ?? r.makerName ?? `staff #${r.makerStaffId}`;
}

function RequestCard({ request: r, onDone }: { request: ApprovalRequest; onDone: (m: string) => void }) {
  const me = useStaff();
  const withStepUp = useStepUp();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const mine = r.makerStaffId === me.id;
  const pending = r.status === 'pending';
  const decidedByMe = r.decisions.some((d) => d.checkerStaffId === me.id);
  const mayDecide =
    pending && !mine && !decidedByMe && (me.permissions as readonly string[]).includes(r.checkerPermission);
  const approvals = r.decisions.filter((d) => d.decision === 'approve').length;
  const title = `#${r.id} ${actionLabel(r.action)}`;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['approvals'] }),
      queryClient.invalidateQueries({ queryKey: ['payouts'] }),
    ]);

  const approve = useMutation({
    mutationFn: () => withStepUp((code) => approveRequest(r, code ?? ''), { title: `Approve ${title}` }),
    onSuccess: (result) => {
      onDone(
        result.status === 'approved'
          ? `Request #${r.id} approved and done.`
          : `Request #${r.id} approved; it waits for another checker.`,
      );
      return refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: () => cancelRequest(r.id),
    onSuccess: () => {
      onDone(`Request #${r.id} cancelled.`);
      return refresh();
    },
  });
  const failure = [approve.error, cancel.error].find((e) => e && !(e instanceof StepUpCancelled));

  return (
    <article
      aria-labelledby={`request-${r.id}-title`}
      className="space-y-2 rounded border border-slate-300 bg-white p-4 text-sm"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`request-${r.id}-title`} className="text-base font-semibold">
          {title}
          {r.amount !== null && r.currency ? (
            <span className="ml-2 tabular-nums">{formatCurrency(r.amount, r.currency)}</span>
          ) : null}
        </h2>
        <span className={cx('rounded px-2 py-0.5 text-xs font-semibold', STATUS_TONE[r.status])}>
          {r.status}
        </span>
      </div>
      <p className="text-slate-700">
        Asked by {mine ? 'you' : makerLabel(r)} on {when(r.createdAt)}
        {pending ? ` · expires ${when(r.expiresAt)}` : ''}
        {' · '}policy v{r.policyVersion}: {approvals} of {r.checkersRequired} approval
        {r.checkersRequired === 1 ? '' : 's'} ({r.checkerPermission})
      </p>
      <PayloadView action={r.action} payload={r.payload} />
      <p className="truncate text-xs text-slate-600" title={r.payloadHash}>
        Payload hash <span className="font-mono">{r.payloadHash}</span>
      </p>
      {r.decisions.length > 0 ? (
        <ul aria-label="Decisions" className="text-xs text-slate-700">
          {r.decisions.map((d) => (
            <li key={`${d.checkerStaffId}-${d.decidedAt}`}>
              {d.checkerStaffId === me.id ? 'You' : `Staff #${d.checkerStaffId}`}{' '}
              {d.decision === 'approve' ? 'approved' : 'rejected'} on {when(d.decidedAt)}
              {d.reason ? `: ${d.reason}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {failure ? <Alert>{messageOf(failure)}</Alert> : null}
      {pending && mine ? (
        <p className="text-xs text-slate-600">Your own request: another staff user approves it.</p>
      ) : null}
      <div className="flex gap-2">
        {mayDecide ? (
          <>
            <Button onClick={() => approve.mutate()} disabled={approve.isPending}>
              Approve
            </Button>
            <Button tone="secondary" onClick={() => setRejecting(true)} disabled={rejecting}>
              Reject…
            </Button>
          </>
        ) : null}
        {pending && mine ? (
          <Button tone="secondary" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            Cancel my request
          </Button>
        ) : null}
      </div>
      {rejecting && mayDecide ? (
        <RejectForm
          id={r.id}
          onCancel={() => setRejecting(false)}
          onRejected={() => {
            onDone(`Request #${r.id} rejected.`);
            return refresh();
          }}
        />
      ) : null}
    </article>
  );
}

function RejectForm({
  id,
  onCancel,
  onRejected,
}: {
  id: number;
  onCancel: () => void;
  onRejected: () => Promise<unknown>;
}) {
  const form = useForm<RejectApprovalInput>({
    resolver: zodResolver(rejectApprovalInput),
    defaultValues: { reason: '' },
  });
  const reject = useMutation({
    mutationFn: (input: RejectApprovalInput) => rejectRequest(id, input.reason),
    onSuccess: onRejected,
  });
  const error = form.formState.errors.reason?.message;
  const fieldId = `reject-reason-${id}`;
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => reject.mutate(v))} className="space-y-2">
      {reject.error ? <Alert>{messageOf(reject.error)}</Alert> : null}
      <div>
        <label htmlFor={fieldId} className={labelClass}>
          Reason for rejecting
        </label>
        <input
          id={fieldId}
          {...form.register('reason')}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
        />
        <FieldError id={`${fieldId}-error`} message={error} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" tone="danger" disabled={reject.isPending}>
          Reject request
        </Button>
        <Button tone="secondary" onClick={onCancel}>
          Keep it
        </Button>
      </div>
    </form>
  );
}
