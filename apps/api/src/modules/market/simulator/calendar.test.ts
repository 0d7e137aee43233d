import { describe, expect, it } from 'vitest';
import {
  dayToIso,
  easterSunday,
  isOpenAt,
  isTradingDay,
  isoToDay,
  localDay,
  referenceSession,
  sessionOf,
} from './calendar';

const day = isoToDay;

describe('exchange calendars', () => {
  it('computes Easter', () => {
    expect(dayToIso(easterSunday(2026))).toBe('2026-04-05');
    expect(dayToIso(easterSunday(2025))).toBe('2025-04-20');
  });

  it('closes the JSE on South African public holidays, moving Sunday holidays to Monday', () => {
    expect(isTradingDay('JSE', day('2026-12-16'))).toBe(false); // Day of Reconciliation (Wednesday)
    expect(isTradingDay('JSE', day('2026-04-03'))).toBe(false); // Good Friday
    expect(isTradingDay('JSE', day('2026-04-06'))).toBe(false); // Family Day
    expect(isTradingDay('JSE', day('2026-08-10'))).toBe(false); // Women's Day (Sunday 9th) observed
    expect(isTradingDay('JSE', day('2026-08-11'))).toBe(true);
    expect(isTradingDay('JSE', day('2026-11-21'))).toBe(false); // Saturday
    expect(isTradingDay('JSE', day('2026-11-20'))).toBe(true);
    expect(isTradingDay('JSE', day('2024-05-29'))).toBe(false); // general election
  });

  it('knows NYSE holidays and that the JSE does not share them', () => {
    expect(isTradingDay('NYSE', day('2026-11-26'))).toBe(false); // Thanksgiving
    expect(isTradingDay('JSE', day('2026-11-26'))).toBe(true);
    expect(isTradingDay('NASDAQ', day('2026-07-03'))).toBe(false); // 4 July is a Saturday
    expect(isTradingDay('NYSE', day('2026-01-19'))).toBe(false); // Martin Luther King Jr. Day
  });

  it('opens each exchange at its local time, following daylight saving in New York', () => {
    expect(new Date(sessionOf('JSE', day('2026-11-20')).openMs).toISOString()).toBe(
      '2026-11-20T07:00:00.000Z',
    );
    expect(new Date(sessionOf('JSE', day('2026-11-20')).closeMs).toISOString()).toBe(
      '2026-11-20T15:00:00.000Z',
    );
    expect(new Date(sessionOf('NYSE', day('2026-07-01')).openMs).toISOString()).toBe(
      '2026-07-01T13:30:00.000Z',
    );
    expect(new Date(sessionOf('NYSE', day('2026-12-01')).openMs).toISOString()).toBe(
      '2026-12-01T14:30:00.000Z',
    );
    expect(new Date(sessionOf('NSE', day('2026-11-20')).openMs).toISOString()).toBe(
      '2026-11-20T03:45:00.000Z',
    );
    expect(new Date(sessionOf('NSE', day('2026-11-20')).closeMs).toISOString()).toBe(
      '2026-11-20T10:00:00.000Z',
    );
  });

  it('tells whether an exchange is trading at an instant', () => {
    expect(isOpenAt('JSE', Date.parse('2026-11-20T06:59:59Z'))).toBe(false);
    expect(isOpenAt('JSE', Date.parse('2026-11-20T07:00:00Z'))).toBe(true);
    expect(isOpenAt('JSE', Date.parse('2026-11-20T14:59:59Z'))).toBe(true);
    expect(isOpenAt('JSE', Date.parse('2026-11-20T15:00:00Z'))).toBe(false);
    expect(isOpenAt('JSE', Date.parse('2026-11-21T10:00:00Z'))).toBe(false); // Saturday
  });

  it('uses the local date of the exchange', () => {
    // 23:30 UTC on the 19th is already the 20th in Johannesburg and Kolkata, not in New York.
    const t = Date.parse('2026-11-19T23:30:00Z');
    expect(dayToIso(localDay('JSE', t))).toBe('2026-11-20');
    expect(dayToIso(localDay('NSE', t))).toBe('2026-11-20');
    expect(dayToIso(localDay('NYSE', t))).toBe('2026-11-19');
  });

  it('refers to the last session before the open and on holidays', () => {
    const before = referenceSession('JSE', Date.parse('2026-11-20T06:00:00Z'));
    expect(dayToIso(before.day)).toBe('2026-11-19');
    expect(before.live).toBe(false);
    const during = referenceSession('JSE', Date.parse('2026-11-20T08:00:00Z'));
    expect(dayToIso(during.day)).toBe('2026-11-20');
    expect(during.live).toBe(true);
    const holiday = referenceSession('JSE', Date.parse('2026-12-16T10:00:00Z'));
    expect(dayToIso(holiday.day)).toBe('2026-12-15');
  });
});
