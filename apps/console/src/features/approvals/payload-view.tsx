import { formatCurrency } from '@imali/money';

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

/**
 * The payload a checker approves, field by field in words (amounts in minor units shown as money
 * in the payload's currency): the exact payload the approve call's hash stands for.
 */
export function PayloadView({ payload }: { payload: Record<string, unknown> }) {
  const currency = typeof payload.currency === 'string' ? payload.currency : undefined;
  // The canonical payload's keys come in no reading order: what and how much first.
  const rank = (key: string) => {
    const i = FIRST_KEYS.indexOf(key);
    return i < 0 ? FIRST_KEYS.length : i;
  };
  const entries = Object.entries(payload).sort(([a], [b]) => rank(a) - rank(b));
  return (
    <dl className="grid grid-cols-[10rem_1fr] gap-x-2 gap-y-0.5 rounded bg-slate-50 p-2 text-sm">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-slate-600">{labelOf(key)}</dt>
          <dd className="break-words font-mono text-slate-900">{valueText(key, value, currency)}</dd>
        </div>
      ))}
    </dl>
  );
}
