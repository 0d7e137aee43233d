import { deposit, depositBody, depositCreated, envelope, idParam, MoneyMessages } from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { markReplayed } from '../../lib/idempotent-reply';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { idempotencyOf } from '../ledger/idempotency';
import { readUploadedFile } from '../uploads/multipart';
import { attachProof, createDeposit, listClientDeposits } from './deposits.service';

const tags = ['money'];

export async function depositRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.post(
    '/deposit/app/v1',
    {
      config: { idempotent: true, kyc: true },
      schema: {
        tags,
        summary: 'Create an EFT deposit; returns the reference to quote (Idempotency-Key)',
        body: depositBody,
        response: { 200: envelope(depositCreated) },
      },
    },
    async (request, reply) => {
      const { clientId } = principalOf(request);
      const body = request.body;
      const result = await createDeposit(ctx, clientId, idempotencyOf(request, body), {
        accountId: body.account_id,
        amount: body.amount,
        method: body.method,
      });
      markReplayed(reply, result);
      return ok(result.data, MoneyMessages.depositCreated);
    },
  );

  app.post(
    '/deposit/app/v1/:id',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary: 'Attach the proof of payment (multipart field "file": JPEG, PNG, WebP or PDF, max 20MB)',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: envelope(deposit) },
      },
    },
    async (request) => {
      const { clientId } = principalOf(request);
      const bytes = await readUploadedFile(request);
      return ok(await attachProof(ctx, clientId, request.params.id, bytes), MoneyMessages.proofAttached);
    },
  );

  app.get(
    '/deposit/app/v1/list',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary: "The client's deposits, newest first, each with where to pay it",
        response: { 200: envelope(z.array(depositCreated)) },
      },
    },
    async (request) => ok(await listClientDeposits(ctx, principalOf(request).clientId)),
  );
}
