import {
  kycDecisionResult,
  kycQueuePage,
  kycReviewDetail,
  type KycDocument,
  type KycSubmissionStatus,
} from '@imali/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, OPS_BASE } from '../../lib/api';

export type QueueSort = 'oldest' | 'newest';
export const QUEUE_PAGE_SIZE = 25;

export const kycQueue = (status: KycSubmissionStatus, sort: QueueSort) =>
  infiniteQueryOptions({
    queryKey: ['kyc', 'queue', status, sort],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api('/kyc', {
        schema: kycQueuePage,
        signal,
        query: { status, sort, cursor: pageParam, limit: QUEUE_PAGE_SIZE },
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const kycDetail = (submissionId: number) =>
  queryOptions({
    queryKey: ['kyc', 'detail', submissionId],
    queryFn: ({ signal }) => api(`/kyc/${submissionId}`, { schema: kycReviewDetail, signal }),
  });

export const approveSubmission = (submissionId: number, overrideReason?: string) =>
  api(`/kyc/${submissionId}/approve`, {
    method: 'POST',
    schema: kycDecisionResult,
    body: overrideReason ? { overrideReason } : {},
  });

export const rejectSubmission = (submissionId: number, reason: string) =>
  api(`/kyc/${submissionId}/reject`, { method: 'POST', schema: kycDecisionResult, body: { reason } });

export const requestDocument = (submissionId: number, document: KycDocument, reason: string) =>
  api(`/kyc/${submissionId}/request-document`, {
    method: 'POST',
    schema: kycDecisionResult,
    body: { document, reason },
  });

/**
 * Where the browser reads an uploaded image with the staff session. The API gives the URL; an
 * upload id alone (an older answer) maps to the same route.
 */
export const fileUrl = (image: { uploadId: string; url: string }) =>
  image.url.startsWith(`${OPS_BASE}/files/`)
    ? image.url
    : `${OPS_BASE}/files/${encodeURIComponent(image.uploadId)}`;

export const DOCUMENT_LABELS: Record<KycDocument, string> = {
  id_front: 'ID front',
  id_back: 'ID back',
};

/** How long a submission has waited, from the server's seconds. */
export function ageText(seconds: number) {
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} d`;
}

export function formatTime(iso: string) {
  return new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
}
