import {
  approvalOutcomeSchema,
  envelope,
  ErrorCode,
  exchangePair,
  ratePublicationSchema,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { requestApproval } from '../approvals/approvals.service';
import { fxRatePublishPayloadOf } from './fx.approval';
import { listPairs, previewRate } from './fx.service';

const tags = ['ops: treasury'];
const E = ErrorCode;
const rateInput = z.object({
  from: z.string().regex(/^[A-Za-z]{3}$/),
  to: z.string().regex(/^[A-Za-z]{3}$/),
  rate: z.string().min(1).max(40),
  mid: z.string().min(1).max(40).optional(),
});

/**
 * Exchange rates on the console (issue 23), under /ops/v1: the published pairs, a publication's
 * preview with its checks (the rate not better than the mid, no profitable round trip, the spread
 * within the band: refused with the reason) and its approval request (fx.rate_publish), approved
 * in the approvals inbox by a second treasury user.
 */
export async function fxStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/rates',
    {
      config: { auth: 'staff', permission: 'products.read' },
      schema: {
        tags,
        summary: 'Exchange pairs with rate, mid and spread',
        response: { 200: envelope(z.array(exchangePair)) },
      },
    },
    async () => ok(await listPairs(ctx)),
  );

  app.get(
    '/v1/rates/preview',
    {
      config: { auth: 'staff', permission: 'products.read', openapi: { errors: { 400: [E.InvalidInput] } } },
      schema: {
        tags,
        summary: 'A publication checked (spread against the mid, round trips); nothing written',
        querystring: rateInput,
        response: { 200: envelope(ratePublicationSchema) },
      },
    },
    async (request) => ok(await previewRate(ctx, request.query)),
  );

  app.post(
    '/v1/rates/request',
    {
      config: {
        auth: 'staff',
        permission: 'treasury.request',
        openapi: { errors: { 400: [E.InvalidInput], 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary: 'Ask to publish the rate previewed: an approval request (202)',
        body: rateInput,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const preview = await previewRate(ctx, request.body);
      const outcome = await requestApproval(
        ctx,
        staffOf(request),
        'fx.rate_publish',
        fxRatePublishPayloadOf(preview),
      );
      if (outcome.status === 'pending') reply.status(202);
      return ok(outcome, outcome.status === 'pending' ? 'Waiting for approval.' : 'Published.');
    },
  );
}
