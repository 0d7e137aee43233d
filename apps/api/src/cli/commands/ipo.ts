import { ErrorCode } from '@imali/contract';
import { formatDecimal, normalizeDecimal, parseDecimal } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import { isoMinute, keyValues, table } from '../format';
import { allotIpo, createIpo, listIpo, listIpos, setFinalPrice } from '../../modules/ipo/ipo.service';
import { parseWhen } from './trading';
import type { OpsArgs, OpsCommand } from './types';

// Operator commands of IPOs (issue 13): create, price, allot, list, show. Each writes its audit
// record in the transaction of its change (ipo.service).

const bad = (message: string) => new DomainError(ErrorCode.InvalidInput, message, 400);
const plain = (text: string | null) =>
  text === null ? '' : formatDecimal(normalizeDecimal(parseDecimal(text)));

function idArg(args: OpsArgs, usage: string): number {
  const raw = args.positionals[0];
  if (!raw || !/^\d{1,15}$/.test(raw)) throw bad(`Usage: ${usage}`);
  return Number(raw);
}

function flag(args: OpsArgs, name: string, usage?: string): string | undefined {
  const v = args.flags[name];
  if (v === undefined) {
    if (usage) throw bad(`--${name} is required. Usage: ${usage}`);
    return undefined;
  }
  if (typeof v !== 'string' || !v.trim()) throw bad(`--${name} needs a value.`);
  return v.trim();
}

function intFlag(args: OpsArgs, name: string, usage: string, fallback?: number): number {
  const text = flag(args, name, fallback === undefined ? usage : undefined);
  if (text === undefined) return fallback!;
  if (!/^\d{1,9}$/.test(text)) throw bad(`--${name} must be a whole number.`);
  return Number(text);
}

const createUsage =
  'ipo create --symbol SYM --name "COMPANY" --issuer "ISSUER" [--country ZA|US|IN] --price P | --price-low P --price-high P ' +
  '--lot-size N [--min-lots N] --max-lots N --shares N --opens WHEN --closes WHEN --allot-on YYYY-MM-DD ' +
  '--list-on YYYY-MM-DD [--rule pro_rata|lottery] [--title "OFFERING NAME"] [--sector S] [--hot]';

async function create(ctx: AppContext, args: OpsArgs, actor: string) {
  const now = ctx.clock.now();
  const fixed = flag(args, 'price');
  const low = fixed ?? flag(args, 'price-low', createUsage)!;
  const high = fixed === undefined ? flag(args, 'price-high', createUsage) : undefined;
  const { offering, instrument, terms } = await createIpo(
    ctx,
    {
      symbol: flag(args, 'symbol', createUsage)!,
      instrumentName: flag(args, 'name', createUsage)!,
      issuer: flag(args, 'issuer', createUsage)!,
      name: flag(args, 'title'),
      country: flag(args, 'country') ?? 'ZA',
      sector: flag(args, 'sector'),
      priceLow: low,
      priceHigh: high,
      lotSize: intFlag(args, 'lot-size', createUsage),
      minLots: intFlag(args, 'min-lots', createUsage, 1),
      maxLots: intFlag(args, 'max-lots', createUsage),
      sharesOffered: flag(args, 'shares', createUsage)!,
      opensAt: parseWhen(flag(args, 'opens', createUsage)!, now, 'opens'),
      closesAt: parseWhen(flag(args, 'closes', createUsage)!, now, 'closes'),
      allotsOn: flag(args, 'allot-on', createUsage)!,
      listsOn: flag(args, 'list-on', createUsage)!,
      rule: flag(args, 'rule') ?? 'pro_rata',
      hot: args.flags.hot === true || args.flags.hot === 'true',
    },
    actor,
  );
  return [
    `IPO ${offering.id} created (open): ${offering.name}.`,
    keyValues([
      ['instrument', `${instrument.symbol} ${instrument.name} (${instrument.market}, pending listing)`],
      ['issuer', terms.issuer],
      [
        'price',
        terms.priceLow === terms.priceHigh
          ? `${plain(terms.priceLow)} (fixed)`
          : `${plain(terms.priceLow)} – ${plain(terms.priceHigh)} (range)`,
      ],
      ['lots', `${terms.lotSize} shares; ${terms.minLots} – ${terms.maxLots} per client`],
      ['shares offered', terms.sharesOffered.toString()],
      ['window', `${isoMinute(offering.opensAt)} – ${isoMinute(offering.closesAt)} UTC`],
      ['allotment', terms.allotsOn],
      ['listing', terms.listsOn],
      ['rule', offering.allocationRule],
    ]),
    '',
    'Key facts:',
    ...offering.keyFacts.map((f) => `  ${f.label}: ${f.text}`),
  ].join('\n');
}

const priceUsage = 'ipo price <id> <final price>';
async function price(ctx: AppContext, args: OpsArgs, actor: string) {
  const id = idArg(args, priceUsage);
  const text = args.positionals[1];
  if (!text) throw bad(`Usage: ${priceUsage}`);
  const { terms, reconfirm } = await setFinalPrice(ctx, id, text, actor);
  return (
    `IPO ${id}: final price ${plain(terms.finalPrice)} (range ${plain(terms.priceLow)} – ${plain(terms.priceHigh)}).` +
    (reconfirm
      ? ' It is above the range or more than 20% below it: applications must be reconfirmed in the app, or they lapse at allotment.'
      : '')
  );
}

const allotUsage = 'ipo allot <id> [--seed SEED]';
async function allotCommand(ctx: AppContext, args: OpsArgs, actor: string) {
  const result = await allotIpo(ctx, idArg(args, allotUsage), actor, { seed: flag(args, 'seed') });
  const allotted = result.lines.reduce((s, l) => s + l.allotted, 0);
  const applied = result.lines.reduce((s, l) => s + l.lots, 0);
  return [
    `IPO ${result.offeringId} allotted (${result.rule}${result.rule === 'lottery' ? `, seed ${result.seed}` : ''}): ` +
      `${result.lines.length} applications for ${applied} lots, ${allotted} of ${result.lotsOffered} lots allotted; ` +
      'funds not allotted released.',
    table(
      ['order', 'reference', 'lots', 'allotted', 'status', 'debited', 'released', 'rank', 'reason'],
      result.lines.map((l) => [
        l.orderId,
        l.reference,
        l.lots,
        l.allotted,
        l.status === 'listing' ? 'PENDING LISTING' : 'rejected',
        l.debited,
        l.released,
        l.rank ?? '',
        l.reason ?? '',
      ]),
    ),
  ].join('\n');
}

const listUsage = 'ipo list <id> [--price LISTING_PRICE]';
async function listCommand(ctx: AppContext, args: OpsArgs, actor: string) {
  const r = await listIpo(ctx, idArg(args, listUsage), actor, { price: flag(args, 'price') });
  return `${r.symbol} listed on the ${r.market} on ${r.listedOn} at ${r.price}; ${r.orders} orders now holding.`;
}

async function show(ctx: AppContext) {
  const rows = await listIpos(ctx);
  return table(
    [
      'id',
      'name',
      'symbol',
      'state',
      'status',
      'price',
      'final',
      'lot',
      'offered',
      'closes',
      'allot',
      'list',
      'rule',
    ],
    rows.map(({ offering: o, instrument: i, terms: t }) => [
      o.id,
      o.name,
      `${i.symbol} (${i.market})`,
      t.state,
      o.status,
      t.priceLow === t.priceHigh ? plain(t.priceLow) : `${plain(t.priceLow)}–${plain(t.priceHigh)}`,
      plain(t.finalPrice),
      t.lotSize,
      t.sharesOffered.toString(),
      isoMinute(o.closesAt),
      t.allotsOn,
      t.listsOn,
      o.allocationRule,
    ]),
  );
}

export const ipoCommands: OpsCommand[] = [
  {
    path: ['ipo', 'create'],
    usage: createUsage,
    summary: 'Create an IPO on a new instrument (pending until listed), open for applications in its window',
    run: create,
  },
  {
    path: ['ipo', 'price'],
    usage: priceUsage,
    summary: 'Set the final price of an IPO (once, before allotment)',
    run: price,
  },
  {
    path: ['ipo', 'allot'],
    usage: allotUsage,
    summary: 'Allot an IPO by its rule in one transaction: allotted funds debited, the rest released',
    run: allotCommand,
  },
  {
    path: ['ipo', 'list'],
    usage: listUsage,
    summary:
      'List an allotted IPO: the instrument starts trading at the listing price; orders become holding',
    run: listCommand,
  },
  {
    path: ['ipo', 'show'],
    usage: 'ipo show',
    summary: 'IPOs with their state and terms',
    run: (ctx) => show(ctx),
  },
];
