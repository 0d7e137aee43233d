import type { KycStatus } from '@imali/contract';
import { isKnownRoute } from '@/lib/return-route';

/** Paths anyone may open (spec section 2); /error is reachable too, as it shows when offline. */
export const PUBLIC_PATHS = ['/login', '/about', '/privacy', '/cookie', '/error'] as const;
export const LOGIN_PATH = '/login';
export const KYC_PATH = '/kyc';
export const HOME_PATH = '/dashboard';

export interface GuardInput {
  /** The pathname being opened. */
  path: string;
  /** Its query (`?list=history`) and anchor (`#bank-section`), kept in the route it remembers. */
  search?: string;
  hash?: string;
  /** A session token is stored. */
  authenticated: boolean;
  /** The verified KYC status; null when the session could not be verified (or was not asked). */
  kycStatus: KycStatus | null;
  /** Where the user wanted to go before being held at /login or /kyc. */
  returnRoute: string | null;
}

export type GuardDecision =
  | { action: 'allow' }
  | {
      action: 'redirect';
      to: string;
      /** Remember this path to come back to it later. */
      remember?: string;
      /** The stored return route was used up. */
      consumedReturn?: boolean;
    };

export function isPublicPath(path: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(normalize(path));
}

/** Whether the guard needs the verified KYC status to decide about `path`. */
export function needsKycStatus(path: string, authenticated: boolean): boolean {
  if (!authenticated) return false;
  const p = normalize(path);
  return p === LOGIN_PATH || !isPublicPath(p);
}

function normalize(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** A signed-in route the app knows (issue 24: never the 404 page of a mistyped link). */
function worthReturningTo(route: string): boolean {
  const path = normalize(route.replace(/[?#].*$/, ''));
  return (
    path !== '/' && path !== LOGIN_PATH && path !== KYC_PATH && !isPublicPath(path) && isKnownRoute(route)
  );
}

/** The route guard of spec section 2, as a pure decision. */
export function decideRoute({
  path: rawPath,
  search = '',
  hash = '',
  authenticated,
  kycStatus,
  returnRoute,
}: GuardInput): GuardDecision {
  const path = normalize(rawPath);
  const route = `${path}${search}${hash}`;

  if (path === LOGIN_PATH) {
    // Signed in already: verify and send on by KYC status; unverifiable sessions stay to sign in.
    if (authenticated && kycStatus !== null) {
      return { action: 'redirect', to: kycStatus === 'approved' ? HOME_PATH : KYC_PATH };
    }
    return { action: 'allow' };
  }
  if (isPublicPath(path)) return { action: 'allow' };

  if (!authenticated || kycStatus === null) {
    return worthReturningTo(route)
      ? { action: 'redirect', to: LOGIN_PATH, remember: route }
      : { action: 'redirect', to: LOGIN_PATH };
  }

  if (kycStatus !== 'approved') {
    if (path === KYC_PATH) return { action: 'allow' };
    return worthReturningTo(route)
      ? { action: 'redirect', to: KYC_PATH, remember: route }
      : { action: 'redirect', to: KYC_PATH };
  }

  if (path === KYC_PATH) {
    if (returnRoute === null) return { action: 'redirect', to: HOME_PATH };
    // A stored route the app does not know is used up too: /dashboard, and it is forgotten.
    return {
      action: 'redirect',
      to: worthReturningTo(returnRoute) ? returnRoute : HOME_PATH,
      consumedReturn: true,
    };
  }
  return { action: 'allow' };
}
