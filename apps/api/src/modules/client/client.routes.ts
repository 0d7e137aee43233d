import { clientProfile, envelope, Messages, okResult, passwordBody, pinBody } from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { perIpLimits } from '../../lib/rate-limits';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import * as clients from './client.service';

const tags = ['client'];
const done = { ok: true as const };

export async function clientRoutes(app: AppInstance) {
  const ctx = app.ctx;
  const limits = perIpLimits(ctx.config);

  app.get(
    '/auth/app/v1/client_info',
    { schema: { tags, summary: 'The signed-in client profile', response: { 200: envelope(clientProfile) } } },
    async (request) => ok(await clients.getProfile(ctx, principalOf(request))),
  );

  app.post(
    '/client/app/v1/pwd_verify',
    {
      config: { rateLimit: limits.perMinute },
      schema: {
        tags,
        summary: 'Re-enter the password on this session (step 1 of Set PIN)',
        body: passwordBody,
        response: { 200: envelope(okResult) },
      },
    },
    async (request) => {
      await clients.verifyPasswordForSession(ctx, principalOf(request), request.body.password, request.ip);
      return ok(done);
    },
  );

  app.post(
    '/client/app/v1/pin',
    {
      schema: {
        tags,
        summary: 'Set the PIN (needs pwd_verify on this session in the last few minutes)',
        body: pinBody,
        response: { 200: envelope(okResult) },
      },
    },
    async (request) => {
      await clients.setPin(ctx, principalOf(request), request.body.pin);
      return ok(done, Messages.pinSet);
    },
  );

  app.post(
    '/client/app/v1/pin/verify',
    {
      config: { rateLimit: limits.perMinute },
      schema: {
        tags,
        summary: 'Verify the PIN for this session',
        body: pinBody,
        response: { 200: envelope(okResult) },
      },
    },
    async (request) => {
      await clients.verifyPin(ctx, principalOf(request), request.body.pin);
      return ok(done);
    },
  );
}
