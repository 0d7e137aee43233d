import { matchPath } from 'react-router';
import { DEFAULT_MENU, type MenuEntry } from '@imali/contract';
import { sessionFlags } from './auth-storage';

const RETURN_ROUTE_KEY = 'imali.return-route';

/** The web app's own routes (spec section 2), beside the server's menu. */
export const STATIC_ROUTES = ['/', '/login', '/kyc', '/about', '/privacy', '/cookie', '/error'] as const;

/** Every path pattern of a menu, children joined to their parent (`/portfolio/order/:id`). */
function menuPatterns(entries: readonly MenuEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path.startsWith('/') ? entry.path : `${parent.replace(/\/$/, '')}/${entry.path}`;
    return [own, ...menuPatterns(entry.children ?? [], own)];
  });
}

const DEFAULT_PATTERNS = menuPatterns(DEFAULT_MENU);

/**
 * Whether `route` (a path, with or without its query and anchor) is one of the app's routes: a
 * static route, or a path a menu entry matches, params included (`/portfolio/order/12`). Signed
 * out, the server's menu is not known yet: the menu the server delivers by default stands for it.
 * Only a path of this origin counts (`//host/…` and `https://…` are not routes).
 */
export function isKnownRoute(route: string, menu: readonly MenuEntry[] = DEFAULT_MENU): boolean {
  if (!route.startsWith('/') || route.startsWith('//')) return false;
  const pathname = route.replace(/[?#].*$/, '');
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if ((STATIC_ROUTES as readonly string[]).includes(path)) return true;
  const patterns = menu === DEFAULT_MENU ? DEFAULT_PATTERNS : menuPatterns(menu);
  return patterns.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null);
}

/**
 * Where to send the user once sign-in and KYC allow it (spec section 2, route guard): only a
 * route the app knows, so a mistyped link does not become the 404 page right after sign-in.
 */
export const returnRoute = {
  get: (): string | null => sessionFlags.get(RETURN_ROUTE_KEY),
  set: (path: string | null): void => sessionFlags.set(RETURN_ROUTE_KEY, path),
  /** Reads and forgets it; null unless it is a known route (it may have been stored before). */
  take(): string | null {
    const path = sessionFlags.get(RETURN_ROUTE_KEY);
    sessionFlags.set(RETURN_ROUTE_KEY, null);
    return path !== null && isKnownRoute(path) ? path : null;
  },
};
