import type { ApprovalOutcome } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { keyValues, table } from '../format';
import { askAsStaff } from '../../jobs/through-approvals';
import { dueFundStrikes, fundNavStrikePayloadOf } from '../../modules/funds/funds.approval';
import { createFund, listFundsForOps } from '../../modules/funds/funds.service';
import { dayToIso, minuteText } from '../../modules/funds/nav';
import { DomainError } from '../../plugins/errors';
import type { OperatorStaff } from '../../modules/orders/product';
import { signedInStaff } from './approval-text';
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

const valueUsage = 'fund value [--date YYYY-MM-DD] [<id>]';

type FundStrike = Awaited<ReturnType<typeof fundNavStrikePayloadOf>>;

/** What a NAV strike would do, as the approval request carries it (nothing written yet). */
function strikePreviewLines({ preview: f }: FundStrike): string[] {
  return [
    `${f.code} (through ${f.day}): ${f.subscriptions.length} subscription(s) to value, ${f.redemptions.length} redemption(s) to pay, ${f.rejected.length} to reject.`,
    ...f.navs.map((n) => `  NAV ${n.date}: ${n.nav} c`),
    ...f.subscriptions.map(
      (s) =>
        `  order ${s.orderId}: ${s.units} units @ ${s.nav} c = R ${s.tradeValue}, refunded R ${s.refund}`,
    ),
    ...f.redemptions.map(
      (r) =>
        `  order ${r.orderId}: redeem ${r.units} units @ ${r.nav} c = R ${r.gross}, platform fee R ${r.platformFee}`,
    ),
    ...f.rejected.map((id) => `  order ${id}: to reject (the amount buys no units at this NAV)`),
  ];
}

function outcomeLine(code: string, outcome: ApprovalOutcome): string {
  return outcome.status === 'pending'
    ? `Waiting for approval: request #${outcome.request.id} (a second staff user: approval approve ${outcome.request.id} --code CODE).`
    : `${code} valued (no checker needed).`;
}

/**
 * The NAV strike behind a preview and a second approval (issue 23, decision 0064): prints what the
 * valuation would do (nothing written) and asks for it (fund.nav_strike) as the signed-in staff
 * user; a second product ops staff user approves it (`approval approve <id> --code CODE`, or the
 * console), which values exactly what was shown. Without a fund id: one request per fund with
 * orders due, each named with its figures; a fund with nothing due is left out.
 */
async function fundValue(ctx: AppContext, args: OpsArgs, staff: OperatorStaff | undefined) {
  const maker = signedInStaff(staff);
  const date = flag(args, 'date');
  if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw bad('--date must be YYYY-MM-DD.');
  const id = args.positionals[0];
  if (id !== undefined) {
    if (!/^\d{1,9}$/.test(id)) throw bad(`Usage: ${valueUsage}`);
    const strike = await fundNavStrikePayloadOf(ctx, Number(id), date);
    const outcome = await askAsStaff(ctx, maker, 'fund.nav_strike', strike.payload);
    return [...strikePreviewLines(strike), outcomeLine(strike.payload.code, outcome)].join('\n');
  }
  const due = await dueFundStrikes(ctx, date);
  if (due.length === 0) return 'No fund has orders to value or pay.';
  const lines: string[] = [];
  for (const strike of due) {
    lines.push(...strikePreviewLines(strike));
    try {
      lines.push(
        outcomeLine(strike.payload.code, await askAsStaff(ctx, maker, 'fund.nav_strike', strike.payload)),
      );
    } catch (error) {
      // One fund refused (a request already waiting for it) leaves the others asked for.
      if (!(error instanceof DomainError)) throw error;
      lines.push(`${strike.payload.code}: not asked: ${error.message}`);
    }
  }
  return lines.join('\n');
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
    usage: valueUsage,
    summary:
      'Preview the NAV strike of each fund with orders due now (valuation time passed, market clock) or on one business day, and ask for it; a second staff user approves (approval approve), which values it',
    run: (ctx, args, _actor, staff) => fundValue(ctx, args, staff),
  },
  {
    path: ['fund', 'list'],
    permission: 'products.read',
    usage: 'fund list',
    summary: 'Funds with their terms and latest NAV',
    run: (ctx) => fundList(ctx),
  },
];
