import type { Config } from '../config/env';
import type { DatabaseHandle, Db } from '../db/client';
import type { AppWiring } from '../modules/wiring-types';
import type { Clock } from './clock';

/** What every service needs. The clocks are swappable so tests can move time (idle expiry, codes). */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  /**
   * The app clock (lib/clock.ts, decision 0044): the one clock for everything a client sees and
   * every business rule. With MARKET_TIME_SHIFT_MS (npm run demo) it is not the machine's time.
   */
  clock: Clock;
  /**
   * Elapsed real time for the security timers only: session idle and absolute expiry, token
   * grace, PIN and password freshness, sign-in lockouts, verification codes, rate limits. Their
   * rows are written and compared with this clock alone, never with an app-clock time, and a
   * client is never shown one beside an app-clock time (decision 0044): a demo's shifted clock, or
   * a restart that moves it, never lengthens a session or a PIN's freshness.
   */
  securityClock: Clock;
  /**
   * The products and other plug-ins, listed in modules/wiring.ts and handed over when the app is
   * built (decision 0048): the orders, portfolio, offerings and client modules read them here.
   */
  wiring: AppWiring<AppContext>;
}
