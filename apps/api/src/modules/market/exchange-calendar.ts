/**
 * Declared exchange closures and early closes (issue 22, decision 0055): the operator's layer of
 * the one calendar (simulator/calendar.ts). An operator declares a day closed, or closing early,
 * when it is proclaimed at short notice (South Africa's election days, a national day of
 * mourning); the declaration is stored in exchange_closures (migration 0020) and audited, and
 * every reader of the calendar follows at once: trading hours and orders, the simulated
 * sessions and quotes, fund valuation days, IPO listing days, settlement dates.
 *
 * The calendar's functions are synchronous (they run per quote tick), so each process keeps a
 * copy of the declarations in force and hands it to calendar.ts (`setDeclaredDays`). The copy
 * is loaded when the app starts and before every ops command, replaced at once by a command in
 * the same process, and checked against the table's version (a trigger bumps it) at most once a
 * second in the background: a second process follows within a second. No request reads the table.
 */
import { ErrorCode } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import * as repo from './market.repository';
import type { ExchangeClosureRow } from './market.repository';
import {
  EXCHANGES,
  closeMinuteOn,
  declaredOn,
  dayToIso,
  earlyCloses,
  holidays,
  isPublishedYear,
  isScheduledTradingDay,
  isoToDay,
  localDay,
  sessionOf,
  setDeclaredDays,
  weekday,
  yearOf,
  zonedToUtcMs,
  type ExchangeCode,
} from './simulator/calendar';
import { PUBLISHED_CALENDARS } from './simulator/published-calendars';

export type { ExchangeClosureRow };

const bad = (message: string) => new DomainError(ErrorCode.InvalidInput, message, 400);
const conflict = (message: string) => new DomainError(ErrorCode.Conflict, message, 409);

/** How long a process serves its copy before checking the table's version again. */
export const CALENDAR_CHECK_MS = 1000;

interface LoadedCopy {
  database: object;
  version: string;
  checkedAt: number;
  refreshing?: Promise<void>;
}
let loaded: LoadedCopy | undefined;

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const minuteText = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Reads the declarations in force and hands them to the calendar. */
export async function loadExchangeCalendar(ctx: AppContext): Promise<void> {
  const version = await repo.calendarVersion(ctx.db);
  const rows = await repo.activeClosures(ctx.db);
  setDeclaredDays(
    rows.map((r) => ({
      exchange: r.exchange,
      day: isoToDay(r.day),
      closeMinute: r.kind === 'closed' ? null : r.closeMinute!,
    })),
  );
  loaded = { database: ctx.database, version, checkedAt: Date.now() };
}

/**
 * The copy, current to within `maxAgeMs`: loaded if this process has none (or has another
 * database's), else reloaded when the table's version moved since the last check.
 */
export async function refreshExchangeCalendar(ctx: AppContext, maxAgeMs = CALENDAR_CHECK_MS): Promise<void> {
  const copy = loaded;
  if (!copy || copy.database !== ctx.database) return loadExchangeCalendar(ctx);
  if (copy.refreshing) return copy.refreshing;
  if (Date.now() - copy.checkedAt < maxAgeMs) return;
  copy.refreshing = (async () => {
    try {
      copy.checkedAt = Date.now();
      if ((await repo.calendarVersion(ctx.db)) !== copy.version) await loadExchangeCalendar(ctx);
    } finally {
      copy.refreshing = undefined;
    }
  })();
  return copy.refreshing;
}

/** Checks the version every CALENDAR_CHECK_MS until stopped (app.ts: from onReady to onClose). */
export function startExchangeCalendarRefresh(ctx: AppContext, onError: (err: unknown) => void) {
  const timer = setInterval(() => {
    refreshExchangeCalendar(ctx).catch(onError);
  }, CALENDAR_CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

function exchangeOf(text: string | undefined): ExchangeCode {
  const upper = (text ?? '').toUpperCase();
  if (!(upper in EXCHANGES)) throw bad(`The exchange must be one of ${Object.keys(EXCHANGES).join(', ')}.`);
  return upper as ExchangeCode;
}

function dateOf(text: string | undefined): string {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text) || dayToIso(isoToDay(text)) !== text) {
    throw bad('The date must be a calendar date, YYYY-MM-DD.');
  }
  return text;
}

function reasonOf(text: string | undefined): string {
  const reason = (text ?? '').trim();
  if (reason.length < 3 || reason.length > 500) throw bad('A reason of 3 to 500 characters is required.');
  return reason;
}

/** Why a day does not trade by the published calendar or the rules: weekend or holiday. */
function scheduledClosure(exchange: ExchangeCode, day: number): string {
  const year = yearOf(day);
  if (holidays(exchange, year).has(day)) {
    return isPublishedYear(exchange, year) ? 'a holiday in its published calendar' : 'a holiday by its rules';
  }
  return 'a weekend day';
}

/** The declaration's effect as one line, for the audit row and the commands' answers. */
const describeClosure = (row: ExchangeClosureRow) =>
  row.kind === 'closed'
    ? `${row.exchange} closed on ${row.day}`
    : `${row.exchange} closes at ${minuteText(row.closeMinute!)} on ${row.day}`;

export interface DeclareInput {
  exchange: string;
  date: string;
  /** 'HH:MM' local time for an early close; absent: closed all day. */
  closeTime?: string;
  reason: string;
  actor: string;
}

/**
 * Declares an exchange closed for a day, or closing early (`closeTime`), in one transaction with
 * its audit row (exchange.close / exchange.early-close); the calendar follows at once. Refused:
 * a day before the exchange's today, a day it does not trade anyway, an early close outside the
 * day's session, a day that already has a declaration in force (withdraw it first).
 */
export async function declareExchangeClosure(
  ctx: AppContext,
  input: DeclareInput,
): Promise<ExchangeClosureRow> {
  const exchange = exchangeOf(input.exchange);
  const date = dateOf(input.date);
  const reason = reasonOf(input.reason);
  const day = isoToDay(date);
  const now = ctx.clock.now();
  const today = localDay(exchange, now.getTime());
  if (day < today) throw bad(`${date} has passed at the ${exchange}: a past session cannot be changed.`);
  if (!isScheduledTradingDay(exchange, day)) {
    throw conflict(`The ${exchange} does not trade on ${date} anyway (${scheduledClosure(exchange, day)}).`);
  }
  const session = sessionOf(exchange, day);
  if (input.closeTime === undefined && day === today && now.getTime() >= session.openMs) {
    throw conflict(`The ${exchange}'s session of ${date} has begun: declare an early close instead.`);
  }
  let closeMinute: number | null = null;
  if (input.closeTime !== undefined) {
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(input.closeTime))
      throw bad('The close time must be HH:MM (24-hour).');
    closeMinute = minuteOf(input.closeTime);
    const info = EXCHANGES[exchange];
    const scheduledClose = earlyCloses(exchange, yearOf(day)).get(day) ?? info.closeMinute;
    if (closeMinute <= info.openMinute || closeMinute >= scheduledClose) {
      throw bad(
        `An early close on ${date} must be after the ${exchange}'s open (${minuteText(info.openMinute)}) and before its scheduled close (${minuteText(scheduledClose)}).`,
      );
    }
    if (zonedToUtcMs(day, closeMinute, info.timeZone) <= now.getTime()) {
      throw bad(`${input.closeTime} on ${date} has passed at the ${exchange}.`);
    }
  }
  const row = await ctx.db.transaction(async (tx) => {
    const txCtx: AppContext = { ...ctx, db: tx as unknown as AppContext['db'] };
    const existing = await repo.activeClosureOn(txCtx.db, exchange, date);
    if (existing) {
      throw conflict(
        `${describeClosure(existing)} is already declared (#${existing.id}): withdraw it first (exchange withdraw ${existing.id}).`,
      );
    }
    const inserted = await repo.insertClosure(txCtx.db, {
      exchange,
      day: date,
      kind: closeMinute === null ? 'closed' : 'early_close',
      closeMinute,
      reason,
      declaredBy: input.actor,
      declaredAt: now,
    });
    await audit.record(txCtx, {
      actor: input.actor,
      action: closeMinute === null ? 'exchange.close' : 'exchange.early-close',
      subjectType: 'exchange',
      subjectId: `${exchange}:${date}`,
      before: { session: sessionText(exchange, day) },
      after: {
        id: inserted.id,
        kind: inserted.kind,
        close_time: closeMinute === null ? null : minuteText(closeMinute),
        reason,
      },
    });
    return inserted;
  });
  await loadExchangeCalendar(ctx);
  return row;
}

/** Withdraws a declaration in force (exchange.withdraw, audited); the calendar follows at once. */
export async function withdrawExchangeClosure(
  ctx: AppContext,
  input: { id: number; reason: string; actor: string },
): Promise<ExchangeClosureRow> {
  if (!Number.isSafeInteger(input.id) || input.id < 1)
    throw bad('The declaration id must be a positive integer.');
  const reason = reasonOf(input.reason);
  const row = await ctx.db.transaction(async (tx) => {
    const txCtx: AppContext = { ...ctx, db: tx as unknown as AppContext['db'] };
    const withdrawn = await repo.withdrawClosure(txCtx.db, input.id, {
      withdrawnBy: input.actor,
      withdrawnAt: ctx.clock.now(),
      withdrawReason: reason,
    });
    if (!withdrawn) {
      const any = await repo.closureById(txCtx.db, input.id);
      if (!any) throw new DomainError(ErrorCode.NotFound, `No declaration #${input.id}.`, 404);
      throw conflict(`Declaration #${input.id} was already withdrawn.`);
    }
    await audit.record(txCtx, {
      actor: input.actor,
      action: 'exchange.withdraw',
      subjectType: 'exchange',
      subjectId: `${withdrawn.exchange}:${withdrawn.day}`,
      before: {
        id: withdrawn.id,
        kind: withdrawn.kind,
        close_time: withdrawn.closeMinute === null ? null : minuteText(withdrawn.closeMinute),
      },
      after: { withdrawn: true, reason },
    });
    return withdrawn;
  });
  await loadExchangeCalendar(ctx);
  return row;
}

/** Declarations, oldest day first: those in force, or all with `all`. */
export async function listExchangeClosures(
  ctx: AppContext,
  input: { exchange?: string; from?: string; all?: boolean },
): Promise<ExchangeClosureRow[]> {
  return repo.listClosures(ctx.db, {
    exchange: input.exchange === undefined ? undefined : exchangeOf(input.exchange),
    fromDay: input.from === undefined ? undefined : dateOf(input.from),
    withWithdrawn: input.all === true,
  });
}

/** A day's session as the calendar has it now: 'closed' or 'HH:MM–HH:MM'. */
export function sessionText(exchange: ExchangeCode, day: number): string {
  if (!isScheduledTradingDay(exchange, day) || declaredOn(exchange, day) === null) return 'closed';
  return `${minuteText(EXCHANGES[exchange].openMinute)}–${minuteText(closeMinuteOn(exchange, day))}`;
}

/** One line per declaration, for the ops commands. */
export function closureLine(row: ExchangeClosureRow): string {
  const state = row.withdrawnAt
    ? `withdrawn ${row.withdrawnAt.toISOString()} by ${row.withdrawnBy} (${row.withdrawReason})`
    : 'in force';
  return `#${row.id}  ${describeClosure(row)}  "${row.reason}"  declared ${row.declaredAt.toISOString()} by ${row.declaredBy}  ${state}`;
}

/** A year of an exchange's calendar as text: its source, holidays, early closes, declarations in force. */
export function calendarYearText(exchangeText: string, year: number): string {
  const exchange = exchangeOf(exchangeText);
  if (!Number.isInteger(year) || year < 2016 || year > 2100) throw bad('The year must be 2016 or later.');
  const published = isPublishedYear(exchange, year);
  const days = [...holidays(exchange, year)].filter((d) => weekday(d) !== 0 && weekday(d) !== 6);
  const early = [...earlyCloses(exchange, year)].sort((a, b) => a[0] - b[0]);
  const special = PUBLISHED_CALENDARS[exchange].years[year]?.specialSessions ?? [];
  const declaredLines: string[] = [];
  for (let d = isoToDay(`${year}-01-01`); d <= isoToDay(`${year}-12-31`); d++) {
    const dec = declaredOn(exchange, d);
    if (dec !== undefined)
      declaredLines.push(`  ${dayToIso(d)}  ${dec === null ? 'closed' : `closes ${minuteText(dec)}`}`);
  }
  return [
    `${exchange} ${year}: ${published ? `published calendar — ${PUBLISHED_CALENDARS[exchange].source}` : 'no published list here: the rules (simulator/calendar.ts)'}`,
    `Regular session ${minuteText(EXCHANGES[exchange].openMinute)}–${minuteText(EXCHANGES[exchange].closeMinute)} (${EXCHANGES[exchange].timeZone})`,
    `Weekday holidays (${days.length}):`,
    ...days.sort((a, b) => a - b).map((d) => `  ${dayToIso(d)}`),
    `Early closes (${early.length}):`,
    ...early.map(([d, m]) => `  ${dayToIso(d)}  ${minuteText(m)}`),
    ...(special.length ? [`Weekend sessions (${special.length}):`, ...special.map((s) => `  ${s}`)] : []),
    `Declared by an operator (${declaredLines.length}):`,
    ...declaredLines,
  ].join('\n');
}
