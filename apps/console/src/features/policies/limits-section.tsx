import type {
  LimitsChangePreview,
  LimitsProposalInput,
  MoneyLimitRow,
  MoneyLimitsVersion,
} from '@imali/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { Alert, Button, inputClass, labelClass } from '../../components/ui';
import { messageOf } from '../../lib/api';
import { limitsQuery, previewLimitsChange, requestLimitsChange } from './policies-api';
import { LIMIT_FIELDS, LIMIT_FIELD_LABELS, limitText, type LimitField } from './policy-text';
import { ProposalForm, isoOfLocal, useProposal, whenText } from './proposal-form';

const versionText = (v: MoneyLimitsVersion) =>
  v.version === 0 ? 'version 0 (the server configuration)' : `version ${v.version}`;

function LimitsTable({ label, version }: { label: string; version: MoneyLimitsVersion }) {
  return (
    <table className="w-full max-w-5xl border-collapse rounded border border-slate-300 bg-white text-left text-sm">
      <caption className="sr-only">{label}</caption>
      <thead className="bg-slate-100 text-slate-700">
        <tr>
          <th scope="col" className="px-3 py-1.5 font-semibold">
            Currency
          </th>
          {LIMIT_FIELDS.map((f) => (
            <th key={f} scope="col" className="px-3 py-1.5 text-right font-semibold">
              {LIMIT_FIELD_LABELS[f]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {version.limits.map((l) => (
          <tr key={l.currency} className="border-t border-slate-200">
            <th scope="row" className="px-3 py-1.5 font-medium">
              {l.currency}
            </th>
            {LIMIT_FIELDS.map((f) => (
              <td key={f} className="px-3 py-1.5 text-right tabular-nums">
                {limitText(l[f], l.currency)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The client money limits in force (minimum deposit, minimum withdrawal, daily withdrawal cap per
 * currency) and, for treasury, a new version proposed with its preview and sent as a
 * `limits.change` approval request (decision 0063).
 */
export function LimitsSection() {
  const can = useCan();
  const limits = useQuery(limitsQuery);
  return (
    <section aria-labelledby="limits-title" className="mt-8">
      <h2 id="limits-title" className="text-base font-semibold">
        Client money limits in force
      </h2>
      {limits.isPending ? (
        <p role="status">Loading the limits…</p>
      ) : limits.isError ? (
        <Alert>{messageOf(limits.error)}</Alert>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700">
            {versionText(limits.data.inForce)[0]!.toUpperCase() + versionText(limits.data.inForce).slice(1)}
            {limits.data.inForce.effectiveFrom
              ? `, in force from ${whenText(limits.data.inForce.effectiveFrom)}`
              : ''}
            .
            {limits.data.scheduled.map(
              (s) => ` Version ${s.version} applies from ${whenText(s.effectiveFrom)}.`,
            )}{' '}
            A change is approved by a second treasury user (the{' '}
            <span className="font-mono">limits.change</span> action).
          </p>
          <LimitsTable label="Client money limits in force" version={limits.data.inForce} />
          {can('treasury.request') ? (
            <LimitsProposal latest={limits.data.scheduled.at(-1) ?? limits.data.inForce} />
          ) : null}
        </>
      )}
    </section>
  );
}

type Rows = Record<string, Record<LimitField, string>>;

const rowsOf = (v: MoneyLimitsVersion): Rows =>
  Object.fromEntries(
    v.limits.map((l) => [
      l.currency,
      {
        minDeposit: l.minDeposit,
        minWithdrawal: l.minWithdrawal,
        dailyWithdrawalCap: l.dailyWithdrawalCap ?? '',
      },
    ]),
  );

function LimitsProposal({ latest }: { latest: MoneyLimitsVersion }) {
  const [rows, setRows] = useState<Rows>(() => rowsOf(latest));
  const [effective, setEffective] = useState('');
  const proposal = useProposal({
    preview: previewLimitsChange,
    request: requestLimitsChange,
    input: (): LimitsProposalInput => ({
      effectiveFrom: isoOfLocal(effective),
      limits: latest.limits.map((l): MoneyLimitRow => ({
        currency: l.currency,
        minDeposit: rows[l.currency]!.minDeposit.trim(),
        minWithdrawal: rows[l.currency]!.minWithdrawal.trim(),
        dailyWithdrawalCap: rows[l.currency]!.dailyWithdrawalCap.trim() || null,
      })),
    }),
  });
  const { touched } = proposal;

  return (
    <ProposalForm
      proposal={proposal}
      titleId="propose-limits-title"
      title="Propose new limits"
      previewLabel="Limits preview"
      requestLabel="Request approval of the limits"
      renderPreview={(p) => <LimitsPreview preview={p} />}
    >
      <p className="text-xs text-slate-600">
        Starting from {versionText(latest)}. Amounts in each currency; an empty daily cap means no cap.
      </p>
      <table className="w-full border-collapse text-left text-sm" aria-label="Proposed limits">
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-2 py-1 font-semibold">
              Currency
            </th>
            {LIMIT_FIELDS.map((f) => (
              <th key={f} scope="col" className="px-2 py-1 font-semibold">
                {LIMIT_FIELD_LABELS[f]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {latest.limits.map((l) => (
            <tr key={l.currency} className="border-t border-slate-200">
              <th scope="row" className="px-2 py-1 font-medium">
                {l.currency}
              </th>
              {LIMIT_FIELDS.map((f) => (
                <td key={f} className="px-2 py-1">
                  <input
                    aria-label={`${l.currency} ${LIMIT_FIELD_LABELS[f].toLowerCase()}`}
                    value={rows[l.currency]![f]}
                    inputMode="decimal"
                    autoComplete="off"
                    onChange={(e) => {
                      const value = e.target.value;
                      setRows((rs) => ({ ...rs, [l.currency]: { ...rs[l.currency]!, [f]: value } }));
                      touched();
                    }}
                    className={inputClass}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="limits-effective" className={labelClass}>
            Effective from (empty: as soon as approved)
          </label>
          <input
            id="limits-effective"
            type="datetime-local"
            value={effective}
            onChange={(e) => {
              setEffective(e.target.value);
              touched();
            }}
            className={inputClass}
          />
        </div>
        <Button type="submit" disabled={proposal.preview.isPending}>
          Preview limits
        </Button>
      </div>
    </ProposalForm>
  );
}

/** Each limit that changes, from → to in its currency. */
function LimitsPreview({ preview: p }: { preview: LimitsChangePreview }) {
  return (
    <DataTable
      label="Limit changes"
      caption={
        <>
          Version {p.latest.version} → version {p.proposed.version}, in force{' '}
          {whenText(p.proposed.effectiveFrom)}
        </>
      }
      rows={p.changes}
      rowKey={(c) => `${c.currency}-${c.field}`}
      columns={[
        { header: 'Currency', cell: (c) => c.currency },
        { header: 'Limit', cell: (c) => LIMIT_FIELD_LABELS[c.field] },
        { header: 'Now', cell: (c) => limitText(c.from, c.currency), numeric: true },
        {
          header: 'Proposed',
          cell: (c) => limitText(c.to, c.currency),
          numeric: true,
          className: 'font-semibold',
        },
      ]}
    />
  );
}
