import {
  APPROVAL_ACTIONS,
  MONEY_CURRENCIES,
  tierProblems,
  type ApprovalTier,
  type PolicyChangePreview,
  type PolicyProposalInput,
  type StaffPermission,
} from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { useState } from 'react';
import { Button, inputClass, labelClass } from '../../components/ui';
import { actionLabel } from '../approvals/payload-view';
import { previewPolicyChange, requestPolicyChange } from './policies-api';
import { ProposalForm, isoOfLocal, useProposal, whenText } from './proposal-form';
import type { ActionTiers } from './tiers-in-force';

/** The permissions a checker of a tier may need (the approving ones). */
const CHECKER_PERMISSIONS: StaffPermission[] = ['payouts.approve', 'products.approve', 'treasury.approve'];

const ANY = 'any';

/** A read-only list of tiers (the preview's two sides). */
function TiersTable({ label, tiers }: { label: string; tiers: readonly ApprovalTier[] }) {
  return (
    <table className="w-full border-collapse text-left text-xs" aria-label={label}>
      <thead className="text-slate-700">
        <tr>
          <th scope="col" className="py-1 pr-2 font-semibold">
            Currency
          </th>
          <th scope="col" className="py-1 pr-2 font-semibold">
            From
          </th>
          <th scope="col" className="py-1 pr-2 font-semibold">
            Checkers
          </th>
          <th scope="col" className="py-1 font-semibold">
            Permission
          </th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((t, i) => (
          <tr key={i} className="border-t border-slate-200">
            <td className="py-1 pr-2">{t.currency ?? 'any other'}</td>
            <td className="py-1 pr-2 tabular-nums">
              {t.currency ? formatCurrency(t.minAmount, t.currency) : t.minAmount}
            </td>
            <td className="py-1 pr-2">{t.checkersRequired}</td>
            <td className="py-1 font-mono">{t.checkersRequired === 0 ? '—' : t.checkerPermission}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The preview: what is in force (and the latest version, when one is scheduled) beside the proposal. */
function PolicyPreview({ preview }: { preview: PolicyChangePreview }) {
  const base = preview.latest;
  return (
    <div className="grid grid-cols-2 gap-3">
      <div>
        <h4 className="text-sm font-semibold">
          {base ? `Now: version ${base.version}` : 'Now: no tiers'}
          {base && preview.inForce && base.version !== preview.inForce.version ? ' (scheduled)' : null}
        </h4>
        {base ? (
          <>
            <p className="text-xs text-slate-600">In force from {whenText(base.effectiveFrom)}</p>
            <TiersTable label="Tiers now" tiers={base.tiers} />
          </>
        ) : null}
      </div>
      <div>
        <h4 className="text-sm font-semibold">Proposed: version {preview.proposed.version}</h4>
        <p className="text-xs text-slate-600">In force {whenText(preview.proposed.effectiveFrom)}</p>
        <TiersTable label="Tiers proposed" tiers={preview.proposed.tiers} />
      </div>
    </div>
  );
}

interface Row {
  currency: string;
  minAmount: string;
  checkersRequired: string;
  checkerPermission: StaffPermission;
}

const rowsOf = (tiers: readonly ActionTiers['tiers'][number][]): Row[] =>
  tiers.map((t) => ({
    currency: t.currency ?? ANY,
    minAmount: t.minAmount,
    checkersRequired: String(t.checkersRequired),
    checkerPermission: t.checkerPermission as StaffPermission,
  }));

const tiersOf = (rows: readonly Row[]): ApprovalTier[] =>
  rows.map((r) => ({
    currency: r.currency === ANY ? null : r.currency,
    minAmount: r.minAmount.trim(),
    checkersRequired: Number(r.checkersRequired),
    checkerPermission: r.checkerPermission,
  }));

/**
 * "Propose change" (treasury.request): a new version of one action's tiers, edited from the one in
 * force, previewed beside it and sent as a `policy.change` approval request; a second treasury user
 * approves it in Approvals with a fresh code.
 */
export function PolicyProposal({ current }: { current: readonly ActionTiers[] }) {
  const [action, setAction] = useState<string>('');
  const [rows, setRows] = useState<Row[]>([]);
  const [effective, setEffective] = useState('');
  const proposal = useProposal({
    preview: previewPolicyChange,
    request: requestPolicyChange,
    input: (): PolicyProposalInput => ({
      action: action as PolicyProposalInput['action'],
      effectiveFrom: isoOfLocal(effective),
      tiers: tiersOf(rows),
    }),
    // Said at once, before anything is sent: the server checks the same again.
    check: () =>
      rows.some((r) => !/^\d{1,15}(\.\d{1,2})?$/.test(r.minAmount.trim()))
        ? ['Enter each tier\u2019s amount as a plain number, e.g. 50000.01.']
        : tierProblems(action, tiersOf(rows)),
  });
  const { touched } = proposal;
  const chooseAction = (value: string) => {
    setAction(value);
    const inForce = current.find((a) => a.action === value);
    setRows(inForce ? rowsOf(inForce.tiers) : []);
    touched();
  };
  const setRow = (i: number, patch: Partial<Row>) => {
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    touched();
  };

  return (
    <ProposalForm
      proposal={proposal}
      titleId="propose-title"
      title="Propose a change of tiers"
      previewLabel="Tiers preview"
      requestLabel="Request approval"
      renderPreview={(preview) => <PolicyPreview preview={preview} />}
    >
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="propose-action" className={labelClass}>
            Action
          </label>
          <select
            id="propose-action"
            value={action}
            onChange={(e) => chooseAction(e.target.value)}
            className={inputClass}
          >
            <option value="">Choose an action…</option>
            {APPROVAL_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)} ({a})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="propose-effective" className={labelClass}>
            Effective from (empty: as soon as approved)
          </label>
          <input
            id="propose-effective"
            type="datetime-local"
            value={effective}
            onChange={(e) => {
              setEffective(e.target.value);
              touched();
            }}
            className={inputClass}
          />
        </div>
      </div>
      {action ? (
        <>
          <table className="w-full border-collapse text-left text-sm" aria-label="Proposed tiers">
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-2 py-1 font-semibold">
                  Currency
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  From amount
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  Checkers
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  Checker permission
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} className="border-t border-slate-200">
                  <td className="px-2 py-1">
                    <select
                      aria-label={`Tier ${i + 1} currency`}
                      value={r.currency}
                      onChange={(e) => setRow(i, { currency: e.target.value })}
                      className={inputClass}
                    >
                      {MONEY_CURRENCIES.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                      <option value={ANY}>any other currency</option>
                    </select>
                  </td>
                  <td className="px-2 py-1">
                    <input
                      aria-label={`Tier ${i + 1} from amount`}
                      value={r.minAmount}
                      inputMode="decimal"
                      autoComplete="off"
                      onChange={(e) => setRow(i, { minAmount: e.target.value })}
                      className={inputClass}
                    />
                  </td>
                  <td className="px-2 py-1">
                    <select
                      aria-label={`Tier ${i + 1} checkers`}
                      value={r.checkersRequired}
                      onChange={(e) => setRow(i, { checkersRequired: e.target.value })}
                      className={inputClass}
                    >
                      <option value="0">0 (maker alone)</option>
                      <option value="1">1</option>
                      <option value="2">2</option>
                    </select>
                  </td>
                  <td className="px-2 py-1">
                    <select
                      aria-label={`Tier ${i + 1} checker permission`}
                      value={r.checkerPermission}
                      onChange={(e) => setRow(i, { checkerPermission: e.target.value as StaffPermission })}
                      className={inputClass}
                    >
                      {CHECKER_PERMISSIONS.map((p) => (
                        <option key={p} value={p}>
                          {p}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="px-2 py-1">
                    <Button
                      tone="secondary"
                      aria-label={`Remove tier ${i + 1}`}
                      onClick={() => {
                        setRows((rs) => rs.filter((_, j) => j !== i));
                        touched();
                      }}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex gap-2">
            <Button
              tone="secondary"
              onClick={() => {
                const last = rows.at(-1);
                setRows((rs) => [
                  ...rs,
                  {
                    currency: last?.currency ?? ANY,
                    minAmount: '',
                    checkersRequired: '1',
                    checkerPermission: last?.checkerPermission ?? 'treasury.approve',
                  },
                ]);
                touched();
              }}
            >
              Add tier
            </Button>
            <Button type="submit" disabled={proposal.preview.isPending}>
              Preview
            </Button>
          </div>
          <p className="text-xs text-slate-600">
            Per currency, in order: the first tier from 0, each next one from a higher amount; a tier for any
            other currency is required.
          </p>
        </>
      ) : null}
    </ProposalForm>
  );
}
