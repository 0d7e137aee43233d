import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline` (local clock), ticking every 200 ms until it reaches 0. */
export function useCountdown(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  const done = now >= deadline;
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(timer);
  }, [deadline, done]);
  return Math.max(0, deadline - now);
}
