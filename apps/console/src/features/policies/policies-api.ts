import {
  approvalOutcomeSchema,
  approvalPolicySchema,
  limitsChangePreviewSchema,
  moneyLimitsOverviewSchema,
  policyChangePreviewSchema,
  type LimitsProposalInput,
  type PolicyProposalInput,
} from '@imali/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

/** Every version of every action's approval tiers, newest first (policies.read). */
export const policiesQuery = queryOptions({
  queryKey: ['approvals', 'policies'],
  queryFn: () => api('/approvals/policies', { schema: z.array(approvalPolicySchema) }),
});

/** A new version of one action's tiers, checked, beside the one in force (treasury.request). */
export const previewPolicyChange = (input: PolicyProposalInput) =>
  api('/policies/preview', { method: 'POST', body: input, schema: policyChangePreviewSchema });

/** The tiers previewed as a `policy.change` approval request. */
export const requestPolicyChange = (input: PolicyProposalInput) =>
  api('/policies/request', { method: 'POST', body: input, schema: approvalOutcomeSchema });

/** The client money limits in force and those scheduled (policies.read). */
export const limitsQuery = queryOptions({
  queryKey: ['limits'],
  queryFn: () => api('/limits', { schema: moneyLimitsOverviewSchema }),
});

export const previewLimitsChange = (input: LimitsProposalInput) =>
  api('/limits/preview', { method: 'POST', body: input, schema: limitsChangePreviewSchema });

export const requestLimitsChange = (input: LimitsProposalInput) =>
  api('/limits/request', { method: 'POST', body: input, schema: approvalOutcomeSchema });
