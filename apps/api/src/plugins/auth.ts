import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
} from 'fastify';
import {
  ErrorCode,
  Messages,
  STEP_UP_ASSERTION_HEADER,
  STEP_UP_HEADER,
  type StaffPermission,
} from '@imali/contract';
import type { AppContext } from '../lib/context';
import { DomainError } from './errors';
import {
  assertFreshPin,
  assertKycApproved,
  authenticate,
  type Principal,
} from '../modules/session/session.service';
import { authenticateStaff, verifyStepUp, type StaffPrincipal } from '../modules/staff/staff.service';
import { requestHashOf } from '../modules/staff/request-hash';

/**
 * Route access is declared in the route's `config`:
 * - `auth`: 'client' (default under /api), 'public', 'staff' (default under /ops: a staff
 *   session cookie on the ops origin; the shared operator token is gone, decision 0062), or 'market' (the stock-data API checks its own key).
 * - `kyc: true` needs approved KYC; `pin: true` needs a PIN verified on this session recently.
 * - `permission` (staff routes): the staff permission the caller's roles must grant, else 403.
 * - `stepUp: true` (staff routes): a fresh TOTP code in the `x-step-up-code` header, bound to the
 *   hash of this exact request (method, path, canonical body) and spent on it (decision 0057), or
 *   a passkey's assertion in `x-step-up-assertion` of a challenge issued for that hash (decision
 *   0066). `stepUp: 'totp'`: only a code (adding or removing a passkey).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: 'client' | 'public' | 'market' | 'staff';
    kyc?: boolean;
    pin?: boolean;
    permission?: StaffPermission;
    stepUp?: boolean | 'totp';
  }
  interface FastifyRequest {
    principal?: Principal;
    staff?: StaffPrincipal;
    /** The hash of a step-up route's request, as its code was verified against. */
    stepUpHash?: string;
  }
}

/** The staff session cookie: only on the ops origin; only its SHA-256 is stored. */
export const STAFF_COOKIE = 'imali_staff';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/** One header's value (the first, when sent twice). */
function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The signed-in client of a route that requires one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new DomainError(ErrorCode.Unauthenticated, Messages.sessionExpired, 401);
  return request.principal;
}

/** The signed-in staff user of a route with `auth: 'staff'`. */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new DomainError(ErrorCode.Unauthenticated, Messages.sessionExpired, 401);
  return request.staff;
}

/** 403 unless the staff user's roles grant `permission` (for a check inside a handler). */
export function assertStaffPermission(staff: StaffPrincipal, permission: StaffPermission) {
  if (!staff.permissions.includes(permission)) {
    throw new DomainError(
      ErrorCode.Forbidden,
      `Your staff role does not allow this: it needs the permission ${permission}.`,
      403,
    );
  }
}

/** A cookie of the request by name (the Cookie header; no other cookie is read anywhere). */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    // Our tokens are base64url: taken as sent, never percent-decoded (a malformed escape must not throw).
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * Sets (or, with no token, clears) the staff session cookie: httpOnly (no script reads it),
 * SameSite=Strict (no other site's page sends it), Path=/, Secure when the request came over
 * https (TRUST_PROXY lets a proxy say so). It lasts as long as the session at most.
 */
export function setStaffCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | undefined,
  maxAgeSeconds = 0,
) {
  const parts = [
    `${STAFF_COOKIE}=${token ?? ''}`,
    'HttpOnly',
    'SameSite=Strict',
    'Path=/',
    `Max-Age=${token ? Math.max(0, Math.floor(maxAgeSeconds)) : 0}`,
  ];
  if (request.protocol === 'https') parts.push('Secure');
  void reply.header('set-cookie', parts.join('; '));
}

export interface AuthOptions {
  /**
   * 'ops' on the ops app (its own origin): state-changing requests of staff and public routes must
   * carry an allowed Origin (config.opsOrigins). 'client' on the client app.
   */
  surface?: 'client' | 'ops';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerAuth(app: FastifyInstance, ctx: AppContext, options: AuthOptions = {}) {
  app.decorateRequest('principal', undefined);
  app.decorateRequest('staff', undefined);
  app.decorateRequest('stepUpHash', undefined);
  const surface = options.surface ?? 'client';

  // Cross-site request forgery: SameSite=Strict keeps other sites' requests cookie-less, and a
  // state-changing request must also say it comes from the console's origin (a missing Origin is
  // refused too: browsers send it on every such request; the CLI sends it as well).
  const originHook: onRequestHookHandler = (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    if (!origin || !ctx.config.opsOrigins.includes(origin)) {
      return done(
        new DomainError(
          ErrorCode.Forbidden,
          'This request must come from the operator console (its Origin is missing or not the console’s).',
          403,
        ),
      );
    }
    done();
  };
  const staffHook =
    (config: FastifyContextConfig): onRequestHookHandler =>
    (request, _reply, done) => {
      // Only the cookie: a bearer token (a client's) is never a staff credential.
      authenticateStaff(ctx, cookieOf(request, STAFF_COOKIE)).then((staff) => {
        request.staff = staff;
        try {
          if (config.permission) assertStaffPermission(staff, config.permission);
        } catch (error) {
          return done(error as Error);
        }
        done();
      }, done);
    };
  // The hash of the request as sent, before validation: what the console binds a passkey
  // challenge to (it cannot know what a schema's defaults or trimming make of its body).
  const rawHashes = new WeakMap<FastifyRequest, string>();
  const rawHashHook: preValidationHookHandler = (request, _reply, done) => {
    try {
      rawHashes.set(request, requestHashOf(request.method, request.url, request.body));
    } catch {
      // A body with no JSON form: only the validated body's hash will do (as for a code).
    }
    done();
  };
  // After the body is parsed and validated: the code is checked against this exact request.
  const stepUpHook =
    (totpOnly: boolean): preHandlerHookHandler =>
    (request, _reply, done) => {
      const staff = staffOf(request);
      const hash = requestHashOf(request.method, request.url, request.body);
      const raw = rawHashes.get(request);
      verifyStepUp(
        ctx,
        staff,
        {
          code: headerOf(request, STEP_UP_HEADER),
          assertion: headerOf(request, STEP_UP_ASSERTION_HEADER),
          origin: request.headers.origin,
          ...(raw && raw !== hash ? { rawRequestHash: raw } : {}),
          totpOnly,
        },
        hash,
      ).then(() => {
        request.stepUpHash = hash;
        done();
      }, done);
    };

  const clientHook =
    (config: FastifyContextConfig): onRequestHookHandler =>
    (request, _reply, done) => {
      authenticate(ctx, bearerToken(request)).then((principal) => {
        request.principal = principal;
        try {
          if (config.kyc) assertKycApproved(principal);
          if (config.pin) assertFreshPin(ctx, principal);
        } catch (error) {
          return done(error as Error);
        }
        done();
      }, done);
    };

  // Access is decided once per route, when it is registered: a route that needs a principal gets
  // the hook in front of its own, and public and market routes (the hot ones) get none.
  app.addHook('onRoute', (route) => {
    const config: FastifyContextConfig = route.config ?? {};
    const mode = config.auth ?? defaultAccess(route.url);
    // Staff routes live on the ops app alone: there the Origin check guards them (decision 0057).
    if (mode === 'staff' && surface !== 'ops') {
      throw new Error(
        `${route.url}: staff routes are registered on the ops app (buildOpsApp), not the client app`,
      );
    }
    const hooks: onRequestHookHandler[] = [];
    if (surface === 'ops' && (mode === 'staff' || mode === 'public')) hooks.push(originHook);
    if (mode === 'client') hooks.push(clientHook(config));
    else if (mode === 'staff') hooks.push(staffHook(config));
    if (hooks.length > 0) {
      const own = route.onRequest;
      route.onRequest = [...hooks, ...(Array.isArray(own) ? own : own ? [own] : [])];
    }
    if (config.stepUp) {
      if (mode !== 'staff') throw new Error(`${route.url}: stepUp needs auth 'staff'`);
      const own = route.preHandler;
      route.preHandler = [
        stepUpHook(config.stepUp === 'totp'),
        ...(Array.isArray(own) ? own : own ? [own] : []),
      ];
      const ownValidation = route.preValidation;
      route.preValidation = [
        rawHashHook,
        ...(Array.isArray(ownValidation) ? ownValidation : ownValidation ? [ownValidation] : []),
      ];
    }
  });
}

/** Access of a route that does not declare one, by where it lives. */
export function defaultAccess(url: string): NonNullable<FastifyContextConfig['auth']> {
  if (url.startsWith('/api/docs')) return 'public';
  if (url.startsWith('/api/')) return 'client';
  if (url.startsWith('/ops/')) return 'staff';
  return 'public';
}
