import { policyChangePreviewSchema, policyProposalInput } from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { previewPolicyChange } from './policy-change.service';
import { proposalRoutes } from './proposal-routes';

/**
 * A change of approval tiers from the console (issue 23, decision 0063), under /ops/v1: its preview
 * (in force and latest beside the proposal) and the `policy.change` approval request it becomes,
 * approved in the approvals inbox by a second treasury user with a step-up code.
 */
export async function policyChangeStaffRoutes(app: AppInstance) {
  proposalRoutes(app, {
    path: '/v1/policies',
    tags: ['ops: approvals'],
    permission: 'treasury.request',
    body: policyProposalInput,
    preview: policyChangePreviewSchema,
    summaries: {
      preview: 'A new version of one action\u2019s tiers, checked, beside the one in force; nothing written',
      request: 'Ask for the tiers previewed: a policy.change approval request (202)',
    },
    previewOf: previewPolicyChange,
    action: 'policy.change',
    doneMessage: 'In force.',
  });
}
