import { APPLICATION_STATUSES, APPLICATION_TYPES } from '@imali/contract';
import { formatMinor } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { isoMinute, keyValues, table } from '../format';
import {
  findApplication,
  forfeitBonus,
  listForOps,
  rejectApplicationAsStaff,
  setClientFlags,
  type FlagChanges,
} from '../../modules/applications/applications.service';
import { applicationPayoutOf } from '../../modules/applications/applications.approval';
import { requestApproval } from '../../modules/approvals/approvals.service';
import { signedInStaff, waitingText } from './approval-text';
import { bpToPercent } from '../../modules/applications/loan-terms';
import type { OpsArgs, OpsCommand } from './types';
import { bad, idArg, requiredFlag } from './args';

/**
 * Operators' side of applications (issue 14). Every decision is one transaction under the
 * application's row lock, audited with the operator; money moves only through these flows
 * (approve credits or disburses through the ledger, forfeit takes a bonus back).
 */

function oneOf<T extends string>(args: OpsArgs, name: string, allowed: readonly T[]): T | undefined {
  const v = args.flags[name];
  if (v === undefined || v === 'all') return undefined;
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
  throw bad(`--${name} must be one of: ${allowed.join(', ')}, all`);
}

async function applicationList(ctx: AppContext, args: OpsArgs) {
  const rows = await listForOps(ctx, {
    status: oneOf(args, 'status', APPLICATION_STATUSES),
    type: oneOf(args, 'type', APPLICATION_TYPES),
  });
  return table(
    ['id', 'reference', 'type', 'status', 'client', 'amount', 'detail', 'created', 'decision'],
    rows.map(({ application: a, mobile }) => [
      a.id,
      a.reference,
      a.type,
      a.status,
      mobile,
      `${formatMinor(a.amountMinor, a.currency)} ${a.currency}`,
      a.type === 'loan'
        ? `${a.termMonths} months at ${bpToPercent(a.annualRateBp ?? 0)}%, instalment ${formatMinor(a.instalmentMinor ?? 0n, a.currency)}: ${a.reason}`
        : a.type === 'compensation'
          ? `re ${a.relatedReference}: ${a.reason}`
          : `expires ${isoMinute(a.expiresAt)}, taken back ${formatMinor(a.reclaimedMinor, a.currency)}`,
      isoMinute(a.createdAt),
      a.decisionReason ?? (a.decidedBy ? `by ${a.decidedBy}` : ''),
    ]),
  );
}

const FLAG_NAMES = { bonus: 'allowBonus', compensation: 'allowCompensation', loan: 'allowLoan' } as const;
const flagsUsage = 'client flags <mobile> [--bonus on|off] [--compensation on|off] [--loan on|off]';

async function clientFlags(ctx: AppContext, args: OpsArgs, actor: string) {
  const mobile = args.positionals[0];
  if (!mobile) throw bad(`Usage: ${flagsUsage}`);
  const changes: FlagChanges = {};
  for (const [flag, field] of Object.entries(FLAG_NAMES)) {
    const v = args.flags[flag];
    if (v === undefined) continue;
    if (v !== 'on' && v !== 'off') throw bad(`--${flag} must be on or off. Usage: ${flagsUsage}`);
    changes[field] = v === 'on';
  }
  const { after, before } = await setClientFlags(ctx, { mobile }, changes, actor);
  const onOff = (b: boolean) => (b ? 'on' : 'off');
  const line = (name: string, was: boolean, now: boolean) =>
    [name, was === now ? onOff(now) : `${onOff(was)} → ${onOff(now)}`] as [string, string];
  return [
    `Flags of ${mobile}${Object.keys(changes).length ? ' (changed, audited)' : ''}:`,
    keyValues([
      line('bonus (allow_bonus)', before.allowBonus, after.allowBonus),
      line('compensation (allow_compensation)', before.allowCompensation, after.allowCompensation),
      line('loan (allow_loan)', before.allowLoan, after.allowLoan),
    ]),
  ].join('\n');
}

export const applicationCommands: OpsCommand[] = [
  {
    path: ['application', 'list'],
    permission: 'applications.read',
    usage:
      'application list [--status pending|approved|rejected|active|expired|forfeited|all] [--type trial|compensation|loan]',
    summary: 'List applications (trial bonuses, compensation claims, loans), newest first',
    run: (ctx, args) => applicationList(ctx, args),
  },
  {
    path: ['application', 'approve'],
    permission: 'applications.decide',
    usage: 'application approve <id>',
    summary:
      'Approve a pending compensation (credited) or loan (disbursed, schedule stored): at once under the first amount tier, else an approval request',
    async run(ctx, args, _actor, staff) {
      const id = idArg(args, this.usage);
      const { action, payload } = await applicationPayoutOf(ctx, id);
      const outcome = await requestApproval(ctx, signedInStaff(staff), action, payload);
      if (outcome.status === 'pending') {
        return `Application ${id} (${payload.reference}): ${waitingText(outcome)}`;
      }
      const a = await findApplication(ctx, id);
      const money = `${formatMinor(a.amountMinor, a.currency)} ${a.currency}`;
      return a.type === 'loan'
        ? `Loan ${a.id} (${a.reference}) approved: ${money} disbursed, ${a.termMonths} instalments of ${formatMinor(a.instalmentMinor!, a.currency)}.`
        : `Compensation ${a.id} (${a.reference}) approved: ${money} credited.`;
    },
  },
  {
    path: ['application', 'reject'],
    permission: 'applications.decide',
    usage: 'application reject <id> --reason "TEXT"',
    summary: 'Reject a pending compensation or loan with a reason the client sees',
    async run(ctx, args, _actor, staff) {
      const a = await rejectApplicationAsStaff(
        ctx,
        idArg(args, this.usage),
        requiredFlag(args, 'reason', this.usage),
        signedInStaff(staff),
      );
      return `Application ${a.id} (${a.reference}) rejected: ${a.decisionReason}`;
    },
  },
  {
    path: ['application', 'forfeit'],
    permission: 'applications.decide',
    usage: 'application forfeit <id> --reason "TEXT"',
    summary: 'End an active trial bonus early; the bonus is taken back through the ledger',
    async run(ctx, args, actor) {
      const { application: a, reclaimedMinor } = await forfeitBonus(
        ctx,
        idArg(args, this.usage),
        requiredFlag(args, 'reason', this.usage),
        actor,
      );
      const left = a.amountMinor - a.reclaimedMinor;
      return (
        `Trial bonus ${a.id} (${a.reference}) forfeited: ${formatMinor(reclaimedMinor, a.currency)} ${a.currency} taken back.` +
        (left > 0n
          ? ` ${formatMinor(left, a.currency)} is invested; it stays not withdrawable and is taken back as cash becomes available (job applications.bonus-expiry).`
          : '')
      );
    },
  },
  {
    path: ['client', 'flags'],
    permission: 'clients.flags.set',
    usage: flagsUsage,
    summary: "Show or set a client's panel flags (trial bonus, compensation, loan); audited",
    run: (ctx, args, actor) => clientFlags(ctx, args, actor),
  },
];
