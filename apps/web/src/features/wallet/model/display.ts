import { formatCurrency, recordStatusTone, type StatusTone } from '@imali/money';

/** What hidden amounts show when the client turned assets visibility off. */
export const HIDDEN_AMOUNT = '******';

/** An amount in its account's currency (2 decimals, truncated), or the mask when hidden. */
export function displayAmount(value: string | null | undefined, currency: string, visible = true): string {
  return visible ? formatCurrency(value, currency) : HIDDEN_AMOUNT;
}

/** Badge colours of deposit/withdrawal statuses: pending amber, confirmed/paid green, rejected red. */
const BADGE_CLASS: Record<StatusTone, string> = {
  amber: 'bg-amber-50 text-amber-600 ring-amber-200',
  yellow: 'bg-yellow-50 text-yellow-600 ring-yellow-200',
  green: 'bg-green-50 text-green-700 ring-green-200',
  'dark-red': 'bg-red-50 text-red-800 ring-red-200',
  red: 'bg-red-50 text-red-600 ring-red-200',
  grey: 'bg-slate-100 text-slate-500 ring-slate-200',
};

export function recordStatusBadgeClass(status: string | null | undefined): string {
  return BADGE_CLASS[recordStatusTone(status)];
}

export function recordStatusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();
}

/** '62001234567' → '•••• 4567'; the server may already mask it ('****4567'). */
export function maskCardNumber(cardNo: string): string {
  const digits = cardNo.replace(/\D/g, '');
  return `•••• ${digits.slice(-4)}`;
}

/** A timestamp as the client reads it, in Johannesburg time: '21 Nov 2026, 14:05'. */
export function formatRecordTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat('en-ZA', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'Africa/Johannesburg',
  }).format(date);
}
