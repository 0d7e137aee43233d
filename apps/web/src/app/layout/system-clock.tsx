import { useEffect, useState } from 'react';
import { CountryFlag } from '@/components/ui/country-flag';
import { serverClock, useServerClockKnown, type ServerClock } from '@/lib/server-clock';

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

/**
 * The system time in Johannesburg with the ZA flag, ticking every second: the server's clock
 * (decision 0044), which order times, quotes and valuations use, never the device's. Until a
 * response has said the server's time it shows no time rather than a wrong one.
 */
export function SystemClock({ clock = serverClock }: { clock?: ServerClock }) {
  // Re-renders when the offset is first known or moves, and every second; the time is read then.
  const known = useServerClockKnown(clock);
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  const now = new Date(clock.now());
  return (
    <div
      className="flex items-center gap-2 rounded-lg px-2 py-1 text-xs text-slate-600"
      title={`System time (${CLOCK_TIMEZONE})`}
      data-testid="system-clock"
    >
      <CountryFlag code="ZA" />
      {known ? (
        <>
          <span className="hidden text-slate-400 lg:inline">{dateFormat.format(now)}</span>
          <time className="font-mono font-semibold text-slate-800 tabular-nums" dateTime={now.toISOString()}>
            {timeFormat.format(now)}
          </time>
        </>
      ) : (
        <span
          className="font-mono font-semibold text-slate-400 tabular-nums"
          aria-label="System time loading"
        >
          --:--:--
        </span>
      )}
    </div>
  );
}
