import { APPROVAL_ACTIONS, type ApprovalPolicy } from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../app/session';
import { Alert } from '../../components/ui';
import { messageOf } from '../../lib/api';
import { actionLabel, minorToDecimal } from '../approvals/payload-view';
import { LimitsSection } from './limits-section';
import { policiesQuery } from './policies-api';
import { PolicyProposal } from './policy-proposal';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });

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

const money = (amount: string, currency: string | null) =>
  currency ? formatCurrency(amount, currency) : amount;

/**
 * The approval tiers in force (decision 0058): per action, from which amount how many checkers of
 * which permission must approve. A change is itself an approval request (`policy.change`, decision
 * 0063): treasury proposes it here (a preview beside the tiers in force), a second treasury user
 * approves it in Approvals. Then the client money limits (`limits.change`, limits-section.tsx).
 */
export function PoliciesSection() {
  const can = useCan();
  const policies = useQuery(policiesQuery);
  const inForce = policies.data ? tiersInForce(policies.data) : [];
  return (
    <>
      <section aria-labelledby="policies-title" className="mt-8">
        <h2 id="policies-title" className="text-base font-semibold">
          Approval tiers in force
        </h2>
        <p className="mb-2 text-sm text-slate-700">
          How many checkers must approve an action, by amount. A change of tiers is itself approved by a
          second staff user (the <span className="font-mono">policy.change</span> action).
        </p>
        {policies.isPending ? (
          <p role="status">Loading the approval tiers…</p>
        ) : policies.isError ? (
          <Alert>{messageOf(policies.error)}</Alert>
        ) : (
          <table className="w-full max-w-5xl border-collapse rounded border border-slate-300 bg-white text-left text-sm">
            <caption className="sr-only">Approval tiers in force, per action</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-semibold">
                  Action
                </th>
                <th scope="col" className="px-3 py-1.5 font-semibold">
                  Amount
                </th>
                <th scope="col" className="px-3 py-1.5 font-semibold">
                  Checkers
                </th>
                <th scope="col" className="px-3 py-1.5 font-semibold">
                  Checker permission
                </th>
                <th scope="col" className="px-3 py-1.5 font-semibold">
                  Version
                </th>
                <th scope="col" className="px-3 py-1.5 font-semibold">
                  Effective from
                </th>
              </tr>
            </thead>
            <tbody>
              {inForce.flatMap((a) =>
                a.tiers.map((t, i) => (
                  <tr key={t.id} className={i === 0 ? 'border-t border-slate-300' : undefined}>
                    {i === 0 ? (
                      <th
                        scope="rowgroup"
                        rowSpan={a.tiers.length}
                        className="px-3 py-1.5 align-top font-medium"
                      >
                        {actionLabel(a.action)}
                        <span className="block font-mono text-xs font-normal text-slate-600">{a.action}</span>
                      </th>
                    ) : null}
                    <td className="px-3 py-1.5 tabular-nums">
                      {t.currency === null
                        ? a.tiers.some((other) => other.currency !== null)
                          ? 'any amount in another currency'
                          : 'any amount'
                        : t.upTo === null
                          ? `from ${money(t.minAmount, t.currency)}`
                          : `${money(t.minAmount, t.currency)} to ${money(t.upTo, t.currency)}`}
                    </td>
                    <td className="px-3 py-1.5">
                      {t.checkersRequired === 0 ? 'none (maker alone)' : t.checkersRequired}
                    </td>
                    <td className="px-3 py-1.5 font-mono text-xs">
                      {t.checkersRequired === 0 ? '—' : t.checkerPermission}
                    </td>
                    {i === 0 ? (
                      <>
                        <td rowSpan={a.tiers.length} className="px-3 py-1.5 align-top">
                          v{a.version}
                          {a.scheduled > 0 ? (
                            <span className="block text-xs text-slate-600">
                              {a.scheduled} later version(s) scheduled
                            </span>
                          ) : null}
                        </td>
                        <td rowSpan={a.tiers.length} className="px-3 py-1.5 align-top">
                          {when(a.effectiveFrom)}
                        </td>
                      </>
                    ) : null}
                  </tr>
                )),
              )}
            </tbody>
          </table>
        )}
        {can('treasury.request') && policies.data ? <PolicyProposal current={inForce} /> : null}
      </section>
      <LimitsSection />
    </>
  );
}
