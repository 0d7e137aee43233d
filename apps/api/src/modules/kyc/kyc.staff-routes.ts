import {
  envelope,
  ErrorCode,
  kycApproveBody,
  kycDecisionResult,
  kycQueuePage,
  kycQueueQuery,
  kycRejectBody,
  kycRequestDocumentBody,
  kycReviewDetail,
} from '@imali/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { staffActor } from '../staff/staff.service';
import * as review from './kyc-review.service';
import * as kyc from './kyc.service';

const E = ErrorCode;
const tags = ['kyc review'];
const submissionParams = z.object({
  submissionId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
/**
 * A decision answers 404 (no such submission), 409 CONFLICT (decided meanwhile) or 409
 * KYC_DUPLICATE_ID_NUMBER (the ID number is approved on another client: approve with overrideReason).
 */
const decisionErrors = { 404: [E.NotFound], 409: [E.Conflict, E.KycDuplicateIdNumber] } as const;

/** Who decides: the audit actor `staff:<id>` and the staff id (audit_log.staff_id). */
const byStaff = (request: FastifyRequest) => {
  const staff = staffOf(request);
  return { actor: staffActor(staff), staffId: staff.id };
};

const resultOf = (d: Awaited<ReturnType<typeof kyc.decideSubmission>>) => ({
  submissionId: d.submissionId,
  clientId: d.clientId,
  status: d.status,
  reason: d.reason,
  requestedDocument: d.requestedDocument,
  decidedAt: d.decidedAt.toISOString(),
});

/** KYC review under /ops/v1 on the ops app (decision 0061). */
export async function kycStaffRoutes(app: AppInstance) {
  const { ctx } = app;

  app.get(
    '/v1/kyc',
    {
      config: { auth: 'staff', permission: 'kyc.read' },
      schema: {
        tags,
        summary: 'The KYC review queue: submissions in one status, oldest first by default, with flag counts',
        querystring: kycQueueQuery,
        response: { 200: envelope(kycQueuePage) },
      },
    },
    async (request) => ok(await review.queue(ctx, request.query)),
  );

  app.get(
    '/v1/kyc/:submissionId',
    {
      config: { auth: 'staff', permission: 'kyc.read' },
      schema: {
        tags,
        summary: 'One KYC submission: fields, ID images (GET /ops/v1/files/:id) and duplicate-identity flags',
        params: submissionParams,
        response: { 200: envelope(kycReviewDetail) },
      },
    },
    async (request) => ok(await review.reviewDetail(ctx, request.params.submissionId)),
  );

  app.post(
    '/v1/kyc/:submissionId/approve',
    {
      config: { auth: 'staff', permission: 'kyc.decide', openapi: { errors: decisionErrors } },
      schema: {
        tags,
        summary:
          'Approve a pending submission (an ID number another client holds approved needs overrideReason)',
        params: submissionParams,
        body: kycApproveBody,
        response: { 200: envelope(kycDecisionResult) },
      },
    },
    async (request) => {
      const decided = await kyc.decideSubmission(ctx, request.params.submissionId, {
        decision: 'approved',
        overrideReason: request.body.overrideReason,
        ...byStaff(request),
      });
      return ok(resultOf(decided));
    },
  );

  app.post(
    '/v1/kyc/:submissionId/reject',
    {
      config: { auth: 'staff', permission: 'kyc.decide', openapi: { errors: decisionErrors } },
      schema: {
        tags,
        summary: 'Reject a pending submission; the client sees the reason and may submit again',
        params: submissionParams,
        body: kycRejectBody,
        response: { 200: envelope(kycDecisionResult) },
      },
    },
    async (request) => {
      const decided = await kyc.decideSubmission(ctx, request.params.submissionId, {
        decision: 'rejected',
        reason: request.body.reason,
        ...byStaff(request),
      });
      return ok(resultOf(decided));
    },
  );

  app.post(
    '/v1/kyc/:submissionId/request-document',
    {
      config: { auth: 'staff', permission: 'kyc.decide', openapi: { errors: decisionErrors } },
      schema: {
        tags,
        summary:
          'Ask for a new image of one document: the submission is rejected with a reason naming it, and the client submits again',
        params: submissionParams,
        body: kycRequestDocumentBody,
        response: { 200: envelope(kycDecisionResult) },
      },
    },
    async (request) => {
      const decided = await kyc.requestDocument(ctx, request.params.submissionId, {
        document: request.body.document,
        reason: request.body.reason,
        ...byStaff(request),
      });
      return ok(resultOf(decided));
    },
  );
}
