import type { FeeLineJson, FeeScheduleJson, MoneyLimitRow } from '@imali/contract';
import { formatCurrency } from '@imali/money';

/**
 * Fees and limits in words, as Staff & policies shows them; the approvals inbox shows a
 * `fees.change` or `limits.change` in the same units (approvals/payload-view.tsx).
 */

/** A rate as people read it: '0.0025' of the consideration → '0.25%'; per share stays an amount. */
export function rateText(line: Pick<FeeLineJson, 'rate' | 'base'>, currency: string) {
  if (line.base === 'per_share') return `${line.rate} ${currency} per share`;
  const [whole = '0', fraction = ''] = line.rate.split('.');
  // × 100 on the decimal text itself (no float).
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const head = digits.slice(0, whole.length + 2).replace(/^0+(?=\d)/, '');
  const tail = digits.slice(whole.length + 2).replace(/0+$/, '');
  return `${head}${tail ? `.${tail}` : ''}%`;
}

export const sideText = { buy: 'buys', sell: 'sales', both: 'buys and sales' } as const;

/** Minor units of a currency of `exponent` decimals as money ('1' cent → 'ZAR 0.01'); none: '—'. */
export const minimumText = (minor: string | undefined, exponent: number, currency: string) => {
  if (minor === undefined) return '—';
  const digits = minor.padStart(exponent + 1, '0');
  return formatCurrency(
    exponent ? `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}` : digits,
    currency,
  );
};

/** One difference between two fee schedules, in words: `what` of `fee`, from → to. */
export interface FeeChangeText {
  fee: string;
  what: string;
  from: string;
  to: string;
}

/** A line in one phrase (a new or a removed line): "0.25% on buys and sales, minimum ZAR 0.01". */
const lineText = (l: FeeLineJson, s: FeeScheduleJson) =>
  `${rateText(l, s.currency)} on ${sideText[l.side]}${
    l.minimumMinor === undefined
      ? ''
      : `, minimum ${minimumText(l.minimumMinor, s.currencyExponent, s.currency)}`
  }${l.maximumMinor === undefined ? '' : `, maximum ${minimumText(l.maximumMinor, s.currencyExponent, s.currency)}`}`;

/** Each field of a line that may change, with its words and its text in the section's units. */
const LINE_FIELDS: { what: string; text: (l: FeeLineJson, s: FeeScheduleJson) => string }[] = [
  { what: 'name', text: (l) => l.label },
  { what: 'rate', text: (l, s) => rateText(l, s.currency) },
  { what: 'applies to', text: (l) => sideText[l.side] },
  { what: 'minimum', text: (l, s) => minimumText(l.minimumMinor, s.currencyExponent, s.currency) },
  { what: 'maximum', text: (l, s) => minimumText(l.maximumMinor, s.currencyExponent, s.currency) },
  { what: 'VAT', text: (l, s) => (l.vatApplies ? `${s.vatLabel} applies` : 'none') },
  {
    what: 'rounding',
    text: (l) => `${l.rounding.mode.toLowerCase().replace('_', ' ')} to ${l.rounding.toMinor}`,
  },
  { what: 'receipt line', text: (l) => l.receiptBucket },
];

/**
 * What a new schedule changes against the one it replaces, line by line in the units the fees
 * section shows (rates in %, minimums as money): the VAT rate, each changed field of a line, and
 * lines added or removed.
 */
export function feeChanges(before: FeeScheduleJson, after: FeeScheduleJson): FeeChangeText[] {
  const changes: FeeChangeText[] = [];
  if (before.vatRate !== after.vatRate) {
    changes.push({
      fee: after.vatLabel,
      what: 'rate',
      from: rateText({ rate: before.vatRate, base: 'consideration' }, before.currency),
      to: rateText({ rate: after.vatRate, base: 'consideration' }, after.currency),
    });
  }
  const codes = [...new Set([...before.lines.map((l) => l.code), ...after.lines.map((l) => l.code)])];
  for (const code of codes) {
    const from = before.lines.find((l) => l.code === code);
    const to = after.lines.find((l) => l.code === code);
    if (!from || !to) {
      const line = (to ?? from)!;
      changes.push({
        fee: line.label,
        what: to ? 'new fee' : 'removed',
        from: from ? lineText(from, before) : '—',
        to: to ? lineText(to, after) : '—',
      });
      continue;
    }
    for (const field of LINE_FIELDS) {
      const a = field.text(from, before);
      const b = field.text(to, after);
      if (a !== b) changes.push({ fee: to.label, what: field.what, from: a, to: b });
    }
  }
  return changes;
}

export const LIMIT_FIELD_LABELS = {
  minDeposit: 'Minimum deposit',
  minWithdrawal: 'Minimum withdrawal',
  dailyWithdrawalCap: 'Daily withdrawal cap',
} as const;
export type LimitField = keyof typeof LIMIT_FIELD_LABELS;
export const LIMIT_FIELDS = Object.keys(LIMIT_FIELD_LABELS) as LimitField[];

/** A limit as money in its currency; a null cap is none. */
export const limitText = (amount: string | null, currency: string) =>
  amount === null ? 'no cap' : formatCurrency(amount, currency);

/** What a new version of the limits changes against the one before: each limit of each currency. */
export function limitChanges(before: readonly MoneyLimitRow[], after: readonly MoneyLimitRow[]) {
  return after.flatMap((l) => {
    const was = before.find((b) => b.currency === l.currency);
    return LIMIT_FIELDS.filter((f) => (was?.[f] ?? null) !== l[f]).map((field) => ({
      currency: l.currency,
      field,
      from: was ? limitText(was[field], l.currency) : '—',
      to: limitText(l[field], l.currency),
    }));
  });
}
