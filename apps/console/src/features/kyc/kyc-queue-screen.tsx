import { KYC_SUBMISSION_STATUSES, type KycSubmissionStatus } from '@imali/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, PageTitle, cx, inputClass, labelClass } from '../../components/ui';
import { useListKeys } from '../../components/use-list-keys';
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
        <div className="w-40">
          <label htmlFor="kyc-status" className={labelClass}>
            Status
          </label>
          <select
            id="kyc-status"
            className={inputClass}
            value={status}
            onChange={(e) => set('status', e.target.value)}
          >
            {KYC_SUBMISSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="w-40">
          <label htmlFor="kyc-sort" className={labelClass}>
            Order
          </label>
          <select
            id="kyc-sort"
            className={inputClass}
            value={sort}
            onChange={(e) => set('sort', e.target.value)}
          >
            <option value="oldest">Oldest first</option>
            <option value="newest">Newest first</option>
          </select>
        </div>
      </div>
      <Queue status={status} sort={sort} />
    </section>
  );
}

function Queue({ status, sort }: { status: KycSubmissionStatus; sort: QueueSort }) {
  const queue = useInfiniteQuery(kycQueue(status, sort));
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const navigate = useNavigate();
  const open = (i: number) => {
    const item = items[i];
    if (item) navigate(`/kyc/${item.submissionId}`);
  };
  const list = useListKeys(items.length, open, 'kyc');

  if (queue.isPending) return <p role="status">Loading the queue…</p>;
  if (queue.isError) return <Alert>{messageOf(queue.error)}</Alert>;
  if (items.length === 0) return <p role="status">No {STATUS_LABELS[status].toLowerCase()} submissions.</p>;
  return (
    <div>
      <p className="mb-1 text-xs text-slate-600" id="kyc-list-help">
        j / k or the arrow keys move, Enter opens a submission.
      </p>
      <div
        aria-hidden="true"
        className="grid grid-cols-[5rem_1fr_1fr_10rem_5rem_8rem] gap-2 px-3 pb-1 text-xs font-semibold text-slate-700"
      >
        <span>Submission</span>
        <span>Name on the ID</span>
        <span>Client</span>
        <span>Submitted</span>
        <span>Waiting</span>
        <span>Flags</span>
      </div>
      <ul
        role="listbox"
        aria-label="KYC submissions"
        aria-describedby="kyc-list-help"
        className="divide-y divide-slate-200 rounded border border-slate-300 bg-white"
        {...list.listProps}
      >
        {items.map((item, i) => (
          <li
            key={item.submissionId}
            id={list.optionId(i)}
            role="option"
            aria-selected={i === list.active}
            onClick={() => {
              list.setActive(i);
              open(i);
            }}
            className={cx(
              'grid cursor-pointer grid-cols-[5rem_1fr_1fr_10rem_5rem_8rem] items-center gap-2 px-3 py-2 text-sm',
              i === list.active && 'bg-accent-50 outline outline-2 -outline-offset-2 outline-accent-600',
            )}
          >
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
          </li>
        ))}
      </ul>
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
