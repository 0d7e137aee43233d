import { ErrorCode, MOBILE_PATTERN } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../../modules/audit/audit.service';
import * as clients from '../../modules/client/client.service';
import * as invites from '../../modules/invite/invite.service';
import * as kyc from '../../modules/kyc/kyc.service';
import * as outbox from '../../modules/outbox/outbox.service';
import * as sessions from '../../modules/session/session.service';
import { isoMinute, keyValues, table } from '../format';
import type { OpsArgs, OpsCommand } from './types';

const usageError = (usage: string, problem: string) =>
  new DomainError(ErrorCode.InvalidInput, `${problem}\nUsage: npm run ops -- ${usage}`);

function stringFlag(args: OpsArgs, name: string): string | undefined {
  const value = args.flags[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function mobileArg(args: OpsArgs, usage: string): string {
  const mobile = args.positionals[0]?.trim();
  if (!mobile) throw usageError(usage, 'A mobile number is required.');
  if (!MOBILE_PATTERN.test(mobile)) throw usageError(usage, `Not a 9-digit mobile: ${mobile}`);
  return mobile;
}

const KYC_FILTERS = ['pending', 'approved', 'rejected'] as const;

const inviteCreate: OpsCommand = {
  path: ['invite', 'create'],
  permission: 'invites.manage',
  usage: 'invite create --advisor NAME [--code CODE]',
  summary: 'Create an invitation code for an advisor (random code unless given)',
  async run(ctx, args, actor) {
    const advisorName = stringFlag(args, 'advisor');
    if (!advisorName) throw usageError(this.usage, 'An advisor name is required.');
    const created = await invites.create(ctx, { advisorName, code: stringFlag(args, 'code'), actor });
    return `Invitation code ${created.code} created for advisor ${created.advisorName}.`;
  },
};

const inviteList: OpsCommand = {
  path: ['invite', 'list'],
  permission: 'invites.manage',
  usage: 'invite list',
  summary: 'List invitation codes with their advisor, state and uses',
  async run(ctx) {
    const rows = await invites.list(ctx);
    return table(
      ['CODE', 'ADVISOR', 'ACTIVE', 'USES', 'CREATED'],
      rows.map((r) => [r.code, r.advisorName, r.active ? 'yes' : 'no', r.uses, isoMinute(r.createdAt)]),
    );
  },
};

const inviteDisable: OpsCommand = {
  path: ['invite', 'disable'],
  permission: 'invites.manage',
  usage: 'invite disable <code>',
  summary: 'Stop an invitation code from admitting new clients',
  async run(ctx, args, actor) {
    const code = args.positionals[0];
    if (!code) throw usageError(this.usage, 'An invitation code is required.');
    const done = await invites.setActive(ctx, { code, active: false, actor });
    return `Invitation code ${done} disabled.`;
  },
};

const kycList: OpsCommand = {
  path: ['kyc', 'list'],
  permission: 'kyc.read',
  usage: 'kyc list [--status pending|approved|rejected]',
  summary: 'List KYC submissions, newest first',
  async run(ctx, args) {
    const status = stringFlag(args, 'status');
    if (status && !(KYC_FILTERS as readonly string[]).includes(status)) {
      throw usageError(this.usage, `Unknown status: ${status}`);
    }
    const rows = await kyc.list(ctx, status as (typeof KYC_FILTERS)[number] | undefined);
    return table(
      [
        'MOBILE',
        'FULL NAME',
        'ID NO',
        'ID ALSO APPROVED FOR',
        'DOB',
        'STATUS',
        'SUBMITTED',
        'DECIDED',
        'BY',
        'REASON',
      ],
      rows.map((r) => [
        r.clientMobile,
        r.fullName,
        r.idNo,
        r.duplicateIdOf.length > 0 ? `! ${r.duplicateIdOf.join(', ')}` : '',
        r.dob,
        r.status,
        isoMinute(r.createdAt),
        isoMinute(r.decidedAt),
        r.decidedBy,
        r.reason,
      ]),
    );
  },
};

const kycApprove: OpsCommand = {
  path: ['kyc', 'approve'],
  permission: 'kyc.decide',
  usage: 'kyc approve <mobile> [--override-reason TEXT]',
  summary:
    'Approve the pending KYC submission of a client (an ID number another client holds needs --override-reason)',
  async run(ctx, args, actor) {
    const override = stringFlag(args, 'override-reason');
    const decided = await kyc.approve(ctx, mobileArg(args, this.usage), actor, override);
    return `KYC of ${decided.mobile} approved by ${actor}${override ? ` (override: ${override})` : ''}.`;
  },
};

const kycReject: OpsCommand = {
  path: ['kyc', 'reject'],
  permission: 'kyc.decide',
  usage: 'kyc reject <mobile> --reason TEXT',
  summary: 'Reject the pending KYC submission; the client sees the reason',
  async run(ctx, args, actor) {
    const mobile = mobileArg(args, this.usage);
    const reason = stringFlag(args, 'reason');
    if (!reason) throw usageError(this.usage, 'A reason is required.');
    const decided = await kyc.reject(ctx, mobile, reason, actor);
    return `KYC of ${decided.mobile} rejected by ${actor}: ${reason}`;
  },
};

const codeShow: OpsCommand = {
  path: ['code', 'show'],
  permission: 'clients.codes.show',
  usage: 'code show <mobile>',
  summary: 'Show the last verification code message sent to a mobile',
  async run(ctx, args) {
    const mobile = mobileArg(args, this.usage);
    const message = await outbox.lastSmsTo(ctx, mobile);
    if (!message) return `No message has been sent to ${mobile}.`;
    const code = /\b(\d{6})\b/.exec(message.body)?.[1];
    return keyValues([
      ['Code', code ?? '(none in message)'],
      ['Message', message.body],
      ['Created', message.createdAt.toISOString()],
      ['Sent', message.sentAt ? message.sentAt.toISOString() : 'no (outbox only)'],
    ]);
  },
};

async function describeClient(ctx: AppContext, mobile: string): Promise<string> {
  const client = await clients.findByMobile(ctx, mobile);
  if (!client) throw notFound(`No client with mobile ${mobile}.`);
  const profile = await clients.profileOf(ctx, { ...client, hasPin: client.pinHash !== null });
  const submission = (await kyc.list(ctx)).find((s) => s.clientId === client.id);
  const history = await audit.historyOf(ctx, 'client', String(client.id), 5);
  const lines = keyValues([
    ['UID', profile.id],
    ['Mobile', profile.mobile],
    ['Name', profile.name],
    ['Email', profile.email],
    ['Country', profile.country],
    ['KYC', profile.kycStatus + (profile.kyc_reason ? ` (${profile.kyc_reason})` : '')],
    ['KYC submitted', isoMinute(submission?.createdAt)],
    ['KYC decided', isoMinute(submission?.decidedAt)],
    ['VIP / score', `${profile.vip} / ${profile.score}`],
    ['PIN', profile.has_pin ? (profile.pin_locked ? 'set, locked' : 'set') : 'not set'],
    ['Avatar', profile.avatar],
    ['Invitation', client.inviteCode],
    ['Active sessions', await sessions.countActiveSessions(ctx, client.id)],
    ['Registered', isoMinute(client.createdAt)],
  ]);
  const recent = history.length
    ? table(
        ['WHEN', 'ACTOR', 'ACTION'],
        history.map((h) => [isoMinute(h.createdAt), h.actor, h.action]),
      )
    : '(no audited actions)';
  return `${lines}\n\nRecent audited actions:\n${recent}`;
}

const clientShow: OpsCommand = {
  path: ['client', 'show'],
  permission: 'clients.read',
  usage: 'client show <mobile>',
  summary: 'Show a client: profile, KYC, PIN state, sessions, recent audit entries',
  run: (ctx, args) => describeClient(ctx, mobileArg(args, 'client show <mobile>')),
};

/** Ops commands of the identity area. */
export const identityCommands: OpsCommand[] = [
  inviteCreate,
  inviteList,
  inviteDisable,
  kycList,
  kycApprove,
  kycReject,
  codeShow,
  clientShow,
];
