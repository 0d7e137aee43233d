import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { MenuEntry } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';
import { authStorage } from '@/lib/auth-storage';
import { loadOrOffline } from '@/lib/http';
import { profileQueryOptions } from '@/lib/profile-query';
import { createStore } from '@/lib/create-store';
import { decideRoute } from './guard';
import { loadQueryClient } from './query-provider';
import { screenData, type ScreenDataPrefetch } from './registry/screen-data';
import { screenRegistry } from './registry/screens';
import { LAYOUT_ROUTE_ID } from './route-ids';

export { LAYOUT_ROUTE_ID };

/** The menu delivered by the server for this user (header nav links read it). */
export const menuStore = createStore<MenuEntry[]>([]);

export function fetchMenu(): Promise<MenuEntry[]> {
  return api.call(apiRoutes.menu);
}

export interface RouteHandle {
  title?: string;
}

/** Menu entries → routes under the layout; a component key without a screen is skipped (logged). */
export function menuToRoutes(entries: MenuEntry[], parentId = 'menu'): RouteObject[] {
  return entries.flatMap((entry): RouteObject[] => {
    const load = screenRegistry[entry.component];
    if (!load) {
      console.error(`No screen registered for menu component '${entry.component}'`);
      return [];
    }
    const id = `${parentId}:${entry.name}`;
    const target = entry.redirect;
    const children: RouteObject[] = [
      ...(target ? [{ id: `${id}:index`, index: true, loader: () => redirect(target) } as RouteObject] : []),
      ...menuToRoutes(entry.children ?? [], id),
    ];
    const handle: RouteHandle = { title: entry.meta.title };
    const prefetch = screenData[entry.component];
    return [
      {
        id,
        path: entry.path,
        handle,
        // A static loader runs beside `lazy`: the screen's first requests start with its code.
        // It returns at once, so a slow request never holds the navigation up.
        ...(prefetch
          ? {
              loader: ({ request }: LoaderFunctionArgs) => {
                startPrefetch(prefetch, new URL(request.url));
                return null;
              },
            }
          : {}),
        lazy: async () => ({ Component: (await loadOrOffline(load)).default }),
        ...(children.length > 0 ? { children } : {}),
      },
    ];
  });
}

/**
 * Starts loading the screens a path most likely shows while the menu is still on its way (the
 * default menu's component keys are its paths: /portfolio/summary → 'portfolio',
 * 'portfolio/summary'). Only a head start: the menu still decides what renders.
 */
export function preloadScreensFor(path: string): void {
  const segments = path.replace(/^\/+|\/+$/g, '').split('/');
  for (let i = 1; i <= segments.length; i++) {
    const load = screenRegistry[segments.slice(0, i).join('/')];
    if (load) void load().catch(() => undefined);
  }
}

/**
 * Starts a screen's first requests once the route guard would show the screen: the guard decides
 * first (issue 24). The loader runs beside the guard's, so without this a client still in KYC
 * going to /dashboard asked for the dashboard's figures (three 403s) on the way to /kyc. The
 * profile is the guard's own query, already on its way (or cached), so this waits for one answer
 * and fetches nothing more.
 */
async function prefetchIfAllowed(prefetch: ScreenDataPrefetch, url: URL): Promise<void> {
  const client = await loadQueryClient();
  const { kycStatus } = await client.ensureQueryData(profileQueryOptions);
  const decision = decideRoute({
    path: url.pathname,
    authenticated: authStorage.getToken() !== null,
    kycStatus,
    returnRoute: null,
  });
  if (decision.action === 'allow') prefetch(client, url);
}

function startPrefetch(prefetch: ScreenDataPrefetch, url: URL): void {
  prefetchIfAllowed(prefetch, url).catch(() => undefined);
}

/**
 * Starts the first requests of the screens a URL most likely shows, as `preloadScreensFor` starts
 * their code: on a cold load this runs while the menu is still being fetched.
 */
export function prefetchScreenDataFor(url: URL): void {
  const segments = url.pathname.replace(/^\/+|\/+$/g, '').split('/');
  for (let i = 1; i <= segments.length; i++) {
    const prefetch = screenData[segments.slice(0, i).join('/')];
    if (prefetch) startPrefetch(prefetch, url);
  }
}

let attached = false;
let attaching: Promise<void> | null = null;

export function menuAttached(): boolean {
  return attached;
}

/**
 * Fetches the menu and attaches its routes, once, before the first navigation that needs them
 * (spec section 2). Later calls are no-ops; a failed fetch may be retried by the next navigation.
 */
export function attachMenuRoutes(patch: (routeId: string, children: RouteObject[]) => void): Promise<void> {
  if (attached) return Promise.resolve();
  attaching ??= fetchMenu()
    .then((menu) => {
      if (attached) return;
      patch(LAYOUT_ROUTE_ID, menuToRoutes(menu));
      menuStore.set(menu);
      attached = true;
    })
    .finally(() => {
      attaching = null;
    });
  return attaching;
}
