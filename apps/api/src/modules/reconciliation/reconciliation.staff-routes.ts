import {
  bankStatementDetailSchema,
  bankStatementSchema,
  confirmBankLineInput,
  confirmedBankLineSchema,
  envelope,
  ErrorCode,
  idParam,
  importStatementInput,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { DomainError } from '../../plugins/errors';
import fastifyMultipart from '@fastify/multipart';
import { MULTIPART_LIMITS, readUploadedFile } from '../uploads/multipart';
import { confirmLine, getStatement, importStatement, listStatements } from './reconciliation.service';
import { MAX_STATEMENT_BYTES } from './statement-csv';

const tags = ['staff: reconciliation'];
const lineParam = z.object({ lineId: idParam.shape.id });

/** Bank statements and their lines on the staff API (under /ops/v1, modules/ops-modules.ts). */
export async function reconciliationStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  // A statement may also be posted as the file itself (`text/csv`), kept as bytes: its hash is
  // the file's. Registered in this plugin only.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: MAX_STATEMENT_BYTES },
    (_r, body, done) => done(null, body),
  );

  // The ops app has no multipart parser of its own (yet): this plugin's routes get one, with the
  // upload routes' limits (the statement parser refuses more than 2 MB itself).
  if (!app.hasRequestDecorator('isMultipart')) {
    await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  }

  app.post(
    '/v1/reconciliation/statements',
    {
      config: {
        auth: 'staff',
        permission: 'deposits.reconcile',
        openapi: { errors: { 409: [ErrorCode.Conflict] } },
      },
      // The JSON form carries the file as a string: room for a 2 MB file and its escaping.
      bodyLimit: 3 * MAX_STATEMENT_BYTES,
      schema: {
        tags,
        summary:
          'Import a bank statement (JSON {csv, fileName}, a text/csv body, or multipart field "file"): the statement with its lines and proposed matches',
        consumes: ['application/json', 'text/csv', 'multipart/form-data'],
        response: { 200: envelope(bankStatementDetailSchema) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      let input: { csv: string | Buffer; fileName?: string };
      if (request.isMultipart()) input = { csv: await readUploadedFile(request) };
      else if (Buffer.isBuffer(request.body)) input = { csv: request.body };
      else {
        // Not in the route's schema (a union with the raw bytes has no JSON Schema): checked here.
        const parsed = importStatementInput.safeParse(request.body ?? {});
        if (!parsed.success) {
          throw new DomainError(
            ErrorCode.InvalidInput,
            parsed.error.issues[0]?.message ?? 'Invalid input.',
            400,
          );
        }
        input = parsed.data;
      }
      return ok(await importStatement(ctx, staff, input), 'Statement imported.');
    },
  );

  app.get(
    '/v1/reconciliation/statements',
    {
      config: { auth: 'staff', permission: 'deposits.read' },
      schema: {
        tags,
        summary: 'Imported statements, newest first, with counts per match state',
        response: { 200: envelope(z.array(bankStatementSchema)) },
      },
    },
    async () => ok(await listStatements(ctx)),
  );

  app.get(
    '/v1/reconciliation/statements/:id',
    {
      config: {
        auth: 'staff',
        permission: 'deposits.read',
        openapi: { errors: { 404: [ErrorCode.NotFound] } },
      },
      schema: {
        tags,
        summary: 'A statement: its lines with their matches, and the pending deposits no line matches',
        params: idParam,
        response: { 200: envelope(bankStatementDetailSchema) },
      },
    },
    async (request) => ok(await getStatement(ctx, request.params.id)),
  );

  app.post(
    '/v1/reconciliation/lines/:lineId/confirm',
    {
      config: {
        auth: 'staff',
        permission: 'deposits.confirm',
        openapi: { errors: { 404: [ErrorCode.NotFound], 409: [ErrorCode.Conflict] } },
      },
      schema: {
        tags,
        summary: "Confirm a bank line as a pending deposit's money: credits the client once",
        params: lineParam,
        body: confirmBankLineInput,
        response: { 200: envelope(confirmedBankLineSchema) },
      },
    },
    async (request) =>
      ok(
        await confirmLine(ctx, staffOf(request), request.params.lineId, request.body.depositId),
        'Deposit confirmed and credited.',
      ),
  );
}
