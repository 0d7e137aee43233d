import { isPlainDecimal } from '@imali/contract';
import { formatDecimal, normalizeDecimal, parseDecimal } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { isoMinute, keyValues, table } from '../format';
import { requestApproval } from '../../modules/approvals/approvals.service';
import { allotmentPlanView } from '../../modules/ipo/allotment-plan';
import { ipoAllotPayloadOf } from '../../modules/ipo/ipo.approval';
import {
  createIpo,
  listIpo,
  listIpos,
  previewIpoAllotment,
  setFinalPrice,
} from '../../modules/ipo/ipo.service';
import { staffOfActor } from './approvals';
import { quoteUnitOf } from '../../modules/market/market.service';
import { parseWhen } from './trading';
import type { OpsArgs, OpsCommand } from './types';
import { bad, flag, idArg, plain } from './args';

// Operator commands of IPOs (issue 13): create, price, allot, list, show. Each writes its audit
// record in the transaction of its change (ipo.service).

function intFlag(args: OpsArgs, name: string, usage: string, fallback?: number): number {
  const text = flag(args, name, fallback === undefined ? usage : undefined);
  if (text === undefined) return fallback!;
  if (!/^\d{1,9}$/.test(text)) throw bad(`--${name} must be a whole number.`);
  return Number(text);
}

// Prices are in the exchange's quote unit, as the market quotes them: the JSE quotes in cents
// (ZAc: 1000 = R10.00), the US exchanges in dollars, the Indian in rupees. The usage says so, and
// a JSE price may be given in rand instead (--price-rand 10.00 = 1000 ZAc).
const QUOTE_UNIT_TEXT = 'QUOTE: the quote unit: ZA cents (ZAc, 1000 = R10.00), US dollars, IN rupees';
const createUsage =
  'ipo create --symbol SYM --name "COMPANY" --issuer "ISSUER" [--country ZA|US|IN] ' +
  '--price QUOTE | --price-low QUOTE --price-high QUOTE (ZA also --price-rand R | --price-low-rand R --price-high-rand R) ' +
  '--lot-size N [--min-lots N] --max-lots N --shares N --opens WHEN --closes WHEN --allot-on YYYY-MM-DD ' +
  '--list-on YYYY-MM-DD [--rule pro_rata|lottery] [--title "OFFERING NAME"] [--sector S] [--hot]';

/** A JSE price given in rand ('10.50'), as the JSE quotes it: cents ('1050'). */
function randToCents(text: string, name: string): string {
  if (!isPlainDecimal(text, 2, 12)) throw bad(`--${name} must be rand with at most 2 decimals, like 10.50.`);
  const d = parseDecimal(text);
  return formatDecimal(normalizeDecimal({ coefficient: d.coefficient * 100n, scale: d.scale }));
}

/** --NAME in the quote unit, or (ZA) --NAME-rand in rand; never both. */
function priceFlag(args: OpsArgs, name: string, country: string): string | undefined {
  const quote = flag(args, name);
  const rand = flag(args, `${name}-rand`);
  if (quote !== undefined && rand !== undefined)
    throw bad(`Give --${name} (in the quote unit) or --${name}-rand, not both.`);
  if (rand === undefined) return quote;
  if (country !== 'ZA')
    throw bad(`--${name}-rand is for JSE listings (--country ZA); give --${name} in the quote unit.`);
  return randToCents(rand, `${name}-rand`);
}

/** '1000 ZAc (10.00 ZAR)', '25.50 USD': the price as entered, with rand beside JSE cents. */
function priceText(price: string, unit: string): string {
  if (unit !== 'ZAc') return `${plain(price)} ${unit}`;
  const d = normalizeDecimal(parseDecimal(price));
  const rand = formatDecimal({ coefficient: d.coefficient, scale: d.scale + 2 });
  const [whole = '0', fraction = ''] = rand.split('.');
  return `${plain(price)} ZAc (${whole}.${fraction.padEnd(2, '0')} ZAR)`;
}

async function create(ctx: AppContext, args: OpsArgs, actor: string) {
  const now = ctx.clock.now();
  const country = flag(args, 'country') ?? 'ZA';
  const fixed = priceFlag(args, 'price', country);
  const required = (name: string) => {
    const v = priceFlag(args, name, country);
    if (v === undefined) throw bad(`--${name} is required. Usage: ${createUsage}`);
    return v;
  };
  const low = fixed ?? required('price-low');
  const high = fixed === undefined ? required('price-high') : undefined;
  const { offering, instrument, terms } = await createIpo(
    ctx,
    {
      symbol: flag(args, 'symbol', createUsage)!,
      instrumentName: flag(args, 'name', createUsage)!,
      issuer: flag(args, 'issuer', createUsage)!,
      name: flag(args, 'title'),
      country,
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
  const unit = quoteUnitOf(instrument);
  return [
    `IPO ${offering.id} created (open): ${offering.name}.`,
    keyValues([
      ['instrument', `${instrument.symbol} ${instrument.name} (${instrument.market}, pending listing)`],
      ['issuer', terms.issuer],
      [
        'price',
        terms.priceLow === terms.priceHigh
          ? `${priceText(terms.priceLow, unit)} (fixed)`
          : `${priceText(terms.priceLow, unit)} – ${priceText(terms.priceHigh, unit)} (range)`,
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

const priceUsage = 'ipo price <id> <FINAL_QUOTE>';
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
/**
 * The allotment behind a preview and a second approval (issue 23): prints the allotment by the
 * rule (nothing written) and asks for it (ipo.allot); a second product ops staff user approves it
 * (`approval approve <id> --code CODE`, or the console), which allots exactly what was shown.
 */
async function allotCommand(ctx: AppContext, args: OpsArgs, actor: string) {
  const plan = await previewIpoAllotment(ctx, idArg(args, allotUsage), { seed: flag(args, 'seed') });
  const view = allotmentPlanView(plan);
  const outcome = await requestApproval(
    ctx,
    await staffOfActor(ctx, actor),
    'ipo.allot',
    ipoAllotPayloadOf(plan),
  );
  return [
    `IPO ${view.offeringId} allotment preview (${view.rule}${view.rule === 'lottery' ? `, seed ${view.seed}` : ''}): ` +
      `${view.lines.length} applications for ${view.lotsApplied} lots, ${view.lotsAllotted} of ${view.lotsOffered} lots ` +
      `to allot at ${view.finalPrice}; debited ${view.debited}, released ${view.released}.`,
    table(
      ['order', 'reference', 'client', 'lots', 'allotted', 'debited', 'released', 'rank', 'lapsed'],
      view.lines.map((l) => [
        l.orderId,
        l.reference,
        l.clientId,
        l.lots,
        l.allotted,
        l.debited,
        l.released,
        l.rank ?? '',
        l.lapsed ? 'lapsed' : '',
      ]),
    ),
    outcome.status === 'pending'
      ? `Waiting for approval: request #${outcome.request.id} (a second staff user: approval approve ${outcome.request.id} --code CODE).`
      : `IPO ${view.offeringId} allotted.`,
  ].join('\n');
}

const listUsage = 'ipo list <id> [--price LISTING_QUOTE]';
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
    permission: 'products.request',
    usage: createUsage,
    summary: `Create an IPO on a new instrument (pending until listed), open for applications in its window. ${QUOTE_UNIT_TEXT}`,
    run: create,
  },
  {
    path: ['ipo', 'price'],
    permission: 'products.request',
    usage: priceUsage,
    summary: 'Set the final price of an IPO (once, before allotment), in the quote unit (ZA cents)',
    run: price,
  },
  {
    path: ['ipo', 'allot'],
    permission: 'products.request',
    usage: allotUsage,
    summary:
      'Preview an IPO allotment by its rule and ask for it; a second staff user approves (approval approve), which allots in one transaction',
    run: allotCommand,
  },
  {
    path: ['ipo', 'list'],
    permission: 'products.request',
    usage: listUsage,
    summary:
      'List an allotted IPO: the instrument starts trading at the listing price (quote unit, ZA cents); orders become holding',
    run: listCommand,
  },
  {
    path: ['ipo', 'show'],
    permission: 'products.read',
    usage: 'ipo show',
    summary: 'IPOs with their state and terms',
    run: (ctx) => show(ctx),
  },
];
