import { ErrorCode, policyChangeInput, type PolicyChangeInput } from '@imali/contract';
import { isCurrency, parseAmount } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import { defineApprovalAction } from './approval-action';
import * as repo from './approvals.repository';

const invalid = (message: string) => new DomainError(ErrorCode.InvalidInput, message, 400);

/** Minor units of a tier's threshold (currency-less tiers count in cents, like ZAR). */
const minorOf = (amount: string, currency: string | null) =>
  parseAmount(amount, currency && isCurrency(currency) ? currency : 'ZAR', { allowZero: true });

/**
 * `policy.change` (decision 0058): a whole new version of one action's tiers, asked by treasury and
 * approved by another treasury user. The amount tiers are data, and this is the only way they
 * change.
 */
export const policyChangeApproval = defineApprovalAction<AppContext, PolicyChangeInput, unknown>({
  action: 'policy.change',
  makerPermission: 'treasury.request',
  checkerPermission: 'treasury.approve',
  payload: policyChangeInput,
  itemKeyOf: (p) => `policy:${p.action}`,
  amountOf: () => null,
  async recheck(_ctx, p) {
    // Every amount must have a tier: a currency-less tier from 0 (fail closed for other currencies).
    if (!p.tiers.some((t) => t.currency === null && minorOf(t.minAmount, null) === 0n)) {
      throw invalid('A policy needs a tier for any currency from 0.');
    }
    const keys = new Set(p.tiers.map((t) => `${t.currency}:${minorOf(t.minAmount, t.currency)}`));
    if (keys.size !== p.tiers.length) throw invalid('Two tiers have the same currency and threshold.');
    if (
      (p.action === 'ledger.adjust' || p.action === 'policy.change') &&
      p.tiers.some((t) => t.checkersRequired < 1)
    ) {
      throw invalid('This action always needs at least one checker.');
    }
  },
  async execute(txCtx, p, parties) {
    const now = txCtx.clock.now();
    const requested = new Date(p.effectiveFrom);
    const version = (await repo.latestVersion(txCtx.db, p.action)) + 1;
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
