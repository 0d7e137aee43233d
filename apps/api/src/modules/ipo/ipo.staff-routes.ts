import {
  allotmentPreviewSchema,
  approvalOutcomeSchema,
  envelope,
  ErrorCode,
  idParam,
  staffIpoSchema,
  type StaffIpo,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { jsonSafe } from '../../lib/json-safe';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { requestApproval } from '../approvals/approvals.service';
import { conflict } from '../ledger/ledger.service';
import { allotmentPlanView } from './allotment-plan';
import { ipoAllotPayloadOf } from './ipo.approval';
import { listIpos, previewIpoAllotment } from './ipo.service';

const tags = ['ops: products'];
const E = ErrorCode;
const seedQuery = z.object({ seed: z.string().trim().min(1).max(100).optional() });
/** The request repeats the preview's seed and hash: what is asked for is what the maker saw. */
const allotRequestBody = seedQuery.extend({
  allotmentsHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

/**
 * IPOs on the console (issue 23), under /ops/v1 on the ops app: the list, the allotment preview by
 * the offering's rule (nothing written) and the allotment's approval request (ipo.allot): the
 * checker approves it in the approvals inbox, with a step-up code.
 */
export async function ipoStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/ipos',
    {
      config: { auth: 'staff', permission: 'products.read' },
      schema: {
        tags,
        summary: 'IPOs with their state and terms',
        response: { 200: envelope(z.array(staffIpoSchema)) },
      },
    },
    // jsonSafe (bigints as strings) types its result unknown; the response schema checks the shape.
    async () => ok(jsonSafe(await listIpos(ctx)) as StaffIpo[]),
  );

  app.get(
    '/v1/ipos/:id/allotment/preview',
    {
      config: { auth: 'staff', permission: 'products.read', openapi: { errors: { 409: [E.Conflict] } } },
      schema: {
        tags,
        summary:
          'The allotment by the rule (who gets how many lots, debits, refunds, totals); nothing written',
        params: idParam,
        querystring: seedQuery,
        response: { 200: envelope(allotmentPreviewSchema) },
      },
    },
    async (request) =>
      ok(allotmentPlanView(await previewIpoAllotment(ctx, Number(request.params.id), request.query))),
  );

  app.post(
    '/v1/ipos/:id/allotment/request',
    {
      config: {
        auth: 'staff',
        permission: 'products.request',
        openapi: { errors: { 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary: 'Ask for the allotment previewed (its seed given back): an approval request (202)',
        params: idParam,
        body: allotRequestBody,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const plan = await previewIpoAllotment(ctx, Number(request.params.id), { seed: request.body.seed });
      if (request.body.allotmentsHash !== undefined && request.body.allotmentsHash !== plan.hash) {
        throw conflict('The allotment changed since your preview; preview it again.');
      }
      const outcome = await requestApproval(ctx, staffOf(request), 'ipo.allot', ipoAllotPayloadOf(plan));
      if (outcome.status === 'pending') reply.status(202);
      return ok(outcome, outcome.status === 'pending' ? 'Waiting for approval.' : 'Allotted.');
    },
  );
}
