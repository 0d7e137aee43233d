import type { Config } from '../config/env';

export interface Clock {
  now(): Date;
}

/** The machine's time. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * The app clock (decision 0044): `base` moved by MARKET_TIME_SHIFT_MS. Everything a client sees
 * and every rule reads it: order and receipt times, unlock dates, fund dealing and valuation,
 * structured-product and IPO schedules, quotes and their expiry, snapshots and charts, jobs, the
 * time the web's header clock shows. The shift is read at each call, so a test can move the clock
 * of a running app by changing the config.
 */
export function appClock(base: Clock, config: Pick<Config, 'MARKET_TIME_SHIFT_MS'>): Clock {
  return { now: () => new Date(base.now().getTime() + config.MARKET_TIME_SHIFT_MS) };
}

/** The two clocks of an AppContext for a config, over `base` (the machine's time unless a test's). */
export const contextClocks = (config: Pick<Config, 'MARKET_TIME_SHIFT_MS'>, base: Clock = systemClock) => ({
  clock: appClock(base, config),
  securityClock: base,
});
