import { approvalOutcomeSchema, envelope, ErrorCode, idParam } from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { jsonSafe } from '../../lib/json-safe';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { requestApproval } from '../approvals/approvals.service';
import { conflict } from '../ledger/ledger.service';
import { fundNavStrikePayloadOf } from './funds.approval';
import { listFundsForOps } from './funds.service';

const tags = ['ops: products'];
const E = ErrorCode;
const dateQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
const strikeBody = dateQuery.extend({
  valuationHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

/**
 * Funds on the console (issue 23), under /ops/v1: the list, the NAV strike preview (the NAVs, the
 * subscriptions it would value and the redemptions it would pay; nothing written) and its approval
 * request (fund.nav_strike), approved in the approvals inbox.
 */
export async function fundsStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/funds',
    {
      config: { auth: 'staff', permission: 'products.read' },
      schema: {
        tags,
        summary: 'Funds with their terms and latest NAV',
        response: { 200: envelope(z.unknown()) },
      },
    },
    async () => ok(jsonSafe(await listFundsForOps(ctx))),
  );

  app.get(
    '/v1/funds/:id/nav/preview',
    {
      config: { auth: 'staff', permission: 'products.read', openapi: { errors: { 409: [E.Conflict] } } },
      schema: {
        tags,
        summary: 'The NAV strike: NAVs, orders it would fill, units and amounts; nothing written',
        params: idParam,
        querystring: dateQuery,
        response: { 200: envelope(z.unknown()) },
      },
    },
    async (request) => {
      const { preview } = await fundNavStrikePayloadOf(ctx, Number(request.params.id), request.query.date);
      return ok(jsonSafe(preview));
    },
  );

  app.post(
    '/v1/funds/:id/nav/request',
    {
      config: {
        auth: 'staff',
        permission: 'products.request',
        openapi: { errors: { 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary: 'Ask for the NAV strike previewed: an approval request (202)',
        params: idParam,
        body: strikeBody,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const { payload } = await fundNavStrikePayloadOf(ctx, Number(request.params.id), request.body.date);
      if (request.body.valuationHash !== undefined && request.body.valuationHash !== payload.valuationHash) {
        throw conflict('The valuation changed since your preview; preview it again.');
      }
      const outcome = await requestApproval(ctx, staffOf(request), 'fund.nav_strike', payload);
      if (outcome.status === 'pending') reply.status(202);
      return ok(outcome, outcome.status === 'pending' ? 'Waiting for approval.' : 'Valued.');
    },
  );
}
