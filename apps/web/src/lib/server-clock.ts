import { createStore, useStore } from './create-store';

/** A clock step larger than this is the server's clock moving (a restart, a demo), not jitter. */
const RESET_AFTER_MS = 1000;

/**
 * The server's clock as the browser sees it (decision 0044): every API response carries the app
 * clock's now (SERVER_TIME_HEADER), and this keeps its offset from the device's clock. The header
 * clock and every "today" the web computes (unlock dates, lock checks, date ranges) read it, so
 * they agree with order times, quotes and valuations when the server's clock is shifted (npm run
 * demo) or the device's clock is wrong.
 */
export function createServerClock(deviceNow: () => number = () => Date.now()) {
  // null until a response has said the server's time.
  const offset = createStore<number | null>(null);
  let bestRoundTripMs = Infinity;
  return {
    /**
     * A response sent at device time `sentAt` and received at `receivedAt` said the server's time
     * was `serverMs`: it was stamped in between, taken as the middle. The shortest round trip
     * gives the closest estimate, so later ones refine it only when shorter, unless the server's
     * clock has clearly moved.
     */
    observe(serverMs: number, sentAt: number, receivedAt: number) {
      if (!Number.isFinite(serverMs) || receivedAt < sentAt) return;
      const roundTrip = receivedAt - sentAt;
      const next = Math.round(serverMs - (sentAt + receivedAt) / 2);
      const current = offset.get();
      if (current === null || roundTrip < bestRoundTripMs || Math.abs(next - current) > RESET_AFTER_MS) {
        bestRoundTripMs = roundTrip;
        offset.set(next);
      }
    },
    /** The server's now in ms (the device's clock until a response has said otherwise). */
    now: (): number => deviceNow() + (offset.get() ?? 0),
    /** Whether a response has said the server's time yet. */
    known: (): boolean => offset.get() !== null,
    /** Forgets what responses said (tests; a sign-out need not). */
    reset() {
      bestRoundTripMs = Infinity;
      offset.set(null);
    },
    offset,
  };
}

export type ServerClock = ReturnType<typeof createServerClock>;

/** The app's one server clock, fed by the API client (lib/api-client.ts). */
export const serverClock = createServerClock();

/** Now by the server's clock, ms since the epoch. */
export const serverNow = (): number => serverClock.now();

/** Re-renders when the server's clock is first known or moves; returns whether it is known. */
export function useServerClockKnown(clock: ServerClock = serverClock): boolean {
  return useStore(clock.offset) !== null;
}
