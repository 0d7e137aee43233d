import type {
  DuplicateFlag,
  KycQueuePage,
  KycQueueQuery,
  KycReviewDetail,
  KycSubmissionSummary,
} from '@imali/contract';
import { ErrorCode } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as bankcards from '../bankcards/bankcards.service';
import * as clients from '../client/client.service';
import * as sessions from '../session/session.service';
import * as repo from './kyc.repository';
import { normaliseIdNumber } from './kyc.service';

/**
 * KYC review in the operator console (decision 0061): the queue, one submission with its images
 * and duplicate-identity flags. Decisions are kyc.service's `decideSubmission` / `requestDocument`.
 */

/** Flags of one kind per look-up at most this many: enough to see a ring, bounded work per request. */
const FLAGS_PER_KIND = 20;

/** Where the console reads an upload with its staff session (modules/ops, GET /ops/v1/files/:id). */
export const staffFileUrl = (uploadId: string) => `/ops/v1/files/${uploadId}`;

type Submission = repo.KycSubmissionRow;

const summaryOf = (s: Submission): KycSubmissionSummary => ({
  submissionId: s.id,
  status: s.status,
  reason: s.reason,
  requestedDocument: s.requestedDocument,
  submittedAt: s.createdAt.toISOString(),
  decidedAt: s.decidedAt ? s.decidedAt.toISOString() : null,
  decidedBy: s.decidedBy,
});

/**
 * Other clients who share an identity marker with this submission's client: the ID number (any
 * submission of theirs), a mobile (the submitted one or the login one, as another client's login or
 * submitted mobile), a live bank card number, or the IP address (and user agent: `device`) of a
 * recent session. Every look-up is an index probe (migration 0025).
 */
export async function duplicateFlagsOf(
  ctx: AppContext,
  submission: Pick<Submission, 'clientId' | 'idNo' | 'mobile'>,
  clientMobile: string,
): Promise<DuplicateFlag[]> {
  const clientId = submission.clientId;
  const idNo = normaliseIdNumber(submission.idNo);
  const mobiles = [...new Set([submission.mobile.trim(), clientMobile])].filter(Boolean);
  const [byIdNo, bySubmittedMobile, byLoginMobile, byCard, byNetwork] = await Promise.all([
    idNo ? repo.otherClientsWithIdNumber(ctx.db, idNo, clientId, FLAGS_PER_KIND) : Promise.resolve([]),
    repo.otherClientsWithSubmittedMobile(ctx.db, mobiles, clientId, FLAGS_PER_KIND),
    Promise.all(mobiles.map((m) => clients.findByMobile(ctx, m))),
    bankcards.sharedCardNumbersOf(ctx, clientId, FLAGS_PER_KIND),
    sessions.sharedNetworksOf(ctx, clientId, { limit: FLAGS_PER_KIND }),
  ]);
  const found: Array<Omit<DuplicateFlag, 'otherDisplayName' | 'link'>> = [];
  const seen = new Set<string>();
  const add = (kind: DuplicateFlag['kind'], otherClientId: number, matched: string) => {
    const key = `${kind}:${otherClientId}`;
    if (otherClientId === clientId || seen.has(key)) return;
    seen.add(key);
    found.push({ kind, otherClientId, matched });
  };
  for (const id of byIdNo) add('id_number', id, submission.idNo);
  for (const c of byLoginMobile) if (c) add('mobile', c.id, c.mobile);
  for (const r of bySubmittedMobile) add('mobile', r.clientId, r.mobile);
  for (const c of byCard) add('bank_card', c.clientId, c.maskedCardNo);
  for (const n of byNetwork) add(n.sameDevice ? 'device' : 'ip', n.clientId, n.ip);
  const names = await clients.displayNamesOf(
    ctx,
    found.map((f) => f.otherClientId),
  );
  return found.map((f) => ({
    ...f,
    otherDisplayName: names.get(f.otherClientId) ?? `Client ${f.otherClientId}`,
    link: { clientId: f.otherClientId },
  }));
}

const badCursor = () => new DomainError(ErrorCode.InvalidInput, 'Invalid cursor.', 400);

function encodeCursor(s: Submission) {
  return Buffer.from(JSON.stringify([s.createdAt.toISOString(), s.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const createdAt = new Date(String(at));
    if (Number.isNaN(createdAt.getTime()) || !Number.isSafeInteger(id)) throw badCursor();
    return { createdAt, id: id as number };
  } catch {
    throw badCursor();
  }
}

/** The review queue: a page of submissions in one status, oldest (the default) or newest first. */
export async function queue(ctx: AppContext, query: KycQueueQuery): Promise<KycQueuePage> {
  const rows = await repo.queuePage(ctx.db, {
    status: query.status,
    sort: query.sort,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const people = new Map(
    (
      await Promise.all([...new Set(page.map((r) => r.clientId))].map((id) => clients.findClient(ctx, id)))
    ).map((c) => [c.id, c]),
  );
  const now = ctx.clock.now().getTime();
  const items = [];
  // One submission after the other: each is a handful of index probes, and PGlite has one connection.
  for (const s of page) {
    const client = people.get(s.clientId)!;
    const flags = await duplicateFlagsOf(ctx, s, client.mobile);
    items.push({
      submissionId: s.id,
      clientId: s.clientId,
      clientDisplayName: clients.displayNameOf(client),
      fullName: s.fullName,
      status: s.status,
      submittedAt: s.createdAt.toISOString(),
      ageSeconds: Math.max(0, Math.floor((now - s.createdAt.getTime()) / 1000)),
      duplicateFlagCount: flags.length,
    });
  }
  return { items, nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null };
}

/** One submission for review: fields, images, flags and the client's earlier submissions. */
export async function reviewDetail(ctx: AppContext, submissionId: number): Promise<KycReviewDetail> {
  const s = await repo.findSubmission(ctx.db, submissionId);
  if (!s) throw notFound('No such KYC submission.');
  const client = await clients.findClient(ctx, s.clientId);
  const history = await repo.submissionsOfClient(ctx.db, s.clientId, 11);
  const flags = await duplicateFlagsOf(ctx, s, client.mobile);
  return {
    ...summaryOf(s),
    client: {
      id: client.id,
      displayName: clients.displayNameOf(client),
      mobile: client.mobile,
      kycStatus: client.kycStatus,
    },
    fields: { fullName: s.fullName, idNo: s.idNo, mobile: s.mobile, dob: s.dob },
    images: {
      idFront: { uploadId: s.idFrontUploadId, url: staffFileUrl(s.idFrontUploadId) },
      idBack: s.idBackUploadId ? { uploadId: s.idBackUploadId, url: staffFileUrl(s.idBackUploadId) } : null,
    },
    latest: history[0]?.id === s.id,
    flags,
    earlier: history
      .filter((h) => h.id !== s.id)
      .slice(0, 10)
      .map(summaryOf),
  };
}

/** A client's submissions, newest first (client 360). */
export async function submissionsOfClient(ctx: AppContext, clientId: number, limit = 10) {
  return (await repo.submissionsOfClient(ctx.db, clientId, limit)).map(summaryOf);
}
