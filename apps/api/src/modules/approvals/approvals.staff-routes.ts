import {
  approvalInboxQuery,
  approvalPolicySchema,
  approvalRequestSchema,
  approveApprovalInput,
  envelope,
  ErrorCode,
  idParam,
  rejectApprovalInput,
  type StaffPermission,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { DomainError } from '../../plugins/errors';
import { staffOf } from '../../plugins/auth';
import { approve, cancel, getRequest, listPolicies, listRequests, reject } from './approvals.service';

const tags = ['ops: approvals'];
const E = ErrorCode;

/** Permissions that may read every request (not only their inbox and their own). */
const READ_ALL: readonly StaffPermission[] = ['payouts.read', 'products.read', 'policies.read', 'audit.read'];

/**
 * The checkers' inbox and decisions (issue 23, decision 0058), under /ops/v1 on the ops app. The
 * decisions declare no single route permission: which one a checker needs is the request's own
 * (`checker_permission`, from its policy: payouts.approve, products.approve, treasury.approve),
 * checked by the service inside the decision's transaction, under the request's lock. Approving
 * moves money: it needs a fresh step-up code, bound by the server to this exact request (method,
 * path with the request id, body with the payload hash the checker saw); the decision keeps the
 * hash the code was bound to.
 */
export async function approvalsStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/approvals',
    {
      config: { auth: 'staff', openapi: { errors: { 403: [E.Forbidden] } } },
      schema: {
        tags,
        summary: "The checker's inbox (pending, not made by me, a permission I hold), my requests, or all",
        querystring: approvalInboxQuery,
        response: { 200: envelope(z.array(approvalRequestSchema)) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      if (request.query.scope === 'all' && !READ_ALL.some((p) => staff.permissions.includes(p))) {
        throw new DomainError(ErrorCode.Forbidden, 'Your staff role does not allow this.', 403);
      }
      return ok(await listRequests(ctx, staff, request.query));
    },
  );

  app.get(
    '/v1/approvals/policies',
    {
      config: { auth: 'staff', permission: 'policies.read' },
      schema: {
        tags,
        summary: 'The approval tiers, every version, newest first',
        response: { 200: envelope(z.array(approvalPolicySchema)) },
      },
    },
    async () => ok(await listPolicies(ctx)),
  );

  app.get(
    '/v1/approvals/:id',
    {
      config: { auth: 'staff', openapi: { errors: { 403: [E.Forbidden] } } },
      schema: {
        tags,
        summary: 'One approval request with its decisions',
        params: idParam,
        response: { 200: envelope(approvalRequestSchema) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const found = await getRequest(ctx, Number(request.params.id));
      const mayRead =
        found.makerStaffId === staff.id ||
        (staff.permissions as readonly string[]).includes(found.checkerPermission) ||
        READ_ALL.some((p) => staff.permissions.includes(p));
      if (!mayRead) throw new DomainError(ErrorCode.Forbidden, 'Your staff role does not allow this.', 403);
      return ok(found);
    },
  );

  app.post(
    '/v1/approvals/:id/approve',
    {
      config: { auth: 'staff', stepUp: true, openapi: { errors: { 403: [E.Forbidden], 409: [E.Conflict] } } },
      schema: {
        tags,
        summary: 'Approve (step-up code in x-step-up-code); the last approval needed executes it, once',
        params: idParam,
        body: approveApprovalInput,
        response: { 200: envelope(approvalRequestSchema) },
      },
    },
    async (request) => {
      const result = await approve(ctx, staffOf(request), Number(request.params.id), {
        payloadHash: request.body.payloadHash,
        stepUpHash: request.stepUpHash,
      });
      return ok(
        result,
        result.status === 'approved' ? 'Approved and done.' : 'Approved; waiting for another checker.',
      );
    },
  );

  app.post(
    '/v1/approvals/:id/reject',
    {
      config: { auth: 'staff', openapi: { errors: { 403: [E.Forbidden], 409: [E.Conflict] } } },
      schema: {
        tags,
        summary: 'Reject with a reason; nothing is done',
        params: idParam,
        body: rejectApprovalInput,
        response: { 200: envelope(approvalRequestSchema) },
      },
    },
    async (request) =>
      ok(await reject(ctx, staffOf(request), Number(request.params.id), request.body.reason), 'Rejected.'),
  );

  app.post(
    '/v1/approvals/:id/cancel',
    {
      config: { auth: 'staff', openapi: { errors: { 403: [E.Forbidden], 409: [E.Conflict] } } },
      schema: {
        tags,
        summary: 'The maker withdraws their own pending request',
        params: idParam,
        response: { 200: envelope(approvalRequestSchema) },
      },
    },
    async (request) => ok(await cancel(ctx, staffOf(request), Number(request.params.id)), 'Cancelled.'),
  );
}
