import type { FastifyRequest } from 'fastify';
import {
  deposit,
  depositBody,
  depositCreated,
  envelope,
  ErrorCode,
  idParam,
  MoneyMessages,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { DomainError } from '../../plugins/errors';
import { idempotencyOf } from '../ledger/idempotency';
import { fileTooLarge } from '../uploads/uploads.service';
import { attachProof, createDeposit, listClientDeposits } from './deposits.service';

const tags = ['money'];

/** The multipart field `file`, buffered up to the plugin's size limit. */
async function readProof(request: FastifyRequest): Promise<Buffer> {
  const mapError = (err: unknown) => {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
    if (code?.startsWith('FST_'))
      return new DomainError(ErrorCode.InvalidInput, 'Please choose a file to upload.', 400);
    return err;
  };
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') {
      throw new DomainError(ErrorCode.InvalidInput, 'Please choose a file to upload.', 400);
    }
    return await part.toBuffer();
  } catch (err) {
    throw mapError(err);
  }
}

export async function depositRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.post(
    '/deposit/app/v1',
    {
      config: { kyc: true },
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
      if (result.replayed) reply.header('idempotent-replayed', 'true');
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
      const bytes = await readProof(request);
      return ok(await attachProof(ctx, clientId, request.params.id, bytes), MoneyMessages.proofAttached);
    },
  );

  app.get(
    '/deposit/app/v1/list',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary: "The client's deposits, newest first",
        response: { 200: envelope(z.array(deposit)) },
      },
    },
    async (request) => ok(await listClientDeposits(ctx, principalOf(request).clientId)),
  );
}
