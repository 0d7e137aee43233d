import {
  envelope,
  limitsChangePreviewSchema,
  limitsProposalInput,
  moneyLimitsOverviewSchema,
} from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { proposalRoutes } from '../approvals/proposal-routes';
import { limitsOverview, previewLimitsChange } from './limits.service';

const tags = ['ops: limits'];

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

  proposalRoutes(app, {
    path: '/v1/limits',
    tags,
    permission: 'treasury.request',
    body: limitsProposalInput,
    preview: limitsChangePreviewSchema,
    summaries: {
      preview: 'A new version of the limits, checked, beside the latest; nothing written',
      request: 'Ask for the limits previewed: a limits.change approval request (202)',
    },
    previewOf: previewLimitsChange,
    action: 'limits.change',
    doneMessage: 'Published.',
  });
}
