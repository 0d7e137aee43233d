import {
  approvalOutcomeSchema,
  feesChangePreviewSchema,
  feesOverviewSchema,
  type FeesProposalInput,
} from '@imali/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Per country the fee schedule in force and those scheduled (policies.read). */
export const feesQuery = queryOptions({
  queryKey: ['fees'],
  queryFn: () => api('/fees', { schema: feesOverviewSchema }),
});

/** A country's new lines, checked, beside the latest with a worked example (treasury.request). */
export const previewFeesChange = (input: FeesProposalInput) =>
  api('/fees/preview', { method: 'POST', body: input, schema: feesChangePreviewSchema });

/** The schedule previewed as a `fees.change` approval request. */
export const requestFeesChange = (input: FeesProposalInput) =>
  api('/fees/request', { method: 'POST', body: input, schema: approvalOutcomeSchema });
