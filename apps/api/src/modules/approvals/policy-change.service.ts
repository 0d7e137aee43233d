/**
 * Proposing a new version of an action's approval tiers (issue 23, decision 0063): the preview
 * (the version in force and the latest beside the proposal, checked), whose payload the request
 * route asks for as a `policy.change` approval (proposal-routes.ts). Nothing here writes a tier:
 * the approved request's execution does (policy-change.approval.ts), in the approval's transaction.
 */
import {
  ErrorCode,
  type ApprovalTier,
  type PolicyChangePayload,
  type PolicyChangePreview,
  type PolicyProposalInput,
  type PolicyVersion,
} from '@imali/contract';
import { formatMinor } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import * as repo from './approvals.repository';
import { assertValidTiers, minorOf } from './policy-change.approval';

/** How far in the past a proposed effective time may be (a form's clock is minutes, not seconds). */
const PAST_GRACE_MS = 60_000;

const tierOf = (t: {
  currency: string | null;
  minAmountMinor: bigint;
  checkersRequired: number;
  checkerPermission: string;
}) =>
  ({
    currency: t.currency,
    minAmount: formatMinor(t.minAmountMinor, 'ZAR'),
    checkersRequired: t.checkersRequired,
    checkerPermission: t.checkerPermission,
  }) as ApprovalTier;

/** By currency code (the currency-less tiers last), then threshold. */
const byCurrencyThenAmount = (a: ApprovalTier, b: ApprovalTier) =>
  a.currency === b.currency
    ? Number(minorOf(a.minAmount, a.currency) - minorOf(b.minAmount, b.currency))
    : a.currency === null
      ? 1
      : b.currency === null
        ? -1
        : a.currency.localeCompare(b.currency);

/** Tiers in words: "ZAR from 0.00: 0 checkers; ZAR from 50000.01: 1 payouts.approve; …". */
const tiersText = (tiers: readonly ApprovalTier[]) =>
  [...tiers]
    .sort(byCurrencyThenAmount)
    .map(
      (t) =>
        `${t.currency ?? 'other currencies'} from ${t.minAmount}: ${
          t.checkersRequired === 0 ? 'maker alone' : `${t.checkersRequired} ${t.checkerPermission}`
        }`,
    )
    .join('; ');

const sameTiers = (a: readonly ApprovalTier[], b: readonly ApprovalTier[]) =>
  JSON.stringify([...a].sort(byCurrencyThenAmount)) === JSON.stringify([...b].sort(byCurrencyThenAmount));

/** The versions of one action's tiers: the one in force at `now` and the latest (maybe scheduled). */
async function versionsOf(ctx: AppContext, action: string, now: Date) {
  const rows = await repo.policiesOf(ctx.db, action);
  const versionOf = (version: number | undefined): PolicyVersion | null => {
    if (version === undefined) return null;
    const of = rows.filter((r) => r.version === version);
    return {
      version,
      effectiveFrom: of[0]!.effectiveFrom.toISOString(),
      tiers: of.map(tierOf).sort(byCurrencyThenAmount),
    };
  };
  const maxOf = (versions: number[]) => (versions.length ? Math.max(...versions) : undefined);
  return {
    inForce: versionOf(maxOf(rows.filter((r) => r.effectiveFrom <= now).map((r) => r.version))),
    latest: versionOf(maxOf(rows.map((r) => r.version))),
  };
}

/** The proposal checked beside what it replaces; nothing written. 400 with the reason otherwise. */
export async function previewPolicyChange(
  ctx: AppContext,
  input: PolicyProposalInput,
): Promise<PolicyChangePreview> {
  const now = ctx.clock.now();
  if (
    input.effectiveFrom !== null &&
    new Date(input.effectiveFrom).getTime() < now.getTime() - PAST_GRACE_MS
  ) {
    throw new DomainError(
      ErrorCode.InvalidInput,
      'The effective time is in the past: choose a later one, or none for "as soon as approved".',
      400,
    );
  }
  // Amounts as the server writes them ('50000.01'), so the preview and the payload read alike.
  const tiers = input.tiers.map((t) => ({
    ...t,
    minAmount: formatMinor(minorOf(t.minAmount, t.currency), 'ZAR'),
  }));
  assertValidTiers(input.action, tiers);
  const { inForce, latest } = await versionsOf(ctx, input.action, now);
  if (input.baseVersion !== undefined && input.baseVersion !== (latest?.version ?? 0)) {
    throw new DomainError(
      ErrorCode.Conflict,
      `The tiers of ${input.action} changed since your preview (now version ${latest?.version ?? 0}); preview again.`,
      409,
    );
  }
  if (latest && sameTiers(latest.tiers, tiers)) {
    throw new DomainError(
      ErrorCode.InvalidInput,
      'These are the tiers already in place: nothing to change.',
      400,
    );
  }
  const payload: PolicyChangePayload = {
    action: input.action,
    effectiveFrom: input.effectiveFrom === null ? null : new Date(input.effectiveFrom).toISOString(),
    tiers,
    baseVersion: latest?.version ?? 0,
    before: latest?.tiers ?? [],
    summary: `${input.action} version ${latest?.version ?? 0} → ${(latest?.version ?? 0) + 1}. Now: ${
      latest ? tiersText(latest.tiers) : 'no tiers'
    }. Proposed: ${tiersText(tiers)}.`,
  };
  return {
    action: input.action,
    inForce,
    latest,
    proposed: { version: (latest?.version ?? 0) + 1, effectiveFrom: payload.effectiveFrom, tiers },
    payload,
  };
}
