import {
  feesChangePayload,
  limitsChangePayload,
  type FeesChangePayload,
  type LimitsChangePayload,
} from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { LIMIT_FIELD_LABELS, feeChanges, limitChanges } from '../policies/policy-text';
import { whenText } from '../policies/proposal-form';

/** What each action does, in words (the request list's headings). */
export const ACTION_LABELS: Record<string, string> = {
  'withdrawal.pay': 'Pay a withdrawal',
  'compensation.payout': 'Pay a compensation',
  'loan.payout': 'Pay out a loan',
  'ledger.adjust': 'Adjust the ledger',
  'ipo.allot': 'Allot an IPO',
  'fund.nav_strike': "Strike a fund's NAV",
  'quant.start': 'Start a quant product',
  'quant.mature': 'Mature a quant product',
  'offering.settle': 'Settle an offering',
  'fx.rate_publish': 'Publish an FX rate',
  'fees.change': 'Change fees',
  'limits.change': 'Change limits',
  'policy.change': 'Change approval tiers',
};
export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** camelCase → "Camel case" (a field name as a label). */
const labelOf = (key: string) => {
  const words = key
    .replace(/Minor$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Minor units (decimal text, cents) as the decimal amount: '7500000' → '75000.00'. */
export function minorToDecimal(minor: string) {
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function valueText(key: string, value: unknown, currency: string | undefined) {
  if (value === null || value === undefined) return '—';
  if (key.endsWith('Minor') && typeof value === 'string' && /^-?\d+$/.test(value) && currency)
    return formatCurrency(minorToDecimal(value), currency);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value, null, 1);
}

const FIRST_KEYS = [
  'withdrawalId',
  'reference',
  'amountMinor',
  'currency',
  'paymentReference',
  'clientId',
  'accountId',
];

const boxClass = 'rounded bg-slate-50 p-2 text-sm';
const termsClass = 'grid grid-cols-[10rem_1fr] gap-x-2 gap-y-0.5';

/** A change's rows: what, now, proposed (the proposed value stands out). */
function ChangesTable({
  label,
  heads,
  rows,
}: {
  label: string;
  heads: [string, string];
  rows: { key: string; cells: [string, string]; from: string; to: string }[];
}) {
  return (
    <table aria-label={label} className="mt-1 w-full border-collapse text-left">
      <thead className="text-slate-700">
        <tr>
          {[...heads, 'Now', 'Proposed'].map((h, i) => (
            <th key={h} scope="col" className={`py-0.5 pr-2 font-semibold ${i > 1 ? 'text-right' : ''}`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-t border-slate-200">
            <th scope="row" className="py-0.5 pr-2 font-medium">
              {r.cells[0]}
            </th>
            <td className="py-0.5 pr-2">{r.cells[1]}</td>
            <td className="py-0.5 pr-2 text-right tabular-nums">{r.from}</td>
            <td className="py-0.5 text-right font-semibold tabular-nums">{r.to}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A `fees.change`: the country, when, and each changed line from → to (rates in %, minimums as money). */
function FeesChangeView({ payload: p }: { payload: FeesChangePayload }) {
  const changes = feeChanges(p.before, p.schedule);
  return (
    <div className={boxClass}>
      <dl className={termsClass}>
        <dt className="text-slate-600">Country</dt>
        <dd>{p.country}</dd>
        <dt className="text-slate-600">Effective from</dt>
        <dd>{whenText(p.effectiveFrom)}</dd>
        <dt className="text-slate-600">Version</dt>
        <dd className="font-mono">
          {p.baseVersion} → {p.version}
        </dd>
      </dl>
      <ChangesTable
        label="Fee changes"
        heads={['Fee', 'Change']}
        rows={changes.map((c) => ({
          key: `${c.fee}-${c.what}`,
          cells: [c.fee, c.what],
          from: c.from,
          to: c.to,
        }))}
      />
    </div>
  );
}

/** A `limits.change`: when, and each limit that changes from → to, as money in its currency. */
function LimitsChangeView({ payload: p }: { payload: LimitsChangePayload }) {
  const changes = limitChanges(p.before, p.limits);
  return (
    <div className={boxClass}>
      <dl className={termsClass}>
        <dt className="text-slate-600">Effective from</dt>
        <dd>{whenText(p.effectiveFrom)}</dd>
        <dt className="text-slate-600">Version</dt>
        <dd>
          {p.baseVersion} → {p.baseVersion + 1}
        </dd>
      </dl>
      <ChangesTable
        label="Limit changes"
        heads={['Currency', 'Limit']}
        rows={changes.map((c) => ({
          key: `${c.currency}-${c.field}`,
          cells: [c.currency, LIMIT_FIELD_LABELS[c.field]],
          from: c.from,
          to: c.to,
        }))}
      />
    </div>
  );
}

/**
 * The payload a checker approves, in words: the exact payload the approve call's hash stands for.
 * A fee or limits change as what it changes, from → to in the units Staff & policies shows; any
 * other action (or a payload of an unexpected shape) field by field, amounts in minor units shown
 * as money in the payload's currency.
 */
export function PayloadView({ action, payload }: { action: string; payload: Record<string, unknown> }) {
  if (action === 'fees.change') {
    const fees = feesChangePayload.safeParse(payload);
    if (fees.success) return <FeesChangeView payload={fees.data} />;
  }
  if (action === 'limits.change') {
    const limits = limitsChangePayload.safeParse(payload);
    if (limits.success) return <LimitsChangeView payload={limits.data} />;
  }
  return <FieldsView payload={payload} />;
}

/** Field by field (see PayloadView). */
function FieldsView({ payload }: { payload: Record<string, unknown> }) {
  const currency = typeof payload.currency === 'string' ? payload.currency : undefined;
  // The canonical payload's keys come in no reading order: what and how much first.
  const rank = (key: string) => {
    const i = FIRST_KEYS.indexOf(key);
    return i < 0 ? FIRST_KEYS.length : i;
  };
  const entries = Object.entries(payload).sort(([a], [b]) => rank(a) - rank(b));
  return (
    <dl className={`${termsClass} ${boxClass}`}>
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-slate-600">{labelOf(key)}</dt>
          <dd className="break-words font-mono text-slate-900">{valueText(key, value, currency)}</dd>
        </div>
      ))}
    </dl>
  );
}
