import {
  ErrorCode,
  KYC_DOCUMENTS,
  kycRejectBody,
  kycRequestDocumentBody,
  type DuplicateFlagKind,
  type KycDocument,
  type KycReviewDetail,
} from '@imali/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../app/session';
import { Alert, Button, FieldError, Loading, PageTitle, inputClass, labelClass } from '../../components/ui';
import { ApiError, messageOf } from '../../lib/api';
import {
  DOCUMENT_LABELS,
  approveSubmission,
  fileUrl,
  formatTime,
  kycDetail,
  rejectSubmission,
  requestDocument,
} from './kyc-api';
import { IdImage } from './id-image';

const FLAG_LABELS: Record<DuplicateFlagKind, string> = {
  id_number: 'Same ID number',
  mobile: 'Same mobile',
  bank_card: 'Same bank card',
  device: 'Same device (IP and browser)',
  ip: 'Same IP address',
};

/** One submission: its fields beside the ID images, the duplicate flags, and the decisions. */
export function KycDetailScreen() {
  const submissionId = Number(useParams().submissionId);
  const detail = useQuery({ ...kycDetail(submissionId), enabled: Number.isSafeInteger(submissionId) });
  if (!Number.isSafeInteger(submissionId) || submissionId <= 0)
    return <Alert>There is no such KYC submission.</Alert>;
  if (detail.isPending) return <Loading label="Loading the submission…" />;
  if (detail.isError) return <Alert>{messageOf(detail.error)}</Alert>;
  return <Detail detail={detail.data} />;
}

function Detail({ detail }: { detail: KycReviewDetail }) {
  const can = useCan();
  const decidable = detail.status === 'pending' && detail.latest;
  return (
    <section aria-labelledby="page-title">
      <p className="mb-2 text-sm">
        <Link to="/kyc" className="text-accent-700 underline">
          ← Back to the queue
        </Link>
      </p>
      <PageTitle
        hint={`Submitted ${formatTime(detail.submittedAt)} by client ${detail.client.id} (${detail.client.displayName}, KYC ${detail.client.kycStatus}).`}
      >
        <span id="page-title">
          KYC submission #{detail.submissionId}: {detail.fields.fullName}
        </span>
      </PageTitle>
      <Outcome detail={detail} />
      <div className="grid grid-cols-[minmax(16rem,1fr)_minmax(0,2fr)] gap-4">
        <div className="space-y-4">
          <section aria-labelledby="fields-title" className="rounded border border-slate-300 bg-white p-3">
            <h2 id="fields-title" className="mb-2 font-semibold">
              Submitted fields
            </h2>
            <dl className="grid grid-cols-[7rem_1fr] gap-x-2 gap-y-1 text-sm">
              <dt className="text-slate-600">Full name</dt>
              <dd className="font-semibold">{detail.fields.fullName}</dd>
              <dt className="text-slate-600">ID number</dt>
              <dd className="font-mono">{detail.fields.idNo}</dd>
              <dt className="text-slate-600">Date of birth</dt>
              <dd>{detail.fields.dob}</dd>
              <dt className="text-slate-600">Mobile</dt>
              <dd className="font-mono">{detail.fields.mobile}</dd>
              <dt className="text-slate-600">Client</dt>
              <dd>
                <Link to={`/clients/${detail.client.id}`} className="text-accent-700 underline">
                  {detail.client.displayName} (client {detail.client.id})
                </Link>
              </dd>
            </dl>
          </section>
          <Flags detail={detail} />
          <Earlier detail={detail} />
        </div>
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          <IdImage src={fileUrl(detail.images.idFront)} label="ID front" />
          {detail.images.idBack ? (
            <IdImage src={fileUrl(detail.images.idBack)} label="ID back" />
          ) : (
            <p className="text-sm text-slate-600">No image of the back was sent.</p>
          )}
        </div>
      </div>
      {decidable && can('kyc.decide') ? <Decisions detail={detail} /> : null}
      {decidable && !can('kyc.decide') ? (
        <p className="mt-4 text-sm text-slate-700">Your roles let you read this submission, not decide it.</p>
      ) : null}
      {detail.status === 'pending' && !detail.latest ? (
        <p className="mt-4 text-sm text-slate-700">A newer submission of this client replaces this one.</p>
      ) : null}
    </section>
  );
}

function Outcome({ detail }: { detail: KycReviewDetail }) {
  if (detail.status === 'pending') return null;
  return (
    <div className="mb-4">
      <Alert tone="info">
        {detail.status === 'approved' ? 'Approved' : 'Rejected'}
        {detail.decidedAt ? ` ${formatTime(detail.decidedAt)}` : ''}
        {detail.decidedBy ? ` by ${detail.decidedBy}` : ''}.
        {detail.requestedDocument
          ? ` A new image of the ${DOCUMENT_LABELS[detail.requestedDocument]} was asked for.`
          : ''}
        {detail.reason ? ` Reason: ${detail.reason}` : ''}
      </Alert>
    </div>
  );
}

function Flags({ detail }: { detail: KycReviewDetail }) {
  return (
    <section aria-labelledby="flags-title" className="rounded border border-slate-300 bg-white p-3">
      <h2 id="flags-title" className="mb-2 font-semibold">
        Duplicate flags ({detail.flags.length})
      </h2>
      {detail.flags.length === 0 ? (
        <p className="text-sm text-slate-600">No other client shares this identity.</p>
      ) : (
        <ul aria-label="Duplicate flags" className="space-y-2 text-sm">
          {detail.flags.map((flag) => (
            <li
              key={`${flag.kind}-${flag.otherClientId}-${flag.matched}`}
              className="rounded border-l-4 border-red-700 bg-red-50 px-2 py-1"
            >
              <span className="font-semibold text-red-900">{FLAG_LABELS[flag.kind]}</span>{' '}
              <span className="font-mono">{flag.matched}</span> as{' '}
              <Link to={`/clients/${flag.link.clientId}`} className="text-accent-700 underline">
                {flag.otherDisplayName} (client {flag.otherClientId})
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Earlier({ detail }: { detail: KycReviewDetail }) {
  if (detail.earlier.length === 0) return null;
  return (
    <section aria-labelledby="earlier-title" className="rounded border border-slate-300 bg-white p-3">
      <h2 id="earlier-title" className="mb-2 font-semibold">
        Other submissions of this client
      </h2>
      <ul className="space-y-1 text-sm">
        {detail.earlier.map((s) => (
          <li key={s.submissionId}>
            <Link to={`/kyc/${s.submissionId}`} className="text-accent-700 underline">
              #{s.submissionId}
            </Link>{' '}
            {s.status}, {formatTime(s.submittedAt)}
            {s.reason ? `: ${s.reason}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}

type Mode = 'none' | 'reject' | 'document';

/** Approve, reject with a reason, or ask for a new image of one document (kyc.decide). */
function Decisions({ detail }: { detail: KycReviewDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('none');
  const [reason, setReason] = useState('');
  const [document, setDocument] = useState<KycDocument>('id_front');
  const [fieldError, setFieldError] = useState<string>();
  const [override, setOverride] = useState<{ message: string } | null>(null);
  const [overrideReason, setOverrideReason] = useState('');
  const id = detail.submissionId;
  const name = detail.fields.fullName;

  const decide = useMutation({
    mutationFn: async (run: () => Promise<unknown>) => run(),
    onSuccess: async (_data, _vars) => {
      await queryClient.invalidateQueries({ queryKey: ['kyc'] });
      await queryClient.invalidateQueries({ queryKey: ['clients', detail.client.id] });
    },
  });

  const done = (notice: string) => navigate('/kyc', { state: { notice } });

  const approve = () => {
    decide.mutate(() => approveSubmission(id, override ? overrideReason.trim() : undefined), {
      onSuccess: () => done(`Submission #${id} (${name}) approved.`),
      onError: (error) => {
        // The server refuses a second approval of one ID number unless a reason overrides it.
        if (!override && error instanceof ApiError && error.code === ErrorCode.KycDuplicateIdNumber) {
          decide.reset();
          setOverride({ message: error.message });
        }
      },
    });
  };

  const submitOverride = (event: FormEvent) => {
    event.preventDefault();
    if (!overrideReason.trim()) return setFieldError('Say why this approval is right despite the duplicate.');
    setFieldError(undefined);
    approve();
  };

  const submitReason = (event: FormEvent) => {
    event.preventDefault();
    const parsed =
      mode === 'reject'
        ? kycRejectBody.safeParse({ reason })
        : kycRequestDocumentBody.safeParse({ document, reason });
    if (!parsed.success)
      return setFieldError('Write a reason (up to 400 characters for a new image, 500 for a rejection).');
    setFieldError(undefined);
    if (mode === 'reject') {
      decide.mutate(() => rejectSubmission(id, reason.trim()), {
        onSuccess: () => done(`Submission #${id} (${name}) rejected; the client sees the reason.`),
      });
    } else {
      decide.mutate(() => requestDocument(id, document, reason.trim()), {
        onSuccess: () =>
          done(`A new image of the ${DOCUMENT_LABELS[document]} was asked of ${name} (submission #${id}).`),
      });
    }
  };

  const conflict = decide.error instanceof ApiError && decide.error.status === 409;
  return (
    <section aria-labelledby="decide-title" className="mt-4 rounded border border-slate-300 bg-white p-3">
      <h2 id="decide-title" className="mb-2 font-semibold">
        Decision
      </h2>
      <div aria-live="polite" className="mb-2 space-y-2">
        {conflict ? (
          <Alert>
            <strong>Already decided.</strong> {messageOf(decide.error)}{' '}
            <Link to="/kyc" className="underline">
              Back to the queue
            </Link>
          </Alert>
        ) : decide.isError ? (
          <Alert>{messageOf(decide.error)}</Alert>
        ) : null}
      </div>
      {override ? (
        <form onSubmit={submitOverride} aria-label="Approve with an override" className="space-y-2">
          <Alert>
            <strong>This ID number is already approved on another client.</strong> {override.message}
          </Alert>
          <label htmlFor="kyc-override" className={labelClass}>
            Override reason (audited): why it is the same person or a typo
          </label>
          <textarea
            id="kyc-override"
            // The form replaced the button just pressed: the focus moves into it.
            autoFocus
            className={inputClass}
            rows={2}
            maxLength={500}
            value={overrideReason}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'kyc-override-error' : undefined}
            onChange={(e) => setOverrideReason(e.target.value)}
          />
          <FieldError id="kyc-override-error" message={fieldError} />
          <div className="flex gap-2">
            <Button type="submit" disabled={decide.isPending}>
              Approve with override
            </Button>
            <Button tone="secondary" onClick={() => setOverride(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : mode === 'none' ? (
        <div className="flex gap-2">
          <Button onClick={approve} disabled={decide.isPending}>
            {decide.isPending ? 'Approving…' : 'Approve'}
          </Button>
          <Button tone="danger" onClick={() => setMode('reject')}>
            Reject…
          </Button>
          <Button tone="secondary" onClick={() => setMode('document')}>
            Ask for a new image…
          </Button>
        </div>
      ) : (
        <form
          onSubmit={submitReason}
          aria-label={mode === 'reject' ? 'Reject the submission' : 'Ask for a new image'}
          className="max-w-xl space-y-2"
        >
          {mode === 'document' ? (
            <div>
              <label htmlFor="kyc-document" className={labelClass}>
                Document
              </label>
              <select
                id="kyc-document"
                autoFocus
                className={inputClass}
                value={document}
                onChange={(e) => setDocument(e.target.value as KycDocument)}
              >
                {KYC_DOCUMENTS.map((d) => (
                  <option key={d} value={d}>
                    {DOCUMENT_LABELS[d]}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div>
            <label htmlFor="kyc-reason" className={labelClass}>
              Reason the client sees
            </label>
            <textarea
              id="kyc-reason"
              autoFocus={mode === 'reject'}
              className={inputClass}
              rows={3}
              maxLength={mode === 'reject' ? 500 : 400}
              value={reason}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? 'kyc-reason-error' : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            <FieldError id="kyc-reason-error" message={fieldError} />
          </div>
          <div className="flex gap-2">
            <Button type="submit" tone={mode === 'reject' ? 'danger' : 'primary'} disabled={decide.isPending}>
              {mode === 'reject' ? 'Reject' : 'Ask for the new image'}
            </Button>
            <Button
              tone="secondary"
              onClick={() => {
                setMode('none');
                setFieldError(undefined);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
