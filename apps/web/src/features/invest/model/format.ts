import { TRADING_COUNTRY_PROFILES } from '@imali/contract';
import { serverNow } from '@/lib/server-clock';

// Prices, levels and quantities: @imali/money's formatPrice / formatQuantity (one rule per quote
// unit, decision 0041).

/** A date in the country's time zone: '18 Dec 2026'. */
export function formatDay(iso: string | null | undefined, country = 'ZA'): string {
  if (!iso) return '-';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '-';
  const zone =
    TRADING_COUNTRY_PROFILES.find((p) => p.code === country)?.timezones[0] ?? 'Africa/Johannesburg';
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: zone,
  }).format(at);
}

/** A time in the country's time zone: '18 Nov 2026, 12:00'. */
export function formatDateTime(iso: string | null | undefined, country = 'ZA'): string {
  if (!iso) return '-';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '-';
  const zone =
    TRADING_COUNTRY_PROFILES.find((p) => p.code === country)?.timezones[0] ?? 'Africa/Johannesburg';
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(at);
}

/** Whether a lock date is still ahead. */
export function isLocked(lockedUntil: string | null | undefined, now: number = serverNow()): boolean {
  if (!lockedUntil) return false;
  const at = Date.parse(lockedUntil);
  return Number.isFinite(at) && at > now;
}
