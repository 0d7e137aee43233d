import {
  authData,
  changePasswordBody,
  codeRequestBody,
  envelope,
  loginBody,
  Messages,
  okResult,
  refreshData,
  registerBody,
  resetPasswordBody,
  sessionStatus,
} from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { perIpLimits } from '../../lib/rate-limits';
import { ok } from '../../lib/reply';
import { bearerToken, principalOf } from '../../plugins/auth';
import * as auth from './auth.service';

const tags = ['auth'];
const done = { ok: true as const };

export async function authRoutes(app: AppInstance) {
  const ctx = app.ctx;
  const limits = perIpLimits(ctx.config);

  app.post(
    '/auth/app/v1/login',
    {
      config: { auth: 'public', rateLimit: limits.perMinute },
      schema: {
        tags,
        summary: 'Sign in with mobile and MD5 password',
        body: loginBody,
        response: { 200: envelope(authData) },
      },
    },
    async (request) =>
      ok(
        await auth.login(ctx, {
          ...request.body,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      ),
  );

  app.post(
    '/auth/app/v1/logout',
    { schema: { tags, summary: 'End this session', response: { 200: envelope(okResult) } } },
    async (request) => {
      await auth.logout(ctx, principalOf(request).sessionId);
      return ok(done);
    },
  );

  app.post(
    '/auth/app/v1/register',
    {
      // Every registration carries an invitation-code guess: the stricter hourly limit.
      config: { auth: 'public', rateLimit: limits.invite },
      schema: {
        tags,
        summary: 'Register with an invitation code',
        body: registerBody,
        response: { 200: envelope(okResult) },
      },
    },
    async (request) => {
      const { username, password, invite_code } = request.body;
      await auth.register(ctx, { mobile: username, password, inviteCode: invite_code });
      return ok(done, Messages.registered);
    },
  );

  app.post(
    '/auth/app/v2/refresh',
    {
      // The bearer token is checked by the refresh itself (it may be in its grace window): no
      // access hook, but the document says it needs the bearer token.
      config: { auth: 'public', openapi: { security: 'bearer' } },
      schema: {
        tags,
        summary: 'Rotate the refresh token',
        response: { 200: envelope(refreshData) },
      },
    },
    async (request) => ok(await auth.refresh(ctx, bearerToken(request))),
  );

  app.get(
    '/auth/app/v1/session',
    { schema: { tags, summary: 'Verify the session', response: { 200: envelope(sessionStatus) } } },
    async (request) => ok(await auth.sessionStatus(ctx, principalOf(request))),
  );

  app.post(
    '/auth/app/v1/change_pwd',
    {
      schema: {
        tags,
        summary: 'Change password (ends every session)',
        body: changePasswordBody,
        response: { 200: envelope(okResult) },
      },
    },
    async (request) => {
      await auth.changePassword(ctx, principalOf(request), {
        oldPassword: request.body.old_password,
        newPassword: request.body.new_password,
        ip: request.ip,
      });
      return ok(done, Messages.passwordChanged);
    },
  );

  app.post(
    '/client/app/v1/code',
    {
      config: { auth: 'public', rateLimit: limits.perMinute },
      schema: {
        tags,
        summary: 'Send a verification code',
        body: codeRequestBody,
        response: { 200: envelope(okResult) },
      },
    },
    async (request) => {
      await auth.requestCode(
        ctx,
        { mobile: request.body.username, purpose: request.body.purpose },
        request.log,
      );
      return ok(done);
    },
  );

  app.post(
    '/auth/app/v1/reset_pwd',
    {
      config: { auth: 'public', rateLimit: limits.perMinute },
      schema: {
        tags,
        summary: 'Reset password: verify step (username, code), then reset step (+ password)',
        body: resetPasswordBody,
        response: { 200: envelope(okResult) },
      },
    },
    async (request) => {
      const { username, code, password } = request.body;
      const step = await auth.resetPassword(ctx, { mobile: username, code, password });
      return ok(done, step === 'reset' ? Messages.passwordResetSuccess : 'OK');
    },
  );
}
