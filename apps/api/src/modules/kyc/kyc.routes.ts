import { envelope, identifyBody, kycDetail, okResult } from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import * as kyc from './kyc.service';

const tags = ['kyc'];

export async function kycRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.post(
    '/identify/app/v1',
    {
      schema: {
        tags,
        summary: 'Submit KYC (status becomes pending)',
        body: identifyBody,
        response: { 200: envelope(okResult) },
      },
    },
    async (request) => {
      await kyc.submit(ctx, principalOf(request).clientId, request.body);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/identify/app/v1/detail',
    {
      schema: {
        tags,
        summary: 'The latest KYC submission of this client',
        response: { 200: envelope(kycDetail) },
      },
    },
    async (request) => ok(await kyc.detail(ctx, principalOf(request).clientId)),
  );
}
