import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { BootLoader } from '@/components/ui/loader';
import { isOfflineError, loadOrOffline } from '@/lib/http';
import { authStorage } from '@/lib/auth-storage';
import { returnRoute } from '@/lib/return-route';
import { profileQueryOptions } from '@/lib/profile-query';
import { decideRoute, needsKycStatus } from './guard';
import type { RouteHandle } from './menu';
import { loadQueryClient } from './query-provider';
import { LAYOUT_ROUTE_ID } from './route-ids';
import { RootShell, RouteErrorBoundary } from './root-shell';
import ErrorPage from './screens/error-page';

async function guardLoader({ request }: LoaderFunctionArgs) {
  const { pathname: path, search, hash } = new URL(request.url);
  const authenticated = authStorage.getToken() !== null;
  let kycStatus = null;
  if (needsKycStatus(path, authenticated)) {
    try {
      kycStatus = (await (await loadQueryClient()).ensureQueryData(profileQueryOptions)).kycStatus;
    } catch (error) {
      if (isOfflineError(error)) throw redirect('/error');
      kycStatus = null;
    }
  }
  const decision = decideRoute({
    path,
    search,
    hash,
    authenticated: authStorage.getToken() !== null,
    kycStatus,
    returnRoute: returnRoute.get(),
  });
  if (decision.action === 'allow') return null;
  if (decision.remember) returnRoute.set(decision.remember);
  if (decision.consumedReturn) returnRoute.set(null);
  throw redirect(decision.to);
}

const title = (t: string): { handle: RouteHandle } => ({ handle: { title: t } });

export const staticRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    HydrateFallback: BootLoader,
    ErrorBoundary: RouteErrorBoundary,
    loader: guardLoader,
    shouldRevalidate: () => true,
    children: [
      {
        path: '/login',
        ...title('Sign In'),
        lazy: async () => ({
          Component: (await loadOrOffline(() => import('@/features/identity/components/login-page')))
            .LoginPage,
        }),
      },
      {
        path: '/kyc',
        ...title('Identity Verification'),
        lazy: async () => ({
          Component: (await loadOrOffline(() => import('@/features/identity/components/kyc/kyc-page')))
            .KycPage,
        }),
      },
      {
        path: '/about',
        ...title('About'),
        lazy: async () => ({
          Component: (await loadOrOffline(() => import('./screens/public/about-page'))).default,
        }),
      },
      {
        path: '/privacy',
        ...title('Privacy Notice'),
        lazy: async () => ({
          Component: (await loadOrOffline(() => import('./screens/public/privacy-page'))).default,
        }),
      },
      {
        path: '/cookie',
        ...title('Cookie Notice'),
        lazy: async () => ({
          Component: (await loadOrOffline(() => import('./screens/public/cookie-page'))).default,
        }),
      },
      {
        // Not lazy: it must render while the browser is offline and cannot fetch a chunk.
        path: '/error',
        ...title('Connection Problem'),
        Component: ErrorPage,
      },
      {
        id: LAYOUT_ROUTE_ID,
        path: '/',
        lazy: async () => {
          // Its screens read Query: have the client in the context before they render.
          const [layout] = await Promise.all([
            loadOrOffline(() => import('./layout/app-layout')),
            loadQueryClient(),
          ]);
          return { Component: layout.AppLayout };
        },
        children: [{ index: true, loader: () => redirect('/dashboard') }],
      },
      {
        path: '*',
        ...title('Page Not Found'),
        lazy: async () => ({
          Component: (await loadOrOffline(() => import('./screens/not-found-page'))).default,
        }),
      },
    ],
  },
];

let prefetched = false;

/**
 * What a signed-in first load needs besides the menu, fetched beside it rather than after it: the
 * query client and the profile (the guard's next step), and the signed-in layout's code.
 */
function prefetchSignedIn(): void {
  if (prefetched) return;
  prefetched = true;
  void loadQueryClient()
    .then((client) => client.prefetchQuery(profileQueryOptions))
    .catch(() => undefined);
  void import('./layout/app-layout').catch(() => undefined);
}

export function createAppRouter() {
  return createBrowserRouter(staticRoutes, {
    // The menu routes are attached once, before the first navigation that falls through to
    // the 404 splat (which is how a not-yet-attached /dashboard first matches). The menu code
    // (and the screen registry) is loaded only then: the sign-in page does not carry it.
    async patchRoutesOnNavigation({ patch, path }) {
      if (authStorage.getToken() === null) return;
      try {
        prefetchSignedIn();
        const menu = await loadOrOffline(() => import('./menu'));
        if (menu.menuAttached()) return;
        menu.preloadScreensFor(path);
        // The address being opened (its query too, e.g. ?period=), when this is the first load.
        menu.prefetchScreenDataFor(
          new URL(window.location.pathname === path ? window.location.href : path, window.location.origin),
        );
        await menu.attachMenuRoutes(patch);
      } catch (error) {
        // Offline: the route error boundary shows /error (not the 404 page the menu-less routes
        // would match).
        if (isOfflineError(error)) throw error;
        console.error('Failed to load the menu', error);
      }
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
