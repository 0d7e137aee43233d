import { useEffect, useState } from 'react';
import { CountryFlag } from '@/components/ui/country-flag';

export const CLOCK_TIMEZONE = 'Africa/Johannesburg';

const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CLOCK_TIMEZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CLOCK_TIMEZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/** Johannesburg system time with the ZA flag, ticking every second. */
export function SystemClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div
      className="flex items-center gap-2 rounded-lg px-2 py-1 text-xs text-slate-600"
      title={`System time (${CLOCK_TIMEZONE})`}
      data-testid="system-clock"
    >
      <CountryFlag code="ZA" />
      <span className="hidden text-slate-400 lg:inline">{dateFormat.format(now)}</span>
      <time className="font-mono font-semibold text-slate-800 tabular-nums" dateTime={now.toISOString()}>
        {timeFormat.format(now)}
      </time>
    </div>
  );
}
