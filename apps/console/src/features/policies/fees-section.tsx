import type { FeeScheduleVersionView, FeesChangePreview, FeesProposalInput } from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { Alert, Button, inputClass, labelClass } from '../../components/ui';
import { messageOf } from '../../lib/api';
import { feesQuery, previewFeesChange, requestFeesChange } from './fees-api';
import { minimumText, rateText, sideText } from './policy-text';
import { ProposalForm, isoOfLocal, useProposal, whenText } from './proposal-form';

function ScheduleTable({ version }: { version: FeeScheduleVersionView }) {
  const s = version.schedule;
  return (
    <table className="w-full max-w-5xl border-collapse rounded border border-slate-300 bg-white text-left text-sm">
      <caption className="sr-only">
        {s.country} fees, version {s.version}
      </caption>
      <thead className="bg-slate-100 text-slate-700">
        <tr>
          <th scope="col" className="px-3 py-1.5 font-semibold">
            Fee
          </th>
          <th scope="col" className="px-3 py-1.5 font-semibold">
            Applies to
          </th>
          <th scope="col" className="px-3 py-1.5 text-right font-semibold">
            Rate
          </th>
          <th scope="col" className="px-3 py-1.5 text-right font-semibold">
            Minimum
          </th>
          <th scope="col" className="px-3 py-1.5 font-semibold">
            {s.vatLabel}
          </th>
        </tr>
      </thead>
      <tbody>
        {s.lines.map((l) => (
          <tr key={l.code} className="border-t border-slate-200">
            <th scope="row" className="px-3 py-1.5 font-medium">
              {l.label}
            </th>
            <td className="px-3 py-1.5">{sideText[l.side]}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{rateText(l, s.currency)}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">
              {minimumText(l.minimumMinor, s.currencyExponent, s.currency)}
            </td>
            <td className="px-3 py-1.5">
              {l.vatApplies ? `${rateText({ rate: s.vatRate, base: 'consideration' }, s.currency)}` : 'none'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const versionLine = (v: FeeScheduleVersionView) =>
  v.effectiveFrom === null
    ? `Version ${v.version} (the shipped schedule)`
    : `Version ${v.version}, in force from ${whenText(v.effectiveFrom)}`;

/**
 * The fee schedules in force per country (their lines) and those scheduled, and for treasury a new
 * schedule of one country proposed with its preview (each line from → to and the fees of a 10,000
 * buy and sale now and proposed), sent as a `fees.change` approval request (decision 0063).
 */
export function FeesSection() {
  const can = useCan();
  const fees = useQuery(feesQuery);
  return (
    <section aria-labelledby="fees-title" className="mt-8">
      <h2 id="fees-title" className="text-base font-semibold">
        Fee schedules in force
      </h2>
      {fees.isPending ? (
        <p role="status">Loading the fee schedules…</p>
      ) : fees.isError ? (
        <Alert>{messageOf(fees.error)}</Alert>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700">
            A change is approved by a second treasury user (the <span className="font-mono">fees.change</span>{' '}
            action) and applies at least two minutes after the approval. An order previewed under the old fees
            and confirmed after the change is refused, so the client sees the new fees before paying them.
          </p>
          {fees.data.countries.map((c) => (
            <div key={c.country} className="mb-4">
              <h3 className="text-sm font-semibold">
                {c.country}: {versionLine(c.inForce)}.
                {c.scheduled.map((s) => ` Version ${s.version} applies from ${whenText(s.effectiveFrom)}.`)}
              </h3>
              <ScheduleTable version={c.inForce} />
            </div>
          ))}
          {can('treasury.request') && fees.data.countries.length > 0 ? (
            <FeesProposal
              latest={Object.fromEntries(
                fees.data.countries.map((c) => [c.country, c.scheduled.at(-1) ?? c.inForce]),
              )}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

type LineForm = { rate: string; minimumMinor: string };

const formOf = (v: FeeScheduleVersionView): Record<string, LineForm> =>
  Object.fromEntries(
    v.schedule.lines.map((l) => [l.code, { rate: l.rate, minimumMinor: l.minimumMinor ?? '' }]),
  );

function FeesProposal({ latest }: { latest: Record<string, FeeScheduleVersionView> }) {
  const countries = Object.keys(latest);
  const [country, setCountry] = useState(countries[0] ?? '');
  const base = latest[country]!;
  const [lines, setLines] = useState<Record<string, LineForm>>(() => formOf(base));
  const [vatRate, setVatRate] = useState(base.schedule.vatRate);
  const [effective, setEffective] = useState('');
  const proposal = useProposal({
    preview: previewFeesChange,
    request: requestFeesChange,
    input: (): FeesProposalInput => ({
      country,
      vatRate: vatRate.trim(),
      effectiveFrom: isoOfLocal(effective) ?? '',
      lines: base.schedule.lines.map((l) => {
        const { minimumMinor: _previous, ...rest } = l;
        const minimum = lines[l.code]?.minimumMinor.trim() ?? '';
        return {
          ...rest,
          rate: lines[l.code]?.rate.trim() ?? l.rate,
          ...(minimum ? { minimumMinor: minimum } : {}),
        };
      }),
    }),
  });
  const { touched } = proposal;
  const s = base.schedule;

  return (
    <ProposalForm
      proposal={proposal}
      titleId="propose-fees-title"
      title="Propose new fees"
      previewLabel="Fees preview"
      requestLabel="Request approval of the fees"
      renderPreview={(p) => <FeesPreview preview={p} />}
    >
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="fees-country" className={labelClass}>
            Country
          </label>
          <select
            id="fees-country"
            value={country}
            onChange={(e) => {
              const next = e.target.value;
              setCountry(next);
              setLines(formOf(latest[next]!));
              setVatRate(latest[next]!.schedule.vatRate);
              touched();
            }}
            className={inputClass}
          >
            {countries.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="fees-vat" className={labelClass}>
            {s.vatLabel} rate (fraction, 0.15 = 15%)
          </label>
          <input
            id="fees-vat"
            value={vatRate}
            inputMode="decimal"
            autoComplete="off"
            onChange={(e) => {
              setVatRate(e.target.value);
              touched();
            }}
            className={inputClass}
          />
        </div>
      </div>
      <p className="text-xs text-slate-600">
        Starting from version {base.version}. Rates as fractions of the trade value (0.0025 = 0.25%) or
        amounts per share; minimums in {s.currency} minor units (cents), empty for none.
      </p>
      <table className="w-full border-collapse text-left text-sm" aria-label="Proposed fee lines">
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-2 py-1 font-semibold">
              Fee
            </th>
            <th scope="col" className="px-2 py-1 font-semibold">
              Rate
            </th>
            <th scope="col" className="px-2 py-1 font-semibold">
              Minimum (minor units)
            </th>
          </tr>
        </thead>
        <tbody>
          {s.lines.map((l) => (
            <tr key={`${country}-${l.code}`} className="border-t border-slate-200">
              <th scope="row" className="px-2 py-1 font-medium">
                {l.label}
              </th>
              <td className="px-2 py-1">
                <input
                  aria-label={`${l.label} rate`}
                  value={lines[l.code]?.rate ?? ''}
                  inputMode="decimal"
                  autoComplete="off"
                  onChange={(e) => {
                    const value = e.target.value;
                    setLines((ls) => ({ ...ls, [l.code]: { ...ls[l.code]!, rate: value } }));
                    touched();
                  }}
                  className={inputClass}
                />
              </td>
              <td className="px-2 py-1">
                <input
                  aria-label={`${l.label} minimum`}
                  value={lines[l.code]?.minimumMinor ?? ''}
                  inputMode="numeric"
                  autoComplete="off"
                  onChange={(e) => {
                    const value = e.target.value;
                    setLines((ls) => ({ ...ls, [l.code]: { ...ls[l.code]!, minimumMinor: value } }));
                    touched();
                  }}
                  className={inputClass}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="fees-effective" className={labelClass}>
            Effective from (at least two minutes after the approval)
          </label>
          <input
            id="fees-effective"
            type="datetime-local"
            required
            value={effective}
            onChange={(e) => {
              setEffective(e.target.value);
              touched();
            }}
            className={inputClass}
          />
        </div>
        <Button type="submit" disabled={proposal.preview.isPending}>
          Preview fees
        </Button>
      </div>
    </ProposalForm>
  );
}

/** Each line's change from → to, and the fees of a 10,000 buy and sale now and proposed. */
function FeesPreview({ preview: p }: { preview: FeesChangePreview }) {
  return (
    <>
      <DataTable
        label="Fee changes"
        caption={
          <>
            {p.payload.country}: version {p.latest.version} → version {p.proposed.version}, in force from{' '}
            {whenText(p.proposed.effectiveFrom)}
          </>
        }
        rows={p.changes}
        rowKey={(c) => `${c.code}-${c.field}`}
        columns={[
          { header: 'Fee', cell: (c) => c.code },
          { header: 'Field', cell: (c) => c.field },
          { header: 'Now', cell: (c) => c.from ?? '—', numeric: true },
          { header: 'Proposed', cell: (c) => c.to ?? '—', numeric: true, className: 'font-semibold' },
        ]}
      />
      <DataTable
        label="Worked example"
        caption="Worked example"
        rows={p.examples}
        rowKey={(e) => e.side}
        columns={[
          {
            header: 'Trade',
            cell: (e) =>
              `${e.side === 'buy' ? 'A buy' : 'A sale'} of ${formatCurrency(e.tradeValue, e.currency)} (${e.quantity} shares)`,
          },
          { header: 'Fees now', cell: (e) => formatCurrency(e.currentFees, e.currency), numeric: true },
          {
            header: 'Fees proposed',
            cell: (e) => formatCurrency(e.proposedFees, e.currency),
            numeric: true,
            className: 'font-semibold',
          },
        ]}
      />
    </>
  );
}
