import { feesChangePayload, type FeesChangePayload } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { defineApprovalAction } from '../approvals/approval-action';
import { assertFeesChangeStillValid, publishFees } from './fees-change.service';

/**
 * `fees.change` (issue 23, decision 0063): a new fee schedule of one country, asked by treasury and
 * approved by another treasury user with step-up. The payload carries the schedule it replaces
 * (`before`), so the checker sees both; a version published meanwhile makes it stale, and an
 * effective time less than two minutes away is refused (409, nothing written).
 */
export const feesChangeApproval = defineApprovalAction<AppContext, FeesChangePayload, unknown>({
  action: 'fees.change',
  makerPermission: 'treasury.request',
  checkerPermission: 'treasury.approve',
  payload: feesChangePayload,
  itemKeyOf: (p) => `fees:${p.country}`,
  amountOf: () => null,
  recheck: (ctx, p) => assertFeesChangeStillValid(ctx, p),
  execute: (txCtx, p, parties) => publishFees(txCtx, p, parties),
});
