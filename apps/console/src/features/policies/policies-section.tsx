import { formatCurrency } from '@imali/money';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../app/session';
import { Alert } from '../../components/ui';
import { messageOf } from '../../lib/api';
import { actionLabel } from '../approvals/payload-view';
import { FeesSection } from './fees-section';
import { LimitsSection } from './limits-section';
import { policiesQuery } from './policies-api';
import { PolicyProposal } from './policy-proposal';
import { tiersInForce } from './tiers-in-force';

export { tiersInForce, type ActionTiers } from './tiers-in-force';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });

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
      <FeesSection />
    </>
  );
}
