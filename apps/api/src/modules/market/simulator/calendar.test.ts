import { describe, expect, it } from 'vitest';
import {
  closeMinuteOn,
  dayToIso,
  earlyCloses,
  easterSunday,
  holidays,
  isOpenAt,
  isPublishedYear,
  isSettlementDay,
  isTradingDay,
  isoToDay,
  localDay,
  nextTradingDay,
  referenceSession,
  ruleEarlyCloses,
  ruleHolidays,
  sessionMinutes,
  sessionOf,
  settlementDay,
  weekday,
  type ExchangeCode,
} from './calendar';
import { PUBLISHED_CALENDARS } from './published-calendars';

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

const weekdaysOf = (set: Iterable<number>) =>
  [...set]
    .filter((d) => weekday(d) !== 0 && weekday(d) !== 6)
    .sort((a, b) => a - b)
    .map(dayToIso);

describe('published exchange calendars 2025–2027 (issue 22)', () => {
  it('has a published list, with its source, for every exchange and year the universe trades in', () => {
    for (const exchange of ['JSE', 'NYSE', 'NASDAQ', 'NSE'] as ExchangeCode[]) {
      expect(PUBLISHED_CALENDARS[exchange].source.length).toBeGreaterThan(20);
      for (const year of exchange === 'NSE' ? [2025, 2026] : [2025, 2026, 2027]) {
        expect(isPublishedYear(exchange, year)).toBe(true);
        const list = PUBLISHED_CALENDARS[exchange].years[year]!;
        // Only weekdays, each once, all in the year.
        expect(weekdaysOf(holidays(exchange, year))).toEqual([...list.holidays].sort());
        expect(new Set(list.holidays).size).toBe(list.holidays.length);
        for (const iso of list.holidays) expect(iso.startsWith(String(year))).toBe(true);
      }
    }
    // The NSE publishes 2027 in December: until then, the rules.
    expect(isPublishedYear('NSE', 2027)).toBe(false);
  });

  it('lists what the rules give for the JSE and the US exchanges (a typo in a list fails here)', () => {
    for (const exchange of ['JSE', 'NYSE'] as ExchangeCode[]) {
      for (const year of [2025, 2026, 2027]) {
        expect(weekdaysOf(holidays(exchange, year))).toEqual(weekdaysOf(ruleHolidays(exchange, year)));
        expect([...earlyCloses(exchange, year)].sort()).toEqual([...ruleEarlyCloses(exchange, year)].sort());
      }
    }
  });

  it('closes the NYSE at 13:00 ET on its six early closes of 2025–2027', () => {
    const early = [2025, 2026, 2027].flatMap((y) => [...earlyCloses('NYSE', y).keys()].map(dayToIso)).sort();
    expect(early).toEqual([
      '2025-07-03',
      '2025-11-28',
      '2025-12-24',
      '2026-11-27',
      '2026-12-24',
      '2027-11-26',
    ]);
    // The day after Thanksgiving 2025: 13:00 EST is 18:00 UTC.
    const s = sessionOf('NYSE', day('2025-11-28'));
    expect(new Date(s.closeMs).toISOString()).toBe('2025-11-28T18:00:00.000Z');
    expect(isOpenAt('NYSE', Date.parse('2025-11-28T17:59:00Z'))).toBe(true);
    expect(isOpenAt('NYSE', Date.parse('2025-11-28T18:00:00Z'))).toBe(false);
    expect(isOpenAt('NASDAQ', Date.parse('2025-11-28T18:30:00Z'))).toBe(false);
    // 3 July 2025 (EDT): 13:00 is 17:00 UTC; a session of 210 minutes.
    expect(new Date(sessionOf('NYSE', day('2025-07-03')).closeMs).toISOString()).toBe(
      '2025-07-03T17:00:00.000Z',
    );
    expect(sessionMinutes('NYSE', day('2025-07-03'))).toBe(210);
    expect(sessionMinutes('NYSE', day('2025-07-07'))).toBe(390);
    // Christmas Eve 2027 is the observed Christmas holiday, not an early close.
    expect(isTradingDay('NYSE', day('2027-12-24'))).toBe(false);
    expect(isTradingDay('NYSE', day('2025-01-09'))).toBe(false);
    expect(closeMinuteOn('JSE', day('2025-12-24'))).toBe(17 * 60); // the JSE has no early closes
  });

  it('closes the NSE on its published festival holidays of 2025–2026 and trades its budget-day weekend sessions', () => {
    for (const iso of [
      '2025-02-26', // Mahashivratri
      '2025-03-14', // Holi
      '2025-03-31', // Id-Ul-Fitr
      '2025-08-27', // Ganesh Chaturthi
      '2025-10-21', // Diwali Laxmi Pujan
      '2025-10-22', // Diwali Balipratipada
      '2025-11-05', // Guru Nanak Jayanti
      '2026-01-15', // Maharashtra municipal elections
      '2026-03-03', // Holi
      '2026-05-28', // Bakri Id
      '2026-06-26', // Muharram
      '2026-09-14', // Ganesh Chaturthi
      '2026-10-20', // Dussehra
      '2026-11-10', // Diwali Balipratipada
      '2026-11-24', // Guru Nanak Jayanti
    ]) {
      expect(isTradingDay('NSE', day(iso)), iso).toBe(false);
    }
    expect(weekdaysOf(holidays('NSE', 2025))).toHaveLength(14);
    expect(weekdaysOf(holidays('NSE', 2026))).toHaveLength(16);
    // Union Budget sessions on Saturday 2025-02-01 and Sunday 2026-02-01: trading, not settling.
    expect(isTradingDay('NSE', day('2025-02-01'))).toBe(true);
    expect(isTradingDay('NSE', day('2026-02-01'))).toBe(true);
    expect(isSettlementDay('NSE', day('2026-02-01'))).toBe(false);
    expect(isOpenAt('NSE', Date.parse('2026-02-01T05:00:00Z'))).toBe(true); // 10:30 IST
    expect(dayToIso(nextTradingDay('NSE', day('2026-01-30')))).toBe('2026-02-01');
    expect(dayToIso(settlementDay('NSE', day('2026-01-30')))).toBe('2026-02-02'); // T+1 skips the Sunday
    expect(dayToIso(settlementDay('NSE', day('2026-02-01')))).toBe('2026-02-02');
  });

  it("has the JSE's 2025–2027 public holidays", () => {
    expect(weekdaysOf(holidays('JSE', 2026))).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-04-27',
      '2026-05-01',
      '2026-06-16',
      '2026-08-10',
      '2026-09-24',
      '2026-12-16',
      '2026-12-25',
    ]);
    expect(isTradingDay('JSE', day('2025-04-28'))).toBe(false); // Freedom Day (Sunday) observed
    expect(isTradingDay('JSE', day('2027-12-27'))).toBe(false); // Day of Goodwill (Sunday) observed
    expect(isTradingDay('JSE', day('2027-03-22'))).toBe(false); // Human Rights Day (Sunday) observed
    // Not in the published list: the 2026 local government election day is declared by an operator.
    expect(isTradingDay('JSE', day('2026-11-04'))).toBe(true);
  });

  it('counts settlement days T+n on business days (JSE T+3, US and India T+1)', () => {
    expect(dayToIso(settlementDay('JSE', day('2026-11-02')))).toBe('2026-11-05');
    expect(dayToIso(settlementDay('JSE', day('2026-12-15')))).toBe('2026-12-21'); // skips 16 Dec and the weekend
    expect(dayToIso(settlementDay('NYSE', day('2026-11-25')))).toBe('2026-11-27'); // skips Thanksgiving
  });
});
