import type { AppContext } from '../../lib/context';
import { keyValues, table } from '../format';
import { createFund, listFundsForOps, valueFunds } from '../../modules/funds/funds.service';
import { dayToIso, minuteText } from '../../modules/funds/nav';
import type { OpsArgs, OpsCommand } from './types';
import { bad, flag, plain } from './args';

const createUsage =
  'fund create --name "NAME" --code CODE --category "CATEGORY" --benchmark SYMBOL [--country ZA] --risk 1-7 ' +
  '--ter PCT --tc PCT --platform-fee PCT --min RAND --max RAND [--cutoff HH:mm] [--valuation HH:mm] ' +
  '[--policy accumulating|distributing] [--launch-nav CENTS] [--launch-date YYYY-MM-DD] [--hot] [--upcoming]';

async function fundCreate(ctx: AppContext, args: OpsArgs, actor: string) {
  const risk = flag(args, 'risk', createUsage)!;
  if (!/^[1-7]$/.test(risk)) throw bad('--risk must be a whole number from 1 to 7.');
  const policy = flag(args, 'policy');
  if (policy !== undefined && policy !== 'accumulating' && policy !== 'distributing') {
    throw bad('--policy must be accumulating or distributing.');
  }
  const { offering, terms, benchmark, struck } = await createFund(
    ctx,
    {
      name: flag(args, 'name', createUsage)!,
      code: flag(args, 'code', createUsage)!,
      category: flag(args, 'category', createUsage)!,
      benchmarkSymbol: flag(args, 'benchmark', createUsage)!,
      benchmarkCountry: flag(args, 'country') ?? 'ZA',
      riskProfile: Number(risk),
      terPercent: flag(args, 'ter', createUsage)!,
      transactionCostsPercent: flag(args, 'tc', createUsage)!,
      platformFeePercent: flag(args, 'platform-fee', createUsage)!,
      minInvestment: flag(args, 'min', createUsage)!,
      maxInvestment: flag(args, 'max', createUsage)!,
      cutoffTime: flag(args, 'cutoff'),
      valuationTime: flag(args, 'valuation'),
      distributionPolicy: policy as 'accumulating' | 'distributing' | undefined,
      launchNav: flag(args, 'launch-nav'),
      launchDate: flag(args, 'launch-date'),
      hot: args.flags.hot === true || args.flags.hot === 'true',
      open: !(args.flags.upcoming === true || args.flags.upcoming === 'true'),
    },
    actor,
  );
  return [
    `Fund ${offering.id} created (${offering.status}): ${offering.name} [${terms.code}].`,
    keyValues([
      ['benchmark', `${benchmark.symbol} ${benchmark.name}`],
      ['category', terms.category],
      ['risk profile', `${terms.riskProfile} of 7`],
      [
        'TER / TC / platform',
        `${plain(terms.terPercent)}% / ${plain(terms.transactionCostsPercent)}% / ${plain(terms.platformFeePercent)}% a year`,
      ],
      ['investment', `R ${plain(offering.minQuantity)} – R ${plain(offering.maxQuantity)}`],
      [
        'dealing',
        `cut-off ${minuteText(terms.cutoffMinute)}, valuation ${minuteText(terms.valuationMinute)} SAST`,
      ],
      ['launch', `${terms.launchDay} at ${plain(terms.launchNav)} c`],
      ['NAVs struck', struck],
    ]),
  ].join('\n');
}

async function fundValue(ctx: AppContext, args: OpsArgs, actor: string) {
  const date = flag(args, 'date');
  if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw bad('--date must be YYYY-MM-DD.');
  const { funds } = await valueFunds(ctx, { date, actor });
  const lines = funds.flatMap((f) => [
    `${f.code} (through ${f.day}): ${f.subscriptions.length} subscription(s) valued, ${f.redemptions.length} redemption(s) paid, ${f.rejected.length} rejected.`,
    ...f.navs.map((n) => `  NAV ${n.date}: ${n.nav} c`),
    ...f.subscriptions.map(
      (s) =>
        `  order ${s.orderId}: ${s.units} units @ ${s.nav} c = R ${s.tradeValue}, refunded R ${s.refund}`,
    ),
    ...f.redemptions.map(
      (r) =>
        `  order ${r.orderId}: redeemed ${r.units} units @ ${r.nav} c = R ${r.gross}, platform fee R ${r.platformFee}`,
    ),
  ]);
  return lines.length === 0 ? 'No funds.' : lines.join('\n');
}

async function fundList(ctx: AppContext) {
  const rows = await listFundsForOps(ctx);
  return table(
    ['id', 'code', 'name', 'status', 'benchmark', 'risk', 'TER', 'min', 'cut-off', 'valuation', 'latest NAV'],
    rows.map((f) => [
      f.offering.id,
      f.terms.code,
      f.offering.name,
      f.offering.status,
      f.benchmark.symbol,
      f.terms.riskProfile,
      `${plain(f.terms.terPercent)}%`,
      plain(f.offering.minQuantity),
      minuteText(f.terms.cutoffMinute),
      minuteText(f.terms.valuationMinute),
      `${f.latest.nav} c (${dayToIso(f.latest.day)})`,
    ]),
  );
}

export const fundCommands: OpsCommand[] = [
  {
    path: ['fund', 'create'],
    permission: 'products.request',
    usage: createUsage,
    summary:
      'Create a fund (open unless --upcoming) on a benchmark of the universe, its NAV history struck; audited',
    run: (ctx, args, actor) => fundCreate(ctx, args, actor),
  },
  {
    path: ['fund', 'value'],
    permission: 'products.request',
    usage: 'fund value [--date YYYY-MM-DD]',
    summary:
      'Value funds now (every valuation time passed, market clock) or one business day: NAV, units, refunds, redemptions; audited',
    run: (ctx, args, actor) => fundValue(ctx, args, actor),
  },
  {
    path: ['fund', 'list'],
    permission: 'products.read',
    usage: 'fund list',
    summary: 'Funds with their terms and latest NAV',
    run: (ctx) => fundList(ctx),
  },
];
