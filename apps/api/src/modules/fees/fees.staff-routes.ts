import { envelope, feesChangePreviewSchema, feesOverviewSchema, feesProposalInput } from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { proposalRoutes } from '../approvals/proposal-routes';
import { feesOverview, previewFeesChange } from './fees-change.service';

const tags = ['ops: fees'];

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

  proposalRoutes(app, {
    path: '/v1/fees',
    tags,
    permission: 'treasury.request',
    body: feesProposalInput,
    preview: feesChangePreviewSchema,
    summaries: {
      preview:
        "A country's new fee schedule, checked, beside the latest with a worked example; nothing written",
      request: 'Ask for the fee schedule previewed: a fees.change approval request (202)',
    },
    previewOf: previewFeesChange,
    action: 'fees.change',
    doneMessage: 'Published.',
  });
}
