import { TRADING_COUNTRY_PROFILES } from '@imali/contract';

const zoneOf = (country: string) =>
  TRADING_COUNTRY_PROFILES.find((p) => p.code === country)?.timezones[0] ?? 'Africa/Johannesburg';

/** '18 Nov 2026, 12:00' in the order's country time zone; '-' when missing. */
export function formatDateTime(iso: string | null | undefined, country = 'ZA'): string {
  if (!iso) return '-';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '-';
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zoneOf(country),
  }).format(at);
}

export function formatDay(iso: string | null | undefined, country = 'ZA'): string {
  if (!iso) return '-';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '-';
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: zoneOf(country),
  }).format(at);
}
