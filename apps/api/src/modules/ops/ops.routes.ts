import { envelope } from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { runOps } from '../../cli/run';
import { ok } from '../../lib/reply';
import { FILE_TYPES, contentDispositionOf, readFileForOperator } from '../uploads/uploads.service';

const runBody = z.object({
  argv: z.array(z.string().max(2000)).max(50),
  /** Who runs it (the CLI sends `ops:<os user>`); the operator token is what authorises. */
  actor: z
    .string()
    .regex(/^ops:[\w.@-]{1,64}$/, 'actor must look like ops:<name>')
    .optional(),
});

/** Back-office routes under /ops: every one needs the operator token (plugins/auth.ts). */
export async function opsRoutes(app: AppInstance) {
  app.post(
    '/v1/run',
    {
      config: { auth: 'ops' },
      schema: {
        tags: ['ops'],
        summary: 'Run an ops CLI command in the server (used while the server owns the data folder)',
        body: runBody,
        response: { 200: envelope(z.object({ output: z.string() })) },
      },
    },
    async (request) => {
      const output = await runOps(app.ctx, request.body.argv, request.body.actor ?? 'ops:api');
      return ok({ output });
    },
  );

  app.get(
    '/v1/files/:id',
    {
      config: { auth: 'ops', openapi: { produces: FILE_TYPES } },
      schema: {
        tags: ['ops'],
        summary: 'Any uploaded file (KYC images, deposit proofs)',
        params: z.object({ id: z.string().max(64) }),
      },
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) reply.header('cache-control', 'private, no-store');
        return payload;
      },
    },
    async (request, reply) => {
      const file = await readFileForOperator(app.ctx, request.params.id);
      return reply
        .type(file.mime)
        .header('content-disposition', contentDispositionOf(file))
        .send(file.content);
    },
  );
}
