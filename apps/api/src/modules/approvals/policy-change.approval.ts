import {
  ErrorCode,
  policyChangePayload,
  tierProblems,
  type ApprovalTier,
  type PolicyChangePayload,
} from '@imali/contract';
import { isCurrency, parseAmount } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import { defineApprovalAction } from './approval-action';
import * as repo from './approvals.repository';

const invalid = (message: string) => new DomainError(ErrorCode.InvalidInput, message, 400);

/** Minor units of a tier's threshold (currency-less tiers count in cents, like ZAR). */
export const minorOf = (amount: string, currency: string | null) =>
  parseAmount(amount, currency && isCurrency(currency) ? currency : 'ZAR', { allowZero: true });

/** Why a set of tiers cannot be a policy (400), or nothing. The database's CHECK is the last word. */
export function assertValidTiers(action: string, tiers: readonly ApprovalTier[]) {
  // Every amount must have a tier: a currency-less tier from 0 (fail closed for other currencies).
  if (!tiers.some((t) => t.currency === null && minorOf(t.minAmount, null) === 0n)) {
    throw invalid('A policy needs a tier for any currency from 0.');
  }
  const keys = new Set(tiers.map((t) => `${t.currency}:${minorOf(t.minAmount, t.currency)}`));
  if (keys.size !== tiers.length) throw invalid('Two tiers have the same currency and threshold.');
  if (
    (action === 'ledger.adjust' || action === 'policy.change') &&
    tiers.some((t) => t.checkersRequired < 1)
  ) {
    throw invalid('This action always needs at least one checker.');
  }
  const [problem] = tierProblems(action, tiers);
  if (problem) throw invalid(problem);
}

/**
 * `policy.change` (decisions 0058, 0063): a whole new version of one action's tiers, asked by
 * treasury and approved by another treasury user. The amount tiers are data, and this is the only
 * way they change. The payload names the version it replaces (`baseVersion`) and its tiers
 * (`before`), so the checker sees both; a version made meanwhile makes the request stale (409).
 */
export const policyChangeApproval = defineApprovalAction<AppContext, PolicyChangePayload, unknown>({
  action: 'policy.change',
  makerPermission: 'treasury.request',
  checkerPermission: 'treasury.approve',
  payload: policyChangePayload,
  itemKeyOf: (p) => `policy:${p.action}`,
  amountOf: () => null,
  async recheck(ctx, p) {
    assertValidTiers(p.action, p.tiers);
    if (p.baseVersion !== undefined) {
      const latest = await repo.latestVersion(ctx.db, p.action);
      if (latest !== p.baseVersion) {
        throw new DomainError(
          ErrorCode.Conflict,
          `The tiers of ${p.action} changed since this proposal (now version ${latest}); propose the change again.`,
          409,
        );
      }
    }
  },
  async execute(txCtx, p, parties) {
    const now = txCtx.clock.now();
    const requested = p.effectiveFrom === null ? now : new Date(p.effectiveFrom);
    const version = await repo.reserveNextVersion(txCtx.db, p.action, parties.requestId);
    const rows = await repo.insertPolicies(
      txCtx.db,
      p.tiers.map((t) => ({
        action: p.action,
        currency: t.currency,
        minAmountMinor: minorOf(t.minAmount, t.currency),
        checkersRequired: t.checkersRequired,
        checkerPermission: t.checkerPermission,
        // Never in the past: a version approved after its date applies from the approval.
        effectiveFrom: requested > now ? requested : now,
        version,
        createdBy: parties.makerStaffId,
        approvedBy: parties.checkerStaffIds.at(-1) ?? null,
        createdAt: now,
      })),
    );
    return { action: p.action, version, policyIds: rows.map((r) => r.id) };
  },
});
