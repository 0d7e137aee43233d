import { envelope } from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';

export async function healthRoutes(app: AppInstance) {
  app.get(
    '/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: envelope(z.object({ status: z.literal('ok'), database: z.string() })) },
      },
    },
    async () => {
      await app.ctx.database.query('select 1');
      return ok({ status: 'ok' as const, database: app.ctx.database.kind });
    },
  );
}
