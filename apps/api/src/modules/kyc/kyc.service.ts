import { ErrorCode, Messages, type IdentifyBody, type KycDetail, type KycDocument } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import * as clientWrites from '../client/client-writes.service';
import * as clients from '../client/client.service';
import { fileUrl, ownUploadIdFromUrl } from '../uploads/uploads.service';
import * as repo from './kyc.repository';

/** Uploads a KYC submission may point at: images the client sent through /client/app/v1/image. */
const KYC_IMAGE_PURPOSES = ['image'] as const;

const imagesInvalid = () => new DomainError(ErrorCode.InvalidInput, Messages.kycImagesInvalid, 400);

/** A client submits KYC: allowed from unverified or rejected; the status becomes pending. */
export async function submit(ctx: AppContext, clientId: number, input: IdentifyBody) {
  const frontId = await ownUploadIdFromUrl(ctx, clientId, input.id_front_url, KYC_IMAGE_PURPOSES);
  if (!frontId) throw imagesInvalid();
  let backId: string | undefined;
  // The route's schema defaults a left-out back image to ''; a direct caller may leave it out too.
  if (input.id_back_url?.trim()) {
    backId = await ownUploadIdFromUrl(ctx, clientId, input.id_back_url, KYC_IMAGE_PURPOSES);
    if (!backId) throw imagesInvalid();
  }
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const before = await clients.requireClient(txCtx, clientId);
    const moved = await clientWrites.moveKycStatus(tx, clientId, ['unverified', 'rejected'], 'pending', {
      name: input.full_name,
      kycReason: null,
    });
    if (!moved) throw new DomainError(ErrorCode.KycAlreadySubmitted, Messages.kycAlreadySubmitted, 409);
    const submission = await repo.insertSubmission(tx, {
      clientId,
      fullName: input.full_name,
      idNo: input.id_no,
      mobile: input.mobile,
      dob: input.dob,
      idFrontUploadId: frontId,
      idBackUploadId: backId ?? null,
      createdAt: ctx.clock.now(),
    });
    await audit.record(txCtx, {
      actor: `client:${clientId}`,
      action: 'kyc.submit',
      subjectType: 'client',
      subjectId: String(clientId),
      before: { kycStatus: before.kycStatus, kycReason: before.kycReason },
      after: { kycStatus: 'pending', kycReason: null, submissionId: submission.id },
    });
  });
}

/** The client's latest submission (404 when there is none). Only ever the caller's own. */
export async function detail(ctx: AppContext, clientId: number): Promise<KycDetail> {
  const row = await repo.latestSubmission(ctx.db, clientId);
  if (!row) throw notFound('No KYC submission yet.');
  return {
    full_name: row.fullName,
    id_no: row.idNo,
    mobile: row.mobile,
    dob: row.dob,
    status: row.status,
    reason: row.reason ?? '',
    create_datetime: row.createdAt.toISOString(),
    check_time: row.decidedAt ? row.decidedAt.toISOString() : null,
    id_front_url: fileUrl(row.idFrontUploadId),
    id_back_url: row.idBackUploadId ? fileUrl(row.idBackUploadId) : '',
  };
}

/** An ID number as compared across clients: letters and digits only, upper case. */
export const normaliseIdNumber = (idNo: string) => idNo.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

type Client = Awaited<ReturnType<typeof clients.requireClient>>;
type Submission = repo.KycSubmissionRow;

export interface DecisionInput {
  decision: 'approved' | 'rejected';
  reason?: string;
  /** Approves although another client was approved with the same ID number (audited). */
  overrideReason?: string;
  /** A rejection that asks for a new image of this document (decision 0061). */
  requestedDocument?: KycDocument;
  actor: string;
  /** The staff user deciding (console), recorded in the audit row's staff_id (migration 0026). */
  staffId?: number;
}

/**
 * The one decision path (the ops CLI by mobile, the console by submission id): the caller has
 * locked `submission` FOR UPDATE in `tx` and checked it is the client's pending one. The change and
 * its audit entry (who, when, before, after) commit together.
 */
async function applyDecision(
  txCtx: AppContext,
  client: Client,
  submission: Submission,
  input: DecisionInput,
  label: string,
) {
  const tx = txCtx.db;
  const reason = input.reason?.trim() || null;
  if (input.decision === 'rejected' && !reason) {
    throw new DomainError(ErrorCode.InvalidInput, 'A rejection needs a reason (--reason TEXT).');
  }
  // One ID number, one approved client: a second approval is refused unless the operator
  // overrides with a reason. The number is locked so two approvals cannot both pass.
  let duplicateOf: string[] = [];
  if (input.decision === 'approved') {
    const idNo = normaliseIdNumber(submission.idNo);
    await repo.lockIdNumber(tx, idNo);
    duplicateOf = await repo.approvedHoldersOfIdNumber(tx, idNo, client.id);
    if (duplicateOf.length > 0 && !input.overrideReason?.trim()) {
      // Its own code (not CONFLICT, which "decided meanwhile" answers): the console asks for an
      // override reason on this one only.
      throw new DomainError(
        ErrorCode.KycDuplicateIdNumber,
        `ID number ${submission.idNo} is already approved for ${duplicateOf.join(', ')}. ` +
          'Approve only with --override-reason TEXT after checking it is the same person or a typo.',
        409,
      );
    }
  }
  const requestedDocument = input.decision === 'rejected' ? (input.requestedDocument ?? null) : null;
  const now = txCtx.clock.now();
  const decided = await repo.decideSubmission(tx, submission.id, {
    status: input.decision,
    reason,
    requestedDocument,
    at: now,
    by: input.actor,
  });
  const moved = await clientWrites.moveKycStatus(tx, client.id, ['pending'], input.decision, {
    kycReason: input.decision === 'rejected' ? reason : null,
  });
  if (!decided || !moved) {
    throw new DomainError(ErrorCode.Conflict, `The KYC of ${label} was decided meanwhile.`, 409);
  }
  await audit.record(txCtx, {
    actor: input.actor,
    ...(input.staffId === undefined ? {} : { staffId: input.staffId }),
    action:
      input.decision === 'approved'
        ? 'kyc.approve'
        : requestedDocument
          ? 'kyc.request_document'
          : 'kyc.reject',
    subjectType: 'client',
    subjectId: String(client.id),
    before: { kycStatus: client.kycStatus, kycReason: client.kycReason, submissionStatus: 'pending' },
    after: {
      kycStatus: input.decision,
      kycReason: reason,
      submissionStatus: input.decision,
      submissionId: submission.id,
      ...(requestedDocument ? { requestedDocument } : {}),
      ...(duplicateOf.length > 0
        ? { duplicateIdNumberOf: duplicateOf, overrideReason: input.overrideReason!.trim() }
        : {}),
    },
  });
  return {
    submissionId: submission.id,
    clientId: client.id,
    mobile: client.mobile,
    status: input.decision,
    reason,
    requestedDocument,
    decidedAt: now,
  };
}

/** An operator's decision on the pending submission of the client with `mobile` (the ops CLI). */
export async function decide(ctx: AppContext, input: DecisionInput & { mobile: string }) {
  if (input.decision === 'rejected' && !input.reason?.trim()) {
    throw new DomainError(ErrorCode.InvalidInput, 'A rejection needs a reason (--reason TEXT).');
  }
  const found = await clients.findByMobile(ctx, input.mobile);
  if (!found) throw notFound(`No client with mobile ${input.mobile}.`);
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    // Locked, then the client re-read: a decision that committed while this one waited is seen.
    const submission = await repo.latestSubmission(tx, found.id, true);
    const client = await clients.requireClient(txCtx, found.id);
    if (!submission || submission.status !== 'pending' || client.kycStatus !== 'pending') {
      throw new DomainError(
        ErrorCode.Conflict,
        `No pending KYC submission for ${input.mobile} (status ${client.kycStatus}).`,
        409,
      );
    }
    return applyDecision(txCtx, client, submission, input, input.mobile);
  });
}

/**
 * A reviewer's decision on one submission (the console). It must still be pending and the client's
 * latest: the row is locked FOR UPDATE and re-checked in the transaction, so of two reviewers
 * deciding at once one decides and the other gets 409.
 */
export async function decideSubmission(ctx: AppContext, submissionId: number, input: DecisionInput) {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const submission = await repo.lockSubmission(tx, submissionId);
    if (!submission) throw notFound('No such KYC submission.');
    const client = await clients.requireClient(txCtx, submission.clientId);
    const latest = await repo.latestSubmission(tx, client.id);
    if (submission.status !== 'pending' || latest?.id !== submission.id || client.kycStatus !== 'pending') {
      throw new DomainError(
        ErrorCode.Conflict,
        `KYC submission ${submissionId} is not pending (it is ${submission.status}).`,
        409,
      );
    }
    return applyDecision(txCtx, client, submission, input, `submission ${submissionId}`);
  });
}

/** What the client reads on the KYC status step when a reviewer asks for one new image. */
export function documentRequestReason(document: KycDocument, reason: string) {
  const which = document === 'id_front' ? 'the front of your ID' : 'the back of your ID';
  return `Please submit again with a new photo of ${which}: ${reason.trim()}`;
}

/** Asks the client for a new image of one document: a rejection whose reason names it. */
export const requestDocument = (
  ctx: AppContext,
  submissionId: number,
  input: { document: KycDocument; reason: string; actor: string; staffId?: number },
) =>
  decideSubmission(ctx, submissionId, {
    decision: 'rejected',
    reason: documentRequestReason(input.document, input.reason),
    requestedDocument: input.document,
    actor: input.actor,
    staffId: input.staffId,
  });

export const approve = (ctx: AppContext, mobile: string, actor: string, overrideReason?: string) =>
  decide(ctx, { mobile, decision: 'approved', actor, overrideReason });

export const reject = (ctx: AppContext, mobile: string, reason: string, actor: string) =>
  decide(ctx, { mobile, decision: 'rejected', reason, actor });

/** Submissions for review, each with the other approved clients that hold its ID number. */
export async function list(ctx: AppContext, status?: 'pending' | 'approved' | 'rejected', limit = 100) {
  const rows = await repo.listSubmissions(ctx.db, status, limit);
  return Promise.all(
    rows.map(async (r) => ({
      ...r.submission,
      clientMobile: r.clientMobile,
      duplicateIdOf: await repo.approvedHoldersOfIdNumber(
        ctx.db,
        normaliseIdNumber(r.submission.idNo),
        r.submission.clientId,
      ),
    })),
  );
}
