/**
 * The typed definition of an approvable action (decision 0058). Each owning module defines its
 * own (withdrawals: `withdrawal.pay`); modules/wiring.ts lists them and hands them to the app, so
 * the approvals module runs them without importing the modules that own the items. Generic over
 * the context, like the product definitions, so wiring-types.ts can name it without a cycle.
 */
import type { StaffPermission } from '@imali/contract';
import type { z } from 'zod';

/**
 * The staff user acting: what approvals needs of the staff module's StaffPrincipal (which has
 * these fields and more), so a principal is passed as it is.
 */
export interface ApprovalStaff {
  id: number;
  permissions: readonly StaffPermission[];
  /** The audit actor when it is not `staff:<id>`: a scheduled job asking as the system user (0064). */
  actor?: string;
}

/** Who made and who approved what executes (no checkers when the tier needs none). */
export interface ApprovalParties {
  makerStaffId: number;
  checkerStaffIds: number[];
  /** The approval request executed; null when the tier needed no checker. */
  requestId: number | null;
}

export interface ApprovalAmount {
  amountMinor: bigint;
  currency: string;
}

export interface ApprovalActionDefinition<Ctx, P = unknown, R = unknown> {
  /** As named in approval_policies.action, e.g. 'withdrawal.pay'. */
  action: string;
  /** Needed to ask for it. */
  makerPermission: StaffPermission;
  /** The checkers' permission a new policy version names by default (the policy row rules). */
  checkerPermission: StaffPermission;
  /** The payload's shape; what is stored is what this parses to (canonical JSON of it). */
  payload: z.ZodType<P>;
  /** The item the payload is about, e.g. `withdrawal:123`: one pending request per item. */
  itemKeyOf(payload: P): string;
  /** The amount that picks the tier; null: the action has none (its currency-less tier applies). */
  amountOf(payload: P): ApprovalAmount | null;
  /**
   * Throws (a DomainError) when the item is no longer what the payload describes: asked, and again
   * right before executing once approved, in the executing transaction.
   */
  recheck(ctx: Ctx, payload: P): Promise<void>;
  /**
   * Does it, through the owning module's service (the one ledger path), in the transaction of
   * `txCtx` (the approval is marked consumed in the same one). Returns what the outcome records.
   */
  execute(txCtx: Ctx, payload: P, parties: ApprovalParties): Promise<R>;
}

/** The approvable actions by name (modules/wiring.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each definition has its own payload type
export type ApprovalRegistry<Ctx> = Record<string, ApprovalActionDefinition<Ctx, any, any>>;

/** Identity with the types checked: `defineApprovalAction({...})`. */
export function defineApprovalAction<Ctx, P, R>(
  definition: ApprovalActionDefinition<Ctx, P, R>,
): ApprovalActionDefinition<Ctx, P, R> {
  return definition;
}

/** The audit actor of a staff user (the staff module's staffActor gives the same text). */
export const staffActorOf = (staff: { id: number; actor?: string }) => staff.actor ?? `staff:${staff.id}`;
