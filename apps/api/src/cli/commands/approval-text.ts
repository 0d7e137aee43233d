// What an ops command that asks for approval prints (issue 23, decision 0058): the money-out
// commands go through requestApproval as the signed-in staff user, like the console.
import { ErrorCode, type ApprovalOutcome } from '@imali/contract';
import { DomainError } from '../../plugins/errors';
import type { OperatorStaff } from '../../modules/orders/product';

/** The staff user runOps passes; a command asking for approval cannot run without one. */
export function signedInStaff(staff: OperatorStaff | undefined): OperatorStaff {
  if (!staff) {
    throw new DomainError(ErrorCode.Forbidden, 'This command runs as a signed-in staff user only.', 403);
  }
  return staff;
}

/** "waiting for approval: request #N (…)" of a pending outcome. */
export function waitingText(outcome: Extract<ApprovalOutcome, { status: 'pending' }>): string {
  const r = outcome.request;
  const checkers = r.checkersRequired === 1 ? 'one checker' : `${r.checkersRequired} checkers`;
  return `waiting for approval: request #${r.id} (${checkers} with ${r.checkerPermission}; approve it in the console's inbox).`;
}
