import {
  approvalOutcomeSchema,
  envelope,
  ErrorCode,
  policyChangePreviewSchema,
  policyProposalInput,
} from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { previewPolicyChange, proposePolicyChange } from './policy-change.service';

const tags = ['ops: approvals'];
const E = ErrorCode;

/**
 * A change of approval tiers from the console (issue 23, decision 0063), under /ops/v1: its preview
 * (in force and latest beside the proposal) and the `policy.change` approval request it becomes,
 * approved in the approvals inbox by a second treasury user with a step-up code.
 */
export async function policyChangeStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.post(
    '/v1/policies/preview',
    {
      config: {
        auth: 'staff',
        permission: 'treasury.request',
        openapi: { errors: { 400: [E.InvalidInput], 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary:
          'A new version of one action\u2019s tiers, checked, beside the one in force; nothing written',
        body: policyProposalInput,
        response: { 200: envelope(policyChangePreviewSchema) },
      },
    },
    async (request) => ok(await previewPolicyChange(ctx, request.body)),
  );

  app.post(
    '/v1/policies/request',
    {
      config: {
        auth: 'staff',
        permission: 'treasury.request',
        openapi: { errors: { 400: [E.InvalidInput], 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary: 'Ask for the tiers previewed: a policy.change approval request (202)',
        body: policyProposalInput,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const outcome = await proposePolicyChange(ctx, staffOf(request), request.body);
      if (outcome.status === 'pending') reply.status(202);
      return ok(outcome, outcome.status === 'pending' ? 'Waiting for approval.' : 'In force.');
    },
  );
}
