const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Africa/Johannesburg',
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A server timestamp shown in Johannesburg time; '-' when missing or unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : dateTime.format(date);
}
