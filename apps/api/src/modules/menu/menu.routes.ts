import { envelope, menuEntry } from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { menuFor } from './menu.service';

export async function menuRoutes(app: AppInstance) {
  app.get(
    '/client/app/v1/menu',
    {
      schema: {
        tags: ['client'],
        summary: 'The menu and routes of this client',
        response: { 200: envelope(z.array(menuEntry)) },
      },
    },
    async (request) => ok(menuFor({ kycStatus: principalOf(request).client.kycStatus })),
  );
}
