import { ORDER_STATUSES, OFFERING_STATUSES, type OfferingStatus, type OrderStatus } from '@imali/contract';
import { formatDecimal, formatMinor } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { isoMinute, keyValues, table } from '../format';
import { findByMobile } from '../../modules/client/client.service';
import { currentSchedules, scheduleForCountry } from '../../modules/fees/fees.service';
import { describeSchedule, describeTax, percentText } from '../../modules/offerings/key-facts';
import {
  closeOffering,
  createOffering,
  listOfferings,
  listOrdersForOps,
  openOffering,
  previewOfferingSettlement,
} from '../../modules/offerings/offerings.service';
import { requestApproval } from '../../modules/approvals/approvals.service';
import { offeringSettlePayloadOf } from '../../modules/offerings/offerings.approval';
import { staffOfActor } from './approvals';
import type { OpsArgs, OpsCommand } from './types';
import { bad, idArg, optionalFlag, plain, requiredFlag } from './args';

/** 'now', '+30d' / '+12h' (from now), or an ISO 8601 date or time ('2026-12-01', '2026-12-01T09:00Z'). */
export function parseWhen(text: string, now: Date, flag: string): Date {
  if (text === 'now') return now;
  const relative = /^\+(\d{1,5})([dhm])$/.exec(text);
  if (relative) {
    const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[relative[2] as 'd' | 'h' | 'm'];
    return new Date(now.getTime() + Number(relative[1]) * unit);
  }
  const at = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) ? new Date(text) : undefined;
  if (!at || Number.isNaN(at.getTime())) {
    throw bad(`--${flag} must be now, +Nd, +Nh or an ISO 8601 date or time (got ${text}).`);
  }
  return at;
}

function statusFlag<T extends string>(args: OpsArgs, allowed: readonly T[]): T | undefined {
  const s = args.flags.status;
  if (s === undefined || s === 'all') return undefined;
  if (typeof s === 'string' && (allowed as readonly string[]).includes(s)) return s as T;
  throw bad(`--status must be one of: ${allowed.join(', ')}, all`);
}

const createUsage =
  'offering create --dtype fo|otc --symbol SYM --country ZA|US|IN --name "NAME" --opens WHEN --closes WHEN ' +
  '--min N --max N [--term-days N] [--block-price P --block-size N] [--hot]';

async function offeringCreate(ctx: AppContext, args: OpsArgs, actor: string) {
  const now = ctx.clock.now();
  const termDays = optionalFlag(args, 'term-days');
  if (termDays !== undefined && !/^\d{1,4}$/.test(termDays))
    throw bad('--term-days must be a whole number of days.');
  const { offering, instrument } = await createOffering(
    ctx,
    {
      dtype: requiredFlag(args, 'dtype', createUsage),
      symbol: requiredFlag(args, 'symbol', createUsage),
      country: optionalFlag(args, 'country') ?? 'ZA',
      name: requiredFlag(args, 'name', createUsage),
      opensAt: parseWhen(requiredFlag(args, 'opens', createUsage), now, 'opens'),
      closesAt: parseWhen(requiredFlag(args, 'closes', createUsage), now, 'closes'),
      minQuantity: optionalFlag(args, 'min') ?? '1',
      maxQuantity: requiredFlag(args, 'max', createUsage),
      hot: args.flags.hot === true || args.flags.hot === 'true',
      termDays: termDays === undefined ? undefined : Number(termDays),
      blockPrice: optionalFlag(args, 'block-price'),
      blockSize: optionalFlag(args, 'block-size'),
    },
    actor,
  );
  return [
    `Offering ${offering.id} created (upcoming): ${offering.name}.`,
    keyValues([
      ['dtype', offering.dtype],
      ['instrument', `${instrument.symbol} ${instrument.name} (${instrument.market}, ${instrument.country})`],
      ['currency', offering.currency],
      ['window', `${isoMinute(offering.opensAt)} – ${isoMinute(offering.closesAt)} UTC`],
      ['per client', `${plain(offering.minQuantity)} – ${plain(offering.maxQuantity)} shares`],
      ['term', offering.termDays === null ? '' : `${offering.termDays} days`],
      [
        'block',
        offering.blockSize === null
          ? ''
          : `${plain(offering.blockSize)} shares at ${plain(offering.blockPrice)}`,
      ],
      ['hot', offering.hot ? 'yes' : 'no'],
    ]),
    '',
    'Key facts:',
    ...offering.keyFacts.map((f) => `  ${f.label}: ${f.text}`),
    '',
    `Open it with: offering open ${offering.id}`,
  ].join('\n');
}

async function offeringList(ctx: AppContext, args: OpsArgs) {
  const rows = await listOfferings(ctx, statusFlag<OfferingStatus>(args, OFFERING_STATUSES));
  return table(
    ['id', 'dtype', 'name', 'symbol', 'status', 'opens', 'closes', 'min', 'max', 'term', 'block', 'hot'],
    rows.map(({ offering: o, instrument: i }) => [
      o.id,
      o.dtype,
      o.name,
      `${i.symbol} (${i.country})`,
      o.status,
      isoMinute(o.opensAt),
      isoMinute(o.closesAt),
      plain(o.minQuantity),
      plain(o.maxQuantity),
      o.termDays === null ? '' : `${o.termDays}d`,
      o.blockSize === null ? '' : `${plain(o.blockSize)} @ ${plain(o.blockPrice)}`,
      o.hot ? 'hot' : '',
    ]),
  );
}

/**
 * The settlement behind a preview and a second approval (issue 23): prints the pro-rata allocation
 * (nothing written) and asks for it (offering.settle); a second product ops staff user approves it
 * (`approval approve <id> --code CODE`, or the console), which settles exactly what was shown.
 */
async function offeringSettle(ctx: AppContext, args: OpsArgs, actor: string, usage: string) {
  const preview = await previewOfferingSettlement(ctx, idArg(args, usage));
  const { offering, allocations, blockSize, requested, allocated } = preview;
  const outcome = await requestApproval(
    ctx,
    await staffOfActor(ctx, actor),
    'offering.settle',
    offeringSettlePayloadOf(preview),
  );
  const waiting =
    outcome.status === 'pending'
      ? `Waiting for approval: request #${outcome.request.id} (a second staff user: approval approve ${outcome.request.id} --code CODE).`
      : `Offering ${offering.id} (${offering.name}) settled.`;
  if (offering.dtype !== 'otc') {
    return [
      `Offering ${offering.id} (${offering.name}) settlement preview: nothing to allocate.`,
      waiting,
    ].join('\n');
  }
  return [
    `Offering ${offering.id} (${offering.name}) settlement preview: ${allocations.length} requests for ${requested} shares, ` +
      `${allocated} of ${blockSize} allocated${requested > (blockSize ?? 0n) ? ' pro rata' : ''} once approved; unallocated funds released then.`,
    table(
      ['order', 'requested', 'allocated', 'result'],
      allocations.map((a) => [
        a.orderId,
        String(a.requested),
        String(a.allocated),
        a.allocated > 0n ? 'holding' : 'rejected',
      ]),
    ),
    waiting,
  ].join('\n');
}

async function orderList(ctx: AppContext, args: OpsArgs) {
  let clientId: number | undefined;
  const mobile = optionalFlag(args, 'client');
  if (mobile !== undefined) {
    const client = await findByMobile(ctx, mobile);
    if (!client) throw bad(`No client with mobile ${mobile}.`);
    clientId = client.id;
  }
  const rows = await listOrdersForOps(ctx, {
    clientId,
    status: statusFlag<OrderStatus>(args, ORDER_STATUSES),
  });
  return table(
    [
      'id',
      'reference',
      'client',
      'ttype',
      'symbol',
      'status',
      'requested',
      'quantity',
      'buy price',
      'paid',
      'ordered',
      'locked until',
    ],
    rows.map(({ order: o, symbol, market, mobile: m }) => [
      o.id,
      o.reference,
      m,
      o.ttype,
      `${symbol} (${market})`,
      o.status,
      plain(o.requestedQuantity),
      plain(o.quantity),
      plain(o.buyPrice),
      o.buyEntryId === null
        ? o.heldMinor > 0n
          ? `held ${formatMinor(o.heldMinor, o.currency)} ${o.currency}`
          : ''
        : `${formatMinor(o.buyConsiderationMinor + o.buyFeesMinor, o.currency)} ${o.currency}`,
      isoMinute(o.orderTime),
      isoMinute(o.lockedUntil),
    ]),
  );
}

/** Minor units of a schedule's currency as text (its exponent, not the ledger's list). */
const minorText = (minor: bigint, exponent: number) => formatDecimal({ coefficient: minor, scale: exponent });

function schedulesToShow(ctx: AppContext, args: OpsArgs) {
  const country = optionalFlag(args, 'country')?.toUpperCase();
  if (country === undefined) return currentSchedules(ctx);
  try {
    return [scheduleForCountry(ctx, country)];
  } catch {
    throw bad(`No fee schedule for ${country}.`);
  }
}

function feesShow(ctx: AppContext, args: OpsArgs) {
  return schedulesToShow(ctx, args)
    .map((s) => {
      const tax = describeTax(s);
      const amount = (m: bigint | undefined) => (m === undefined ? '' : minorText(m, s.currencyExponent));
      return [
        `${s.country} fee schedule ${s.version} (${s.currency})`,
        table(
          ['code', 'label', 'rate', 'side', 'minimum', 'maximum', 'rounding', s.vatLabel],
          s.lines.map((l) => [
            l.code,
            l.label,
            l.base === 'consideration' ? `${percentText(l.rate)}%` : `${l.rate} ${s.currency}/share`,
            l.side,
            amount(l.minimumMinor),
            amount(l.maximumMinor),
            `${l.rounding.mode.toLowerCase().replace('_', '-')} to ${amount(l.rounding.toMinor)}`,
            l.vatApplies ? 'yes' : 'no',
          ]),
        ),
        tax ? `${tax}.` : `${s.vatLabel}: none.`,
        `In words: ${describeSchedule(s)}`,
      ].join('\n');
    })
    .join('\n\n');
}

/**
 * The operator actions of fixed-term (fo) and block-trade (otc) offerings (issue 12): the fo and
 * otc products' definitions in wiring.ts. Every decision is written to the audit log by its service.
 */
export const offeringCommands: OpsCommand[] = [
  {
    path: ['offering', 'create'],
    permission: 'products.request',
    usage: createUsage,
    summary: 'Create an offering (upcoming) with its key facts; WHEN is now, +Nd or an ISO date',
    run: (ctx, args, actor) => offeringCreate(ctx, args, actor),
  },
  {
    path: ['offering', 'list'],
    permission: 'products.read',
    usage: 'offering list [--status upcoming|open|closed|settled|all]',
    summary: 'List offerings, newest first',
    run: (ctx, args) => offeringList(ctx, args),
  },
  {
    path: ['offering', 'open'],
    permission: 'products.request',
    usage: 'offering open <id>',
    summary: 'Open an upcoming offering for orders (inside its window)',
    async run(ctx, args, actor) {
      const o = await openOffering(ctx, idArg(args, this.usage), actor);
      return `Offering ${o.id} (${o.name}) is open.`;
    },
  },
  {
    path: ['offering', 'close'],
    permission: 'products.request',
    usage: 'offering close <id>',
    summary: 'Close an open offering: no more orders',
    async run(ctx, args, actor) {
      const o = await closeOffering(ctx, idArg(args, this.usage), actor);
      return `Offering ${o.id} (${o.name}) is closed.${o.dtype === 'otc' ? ` Settle it with: offering settle ${o.id}` : ''}`;
    },
  },
  {
    path: ['offering', 'settle'],
    permission: 'products.request',
    usage: 'offering settle <id>',
    summary:
      'Preview the settlement of a closed offering (otc: pro rata) and ask for it; a second staff user approves (approval approve)',
    run(ctx, args, actor) {
      return offeringSettle(ctx, args, actor, this.usage);
    },
  },
];

/** Ops commands of trading that belong to no one product. */
export const tradingCommands: OpsCommand[] = [
  {
    path: ['order', 'list'],
    permission: 'clients.read',
    usage: 'order list [--client <mobile>] [--status pending|awaiting|holding|sold|rejected|listing|all]',
    summary: 'List orders, newest first',
    run: (ctx, args) => orderList(ctx, args),
  },
  {
    path: ['fees', 'show'],
    permission: 'policies.read',
    usage: 'fees show [--country ZA|US|IN]',
    summary: 'Show the fee schedules in force: every line and the version',
    run: async (ctx, args) => feesShow(ctx, args),
  },
];
