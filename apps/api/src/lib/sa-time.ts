// South African Standard Time is UTC+2 all year (no daylight saving), so a fixed offset is exact.
// Every "South African day" in the house (daily limits, statements, settlement) comes from here.
const SAST_OFFSET_MS = 2 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The instant the South African calendar day containing `at` began. */
export function saDayStart(at: Date): Date {
  const local = at.getTime() + SAST_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - SAST_OFFSET_MS);
}

/** The instant a South African calendar date ('YYYY-MM-DD') began; undefined for no such date. */
export function saDayStartOfDate(date: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = new Date(Date.UTC(y, m - 1, d));
  if (
    utcMidnight.getUTCFullYear() !== y ||
    utcMidnight.getUTCMonth() !== m - 1 ||
    utcMidnight.getUTCDate() !== d
  ) {
    return undefined;
  }
  return new Date(utcMidnight.getTime() - SAST_OFFSET_MS);
}

/** The South African calendar date of `at`, 'YYYY-MM-DD' (22:30 UTC is already the next day). */
export const saDate = (at: Date) => new Date(at.getTime() + SAST_OFFSET_MS).toISOString().slice(0, 10);

/** South African day number (days since 1970-01-01 in SAST) of an instant. */
export const saDayNumber = (at: Date) => Math.floor((at.getTime() + SAST_OFFSET_MS) / DAY_MS);

/** The instant the South African day numbered `day` (see saDayNumber) began. */
export const saDayStartOfNumber = (day: number) => new Date(day * DAY_MS - SAST_OFFSET_MS);

/**
 * SQL for the instant (timestamptz) the South African day `dateSql` (an SQL expression of type date)
 * began, for queries that compare stored instants with a stored day. `dateSql` is our own SQL text,
 * never client input.
 */
export const saDayStartSql = (dateSql: string) =>
  `((${dateSql})::timestamp - interval '${SAST_OFFSET_MS / 1000} seconds') at time zone 'UTC'`;

/** 'YYYY-MM-DD HH:mm:ss' in South African time. */
export const saDateTimeText = (at: Date) =>
  new Date(at.getTime() + SAST_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
