import { permissionsOf } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { approve, getRequest, listRequests, reject } from '../../modules/approvals/approvals.service';
import { requestHashOf } from '../../modules/staff/request-hash';
import { getStaffUser, verifyStepUp } from '../../modules/staff/staff.service';
import { keyValues, table } from '../format';
import { bad, flag, idArg } from './args';
import type { OpsCommand } from './types';

// The approvals inbox on the CLI (issue 23, decision 0058): the same service as the console's
// /ops/v1/approvals routes. The command's own gate is products.read; which checker permission a
// request needs is the request's own (checked by the approvals service), as on the console.

/** The signed-in staff user behind the audit actor `staff:<id>` runOps gives every command. */
export async function staffOfActor(ctx: AppContext, actor: string) {
  const id = Number(/^staff:(\d+)$/.exec(actor)?.[1]);
  if (!Number.isSafeInteger(id) || id <= 0) throw bad('Sign in as a staff user first (ops login).');
  const user = await getStaffUser(ctx, id);
  return { id, permissions: permissionsOf(user.roles) };
}

const listUsage = 'approval list [--scope inbox|mine|all]';
const approveUsage = 'approval approve <id> --code CODE (or --code -: asked for on stdin)';
const rejectUsage = 'approval reject <id> --reason "TEXT"';

export const approvalCommands: OpsCommand[] = [
  {
    path: ['approval', 'list'],
    permission: 'products.read',
    usage: listUsage,
    summary: 'Approval requests: my inbox (pending, not mine, a permission I hold), mine, or all',
    async run(ctx, args, actor) {
      const scope = flag(args, 'scope') ?? 'inbox';
      if (scope !== 'inbox' && scope !== 'mine' && scope !== 'all') throw bad(`Usage: ${listUsage}`);
      const rows = await listRequests(ctx, await staffOfActor(ctx, actor), { scope });
      if (rows.length === 0) return 'No approval requests.';
      return table(
        ['id', 'action', 'item', 'amount', 'maker', 'status', 'expires', 'payload'],
        rows.map((r) => [
          r.id,
          r.action,
          r.itemKey,
          r.amount === null ? '' : `${r.amount} ${r.currency}`,
          `staff:${r.makerStaffId}`,
          r.status,
          r.expiresAt,
          JSON.stringify(r.payload),
        ]),
      );
    },
  },
  {
    path: ['approval', 'approve'],
    permission: 'products.read',
    usage: approveUsage,
    summary:
      'Approve a request as its checker (a fresh authenticator code, bound to this request and its payload); the last approval executes it',
    async run(ctx, args, actor) {
      const id = idArg(args, approveUsage);
      const code = flag(args, 'code', approveUsage)!;
      const staff = await staffOfActor(ctx, actor);
      const request = await getRequest(ctx, id);
      // The code is bound to exactly what the console's approve call would be: this request and
      // the payload hash shown, so the CLI and the console approve the same thing the same way.
      const body = { payloadHash: request.payloadHash };
      const stepUpHash = requestHashOf('POST', `/ops/v1/approvals/${id}/approve`, body);
      await verifyStepUp(ctx, staff, code, stepUpHash);
      const result = await approve(ctx, staff, id, { ...body, stepUpHash });
      return [
        result.status === 'approved'
          ? `Request #${id} (${result.action}) approved and done.`
          : `Request #${id} (${result.action}) approved; waiting for another checker.`,
        keyValues([
          ['payload', JSON.stringify(result.payload)],
          ['outcome', JSON.stringify(result.outcome)],
        ]),
      ].join('\n');
    },
  },
  {
    path: ['approval', 'reject'],
    permission: 'products.read',
    usage: rejectUsage,
    summary: 'Reject a request as its checker, with the reason: nothing is done',
    async run(ctx, args, actor) {
      const id = idArg(args, rejectUsage);
      const reason = flag(args, 'reason', rejectUsage)!;
      const result = await reject(ctx, await staffOfActor(ctx, actor), id, reason);
      return `Request #${id} (${result.action}) rejected: nothing was done.`;
    },
  },
];
