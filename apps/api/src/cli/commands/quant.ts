import { ErrorCode } from '@imali/contract';
import { formatMinor, type Currency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import { isoMinute, keyValues, table } from '../format';
import { askAsStaff } from '../../jobs/through-approvals';
import type { OperatorStaff } from '../../modules/orders/product';
import {
  dueLifecycleSteps,
  lifecycleStatusOf,
  quantLifecyclePayloadOf,
} from '../../modules/quant/quant.approval';
import {
  createProduct,
  listProducts,
  previewLifecycle,
  productNotFound,
} from '../../modules/quant/quant.service';
import { signedInStaff } from './approval-text';
import { parseWhen } from './trading';
import type { OpsArgs, OpsCommand } from './types';
import { idArg, optionalFlag, requiredFlag } from './args';

const createUsage =
  'quant create --name "NAME" --symbol SA40 [--country ZA] --start WHEN --maturity WHEN [--opens WHEN] ' +
  '--protection PCT --participation PCT [--cap PCT|none] --min AMOUNT --max AMOUNT [--entry-fee PCT] ' +
  '[--early-exit none|daily] [--exit-cost PCT] [--credit-quality-step 0-6] [--open] [--hot]';

async function quantCreate(ctx: AppContext, args: OpsArgs, actor: string) {
  const now = ctx.clock.now();
  const cap = optionalFlag(args, 'cap');
  const { offering, product, instrument } = await createProduct(
    ctx,
    {
      name: requiredFlag(args, 'name', createUsage),
      symbol: requiredFlag(args, 'symbol', createUsage),
      country: optionalFlag(args, 'country') ?? 'ZA',
      opensAt: parseWhen(optionalFlag(args, 'opens') ?? 'now', now, 'opens'),
      startAt: parseWhen(requiredFlag(args, 'start', createUsage), now, 'start'),
      maturityAt: parseWhen(requiredFlag(args, 'maturity', createUsage), now, 'maturity'),
      protectionPct: requiredFlag(args, 'protection', createUsage),
      participationPct: requiredFlag(args, 'participation', createUsage),
      capPct: cap === undefined || cap === 'none' ? null : cap,
      minAmount: requiredFlag(args, 'min', createUsage),
      maxAmount: requiredFlag(args, 'max', createUsage),
      entryFeePct: optionalFlag(args, 'entry-fee'),
      earlyExit: optionalFlag(args, 'early-exit') ?? 'none',
      earlyExitCostPct: optionalFlag(args, 'exit-cost'),
      creditQualityStep: ((q) => (q === undefined ? undefined : /^\d$/.test(q) ? Number(q) : NaN))(
        optionalFlag(args, 'credit-quality-step'),
      ),
      open: args.flags.open === true || args.flags.open === 'true',
      hot: args.flags.hot === true || args.flags.hot === 'true',
    },
    actor,
  );
  const kid = product.kid;
  return [
    `Structured product ${offering.id} created (${offering.status}): ${offering.name}.`,
    keyValues([
      ['underlying', `${instrument.symbol} ${instrument.name} (${instrument.market}, ${instrument.country})`],
      ['subscriptions', `${isoMinute(offering.opensAt)} – ${isoMinute(offering.closesAt)} UTC`],
      ['start', `${isoMinute(product.startAt)} UTC (market clock)`],
      ['maturity', `${isoMinute(product.maturityAt)} UTC (market clock)`],
      ['protection', `${product.protectionPct}%`],
      ['participation', `${product.participationPct}%`],
      ['cap', product.capPct === null ? 'none' : `${product.capPct}%`],
      [
        'per client',
        `${formatMinor(product.minAmountMinor, offering.currency as Currency)} – ${formatMinor(product.maxAmountMinor, offering.currency as Currency)} ${offering.currency}`,
      ],
      ['early exit', `${product.earlyExit} (cost ${product.earlyExitCostPct}%)`],
      [
        'risk score',
        `${kid.risk_score} of 7 (market risk class ${kid.market_risk_class}, VEV ${kid.vev}, volatility ${kid.volatility}, ` +
          `stressed ${kid.stressed_volatility}; credit risk class ${kid.credit_risk_class}, credit quality step ${kid.credit_quality_step})`,
      ],
      ['maximum loss', `${kid.max_loss} ${kid.currency} of ${kid.reference_amount}`],
    ]),
    '',
    `Scenarios at maturity for ${kid.reference_amount} ${kid.currency}:`,
    table(
      ['scenario', 'underlying', 'payoff', 'return'],
      kid.scenarios.map((s) => [s.label, s.underlying_return, s.payoff, s.return]),
    ),
    offering.status === 'upcoming' ? `\nOpen it with: offering open ${offering.id}` : '',
  ].join('\n');
}

type LifecyclePreview = Awaited<ReturnType<typeof previewLifecycle>>;

/** What a start or maturity would do, as its approval request carries it (nothing written yet). */
function previewText(p: LifecyclePreview): string {
  const total = `${formatMinor(p.totalMinor, p.currency)} ${p.currency}`;
  return p.step === 'start'
    ? `Structured product ${p.offeringId}: start at ${p.level}: ${p.lines.length} subscriptions to capture (${total}).`
    : `Structured product ${p.offeringId}: maturity at ${p.level} (underlying return ${p.underlyingReturn}): ` +
        `${p.lines.length} orders to pay ${total} in total.`;
}

/**
 * A lifecycle step behind a preview and a second approval (issue 23, decision 0064): prints what
 * it would do and asks for it (quant.start / quant.mature) as the signed-in staff user; a second
 * product ops staff user approves it (`approval approve <id> --code CODE`, or the console).
 */
async function askStep(
  ctx: AppContext,
  staff: OperatorStaff | undefined,
  id: number,
  step: 'start' | 'mature',
): Promise<string[]> {
  const preview = await previewLifecycle(ctx, id, step);
  const outcome = await askAsStaff(
    ctx,
    signedInStaff(staff),
    `quant.${step}`,
    quantLifecyclePayloadOf(preview),
  );
  return [
    previewText(preview),
    outcome.status === 'pending'
      ? `Waiting for approval: request #${outcome.request.id} (a second staff user: approval approve ${outcome.request.id} --code CODE).`
      : step === 'start'
        ? `Structured product ${id} started at ${preview.level}: ${preview.lines.length} subscriptions captured.`
        : `Structured product ${id} matured at ${preview.level}: ${preview.lines.length} orders paid.`,
  ];
}

const notYet = (id: number, what: 'starts' | 'matures', at: Date, tail: string) =>
  new DomainError(
    ErrorCode.Conflict,
    `Structured product ${id} ${what} at ${isoMinute(at)} UTC by the market clock; ${tail}.`,
    409,
  );

async function statusOrNotFound(ctx: AppContext, id: number) {
  const status = await lifecycleStatusOf(ctx, id);
  if (!status) throw productNotFound();
  return status;
}

async function quantStart(ctx: AppContext, args: OpsArgs, staff: OperatorStaff | undefined, usage: string) {
  const id = idArg(args, usage);
  const s = await statusOrNotFound(ctx, id);
  if (s.state !== 'subscription') return `Structured product ${id} is already ${s.state}: nothing to do.`;
  if (ctx.clock.now() < s.startAt) throw notYet(id, 'starts', s.startAt, 'not due yet');
  return (await askStep(ctx, staff, id, 'start')).join('\n');
}

async function quantMature(ctx: AppContext, args: OpsArgs, staff: OperatorStaff | undefined, usage: string) {
  const id = idArg(args, usage);
  const s = await statusOrNotFound(ctx, id);
  const now = ctx.clock.now();
  if (s.state === 'matured') return `Structured product ${id} has already matured: nothing to do.`;
  if (s.state === 'subscription' && now < s.startAt) throw notYet(id, 'starts', s.startAt, 'not started yet');
  if (now < s.maturityAt) throw notYet(id, 'matures', s.maturityAt, 'not due yet');
  if (s.state === 'subscription') {
    // Not started yet though its maturity has come: the start is asked for (and approved) first.
    return [
      ...(await askStep(ctx, staff, id, 'start')),
      `It matures once started: run quant mature ${id} again when the start is done.`,
    ].join('\n');
  }
  return (await askStep(ctx, staff, id, 'mature')).join('\n');
}

/** Every step due now, one request each (what the quant.lifecycle job asks for, as a staff user). */
async function quantRun(ctx: AppContext, staff: OperatorStaff | undefined) {
  signedInStaff(staff);
  const lines: string[] = [];
  for (const preview of await dueLifecycleSteps(ctx)) {
    try {
      lines.push(...(await askStep(ctx, staff, preview.offeringId, preview.step)));
    } catch (error) {
      // One product refused (a request already waiting for it) leaves the others asked for.
      if (!(error instanceof DomainError)) throw error;
      lines.push(`Structured product ${preview.offeringId}: ${preview.step} not asked: ${error.message}`);
    }
  }
  return lines.length === 0 ? 'No structured product due.' : lines.join('\n');
}

/** Ops commands of structured products (issue 13). Every decision is audited by its service. */
export const quantCommands: OpsCommand[] = [
  {
    path: ['quant', 'create'],
    permission: 'products.request',
    usage: createUsage,
    summary:
      'Create a structured product on an index or stock, its key information sheet computed from the terms',
    run: (ctx, args, actor) => quantCreate(ctx, args, actor),
  },
  {
    path: ['quant', 'start'],
    permission: 'products.request',
    usage: 'quant start <id>',
    summary:
      'Preview the start of a structured product whose start is due (market clock) and ask for it; a second staff user approves (approval approve), which captures the subscriptions',
    run(ctx, args, _actor, staff) {
      return quantStart(ctx, args, staff, this.usage);
    },
  },
  {
    path: ['quant', 'mature'],
    permission: 'products.request',
    usage: 'quant mature <id>',
    summary:
      'Preview the maturity of a structured product whose maturity is due (market clock) and ask for it; a second staff user approves, which pays every holding its payoff',
    run(ctx, args, _actor, staff) {
      return quantMature(ctx, args, staff, this.usage);
    },
  },
  {
    path: ['quant', 'run'],
    permission: 'products.request',
    usage: 'quant run',
    summary:
      'Ask for the start or maturity of every structured product due (what the quant.lifecycle job asks for), one approval request each',
    run(ctx, _args, _actor, staff) {
      return quantRun(ctx, staff);
    },
  },
  {
    path: ['quant', 'list'],
    permission: 'products.read',
    usage: 'quant list',
    summary: 'List structured products with their state, levels and dates',
    async run(ctx) {
      const rows = await listProducts(ctx);
      return table(
        [
          'id',
          'name',
          'underlying',
          'status',
          'state',
          'start',
          'maturity',
          'protection',
          'participation',
          'cap',
          'start level',
          'final level',
          'risk',
        ],
        rows.map(({ product: p, offering: o, instrument: i }) => [
          o.id,
          o.name,
          i.symbol,
          o.status,
          p.state,
          isoMinute(p.startAt),
          isoMinute(p.maturityAt),
          p.protectionPct,
          p.participationPct,
          p.capPct ?? 'none',
          p.startLevel ?? '',
          p.finalLevel ?? '',
          p.kid.risk_score,
        ]),
      );
    },
  },
];
