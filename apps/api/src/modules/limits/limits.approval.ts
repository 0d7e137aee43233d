import { limitsChangePayload, type LimitsChangePayload } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { defineApprovalAction } from '../approvals/approval-action';
import { assertLimitsUnchanged, publishLimits } from './limits.service';

/**
 * `limits.change` (issue 23, decision 0063): a whole new version of the client money limits, asked
 * by treasury and approved by another treasury user with step-up. The payload names the version it
 * replaces and that version's limits (`before`), so the checker sees both; a version published
 * meanwhile makes it stale (409, nothing written).
 */
export const limitsChangeApproval = defineApprovalAction<AppContext, LimitsChangePayload, unknown>({
  action: 'limits.change',
  makerPermission: 'treasury.request',
  checkerPermission: 'treasury.approve',
  payload: limitsChangePayload,
  itemKeyOf: () => 'limits',
  amountOf: () => null,
  recheck: (ctx, p) => assertLimitsUnchanged(ctx, p.baseVersion),
  execute: (txCtx, p, parties) => publishLimits(txCtx, p, parties),
});
