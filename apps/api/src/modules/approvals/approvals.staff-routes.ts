import {
  approvalInboxQuery,
  approvalPolicySchema,
  approvalRequestSchema,
  approveApprovalInput,
  envelope,
  idParam,
  reasonInput,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { approve, cancel, getRequest, listPolicies, listRequests, reject } from './approvals.service';

const tags = ['ops: approvals'];

/**
 * The checkers' inbox and decisions (issue 23, decision 0058), under /ops/v1 on the ops app. The
 * route's permission lets a checker in (payouts.approve); the request's own checker permission
 * (from its policy) is checked by the service, inside the decision's transaction. Approving moves
 * money: it needs a fresh step-up code, bound by the server to this exact request (method, path
 * with the request id, body with the payload hash the checker saw).
 */
export async function approvalsStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/approvals',
    {
      config: { auth: 'staff', permission: 'payouts.read' },
      schema: {
        tags,
        summary: "The checker's inbox (pending, not made by me, a permission I hold), my requests, or all",
        querystring: approvalInboxQuery,
        response: { 200: envelope(z.array(approvalRequestSchema)) },
      },
    },
    async (request) => ok(await listRequests(ctx, staffOf(request), request.query)),
  );

  app.get(
    '/approvals/policies',
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
    '/approvals/:id',
    {
      config: { auth: 'staff', permission: 'payouts.read' },
      schema: {
        tags,
        summary: 'One approval request with its decisions',
        params: idParam,
        response: { 200: envelope(approvalRequestSchema) },
      },
    },
    async (request) => ok(await getRequest(ctx, Number(request.params.id))),
  );

  app.post(
    '/approvals/:id/approve',
    {
      config: { auth: 'staff', permission: 'payouts.approve', stepUp: true },
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
      });
      return ok(
        result,
        result.status === 'approved' ? 'Approved and done.' : 'Approved; waiting for another checker.',
      );
    },
  );

  app.post(
    '/approvals/:id/reject',
    {
      config: { auth: 'staff', permission: 'payouts.approve' },
      schema: {
        tags,
        summary: 'Reject with a reason; nothing is done',
        params: idParam,
        body: reasonInput,
        response: { 200: envelope(approvalRequestSchema) },
      },
    },
    async (request) =>
      ok(await reject(ctx, staffOf(request), Number(request.params.id), request.body.reason), 'Rejected.'),
  );

  app.post(
    '/approvals/:id/cancel',
    {
      config: { auth: 'staff', permission: 'payouts.request' },
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
