import { MARKET_COUNTRIES, type MarketCountry } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import {
  addNews,
  instrumentByRef,
  marketApiKey,
  quoteOf,
  setTradable,
} from '../../modules/market/market.service';
import type { OpsArgs, OpsCommand } from './types';
import { bad, requiredFlag } from './args';

function symbolArg(args: OpsArgs, usage: string): string {
  const symbol = args.positionals[0];
  if (!symbol) throw bad(`Usage: ${usage}`);
  return symbol.toUpperCase();
}

function countryFlag(args: OpsArgs): MarketCountry | undefined {
  const c = args.flags.country;
  if (c === undefined) return undefined;
  const upper = typeof c === 'string' ? c.toUpperCase() : '';
  if (!(MARKET_COUNTRIES as readonly string[]).includes(upper)) throw bad('--country must be ZA, US or IN.');
  return upper as MarketCountry;
}

function suspendOrResume(tradable: boolean): OpsCommand {
  const usage = `instrument ${tradable ? 'resume' : 'suspend'} <symbol> [--country ZA|US|IN]`;
  return {
    path: ['instrument', tradable ? 'resume' : 'suspend'],
    permission: 'market.manage',
    usage,
    summary: tradable
      ? 'Allow trading in an instrument again (S1 = 1)'
      : 'Restrict trading in an instrument (S1 = 0); quotes keep showing',
    async run(ctx, args, actor) {
      const symbol = symbolArg(args, usage);
      const row = await setTradable(ctx, { symbol, tradable, country: countryFlag(args), actor });
      const state = tradable ? 'tradable (S1 = 1)' : 'suspended (S1 = 0)';
      return row.changed
        ? `${row.symbol} (${row.market}, ${row.country}) is now ${state}.`
        : `${row.symbol} (${row.market}, ${row.country}) was already ${state}.`;
    },
  };
}

const showUsage = 'instrument show <symbol> [--country ZA|US|IN]';

export const marketCommands: OpsCommand[] = [
  suspendOrResume(false),
  suspendOrResume(true),
  {
    path: ['instrument', 'show'],
    permission: 'products.read',
    usage: showUsage,
    summary: 'Show an instrument, its S1 flag and its current simulated quote',
    async run(ctx: AppContext, args) {
      const symbol = symbolArg(args, showUsage);
      const row = await instrumentByRef(ctx, { country: countryFlag(args) ?? 'ZA', symbol });
      const q = quoteOf(ctx, row);
      return [
        `${row.symbol}  ${row.name}`,
        `market ${row.market}  country ${row.country}  currency ${row.currency}  type ${row.type}  sector ${row.sector}`,
        `S1 ${row.tradable ? 1 : 0}${row.tradable ? '' : ' (suspended)'}`,
        `price ${q.price} ${q.quote_unit}  change ${q.change} (${q.change_percent}%)  ${q.market_open ? 'market open' : 'market closed'}  as of ${q.as_of}`,
      ].join('\n');
    },
  },
  {
    path: ['market', 'key'],
    permission: 'staff.manage',
    usage: 'market key',
    summary: 'Print the stock-data API key (x-api-key) the server uses',
    async run(ctx) {
      return ctx.config.MARKET_API_KEY
        ? `${ctx.config.MARKET_API_KEY} (from MARKET_API_KEY)`
        : `${await marketApiKey(ctx)} (generated for this database)`;
    },
  },
  {
    path: ['news', 'add'],
    permission: 'market.manage',
    usage: 'news add --title <text> --summary <text> --body <text> [--country ZA] [--symbols NPN,PRX]',
    summary: 'Publish a market news article',
    async run(ctx, args) {
      const usage =
        'news add --title <text> --summary <text> --body <text> [--country ZA] [--symbols NPN,PRX]';
      const symbols = typeof args.flags.symbols === 'string' ? args.flags.symbols : '';
      const row = await addNews(ctx, {
        country: countryFlag(args) ?? 'ZA',
        title: requiredFlag(args, 'title', usage),
        summary: requiredFlag(args, 'summary', usage),
        body: requiredFlag(args, 'body', usage),
        symbols: symbols
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean),
      });
      return `Published article ${row.id}: ${row.title}`;
    },
  },
];
