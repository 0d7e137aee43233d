import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { FullScreenLoader } from '@/components/ui/loader';
import { isOfflineError, loadOrOffline } from '@/lib/http';
import { authStorage } from '@/lib/auth-storage';
import { returnRoute } from '@/lib/return-route';
import { profileQueryOptions } from '@/lib/profile';
import { decideRoute, needsKycStatus } from './guard';
import { attachMenuRoutes, LAYOUT_ROUTE_ID, menuAttached, type RouteHandle } from './menu';
import { queryClient } from './query-client';
import { RootShell, RouteErrorBoundary } from './root-shell';
import ErrorPage from './screens/error-page';

async function guardLoader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  const authenticated = authStorage.getToken() !== null;
  let kycStatus = null;
  if (needsKycStatus(path, authenticated)) {
    try {
      kycStatus = (await queryClient.ensureQueryData(profileQueryOptions)).kycStatus;
    } catch (error) {
      if (isOfflineError(error)) throw redirect('/error');
      kycStatus = null;
    }
  }
  const decision = decideRoute({
    path,
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
    HydrateFallback: FullScreenLoader,
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
        lazy: async () => ({
          Component: (await loadOrOffline(() => import('./layout/app-layout'))).AppLayout,
        }),
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

export function createAppRouter() {
  return createBrowserRouter(staticRoutes, {
    // The menu routes are attached once, before the first navigation that falls through to
    // the 404 splat (which is how a not-yet-attached /dashboard first matches).
    async patchRoutesOnNavigation({ patch }) {
      if (menuAttached() || authStorage.getToken() === null) return;
      try {
        await attachMenuRoutes(patch);
      } catch (error) {
        console.error('Failed to load the menu', error);
      }
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
