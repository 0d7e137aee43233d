import {
  calendarYearText,
  closureLine,
  declareExchangeClosure,
  listExchangeClosures,
  sessionText,
  withdrawExchangeClosure,
} from '../../modules/market/market.service';
import { dayToIso, isoToDay, nextTradingDay } from '../../modules/market/simulator/calendar';
import { idArg, positionalArg as positional, requiredFlag } from './args';
import type { OpsCommand } from './types';

/**
 * Declared exchange closures and early closes (issue 22, decision 0055). Each declaration is
 * audited (exchange.close, exchange.early-close, exchange.withdraw) and followed at once by every
 * reader of the calendar: trading hours, quotes, fund valuation days, settlement dates.
 */
const closeUsage = 'exchange close <EXCHANGE> <YYYY-MM-DD> --reason "…"';
const earlyUsage = 'exchange early-close <EXCHANGE> <YYYY-MM-DD> <HH:MM> --reason "…"';
const withdrawUsage = 'exchange withdraw <id> --reason "…"';
const listUsage = 'exchange list [<EXCHANGE>] [--from YYYY-MM-DD] [--all]';
const calendarUsage = 'exchange calendar <EXCHANGE> <YEAR>';

const reasonFlag = (args: Parameters<typeof requiredFlag>[0], usage: string) =>
  requiredFlag(args, 'reason', usage);

const followers = 'Trading hours, quotes, fund valuation days and settlement dates follow it now.';

export const exchangeCommands: OpsCommand[] = [
  {
    path: ['exchange', 'close'],
    permission: 'market.manage',
    usage: closeUsage,
    summary: 'Declare an exchange closed on a day its calendar has open (a proclaimed holiday); audited',
    async run(ctx, args, actor) {
      const row = await declareExchangeClosure(ctx, {
        exchange: positional(args, 0, closeUsage),
        date: positional(args, 1, closeUsage),
        reason: reasonFlag(args, closeUsage),
        actor,
      });
      const next = dayToIso(nextTradingDay(row.exchange, isoToDay(row.day)));
      return `${row.exchange} is closed on ${row.day} (declaration #${row.id}, audited). ${followers} Next trading day: ${next}.`;
    },
  },
  {
    path: ['exchange', 'early-close'],
    permission: 'market.manage',
    usage: earlyUsage,
    summary: 'Declare an exchange closing early on a day (local time); audited',
    async run(ctx, args, actor) {
      const row = await declareExchangeClosure(ctx, {
        exchange: positional(args, 0, earlyUsage),
        date: positional(args, 1, earlyUsage),
        closeTime: positional(args, 2, earlyUsage),
        reason: reasonFlag(args, earlyUsage),
        actor,
      });
      return `${row.exchange} trades ${sessionText(row.exchange, isoToDay(row.day))} on ${row.day} (declaration #${row.id}, audited). ${followers}`;
    },
  },
  {
    path: ['exchange', 'withdraw'],
    permission: 'market.manage',
    usage: withdrawUsage,
    summary: 'Withdraw a declared closure or early close (the published calendar applies again); audited',
    async run(ctx, args, actor) {
      const id = idArg(args, withdrawUsage);
      const row = await withdrawExchangeClosure(ctx, { id, reason: reasonFlag(args, withdrawUsage), actor });
      return `Declaration #${row.id} withdrawn: ${row.exchange} trades ${sessionText(row.exchange, isoToDay(row.day))} on ${row.day} (audited).`;
    },
  },
  {
    path: ['exchange', 'list'],
    permission: 'products.read',
    usage: listUsage,
    summary: 'List declared closures and early closes (in force; --all: withdrawn too)',
    async run(ctx, args) {
      const from = args.flags.from;
      const rows = await listExchangeClosures(ctx, {
        exchange: args.positionals[0],
        from: typeof from === 'string' ? from : undefined,
        all: args.flags.all === true,
      });
      return rows.length ? rows.map(closureLine).join('\n') : 'No declared closures.';
    },
  },
  {
    path: ['exchange', 'calendar'],
    permission: 'products.read',
    usage: calendarUsage,
    summary: "Show an exchange's year: holidays, early closes (with their source) and declarations",
    async run(_ctx, args) {
      return calendarYearText(positional(args, 0, calendarUsage), Number(positional(args, 1, calendarUsage)));
    },
  },
];
