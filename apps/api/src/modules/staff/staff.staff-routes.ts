import {
  envelope,
  ErrorCode,
  okResult,
  staffBootstrapInput,
  staffCreatedSchema,
  staffCreateInput,
  staffLoginInput,
  staffMeSchema,
  staffPasskeyCreateInput,
  staffPasskeyLoginInput,
  staffPasskeyLoginOptionsInput,
  staffPasskeySchema,
  staffStepUpOptionsInput,
  webauthnCreationOptionsSchema,
  webauthnRequestOptionsSchema,
  staffRolesInput,
  staffSessionSchema,
  staffUserSchema,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { safeEqual } from '../../lib/crypto';
import { ok } from '../../lib/reply';
import { perIpLimits } from '../../lib/rate-limits';
import { assertStaffPermission, setStaffCookie, staffOf } from '../../plugins/auth';
import { DomainError } from '../../plugins/errors';
import * as staff from './staff.service';
import * as passkeys from './staff-passkeys';

/** The ops app's bootstrap state (app.ts buildOpsApp): the one-time secret while no staff exists. */
export interface StaffBootstrapState {
  secret?: string;
  done?: () => void;
}
declare module 'fastify' {
  interface FastifyInstance {
    staffBootstrap?: StaffBootstrapState;
  }
}

const E = ErrorCode;
const staffIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const sessionIdParams = z.object({ id: z.string().uuid() });
const passkeyIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const originOf = (request: import('fastify').FastifyRequest) => request.headers.origin;

/** Staff identity under /ops/v1 (the ops app; decision 0057). */
export async function staffStaffRoutes(app: AppInstance) {
  const { ctx } = app;
  const limits = perIpLimits(ctx.config);
  const meta = (request: import('fastify').FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  app.post(
    '/v1/auth/login',
    {
      config: {
        auth: 'public',
        rateLimit: limits.perMinute,
        openapi: { errors: { 401: [E.InvalidCredentials], 403: [E.Forbidden], 429: [E.LoginLocked] } },
      },
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in: email, password and authenticator code; sets the staff session cookie',
        body: staffLoginInput,
        response: { 200: envelope(staffMeSchema) },
      },
    },
    async (request, reply) => {
      const { token, principal } = await staff.signInStaff(ctx, request.body, meta(request));
      const seconds = (principal.sessionExpiresAt.getTime() - ctx.securityClock.now().getTime()) / 1000;
      setStaffCookie(request, reply, token, seconds);
      return ok(await staff.staffMeOf(ctx, principal));
    },
  );

  // Passkeys (decision 0066): an option beside the code, at sign-in and for step-up.
  app.post(
    '/v1/auth/passkey/options',
    {
      config: { auth: 'public', rateLimit: limits.perMinute, openapi: { errors: { 403: [E.Forbidden] } } },
      schema: {
        tags: ['staff'],
        summary: 'Sign-in with a passkey, step 1: the challenge of this email’s pending sign-in',
        body: staffPasskeyLoginOptionsInput,
        response: { 200: envelope(webauthnRequestOptionsSchema) },
      },
    },
    async (request) => ok(await passkeys.passkeyLoginOptions(ctx, request.body.email, originOf(request))),
  );

  app.post(
    '/v1/auth/passkey/login',
    {
      config: {
        auth: 'public',
        rateLimit: limits.perMinute,
        openapi: { errors: { 401: [E.InvalidCredentials], 403: [E.Forbidden], 429: [E.LoginLocked] } },
      },
      schema: {
        tags: ['staff'],
        summary:
          'Sign-in with a passkey, step 2: email, password and the passkey’s signature; sets the staff session cookie',
        body: staffPasskeyLoginInput,
        response: { 200: envelope(staffMeSchema) },
      },
    },
    async (request, reply) => {
      const { token, principal } = await staff.signInStaffWithPasskey(
        ctx,
        request.body,
        originOf(request),
        meta(request),
      );
      const seconds = (principal.sessionExpiresAt.getTime() - ctx.securityClock.now().getTime()) / 1000;
      setStaffCookie(request, reply, token, seconds);
      return ok(await staff.staffMeOf(ctx, principal));
    },
  );

  app.post(
    '/v1/auth/passkey/step-up-options',
    {
      config: { auth: 'staff', openapi: { errors: { 403: [E.Forbidden], 409: [E.Conflict] } } },
      schema: {
        tags: ['staff'],
        summary:
          'Step-up with a passkey: a challenge bound to the hash of the request about to be sent (then x-step-up-assertion)',
        body: staffStepUpOptionsInput,
        response: { 200: envelope(webauthnRequestOptionsSchema) },
      },
    },
    async (request) =>
      ok(await passkeys.passkeyStepUpOptions(ctx, staffOf(request), request.body, originOf(request))),
  );

  app.get(
    '/v1/staff/passkeys',
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'Your own passkeys',
        response: { 200: envelope(z.array(staffPasskeySchema)) },
      },
    },
    async (request) => ok(await passkeys.listOwnPasskeys(ctx, staffOf(request))),
  );

  app.post(
    '/v1/staff/passkeys/options',
    {
      config: { auth: 'staff', openapi: { errors: { 403: [E.Forbidden] } } },
      schema: {
        tags: ['staff'],
        summary: 'A new passkey, step 1: the options for the browser to create it',
        response: { 200: envelope(webauthnCreationOptionsSchema) },
      },
    },
    async (request) =>
      ok(await passkeys.passkeyRegistrationOptions(ctx, staffOf(request), originOf(request))),
  );

  app.post(
    '/v1/staff/passkeys',
    {
      // Adding an authenticator is security-sensitive: a code from the authenticator app, not a passkey.
      config: {
        auth: 'staff',
        stepUp: 'totp',
        openapi: { errors: { 400: [E.InvalidInput], 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags: ['staff'],
        summary: 'A new passkey, step 2: the browser’s answer, kept (TOTP step-up)',
        body: staffPasskeyCreateInput,
        response: { 200: envelope(staffPasskeySchema) },
      },
    },
    async (request) =>
      ok(await passkeys.registerPasskey(ctx, staffOf(request), request.body, originOf(request))),
  );

  app.delete(
    '/v1/staff/passkeys/:id',
    {
      config: { auth: 'staff', stepUp: 'totp' },
      schema: {
        tags: ['staff'],
        summary: 'Removes one of your passkeys (TOTP step-up)',
        params: passkeyIdParams,
        response: { 200: envelope(okResult) },
      },
    },
    async (request) => {
      await passkeys.removePasskey(ctx, staffOf(request), request.params.id);
      return ok({ ok: true as const });
    },
  );

  app.post(
    '/v1/auth/logout',
    {
      config: { auth: 'staff' },
      schema: { tags: ['staff'], summary: 'Ends this staff session', response: { 200: envelope(okResult) } },
    },
    async (request, reply) => {
      await staff.signOutStaff(ctx, staffOf(request));
      setStaffCookie(request, reply, undefined);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/v1/auth/me',
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'The signed-in staff user',
        response: { 200: envelope(staffMeSchema) },
      },
    },
    async (request) => ok(await staff.staffMeOf(ctx, staffOf(request))),
  );

  app.get(
    '/v1/staff/sessions',
    {
      config: { auth: 'staff', openapi: { errors: { 403: [E.Forbidden] } } },
      schema: {
        tags: ['staff'],
        summary: 'Open staff sessions: your own, or everyone’s (scope=all, staff.read)',
        querystring: z.object({ scope: z.enum(['own', 'all']).default('own') }),
        response: { 200: envelope(z.array(staffSessionSchema)) },
      },
    },
    async (request) => {
      const me = staffOf(request);
      const all = request.query.scope === 'all';
      if (all) assertStaffPermission(me, 'staff.read');
      return ok(await staff.listStaffSessions(ctx, me, all));
    },
  );

  app.delete(
    '/v1/staff/sessions/:id',
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'Ends a staff session: your own, or anyone’s with staff.manage',
        params: sessionIdParams,
        response: { 200: envelope(okResult) },
      },
    },
    async (request) => {
      await staff.revokeStaffSession(ctx, staffOf(request), request.params.id);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/v1/staff',
    {
      config: { auth: 'staff', permission: 'staff.read' },
      schema: {
        tags: ['staff'],
        summary: 'Staff users',
        response: { 200: envelope(z.array(staffUserSchema)) },
      },
    },
    async () => ok(await staff.listStaffUsers(ctx)),
  );

  app.post(
    '/v1/staff',
    {
      config: {
        auth: 'staff',
        permission: 'staff.manage',
        stepUp: true,
        openapi: { errors: { 409: [E.Conflict] } },
      },
      schema: {
        tags: ['staff'],
        summary: 'Creates a staff user; the answer carries their TOTP secret, shown this once',
        body: staffCreateInput,
        response: { 200: envelope(staffCreatedSchema) },
      },
    },
    async (request) => {
      const created = await staff.createStaffUser(ctx, request.body, staffOf(request));
      return ok(await createdOf(created));
    },
  );

  app.put(
    '/v1/staff/:id/roles',
    {
      config: {
        auth: 'staff',
        permission: 'staff.manage',
        stepUp: true,
        // 409: the system user of the jobs (decision 0064) is given no role.
        openapi: { errors: { 409: [E.Conflict] } },
      },
      schema: {
        tags: ['staff'],
        summary: 'Sets a staff user’s roles (never your own; never the system user)',
        params: staffIdParams,
        body: staffRolesInput,
        response: { 200: envelope(staffUserSchema) },
      },
    },
    async (request) =>
      ok(await staff.setStaffRoles(ctx, staffOf(request), request.params.id, request.body.roles)),
  );

  app.post(
    '/v1/staff/:id/disable',
    {
      config: { auth: 'staff', permission: 'staff.manage', stepUp: true },
      schema: {
        tags: ['staff'],
        summary: 'Disables a staff user and ends their sessions',
        params: staffIdParams,
        response: { 200: envelope(staffUserSchema) },
      },
    },
    async (request) => ok(await staff.disableStaffUser(ctx, staffOf(request), request.params.id)),
  );

  app.post(
    '/v1/staff/bootstrap',
    {
      config: {
        auth: 'public',
        rateLimit: limits.perMinute,
        openapi: { errors: { 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags: ['staff'],
        summary:
          'Creates the first staff admin with the server’s one-time bootstrap secret (ops staff bootstrap)',
        body: staffBootstrapInput,
        response: { 200: envelope(staffCreatedSchema) },
      },
    },
    async (request) => {
      const state = app.staffBootstrap;
      const { bootstrapSecret, ...input } = request.body;
      if (!state?.secret || !safeEqual(state.secret, bootstrapSecret)) {
        throw new DomainError(
          E.Forbidden,
          'Bootstrap refused: run `ops staff bootstrap` on the server while no staff user exists.',
          403,
        );
      }
      const created = await staff.createStaffUser(ctx, { ...input, roles: ['staff_admin'] }, 'bootstrap');
      state.secret = undefined;
      state.done?.();
      return ok(await createdOf(created));
    },
  );

  async function createdOf(created: { id: number; totpSecret: string; otpauthUri: string }) {
    const user = await staff.getStaffUser(ctx, created.id);
    return { user, totpSecret: created.totpSecret, otpauthUri: created.otpauthUri };
  }
}
