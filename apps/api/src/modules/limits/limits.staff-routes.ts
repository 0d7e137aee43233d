import {
  approvalOutcomeSchema,
  envelope,
  ErrorCode,
  limitsChangePreviewSchema,
  limitsProposalInput,
  moneyLimitsOverviewSchema,
} from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { limitsOverview, previewLimitsChange, proposeLimitsChange } from './limits.service';

const tags = ['ops: limits'];
const E = ErrorCode;

/**
 * Client money limits on the console (issue 23, decision 0063), under /ops/v1: the version in force
 * and those scheduled, a new version's preview (beside the latest) and its `limits.change` approval
 * request, approved in the approvals inbox by a second treasury user with a step-up code.
 */
export async function limitsStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/limits',
    {
      config: { auth: 'staff', permission: 'policies.read' },
      schema: {
        tags,
        summary: 'Client money limits: the version in force and those scheduled after it',
        response: { 200: envelope(moneyLimitsOverviewSchema) },
      },
    },
    async () => ok(await limitsOverview(ctx)),
  );

  app.post(
    '/v1/limits/preview',
    {
      config: {
        auth: 'staff',
        permission: 'treasury.request',
        openapi: { errors: { 400: [E.InvalidInput], 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary: 'A new version of the limits, checked, beside the latest; nothing written',
        body: limitsProposalInput,
        response: { 200: envelope(limitsChangePreviewSchema) },
      },
    },
    async (request) => ok(await previewLimitsChange(ctx, request.body)),
  );

  app.post(
    '/v1/limits/request',
    {
      config: {
        auth: 'staff',
        permission: 'treasury.request',
        openapi: { errors: { 400: [E.InvalidInput], 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary: 'Ask for the limits previewed: a limits.change approval request (202)',
        body: limitsProposalInput,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const outcome = await proposeLimitsChange(ctx, staffOf(request), request.body);
      if (outcome.status === 'pending') reply.status(202);
      return ok(outcome, outcome.status === 'pending' ? 'Waiting for approval.' : 'Published.');
    },
  );
}
