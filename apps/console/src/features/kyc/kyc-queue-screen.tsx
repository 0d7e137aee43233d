import { KYC_SUBMISSION_STATUSES, type KycSubmissionStatus } from '@imali/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, PageTitle } from '../../components/ui';
import { FilterSelect, QueueList } from '../../components/queue';
import { messageOf } from '../../lib/api';
import { ageText, formatTime, kycQueue, type QueueSort } from './kyc-api';

/** What the detail page says after a decision (router state), shown once above the queue. */
export interface QueueNotice {
  notice: string;
}

const STATUS_LABELS: Record<KycSubmissionStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

const SORTS: { value: QueueSort; label: string }[] = [
  { value: 'oldest', label: 'Oldest first' },
  { value: 'newest', label: 'Newest first' },
];

/** The KYC review queue: pending first (the default), oldest or newest first, j/k and Enter. */
export function KycQueueScreen() {
  const [params, setParams] = useSearchParams();
  const status = (KYC_SUBMISSION_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as KycSubmissionStatus)
    : 'pending';
  const sort: QueueSort = params.get('sort') === 'newest' ? 'newest' : 'oldest';
  const location = useLocation();
  const notice = (location.state as QueueNotice | null)?.notice;
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };

  return (
    <section aria-labelledby="page-title">
      <PageTitle hint="Identity documents clients sent. Open one to compare its fields with the ID images and check the duplicate flags before deciding.">
        <span id="page-title">KYC review</span>
      </PageTitle>
      {notice ? (
        <div className="mb-4">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}
      <div className="mb-4 flex items-end gap-4">
        <FilterSelect
          id="kyc-status"
          label="Status"
          className="w-40"
          value={status}
          options={KYC_SUBMISSION_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          onChange={(value) => set('status', value)}
        />
        <FilterSelect
          id="kyc-sort"
          label="Order"
          className="w-40"
          value={sort}
          options={SORTS}
          onChange={(value) => set('sort', value)}
        />
      </div>
      <Queue status={status} sort={sort} />
    </section>
  );
}

function Queue({ status, sort }: { status: KycSubmissionStatus; sort: QueueSort }) {
  const queue = useInfiniteQuery(kycQueue(status, sort));
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const navigate = useNavigate();

  if (queue.isPending) return <p role="status">Loading the queue…</p>;
  if (queue.isError) return <Alert>{messageOf(queue.error)}</Alert>;
  if (items.length === 0) return <p role="status">No {STATUS_LABELS[status].toLowerCase()} submissions.</p>;
  return (
    <div>
      <QueueList
        items={items}
        keyOf={(item) => item.submissionId}
        idPrefix="kyc"
        name={{ label: 'KYC submissions' }}
        help="j / k or the arrow keys move, Enter opens a submission."
        columns="grid-cols-[5rem_1fr_1fr_10rem_5rem_8rem]"
        header={['Submission', 'Name on the ID', 'Client', 'Submitted', 'Waiting', 'Flags']}
        onOpen={(item) => navigate(`/kyc/${item.submissionId}`)}
        renderRow={(item) => (
          <>
            <span className="font-mono text-slate-700">#{item.submissionId}</span>
            <span className="truncate font-semibold">{item.fullName}</span>
            <span className="truncate">
              {item.clientDisplayName} <span className="text-slate-600">(client {item.clientId})</span>
            </span>
            <span>{formatTime(item.submittedAt)}</span>
            <span>{ageText(item.ageSeconds)}</span>
            <span>
              {item.duplicateFlagCount > 0 ? (
                <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
                  {item.duplicateFlagCount} duplicate {item.duplicateFlagCount === 1 ? 'flag' : 'flags'}
                </span>
              ) : (
                <span className="text-xs text-slate-600">none</span>
              )}
            </span>
          </>
        )}
      />
      {queue.hasNextPage ? (
        <Button
          tone="secondary"
          className="mt-2"
          onClick={() => queue.fetchNextPage()}
          disabled={queue.isFetchingNextPage}
        >
          {queue.isFetchingNextPage ? 'Loading…' : 'More submissions'}
        </Button>
      ) : (
        <p className="mt-2 text-xs text-slate-600">End of the queue.</p>
      )}
    </div>
  );
}
