import type { StaffPermission } from '@imali/contract';
import type { AppContext } from '../lib/context';
import { staffActorOf, type ApprovalStaff } from '../modules/approvals/approval-action';
import { inAuditedTransaction } from '../modules/audit/audit.service';
import {
  cancel,
  canonicalPayload,
  getRequest,
  pendingRequestsMadeBy,
  pendingRequestsOf,
  requestApproval,
} from '../modules/approvals/approvals.service';
import { DomainError } from '../plugins/errors';
import { SYSTEM_STAFF_ID } from '../modules/staff/system-staff';

/**
 * The maker of a scheduled job's approval requests (decision 0064): the system principal
 * (migration 0029), audited as `job:<name>`, asking only what the job asks for. It has no role and
 * never signs in; the database refuses it as a checker.
 */
export function systemMaker(job: string, permissions: readonly StaffPermission[]): ApprovalStaff {
  return { id: SYSTEM_STAFF_ID, permissions, actor: `job:${job}` };
}

/**
 * A job's run of `action` on one item, through the approvals (decision 0064): the policy in force
 * decides. No checker needed: done at once, as before. Otherwise an approval request, one per
 * item: a rerun that finds the same payload pending does nothing; one that finds the job's own
 * request stale (the payload changed: more orders came in, the next day is due) cancels it and
 * asks afresh, so a stale request never blocks the run. A staff user's pending request is left to
 * its checkers (approving a stale one closes it: item changed), and the run waits for it.
 * Returns the line the job logs.
 */
export async function runThroughApprovals(
  ctx: AppContext,
  maker: ApprovalStaff,
  action: string,
  payload: unknown,
  label: string,
): Promise<string> {
  const definition = ctx.wiring.approvals[action];
  if (!definition) throw new Error(`No approval action ${action}.`);
  const parsed: unknown = definition.payload.parse(payload);
  const itemKey = definition.itemKeyOf(parsed);
  const pendingId = (await pendingRequestsOf(ctx, action, [itemKey])).get(itemKey);
  let replaced: number | undefined;
  const pending = pendingId === undefined ? undefined : await getRequest(ctx, pendingId);
  // A request past its expiry is no longer waiting: asking again marks it expired (requestApproval).
  if (pending && pendingId !== undefined && Date.parse(pending.expiresAt) > ctx.clock.now().getTime()) {
    if (pending.payloadHash === canonicalPayload(parsed).hash) {
      return `${label}: waiting for approval (request #${pendingId})`;
    }
    if (pending.makerStaffId !== maker.id) {
      return `${label}: request #${pendingId} of staff:${pending.makerStaffId} is pending (it no longer matches; its checker's approval closes it)`;
    }
    try {
      await cancel(ctx, maker, pendingId);
      replaced = pendingId;
    } catch (error) {
      // Decided, expired or taken over by a staff user meanwhile: the ask below says what stands.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  try {
    const outcome = await requestApproval(ctx, maker, action, parsed);
    const stale = replaced === undefined ? '' : `, replacing stale request #${replaced}`;
    return outcome.status === 'pending'
      ? `${label}: approval requested (request #${outcome.request.id}${stale})`
      : `${label}: done (no checker needed)`;
  } catch (error) {
    // One item refused (its state changed, a staff user's request arrived meanwhile) leaves the
    // others to run: the refusal is logged, and the next run tries again.
    if (error instanceof DomainError) return `${label}: ${error.message}`;
    throw error;
  }
}

/** The item key `action` gives `payload` (one pending request per item). */
export function itemKeyOf(ctx: AppContext, action: string, payload: unknown): string {
  const definition = ctx.wiring.approvals[action];
  if (!definition) throw new Error(`No approval action ${action}.`);
  return definition.itemKeyOf(definition.payload.parse(payload));
}

/**
 * After a job's pass: its own pending requests of each action of `dueByAction` for items no longer
 * due (not among that action's keys) (the orders
 * went, the step was done another way) are withdrawn, audited as the job, rather than left in a
 * checker's inbox until they expire 24 h on (approving one would only be refused: item changed).
 * A staff user's requests are never touched. Returns the lines the job logs.
 */
export async function withdrawNoLongerDue(
  ctx: AppContext,
  maker: ApprovalStaff,
  dueByAction: Readonly<Record<string, ReadonlySet<string>>>,
): Promise<string[]> {
  const lines: string[] = [];
  for (const [action, dueItemKeys] of Object.entries(dueByAction)) {
    for (const request of await pendingRequestsMadeBy(ctx, maker.id, action)) {
      if (dueItemKeys.has(request.itemKey)) continue;
      try {
        await cancel(ctx, maker, request.id);
        lines.push(`${request.itemKey}: no longer due, request #${request.id} withdrawn`);
      } catch (error) {
        // Decided or expired meanwhile: nothing left to withdraw.
        if (!(error instanceof DomainError)) throw error;
      }
    }
  }
  return lines;
}

/**
 * A staff user's ask (the ops CLI) for an item the job already asked for: the job's pending request
 * gives way (cancelled, audited as the staff user's doing: the staff user's request now stands for
 * the item, and the job leaves a staff user's request to its checkers); a staff user's pending
 * request does not (409, as requestApproval says). One transaction: the cancel locks the job's
 * request and re-checks it is still pending and the job's, so nothing but the job's is cancelled.
 */
export async function askAsStaff(ctx: AppContext, staff: ApprovalStaff, action: string, payload: unknown) {
  const definition = ctx.wiring.approvals[action];
  if (!definition) throw new Error(`No approval action ${action}.`);
  const itemKey = definition.itemKeyOf(definition.payload.parse(payload));
  return inAuditedTransaction(ctx, async (_tx, txCtx) => {
    const pendingId = (await pendingRequestsOf(txCtx, action, [itemKey])).get(itemKey);
    if (pendingId !== undefined && (await getRequest(txCtx, pendingId)).makerStaffId === SYSTEM_STAFF_ID) {
      await cancel(
        txCtx,
        { id: SYSTEM_STAFF_ID, permissions: [], actor: staffActorOf(staff) },
        pendingId,
      ).catch((error: unknown) => {
        // Decided or expired meanwhile: nothing to give way; the ask below says what stands.
        if (!(error instanceof DomainError)) throw error;
      });
    }
    return requestApproval(txCtx, staff, action, payload);
  });
}
