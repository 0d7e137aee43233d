import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useMatches, useNavigate, useRouteError } from 'react-router';
import { AfterFirstPaint } from '@/components/ui/after-first-paint';
import { preloadDialogShell } from '@/components/ui/dialog-shell';
import { ModalHost } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';
import { browserIsOffline, isOfflineError } from '@/lib/http';
import { lazyRetry } from '@/lib/lazy-retry';
import { closeOverlays } from './close-overlays';
import type { RouteHandle } from './menu';
import { LAYOUT_ROUTE_ID } from './route-ids';

const OverlayHosts = lazyRetry(() => import('./overlay-hosts'));

/**
 * The drawers, once a signed-in route (under the layout) has shown; they stay mounted after that
 * (a drawer closing as the user leaves still animates and returns focus).
 */
function SignedInOverlays() {
  const signedIn = useMatches().some((m) => m.id === LAYOUT_ROUTE_ID);
  const [wanted, setWanted] = useState(signedIn);
  if (signedIn && !wanted) setWanted(true);
  if (!wanted) return null;
  // Loaded once the first signed-in screen has painted: a drawer opened before then opens as
  // soon as its host mounts (the drawers' state lives in their stores, not in the hosts).
  return (
    <AfterFirstPaint placeholder={null}>
      <Suspense fallback={null}>
        <OverlayHosts />
      </Suspense>
    </AfterFirstPaint>
  );
}

export const APP_NAME = 'Imali';

/** Sets 'Imali | <title>' from the deepest matched route that has a title. */
function TitleSync() {
  const matches = useMatches();
  const titled = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title);
  const title = (titled?.handle as RouteHandle | undefined)?.title;
  useEffect(() => {
    document.title = title ? `${APP_NAME} | ${title}` : APP_NAME;
  }, [title]);
  return null;
}

/** Scrolls to `#anchor` targets (e.g. /me/profile#bank-section) once they render. */
function ScrollToHash() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    const timer = setInterval(() => {
      const el = document.getElementById(id);
      if (el || ++tries > 40) {
        clearInterval(timer);
        el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
    }, 50);
    return () => clearInterval(timer);
  }, [hash, pathname]);
  return null;
}

const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown'] as const;

export function RootShell() {
  useEffect(() => {
    // The dialog code is not in the entry bundle (sign-in budget), nor fetched before anyone
    // touches the page: the first pointer, touch or key fetches it, well before a click or key
    // can open a modal (the signed-in layout preloads it once its first screen has painted).
    const preload = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, preload, true);
      void preloadDialogShell({ speculative: true }).catch(() => undefined);
    };
    for (const type of INTERACTIONS) window.addEventListener(type, preload, { capture: true, passive: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, preload, true);
    };
  }, []);
  return (
    <>
      <TitleSync />
      <ScrollToHash />
      <Outlet />
      <SignedInOverlays />
      <ModalHost />
    </>
  );
}

/**
 * What the app shows when a route fails to load or render. A failure while the browser is
 * offline (a request, or a screen's code that could not be fetched) replaces the route with
 * /error (spec sections 2 and 8); anything else offers a reload.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const offline = isOfflineError(error) || browserIsOffline();
  useEffect(() => {
    if (!offline) {
      console.error(error);
      return;
    }
    // Overlays go first: a drawer whose code failed to load would fail again on /error.
    closeOverlays();
    void navigate('/error', { replace: true });
  }, [offline, error, navigate]);
  if (offline) return null;
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold text-brand-700">Something went wrong</h1>
      <p className="max-w-md text-slate-600">
        This page could not be shown. Reload to get the latest version of Imali, or go back to the start.
      </p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Link
          to="/"
          className="inline-flex h-10 items-center rounded-xl px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          Go to start
        </Link>
      </div>
    </div>
  );
}
