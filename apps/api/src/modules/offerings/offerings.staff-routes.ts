import { approvalOutcomeSchema, envelope, ErrorCode, idParam } from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { jsonSafe } from '../../lib/json-safe';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { requestApproval } from '../approvals/approvals.service';
import { conflict } from '../ledger/ledger.service';
import { offeringSettlePayloadOf } from './offerings.approval';
import { listOfferings, previewOfferingSettlement } from './offerings.service';

const tags = ['ops: products'];
const E = ErrorCode;
const settleBody = z.object({
  allocationsHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

/**
 * Offerings on the console (issue 23), under /ops/v1: the list, the settlement's pro-rata preview
 * (nothing written) and its approval request (offering.settle), approved in the approvals inbox.
 */
export async function offeringsStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/offerings',
    {
      config: { auth: 'staff', permission: 'products.read' },
      schema: { tags, summary: 'Offerings (every status)', response: { 200: envelope(z.unknown()) } },
    },
    async () => ok(jsonSafe(await listOfferings(ctx))),
  );

  app.get(
    '/v1/offerings/:id/settlement/preview',
    {
      config: { auth: 'staff', permission: 'products.read', openapi: { errors: { 409: [E.Conflict] } } },
      schema: {
        tags,
        summary: 'The settlement: each order requested and allocated pro rata, the totals; nothing written',
        params: idParam,
        response: { 200: envelope(z.unknown()) },
      },
    },
    async (request) => ok(jsonSafe(await previewOfferingSettlement(ctx, Number(request.params.id)))),
  );

  app.post(
    '/v1/offerings/:id/settlement/request',
    {
      config: {
        auth: 'staff',
        permission: 'products.request',
        openapi: { errors: { 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary: 'Ask for the settlement previewed: an approval request (202)',
        params: idParam,
        body: settleBody,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const preview = await previewOfferingSettlement(ctx, Number(request.params.id));
      if (request.body.allocationsHash !== undefined && request.body.allocationsHash !== preview.hash) {
        throw conflict('The settlement changed since your preview; preview it again.');
      }
      const outcome = await requestApproval(
        ctx,
        staffOf(request),
        'offering.settle',
        offeringSettlePayloadOf(preview),
      );
      if (outcome.status === 'pending') reply.status(202);
      return ok(outcome, outcome.status === 'pending' ? 'Waiting for approval.' : 'Settled.');
    },
  );
}
