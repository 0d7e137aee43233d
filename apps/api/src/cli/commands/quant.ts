import { ErrorCode } from '@imali/contract';
import { formatMinor, type Currency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import { isoMinute, keyValues, table } from '../format';
import {
  createProduct,
  listProducts,
  matureProduct,
  runDue,
  startProduct,
} from '../../modules/quant/quant.service';
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

async function quantMature(ctx: AppContext, args: OpsArgs, actor: string, usage: string) {
  const id = idArg(args, usage);
  const m = await matureProduct(ctx, id, actor);
  const lines: string[] = [];
  if (m.kind === 'matured' && m.started?.kind === 'started') {
    lines.push(`Structured product ${id} started at ${m.started.startLevel} (${m.started.orders} orders).`);
  }
  switch (m.kind) {
    case 'matured':
      lines.push(
        `Structured product ${id} matured at ${m.finalLevel} (underlying return ${m.underlyingReturn}): ` +
          `${m.orders} orders paid ${formatMinor(m.paidMinor, m.currency)} ${m.currency} in total.`,
      );
      break;
    case 'already':
      lines.push(`Structured product ${id} has already matured: nothing to do.`);
      break;
    case 'not_due':
      throw new DomainError(
        ErrorCode.Conflict,
        `Structured product ${id} matures at ${isoMinute(m.maturityAt)} UTC by the market clock; not due yet.`,
        409,
      );
    case 'not_started':
      throw new DomainError(
        ErrorCode.Conflict,
        `Structured product ${id} starts at ${isoMinute(m.startAt)} UTC by the market clock; not started yet.`,
        409,
      );
  }
  return lines.join('\n');
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
    summary: 'Start a structured product whose start is due (market clock): capture the subscriptions',
    async run(ctx, args, actor) {
      const id = idArg(args, this.usage);
      const s = await startProduct(ctx, id, actor);
      if (s.kind === 'started') {
        return `Structured product ${id} started at ${s.startLevel}: ${s.orders} subscriptions captured.`;
      }
      if (s.kind === 'already') return `Structured product ${id} is already ${s.state}: nothing to do.`;
      throw new DomainError(
        ErrorCode.Conflict,
        `Structured product ${id} starts at ${isoMinute(s.startAt)} UTC by the market clock; not due yet.`,
        409,
      );
    },
  },
  {
    path: ['quant', 'mature'],
    permission: 'products.request',
    usage: 'quant mature <id>',
    summary: 'Mature a structured product whose maturity is due (market clock): pay every holding its payoff',
    run(ctx, args, actor) {
      return quantMature(ctx, args, actor, this.usage);
    },
  },
  {
    path: ['quant', 'run'],
    permission: 'products.request',
    usage: 'quant run',
    summary: 'Start and mature every structured product that is due (what the quant.lifecycle job does)',
    async run(ctx, _args, actor) {
      const done = await runDue(ctx, actor);
      return done.length === 0 ? 'No structured product due.' : done.join('\n');
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
