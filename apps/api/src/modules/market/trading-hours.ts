/**
 * Trading hours in words, and the demo clock. Pure: every function takes the instant it is about
 * (the app clock's now, decision 0044) and reads no clock itself.
 */
import { TradingMessages } from '@imali/contract';
import type { Config } from '../../config/env';
import {
  EXCHANGES,
  isOpenAt,
  isTradingDay,
  localDay,
  nextTradingDay,
  referenceSession,
  sessionOf,
  zoneOffsetMs,
  zonedToUtcMs,
  type ExchangeCode,
} from './simulator/calendar';

const HOUR_MS = 3_600_000;

const zoneLabel = (exchange: ExchangeCode, ms: number) => {
  if (exchange === 'JSE') return 'SAST';
  if (exchange === 'NSE') return 'IST';
  return zoneOffsetMs(ms, EXCHANGES[exchange].timeZone) === -4 * HOUR_MS ? 'EDT' : 'EST';
};

/** 'YYYY-MM-DD HH:mm SAST': an instant in the exchange's local time. */
export function exchangeTimeText(exchange: ExchangeCode, at: Date): string {
  const ms = at.getTime();
  const local = new Date(ms + zoneOffsetMs(ms, EXCHANGES[exchange].timeZone));
  return `${local.toISOString().slice(0, 16).replace('T', ' ')} ${zoneLabel(exchange, ms)}`;
}

/** The next opening at or after `ms`. */
export function nextOpenMs(exchange: ExchangeCode, ms: number): number {
  const today = localDay(exchange, ms);
  if (isTradingDay(exchange, today) && ms < sessionOf(exchange, today).openMs) {
    return sessionOf(exchange, today).openMs;
  }
  return sessionOf(exchange, nextTradingDay(exchange, today)).openMs;
}

/** The exchange `npm run demo` puts in session (South Africa first). */
export const DEMO_EXCHANGE: ExchangeCode = 'JSE';

/**
 * What an order is told while its exchange is closed at `at` (null while it trades): when it
 * opens, in the exchange's local time, and, outside production, for the demo's exchange, how to
 * trade now (the demo). A real client never sees the hint.
 */
export function marketClosedMessage(
  config: Pick<Config, 'NODE_ENV' | 'DEMO_CLOCK'>,
  exchange: ExchangeCode,
  at: Date,
): string | null {
  const ms = at.getTime();
  if (isOpenAt(exchange, ms)) return null;
  const message = TradingMessages.marketClosed(
    exchange,
    exchangeTimeText(exchange, new Date(nextOpenMs(exchange, ms))),
  );
  if (config.NODE_ENV === 'production' || exchange !== DEMO_EXCHANGE) return message;
  return `${message} ${config.DEMO_CLOCK ? TradingMessages.restartTheDemo : TradingMessages.tryTheDemo}`;
}

/** Where `npm run demo` starts the app clock: this minute of the exchange's local day. */
export const DEMO_START_MINUTE = 10 * 60;
/** The demo keeps the real time while the exchange trades with at least this long to go. */
const DEMO_MIN_SESSION_LEFT_MS = HOUR_MS;

export interface DemoClock {
  /** MARKET_TIME_SHIFT_MS for the app clock. */
  shiftMs: number;
  /** The app clock's time at `nowMs`. */
  at: Date;
  /** One line for the log: where the clock is and why. */
  description: string;
}

/**
 * The app clock for `npm run demo` at the real instant `nowMs`: the real time while the exchange
 * trades with an hour or more to go; otherwise 10:00 local time on its most recent trading day
 * (today once today's session has begun, else the last trading day before: a Saturday or a
 * Monday before the open gives the Friday, a public holiday the day before it), so a newcomer
 * has hours of open market whenever they start it. The shift is fixed at start-up.
 */
export function demoClock(nowMs: number, exchange: ExchangeCode = DEMO_EXCHANGE): DemoClock {
  const open = isOpenAt(exchange, nowMs);
  if (open && sessionOf(exchange, localDay(exchange, nowMs)).closeMs - nowMs >= DEMO_MIN_SESSION_LEFT_MS) {
    return {
      shiftMs: 0,
      at: new Date(nowMs),
      description: `The ${exchange} is trading: the demo keeps the real time.`,
    };
  }
  const { day } = referenceSession(exchange, nowMs);
  const targetMs = zonedToUtcMs(day, DEMO_START_MINUTE, EXCHANGES[exchange].timeZone);
  const at = new Date(targetMs);
  return {
    shiftMs: targetMs - nowMs,
    at,
    description: `Demo clock: the app runs at ${exchangeTimeText(exchange, at)}, in the ${exchange}'s most recent trading session (MARKET_TIME_SHIFT_MS=${targetMs - nowMs}).`,
  };
}
