/**
 * Test helper for runs behind approvals (decision 0064): a checker (a product ops and treasury
 * staff user, never the maker) approves every pending request, as a human would in the inbox.
 */
import type { ApprovalRequest } from '@imali/contract';
import { approve, listRequests } from '../modules/approvals/approvals.service';
import type { ApprovalStaff } from '../modules/approvals/approval-action';
import { insertStaff } from '../modules/approvals/approvals-test-kit';
import type { TestApp } from '../test/test-app';

const checkers = new WeakMap<TestApp, ApprovalStaff>();

/** The test app's checker (inserted once): products.approve and treasury.approve. */
export async function checkerOf(t: TestApp): Promise<ApprovalStaff> {
  let checker = checkers.get(t);
  if (!checker) checkers.set(t, (checker = await insertStaff(t, ['product_ops', 'treasury'], 'checker')));
  return checker;
}

/** Approves every pending request in time (of `action`, if given); returns them as approved. */
export async function approvePending(t: TestApp, action?: string): Promise<ApprovalRequest[]> {
  const checker = await checkerOf(t);
  const pending = await listRequests(t.app.ctx, checker, { scope: 'all', status: 'pending', action });
  const approved: ApprovalRequest[] = [];
  const now = t.app.ctx.clock.now().getTime();
  for (const r of pending.reverse().filter((r) => Date.parse(r.expiresAt) > now))
    approved.push(await approve(t.app.ctx, checker, r.id));
  return approved;
}
