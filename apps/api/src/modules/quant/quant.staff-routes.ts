import { approvalOutcomeSchema, envelope, ErrorCode, idParam } from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { jsonSafe } from '../../lib/json-safe';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { requestApproval } from '../approvals/approvals.service';
import { conflict } from '../ledger/ledger.service';
import { quantLifecyclePayloadOf } from './quant.approval';
import { listProducts, previewLifecycle } from './quant.service';

const tags = ['ops: products'];
const E = ErrorCode;
const stepParams = idParam.extend({ step: z.enum(['start', 'mature']) });
const stepBody = z.object({
  lifecycleHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

/**
 * Structured products on the console (issue 23), under /ops/v1: the list, the start / maturity
 * preview (the level, each order's capture or payoff; nothing written) and its approval request
 * (quant.start / quant.mature), approved in the approvals inbox.
 */
export async function quantStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/structured-products',
    {
      config: { auth: 'staff', permission: 'products.read' },
      schema: {
        tags,
        summary: 'Structured products with their state',
        response: { 200: envelope(z.unknown()) },
      },
    },
    async () => ok(jsonSafe(await listProducts(ctx))),
  );

  app.get(
    '/v1/structured-products/:id/:step/preview',
    {
      config: { auth: 'staff', permission: 'products.read', openapi: { errors: { 409: [E.Conflict] } } },
      schema: {
        tags,
        summary: 'The start or maturity: the level fixed, each order captured or paid; nothing written',
        params: stepParams,
        response: { 200: envelope(z.unknown()) },
      },
    },
    async (request) =>
      ok(jsonSafe(await previewLifecycle(ctx, Number(request.params.id), request.params.step))),
  );

  app.post(
    '/v1/structured-products/:id/:step/request',
    {
      config: {
        auth: 'staff',
        permission: 'products.request',
        openapi: { errors: { 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary: 'Ask for the start or maturity previewed: an approval request (202)',
        params: stepParams,
        body: stepBody,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const { step } = request.params;
      const preview = await previewLifecycle(ctx, Number(request.params.id), step);
      if (request.body.lifecycleHash !== undefined && request.body.lifecycleHash !== preview.hash) {
        throw conflict(`The ${step} changed since your preview; preview it again.`);
      }
      const outcome = await requestApproval(
        ctx,
        staffOf(request),
        `quant.${step}`,
        quantLifecyclePayloadOf(preview),
      );
      if (outcome.status === 'pending') reply.status(202);
      return ok(outcome, outcome.status === 'pending' ? 'Waiting for approval.' : 'Done.');
    },
  );
}
