import type { FastifyContextConfig, FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ErrorCode, Messages } from '@imali/contract';
import type { AppContext } from '../lib/context';
import { safeEqual } from '../lib/crypto';
import { DomainError } from './errors';
import {
  assertFreshPin,
  assertKycApproved,
  authenticate,
  type Principal,
} from '../modules/session/session.service';

/**
 * Route access is declared in the route's `config`:
 * - `auth`: 'client' (default under /api), 'public', 'ops' (default under /ops), or 'market'
 *   (the stock-data API checks its own key).
 * - `kyc: true` needs approved KYC; `pin: true` needs a PIN verified on this session recently.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: 'client' | 'public' | 'ops' | 'market';
    kyc?: boolean;
    pin?: boolean;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/** The signed-in client of a route that requires one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new DomainError(ErrorCode.Unauthenticated, Messages.sessionExpired, 401);
  return request.principal;
}

export function registerAuth(app: FastifyInstance, ctx: AppContext, opsToken: string) {
  app.decorateRequest('principal', undefined);

  const opsHook: onRequestHookHandler = (request, _reply, done) => {
    const token = bearerToken(request);
    if (!token || !safeEqual(token, opsToken)) {
      return done(new DomainError(ErrorCode.Unauthenticated, 'Operator token required.', 401));
    }
    done();
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
    if (mode === 'public' || mode === 'market') return;
    const hook = mode === 'ops' ? opsHook : clientHook(config);
    const own = route.onRequest;
    route.onRequest = [hook, ...(Array.isArray(own) ? own : own ? [own] : [])];
  });
}

/** Access of a route that does not declare one, by where it lives. */
export function defaultAccess(url: string): NonNullable<FastifyContextConfig['auth']> {
  if (url.startsWith('/api/docs')) return 'public';
  if (url.startsWith('/api/')) return 'client';
  if (url.startsWith('/ops/')) return 'ops';
  return 'public';
}
