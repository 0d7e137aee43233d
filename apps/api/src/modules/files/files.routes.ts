import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { principalOf } from '../../plugins/auth';
import { FILE_TYPES, contentDispositionOf, readOwnFile } from '../uploads/uploads.service';

/**
 * GET /api/files/:id: a client's own private file; every other id answers 404. Images inline,
 * PDFs as an attachment (contentDispositionOf).
 */
export async function fileRoutes(app: AppInstance) {
  app.get(
    '/files/:id',
    {
      config: { openapi: { produces: FILE_TYPES } },
      schema: {
        tags: ['uploads'],
        summary: "One of the client's own files (needs the bearer header; fetch as a blob)",
        params: z.object({ id: z.string().max(64) }),
      },
      onSend: async (_request, reply, payload) => {
        // Runs after the app-wide hook: these bytes are private to one person.
        if (reply.statusCode === 200) reply.header('cache-control', 'private, no-store');
        return payload;
      },
    },
    async (request, reply) => {
      const file = await readOwnFile(app.ctx, request.params.id, principalOf(request).clientId);
      return reply
        .type(file.mime)
        .header('content-disposition', contentDispositionOf(file))
        .header('content-length', String(file.content.length))
        .send(file.content);
    },
  );
}
