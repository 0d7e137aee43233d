/**
 * Each exchange's published trading calendar for the years the universe trades in (2025–2027),
 * as data: the weekday holidays, the early closes and the weekend sessions each exchange announced.
 * calendar.ts reads these lists for a year that has one and its rules (Easter, observed-on-Monday,
 * n-th weekday) for the other years of the simulated history. Each list names its source.
 * calendar.test.ts checks that the rules agree with every list that a rule can produce, so a
 * list with a typo fails there.
 *
 * Updating: an exchange publishes the next year's list in the last quarter of the year (the NSE
 * in December). Add the year here with its source; until then that year follows the rules, and a
 * closure announced at short notice is declared by an operator (`npm run ops -- exchange close`,
 * exchange-calendar.ts), which every reader of the calendar follows at once.
 */
export interface PublishedYear {
  /** Weekdays the exchange is closed all day ('YYYY-MM-DD'). */
  holidays: readonly string[];
  /** Days the exchange closes early, at `closeMinute` (minutes after local midnight). */
  earlyCloses?: readonly { date: string; closeMinute: number }[];
  /**
   * Weekend days the exchange held a full session at its normal hours. They are trading days but
   * not settlement days (banks are closed; a T+n count skips them).
   */
  specialSessions?: readonly string[];
}

export interface PublishedCalendar {
  /** Where the lists come from: the exchange's own publication, and what they were checked against. */
  source: string;
  years: Readonly<Record<number, PublishedYear>>;
}

/** NYSE and Nasdaq close at 13:00 ET on their early-close days. */
const US_EARLY_CLOSE = 13 * 60;

/**
 * NYSE: "Holidays and Trading Hours" (nyse.com/markets/hours-calendars), published three years
 * ahead, with its early closes at 1:00 p.m. ET (day before Independence Day when a Monday,
 * Tuesday or Thursday; the day after Thanksgiving; Christmas Eve unless a Friday holiday).
 * 2025-01-09: closed for the national day of mourning for President Carter (NYSE notice,
 * 2024-12-30). Cross-checked with exchange_calendars' XNYS (github.com/gerrymanoim/exchange_calendars).
 */
const NYSE: PublishedCalendar = {
  source:
    'NYSE Holidays and Trading Hours (nyse.com/markets/hours-calendars); checked against exchange_calendars XNYS',
  years: {
    2025: {
      holidays: [
        '2025-01-01',
        '2025-01-09',
        '2025-01-20',
        '2025-02-17',
        '2025-04-18',
        '2025-05-26',
        '2025-06-19',
        '2025-07-04',
        '2025-09-01',
        '2025-11-27',
        '2025-12-25',
      ],
      earlyCloses: [
        { date: '2025-07-03', closeMinute: US_EARLY_CLOSE },
        { date: '2025-11-28', closeMinute: US_EARLY_CLOSE },
        { date: '2025-12-24', closeMinute: US_EARLY_CLOSE },
      ],
    },
    2026: {
      // Independence Day falls on a Saturday: observed Friday 3 July, so no early close on the 2nd.
      holidays: [
        '2026-01-01',
        '2026-01-19',
        '2026-02-16',
        '2026-04-03',
        '2026-05-25',
        '2026-06-19',
        '2026-07-03',
        '2026-09-07',
        '2026-11-26',
        '2026-12-25',
      ],
      earlyCloses: [
        { date: '2026-11-27', closeMinute: US_EARLY_CLOSE },
        { date: '2026-12-24', closeMinute: US_EARLY_CLOSE },
      ],
    },
    2027: {
      // Juneteenth (Saturday) observed Friday 18 June; Independence Day (Sunday) Monday 5 July;
      // Christmas (Saturday) Friday 24 December; New Year 2028 (Saturday) is not observed in 2027.
      holidays: [
        '2027-01-01',
        '2027-01-18',
        '2027-02-15',
        '2027-03-26',
        '2027-05-31',
        '2027-06-18',
        '2027-07-05',
        '2027-09-06',
        '2027-11-25',
        '2027-12-24',
      ],
      earlyCloses: [{ date: '2027-11-26', closeMinute: US_EARLY_CLOSE }],
    },
  },
};

/** Nasdaq: "U.S. Holiday Schedule" (nasdaqtrader.com), the same days and 1:00 p.m. ET closes as the NYSE. */
const NASDAQ: PublishedCalendar = {
  source: 'Nasdaq Trader U.S. Holiday Schedule (nasdaqtrader.com), identical to the NYSE list for 2025–2027',
  years: NYSE.years,
};

/**
 * JSE: the JSE's published market holidays, which are South Africa's public holidays (Public
 * Holidays Act 36 of 1994: a Sunday holiday moves to the Monday; a Saturday one is not moved).
 * No early closes. Cross-checked with exchange_calendars' XJSE. Election days are declared by the
 * President each time (Government Gazette) and are not in a list published in advance: the 2026
 * local government election day is declared by an operator when it is proclaimed (decision 0055).
 */
const JSE: PublishedCalendar = {
  source:
    'JSE market holidays (jse.co.za), i.e. SA public holidays under the Public Holidays Act 36 of 1994; checked against exchange_calendars XJSE',
  years: {
    2025: {
      // Freedom Day (Sunday 27 April) observed Monday 28 April; Women's Day is a Saturday.
      holidays: [
        '2025-01-01',
        '2025-03-21',
        '2025-04-18',
        '2025-04-21',
        '2025-04-28',
        '2025-05-01',
        '2025-06-16',
        '2025-09-24',
        '2025-12-16',
        '2025-12-25',
        '2025-12-26',
      ],
    },
    2026: {
      // Human Rights Day and the Day of Goodwill are Saturdays; Women's Day (Sunday) moves to 10 August.
      holidays: [
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
      ],
    },
    2027: {
      // Human Rights Day (Sunday) moves to 22 March; Workers' Day and Christmas are Saturdays;
      // the Day of Goodwill (Sunday) moves to 27 December.
      holidays: [
        '2027-01-01',
        '2027-03-22',
        '2027-03-26',
        '2027-03-29',
        '2027-04-27',
        '2027-06-16',
        '2027-08-09',
        '2027-09-24',
        '2027-12-16',
        '2027-12-27',
      ],
    },
  },
};

/**
 * NSE: the NSE's circulars "Trading holidays for the calendar year 2025" and "… 2026" (capital
 * market segment, nseindia.com/resources/exchange-communication-holidays), with the festivals set
 * by the lunar calendars each year, and its later circulars: 2026-01-15 made a trading holiday for
 * the Maharashtra municipal corporation elections (circular of 2026-01-12, which turned an earlier
 * settlement-only holiday into a full one); live sessions on Saturday 2025-02-01 and Sunday
 * 2026-02-01 for the Union Budget (circular of 2026-01-16; that day was a settlement holiday).
 * Diwali's one-hour Muhurat session (2025-10-21, a holiday otherwise) is not modelled. The
 * holidays were checked against exchange_calendars' precomputed Indian list (XBOM, the same
 * dates for 2025–2026). 2027 is not published yet (the NSE publishes in December): that year
 * follows the national holidays' rule until it is added.
 */
const NSE: PublishedCalendar = {
  source:
    'NSE circulars "Trading holidays for the calendar year 2025/2026" and the 2026-01-12 and 2026-01-16 circulars (nseindia.com); checked against exchange_calendars XBOM',
  years: {
    2025: {
      holidays: [
        '2025-02-26', // Mahashivratri
        '2025-03-14', // Holi
        '2025-03-31', // Id-Ul-Fitr (Ramadan Eid)
        '2025-04-10', // Shri Mahavir Jayanti
        '2025-04-14', // Dr. Baba Saheb Ambedkar Jayanti
        '2025-04-18', // Good Friday
        '2025-05-01', // Maharashtra Day
        '2025-08-15', // Independence Day
        '2025-08-27', // Ganesh Chaturthi
        '2025-10-02', // Mahatma Gandhi Jayanti / Dussehra
        '2025-10-21', // Diwali Laxmi Pujan (Muhurat session only)
        '2025-10-22', // Diwali Balipratipada
        '2025-11-05', // Prakash Gurpurb Sri Guru Nanak Dev
        '2025-12-25', // Christmas
      ],
      specialSessions: ['2025-02-01'], // Union Budget (Saturday)
    },
    2026: {
      holidays: [
        '2026-01-15', // Municipal Corporation elections in Maharashtra (declared 2026-01-12)
        '2026-01-26', // Republic Day
        '2026-03-03', // Holi
        '2026-03-26', // Shri Ram Navami
        '2026-03-31', // Shri Mahavir Jayanti
        '2026-04-03', // Good Friday
        '2026-04-14', // Dr. Baba Saheb Ambedkar Jayanti
        '2026-05-01', // Maharashtra Day
        '2026-05-28', // Bakri Id
        '2026-06-26', // Muharram
        '2026-09-14', // Ganesh Chaturthi
        '2026-10-02', // Mahatma Gandhi Jayanti
        '2026-10-20', // Dussehra
        '2026-11-10', // Diwali Balipratipada
        '2026-11-24', // Prakash Gurpurb Sri Guru Nanak Dev
        '2026-12-25', // Christmas
      ],
      specialSessions: ['2026-02-01'], // Union Budget (Sunday), a settlement holiday
    },
  },
};

/**
 * By exchange code. The codes are spelled here rather than imported: calendar.ts, which owns
 * ExchangeCode, imports this file, and indexes it with an ExchangeCode (an exchange added there
 * but not here fails the type check).
 */
export const PUBLISHED_CALENDARS: Readonly<Record<'JSE' | 'NYSE' | 'NASDAQ' | 'NSE', PublishedCalendar>> = {
  JSE,
  NYSE,
  NASDAQ,
  NSE,
};
