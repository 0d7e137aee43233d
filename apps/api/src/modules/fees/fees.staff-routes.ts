import {
  approvalOutcomeSchema,
  envelope,
  ErrorCode,
  feesChangePreviewSchema,
  feesOverviewSchema,
  feesProposalInput,
} from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { feesOverview, previewFeesChange, proposeFeesChange } from './fees-change.service';

const tags = ['ops: fees'];
const E = ErrorCode;

/**
 * Fee schedules on the console (issue 23, decision 0063), under /ops/v1: per country the schedule
 * in force and those scheduled, a new schedule's preview (each line from → to, a worked example)
 * and its `fees.change` approval request, approved in the approvals inbox by a second treasury
 * user with a step-up code.
 */
export async function feesStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/fees',
    {
      config: { auth: 'staff', permission: 'policies.read' },
      schema: {
        tags,
        summary: 'Fee schedules: per country the one in force and those scheduled after it',
        response: { 200: envelope(feesOverviewSchema) },
      },
    },
    async () => ok(await feesOverview(ctx)),
  );

  app.post(
    '/v1/fees/preview',
    {
      config: {
        auth: 'staff',
        permission: 'treasury.request',
        openapi: { errors: { 400: [E.InvalidInput], 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary:
          "A country's new fee schedule, checked, beside the latest with a worked example; nothing written",
        body: feesProposalInput,
        response: { 200: envelope(feesChangePreviewSchema) },
      },
    },
    async (request) => ok(await previewFeesChange(ctx, request.body)),
  );

  app.post(
    '/v1/fees/request',
    {
      config: {
        auth: 'staff',
        permission: 'treasury.request',
        openapi: { errors: { 400: [E.InvalidInput], 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary: 'Ask for the fee schedule previewed: a fees.change approval request (202)',
        body: feesProposalInput,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const outcome = await proposeFeesChange(ctx, staffOf(request), request.body);
      if (outcome.status === 'pending') reply.status(202);
      return ok(outcome, outcome.status === 'pending' ? 'Waiting for approval.' : 'Published.');
    },
  );
}
