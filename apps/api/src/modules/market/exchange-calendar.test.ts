import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../cli/run';
import { opsStaff } from '../../cli/ops-staff.testing';
import { staffActor, type StaffPrincipal } from '../staff/staff.service';
import { testConfig } from '../../config/env';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInClient } from '../../test/signed-in-client';
import { valuationDayFor } from '../funds/nav';
import { refreshExchangeCalendar } from './exchange-calendar';
import {
  dayToIso,
  isOpenAt,
  isTradingDay,
  isoToDay,
  nextTradingDay,
  sessionOf,
  settlementDay,
} from './simulator/calendar';
import { marketClosedMessage } from './trading-hours';

const day = isoToDay;
/** 10:00 SAST on Monday 2 November 2026: before the local government election day. */
const MONDAY_10_SAST = Date.parse('2026-11-02T08:00:00Z');
const ELECTION_DAY = '2026-11-04';
const REASON = 'Local government elections: public holiday proclaimed in the Government Gazette';

describe('declared exchange closures (issue 22, decision 0055)', () => {
  let t: TestApp;
  /** The signed-in staff user the ops commands run as. */
  let staff: StaffPrincipal;
  let token: string;
  const ops = (line: string[]) => runOps(t.app.ctx, line, staff);
  const auditRows = (subjectId: string) =>
    t.database.query<{ action: string; actor: string; after: Record<string, unknown> | null }>(
      "select action, actor, after from audit_log where subject_type = 'exchange' and subject_id = $1 order by id",
      [subjectId],
    );
  const setClock = (ms: number) => t.clock.advance(ms - t.app.ctx.clock.now().getTime());
  const price = async (symbol: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/market/app/v1/price?symbol=${symbol}&market=JSE&country=ZA`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().data as { market_open: boolean; as_of: string };

  beforeAll(async () => {
    t = await createTestApp();
    staff = await opsStaff(t.app.ctx);
    token = (await signedInClient(t.app.ctx, { kyc: 'approved' })).token;
    setClock(MONDAY_10_SAST);
  });
  afterAll(() => t.close());

  it('closes the JSE on 2026-11-04 by command: market, valuation day and T+3 settlement all follow, audited', async () => {
    const election = day(ELECTION_DAY);
    const tenSast = Date.parse('2026-11-04T08:00:00Z');
    // Before: an ordinary Wednesday.
    expect(isTradingDay('JSE', election)).toBe(true);
    expect(isOpenAt('JSE', tenSast)).toBe(true);
    expect(dayToIso(valuationDayFor(new Date(tenSast), 14 * 60))).toBe('2026-11-04');
    expect(dayToIso(settlementDay('JSE', day('2026-11-02')))).toBe('2026-11-05');

    const answer = await ops(['exchange', 'close', 'JSE', ELECTION_DAY, '--reason', REASON]);
    expect(answer).toMatch(/^JSE is closed on 2026-11-04 \(declaration #\d+, audited\)\./);
    expect(answer).toContain('Next trading day: 2026-11-05.');

    // The market is closed all day; an order is told when it opens.
    expect(isTradingDay('JSE', election)).toBe(false);
    expect(isOpenAt('JSE', tenSast)).toBe(false);
    expect(dayToIso(nextTradingDay('JSE', day('2026-11-03')))).toBe('2026-11-05');
    expect(marketClosedMessage(testConfig({ NODE_ENV: 'production' }), 'JSE', new Date(tenSast))).toContain(
      '2026-11-05 09:00 SAST',
    );
    // Only the JSE.
    expect(isTradingDay('NYSE', election)).toBe(true);
    // The fund's valuation day moves to the next open day: an order on the day, or after the
    // cut-off the day before, is priced at Thursday's NAV.
    expect(dayToIso(valuationDayFor(new Date(tenSast), 14 * 60))).toBe('2026-11-05');
    expect(dayToIso(valuationDayFor(new Date(Date.parse('2026-11-03T13:00:00Z')), 14 * 60))).toBe(
      '2026-11-05',
    );
    // T+3 from Monday skips it: Tuesday, Thursday, Friday.
    expect(dayToIso(settlementDay('JSE', day('2026-11-02')))).toBe('2026-11-06');
    // The simulated quotes: on the day, the last session (Tuesday's) and market closed.
    setClock(tenSast);
    const quote = await price('NPN');
    expect(quote.market_open).toBe(false);
    expect(quote.as_of).toBe(new Date(sessionOf('JSE', day('2026-11-03')).closeMs).toISOString());
    setClock(MONDAY_10_SAST);

    const rows = await auditRows('JSE:2026-11-04');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'exchange.close', actor: staffActor(staff) });
    expect(rows[0]!.after).toMatchObject({ kind: 'closed', close_time: null, reason: REASON });

    expect(await ops(['exchange', 'list', 'JSE'])).toContain(`JSE closed on 2026-11-04  "${REASON}"`);
    expect(await ops(['exchange', 'calendar', 'JSE', '2026'])).toContain('2026-11-04  closed');
  });

  it('refuses a second declaration, a day that is closed anyway, a past day, bad input', async () => {
    await expect(ops(['exchange', 'close', 'JSE', ELECTION_DAY, '--reason', REASON])).rejects.toThrow(
      'withdraw it first',
    );
    await expect(ops(['exchange', 'close', 'JSE', '2026-12-16', '--reason', REASON])).rejects.toThrow(
      'a holiday in its published calendar',
    );
    await expect(ops(['exchange', 'close', 'JSE', '2026-11-07', '--reason', REASON])).rejects.toThrow(
      'a weekend day',
    );
    await expect(ops(['exchange', 'close', 'JSE', '2026-10-30', '--reason', REASON])).rejects.toThrow(
      'has passed',
    );
    // Today's session has begun (10:00 SAST): an early close, not a closure.
    await expect(ops(['exchange', 'close', 'JSE', '2026-11-02', '--reason', REASON])).rejects.toThrow(
      'declare an early close instead',
    );
    await expect(ops(['exchange', 'close', 'LSE', '2026-11-05', '--reason', REASON])).rejects.toThrow(
      'The exchange must be one of',
    );
    await expect(ops(['exchange', 'close', 'JSE', '2026-02-30', '--reason', REASON])).rejects.toThrow(
      'calendar date',
    );
    await expect(ops(['exchange', 'close', 'JSE', '2026-11-05'])).rejects.toThrow('--reason is required');
  });

  it('declares an early close that trading hours and the simulated session follow, then withdraws it', async () => {
    await expect(
      ops(['exchange', 'early-close', 'JSE', '2026-11-05', '8:00', '--reason', 'Systems maintenance']),
    ).rejects.toThrow('HH:MM');
    await expect(
      ops(['exchange', 'early-close', 'JSE', '2026-11-05', '17:30', '--reason', 'Systems maintenance']),
    ).rejects.toThrow('before its scheduled close (17:00)');
    const answer = await ops([
      'exchange',
      'early-close',
      'jse',
      '2026-11-05',
      '12:00',
      '--reason',
      'Systems maintenance',
    ]);
    expect(answer).toContain('JSE trades 09:00–12:00 on 2026-11-05');
    const id = Number(/#(\d+)/.exec(answer)![1]);
    expect(new Date(sessionOf('JSE', day('2026-11-05')).closeMs).toISOString()).toBe(
      '2026-11-05T10:00:00.000Z',
    );
    expect(isOpenAt('JSE', Date.parse('2026-11-05T09:59:00Z'))).toBe(true);
    expect(isOpenAt('JSE', Date.parse('2026-11-05T10:00:00Z'))).toBe(false);
    // The quote after the early close is the session's close at 12:00.
    setClock(Date.parse('2026-11-05T11:00:00Z'));
    expect((await price('NPN')).as_of).toBe('2026-11-05T10:00:00.000Z');
    setClock(MONDAY_10_SAST);

    expect(await ops(['exchange', 'withdraw', String(id), '--reason', 'Maintenance moved'])).toContain(
      'JSE trades 09:00–17:00 on 2026-11-05',
    );
    expect(isOpenAt('JSE', Date.parse('2026-11-05T12:00:00Z'))).toBe(true);
    await expect(ops(['exchange', 'withdraw', String(id), '--reason', 'again'])).rejects.toThrow(
      'already withdrawn',
    );
    await expect(ops(['exchange', 'withdraw', '999999', '--reason', 'nothing'])).rejects.toThrow(
      'No declaration',
    );
    expect((await auditRows('JSE:2026-11-05')).map((r) => r.action)).toEqual([
      'exchange.early-close',
      'exchange.withdraw',
    ]);
    expect(await ops(['exchange', 'list', '--all', '--from', '2026-11-05'])).toContain('withdrawn');
    expect(await ops(['exchange', 'list', 'JSE', '--from', '2026-11-05'])).toBe('No declared closures.');
  });

  it('a process follows a declaration another process made (the version check)', async () => {
    // Another process's insert: the trigger moves the version; this process's copy follows.
    await t.database.query(
      `insert into exchange_closures (exchange, day, kind, reason, declared_by, declared_at)
       values ('NSE', '2026-11-06', 'closed', 'Declared elsewhere', 'ops:other', now())`,
    );
    expect(isTradingDay('NSE', day('2026-11-06'))).toBe(true);
    await refreshExchangeCalendar(t.app.ctx, 0);
    expect(isTradingDay('NSE', day('2026-11-06'))).toBe(false);
    await t.database.query(
      "update exchange_closures set withdrawn_by = 'ops:other', withdrawn_at = now() where exchange = 'NSE'",
    );
    await refreshExchangeCalendar(t.app.ctx, 0);
    expect(isTradingDay('NSE', day('2026-11-06'))).toBe(true);
  });

  it('shows a year of a calendar with its source, and lists the commands in help', async () => {
    const nyse = await ops(['exchange', 'calendar', 'NYSE', '2025']);
    expect(nyse).toContain('NYSE 2025: published calendar — NYSE Holidays and Trading Hours');
    expect(nyse).toContain('Weekday holidays (11):');
    expect(nyse).toContain(
      'Early closes (3):\n  2025-07-03  13:00\n  2025-11-28  13:00\n  2025-12-24  13:00',
    );
    const nse = await ops(['exchange', 'calendar', 'NSE', '2026']);
    expect(nse).toContain('Weekday holidays (16):');
    expect(nse).toContain('Weekend sessions (1):\n  2026-02-01');
    expect(await ops(['exchange', 'calendar', 'NSE', '2027'])).toContain('no published list here');
    const help = await ops(['help']);
    for (const words of ['exchange close', 'exchange early-close', 'exchange withdraw', 'exchange list'])
      expect(help).toContain(words);
  });

  it('withdrawing the election closure opens the day again', async () => {
    const [row] = await t.database.query<{ id: string }>(
      "select id from exchange_closures where exchange = 'JSE' and day = '2026-11-04' and withdrawn_at is null",
    );
    await ops(['exchange', 'withdraw', String(row!.id), '--reason', 'Test over']);
    expect(isTradingDay('JSE', day(ELECTION_DAY))).toBe(true);
    expect(dayToIso(settlementDay('JSE', day('2026-11-02')))).toBe('2026-11-05');
  });
});
