import { APPROVAL_ACTIONS, type ApprovalPolicy } from '@imali/contract';
import { minorToDecimal } from '../approvals/payload-view';

export interface ActionTiers {
  action: string;
  version: number;
  effectiveFrom: string;
  /**
   * The tiers of that version by currency (the currency-less rows, for any other currency, last),
   * lowest amount first, each with its last amount (null: no limit).
   */
  tiers: (ApprovalPolicy & { upTo: string | null })[];
  /** Versions that take effect later. */
  scheduled: number;
}

/** Per action, the version in force at `now` (the newest already effective) and its tiers. */
export function tiersInForce(policies: readonly ApprovalPolicy[], now = new Date()): ActionTiers[] {
  const byAction = new Map<string, ApprovalPolicy[]>();
  for (const p of policies) byAction.set(p.action, [...(byAction.get(p.action) ?? []), p]);
  const result: ActionTiers[] = [];
  for (const [action, rows] of byAction) {
    const effective = rows.filter((r) => new Date(r.effectiveFrom) <= now);
    if (effective.length === 0) continue;
    const version = Math.max(...effective.map((r) => r.version));
    const tiers = effective
      .filter((r) => r.version === version)
      .sort(
        (a, b) => currencyOrder(a.currency, b.currency) || Number(cents(a.minAmount) - cents(b.minAmount)),
      );
    result.push({
      action,
      version,
      effectiveFrom: tiers[0]!.effectiveFrom,
      tiers: tiers.map((t, i) => {
        const next = tiers[i + 1];
        // A tier ends one cent below where the next one of its currency starts.
        const upTo =
          next && next.currency === t.currency ? minorToDecimal(String(cents(next.minAmount) - 1n)) : null;
        return { ...t, upTo };
      }),
      scheduled: new Set(rows.filter((r) => r.version > version).map((r) => r.version)).size,
    });
  }
  // In the contract's order (payouts first), an action it does not know last.
  const rank = (action: string) => {
    const i = (APPROVAL_ACTIONS as readonly string[]).indexOf(action);
    return i < 0 ? APPROVAL_ACTIONS.length : i;
  };
  return result.sort((a, b) => rank(a.action) - rank(b.action) || a.action.localeCompare(b.action));
}

/** By currency code, the currency-less rows (any other currency) last. */
function currencyOrder(a: string | null, b: string | null) {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Decimal text ('50000.01') as cents. */
function cents(amount: string) {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
}
