import { formatMinor } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { table } from '../format';
import { approveSharedCardNumber } from '../../modules/bankcards/bankcards.service';
import { findByMobile } from '../../modules/client/client.service';
import { confirmDeposit, listDeposits, rejectDeposit } from '../../modules/deposits/deposits.service';
import { fxRatePublishPayloadOf } from '../../modules/fx/fx.approval';
import { listPairs, previewRate } from '../../modules/fx/fx.service';
import { assertLedgerSound } from '../../modules/ledger/ledger-check.service';
import { requestApproval } from '../../modules/approvals/approvals.service';
import { withdrawalPayPayloadOf } from '../../modules/withdrawals/withdrawals.approval';
import {
  findWithdrawal,
  listWithdrawals,
  rejectWithdrawalAsStaff,
} from '../../modules/withdrawals/withdrawals.service';
import { signedInStaff, waitingText } from './approval-text';
import type { OpsArgs, OpsCommand } from './types';
import { bad, idArg } from './args';

function reasonArg(args: OpsArgs, usage: string): string {
  const reason = args.flags.reason;
  if (typeof reason !== 'string' || !reason.trim()) throw bad(`A reason is required. Usage: ${usage}`);
  return reason.trim();
}

/** The status to list: pending by default, undefined for 'all'. */
function statusArg<T extends string>(args: OpsArgs, allowed: readonly T[], fallback: T): T | undefined {
  const s = args.flags.status ?? args.positionals[0];
  if (s === undefined || s === true) return fallback;
  if (s === 'all') return undefined;
  if (typeof s === 'string' && (allowed as readonly string[]).includes(s)) return s as T;
  throw bad(`Status must be one of: ${allowed.join(', ')}, all`);
}

const when = (d: Date | null) => (d ? d.toISOString().slice(0, 19).replace('T', ' ') : '');

async function depositList(ctx: AppContext, args: OpsArgs) {
  const rows = await listDeposits(
    ctx,
    statusArg(args, ['pending', 'confirmed', 'rejected'] as const, 'pending'),
  );
  return table(
    ['id', 'reference', 'client', 'amount', 'status', 'proof', 'created', 'reason'],
    rows.map((d) => [
      String(d.id),
      d.reference,
      String(d.clientId),
      `${formatMinor(d.amountMinor, d.currency)} ${d.currency}`,
      d.status,
      d.proofUploadId ? `/api/files/${d.proofUploadId}` : '-',
      when(d.createdAt),
      d.reason ?? '',
    ]),
  );
}

async function withdrawalList(ctx: AppContext, args: OpsArgs) {
  const rows = await listWithdrawals(
    ctx,
    statusArg(args, ['pending', 'paid', 'rejected'] as const, 'pending'),
  );
  return table(
    ['id', 'reference', 'client', 'amount', 'status', 'bank', 'card', 'holder', 'created', 'reason'],
    rows.map((w) => [
      String(w.id),
      w.reference,
      String(w.clientId),
      `${formatMinor(w.amountMinor, w.currency)} ${w.currency}`,
      w.status,
      w.bankName,
      w.cardNo,
      w.holderName,
      when(w.createdAt),
      w.reason ?? '',
    ]),
  );
}

/** Ops commands of the money area. Every decision is written to the audit log by its service. */
export const moneyCommands: OpsCommand[] = [
  {
    path: ['deposit', 'list'],
    permission: 'deposits.read',
    usage: 'deposit list [pending|confirmed|rejected|all]',
    summary: 'List deposits (pending by default)',
    run: (ctx, args) => depositList(ctx, args),
  },
  {
    path: ['deposit', 'confirm'],
    permission: 'deposits.confirm',
    usage: 'deposit confirm <id>',
    summary: "Confirm a deposit: the money arrived, credit the client's account",
    async run(ctx, args, actor) {
      const d = await confirmDeposit(ctx, idArg(args, this.usage), actor);
      return `Deposit ${d.id} (${d.reference}) confirmed: ${formatMinor(d.amountMinor, d.currency)} ${d.currency} credited to account ${d.accountId}.`;
    },
  },
  {
    path: ['deposit', 'reject'],
    permission: 'deposits.confirm',
    usage: 'deposit reject <id> --reason "<text>"',
    summary: 'Reject a deposit',
    async run(ctx, args, actor) {
      const d = await rejectDeposit(ctx, idArg(args, this.usage), reasonArg(args, this.usage), actor);
      return `Deposit ${d.id} (${d.reference}) rejected: ${d.reason}`;
    },
  },
  {
    path: ['withdrawal', 'list'],
    permission: 'payouts.read',
    usage: 'withdrawal list [pending|paid|rejected|all]',
    summary: 'List withdrawals (pending by default)',
    run: (ctx, args) => withdrawalList(ctx, args),
  },
  {
    path: ['withdrawal', 'pay'],
    permission: 'payouts.request',
    usage: 'withdrawal pay <id> [--payment-reference REF]',
    summary:
      "Pay a withdrawal (the held funds leave the account): at once under the first amount tier, else an approval request; REF is the bank's payment reference (default: the withdrawal's own)",
    async run(ctx, args, _actor, staff) {
      const id = idArg(args, this.usage);
      const given = args.flags['payment-reference'];
      if (given !== undefined && (typeof given !== 'string' || !given.trim())) {
        throw bad(`--payment-reference needs a value. Usage: ${this.usage}`);
      }
      const paymentReference = typeof given === 'string' ? given : (await findWithdrawal(ctx, id)).reference;
      const payload = await withdrawalPayPayloadOf(ctx, id, paymentReference);
      const outcome = await requestApproval(ctx, signedInStaff(staff), 'withdrawal.pay', payload);
      if (outcome.status === 'pending') {
        return `Withdrawal ${id} (${payload.reference}): ${waitingText(outcome)}`;
      }
      const w = await findWithdrawal(ctx, id);
      return `Withdrawal ${w.id} (${w.reference}) paid: ${formatMinor(w.amountMinor, w.currency)} ${w.currency} to ${w.bankName} ${w.cardNo}.`;
    },
  },
  {
    path: ['withdrawal', 'reject'],
    permission: 'payouts.approve',
    usage: 'withdrawal reject <id> --reason "<text>"',
    summary: 'Reject a withdrawal: the held funds become available again',
    async run(ctx, args, _actor, staff) {
      const w = await rejectWithdrawalAsStaff(
        ctx,
        idArg(args, this.usage),
        reasonArg(args, this.usage),
        signedInStaff(staff),
      );
      return `Withdrawal ${w.id} (${w.reference}) rejected: ${w.reason}`;
    },
  },
  {
    path: ['rate', 'set'],
    permission: 'treasury.request',
    usage: 'rate set <FROM> <TO> <RATE> [--mid <MID>]',
    summary:
      'Preview an exchange rate publication (1 FROM buys RATE TO) and ask for it; a second treasury user approves (approval approve), which publishes it',
    // Behind a preview and a second approval (issue 23, decision 0064), as on the console: the
    // publication is checked (refused here with the reason), then asked for as fx.rate_publish.
    async run(ctx, args, _actor, staff) {
      const [from, to, rate] = args.positionals;
      if (!from || !to || !rate) throw bad(`Usage: ${this.usage}`);
      const mid = typeof args.flags.mid === 'string' ? args.flags.mid : undefined;
      const preview = await previewRate(ctx, { from, to, rate, mid });
      const outcome = await requestApproval(
        ctx,
        signedInStaff(staff),
        'fx.rate_publish',
        fxRatePublishPayloadOf(preview),
      );
      const before = preview.before
        ? `${preview.before.rate} (mid ${preview.before.mid})`
        : 'none (a new pair)';
      return [
        `Rate ${preview.from}/${preview.to}: ${preview.rate} (mid ${preview.mid}, spread ${preview.spread}); now ${before}.`,
        outcome.status === 'pending'
          ? `Waiting for approval: request #${outcome.request.id} (a second staff user: approval approve ${outcome.request.id} --code CODE).`
          : `Rate ${preview.from}/${preview.to} set to ${preview.rate} (mid ${preview.mid}).`,
      ].join('\n');
    },
  },
  {
    path: ['rate', 'list'],
    permission: 'products.read',
    usage: 'rate list',
    summary: 'List exchange pairs with rate, mid and spread',
    async run(ctx) {
      const pairs = await listPairs(ctx);
      return table(
        ['pair', 'rate', 'mid', 'spread', 'derived', 'updated'],
        pairs.map((p) => [
          `${p.primary}/${p.secondary}`,
          p.rate,
          p.mid_rate,
          p.spread,
          p.derived ? 'yes' : '',
          p.updated_at.slice(0, 19).replace('T', ' '),
        ]),
      );
    },
  },
  {
    path: ['bankcard', 'approve-shared'],
    permission: 'kyc.decide',
    usage: 'bankcard approve-shared <mobile> <card_no> --reason "<text>"',
    summary: 'Let a client register a card number another client also holds (audited)',
    async run(ctx, args, actor) {
      const [mobile, cardNo] = args.positionals;
      if (!mobile || !cardNo || !/^\d{5,20}$/.test(cardNo)) throw bad(`Usage: ${this.usage}`);
      const reason = reasonArg(args, this.usage);
      const client = await findByMobile(ctx, mobile);
      if (!client) throw bad(`No client with mobile ${mobile}.`);
      await approveSharedCardNumber(ctx, { clientId: client.id, cardNo, reason }, actor);
      return `Client ${mobile} may now register card ****${cardNo.slice(-4)}: ${reason}`;
    },
  },
  {
    path: ['ledger', 'check'],
    permission: 'ledger.read',
    usage: 'ledger check',
    summary:
      'Verify every ledger invariant (entries, balances, holds of every purpose, house accounts) and print the figures',
    run: (ctx) => assertLedgerSound(ctx),
  },
];
