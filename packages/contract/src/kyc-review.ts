import { z } from 'zod';

/**
 * KYC review in the operator console (issue 23, decision 0061): the queue, one submission with its
 * images and duplicate-identity flags, and the three decisions. Staff routes under /ops/v1.
 */

export const KYC_SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycSubmissionStatus = (typeof KYC_SUBMISSION_STATUSES)[number];

/** The images of a submission a reviewer may ask the client to send again. */
export const KYC_DOCUMENTS = ['id_front', 'id_back'] as const;
export type KycDocument = (typeof KYC_DOCUMENTS)[number];

/**
 * What two clients were found to share. `ip`: a session from the same IP address; `device`: the
 * same IP address and the same browser (user agent).
 */
export const DUPLICATE_FLAG_KINDS = ['id_number', 'mobile', 'bank_card', 'device', 'ip'] as const;
export type DuplicateFlagKind = (typeof DUPLICATE_FLAG_KINDS)[number];

export const kycQueueQuery = z.object({
  status: z.enum(KYC_SUBMISSION_STATUSES).default('pending'),
  sort: z.enum(['oldest', 'newest']).default('oldest'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(25),
});
export type KycQueueQuery = z.infer<typeof kycQueueQuery>;

export const kycQueueItem = z.object({
  submissionId: z.number().int(),
  clientId: z.number().int(),
  clientDisplayName: z.string(),
  fullName: z.string(),
  status: z.enum(KYC_SUBMISSION_STATUSES),
  submittedAt: z.string(),
  /** Seconds since it was submitted (server clock). */
  ageSeconds: z.number().int(),
  duplicateFlagCount: z.number().int(),
});
export type KycQueueItem = z.infer<typeof kycQueueItem>;

export const kycQueuePage = z.object({
  items: z.array(kycQueueItem),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type KycQueuePage = z.infer<typeof kycQueuePage>;

export const duplicateFlag = z.object({
  kind: z.enum(DUPLICATE_FLAG_KINDS),
  otherClientId: z.number().int(),
  otherDisplayName: z.string(),
  /** What matched, safe to show: the ID number, the mobile, a masked card (****1234), the IP. */
  matched: z.string(),
  /** Where the console links to: the other client's 360 page. */
  link: z.object({ clientId: z.number().int() }),
});
export type DuplicateFlag = z.infer<typeof duplicateFlag>;

export const kycImage = z.object({
  uploadId: z.string(),
  /** Read with the staff session: GET /ops/v1/files/:uploadId. */
  url: z.string(),
});

export const kycSubmissionSummary = z.object({
  submissionId: z.number().int(),
  status: z.enum(KYC_SUBMISSION_STATUSES),
  reason: z.string().nullable(),
  requestedDocument: z.enum(KYC_DOCUMENTS).nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type KycSubmissionSummary = z.infer<typeof kycSubmissionSummary>;

export const kycReviewDetail = kycSubmissionSummary.extend({
  client: z.object({
    id: z.number().int(),
    displayName: z.string(),
    mobile: z.string(),
    kycStatus: z.string(),
  }),
  fields: z.object({
    fullName: z.string(),
    idNo: z.string(),
    mobile: z.string(),
    dob: z.string(),
  }),
  images: z.object({ idFront: kycImage, idBack: kycImage.nullable() }),
  /** Whether this is the client's latest submission (only the latest can be decided). */
  latest: z.boolean(),
  flags: z.array(duplicateFlag),
  /** The client's other submissions, newest first (for instance the one that asked for a new image). */
  earlier: z.array(kycSubmissionSummary),
});
export type KycReviewDetail = z.infer<typeof kycReviewDetail>;

export const kycApproveBody = z.object({
  /** Needed when another client is already approved with this ID number (audited). */
  overrideReason: z.string().trim().min(1).max(500).optional(),
});
export const kycRejectBody = z.object({
  /** The client sees it on the KYC status step. */
  reason: z.string().trim().min(1).max(500),
});
export const kycRequestDocumentBody = z.object({
  document: z.enum(KYC_DOCUMENTS),
  reason: z.string().trim().min(1).max(400),
});
export type KycRequestDocumentBody = z.infer<typeof kycRequestDocumentBody>;

export const kycDecisionResult = z.object({
  submissionId: z.number().int(),
  clientId: z.number().int(),
  status: z.enum(['approved', 'rejected']),
  reason: z.string().nullable(),
  requestedDocument: z.enum(KYC_DOCUMENTS).nullable(),
  decidedAt: z.string(),
});
export type KycDecisionResult = z.infer<typeof kycDecisionResult>;
