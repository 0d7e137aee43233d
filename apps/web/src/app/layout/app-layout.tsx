import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { preloadDialogShell } from '@/components/ui/dialog-shell';
import { Spinner } from '@/components/ui/spinner';
import { authStorage } from '@/lib/auth-storage';
import { ApiError } from '@/lib/http';
import { useProfile } from '@/lib/profile';
import { verifySession } from '@/features/identity/api/session';
import { isLoggingOut } from '@/features/identity/model/logout';
import { searchProvider } from '../registry/search';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { SearchDialog } from './search-dialog';

/** Runs `task` when the browser is idle (at most 2 s from now); returns the cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

export const SESSION_CHECK_INTERVAL_MS = 15 * 60 * 1000;

/** Every 15 minutes: verify the session; an expired one goes to /login. */
function useSessionCheck() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setInterval(() => {
      if (isLoggingOut() || authStorage.getToken() === null) return;
      verifySession().catch((error: unknown) => {
        if (error instanceof ApiError && (error.code === 'OFFLINE' || error.status === 0)) return;
        authStorage.clear();
        void navigate('/login', { replace: true });
      });
    }, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [navigate]);
}

export function AppLayout() {
  const { data: profile } = useProfile();
  useSessionCheck();
  // Signed-in screens open modals and drawers (PIN, receipts, quotes): have the dialog code ready,
  // fetched once the first screen has painted rather than beside its code and data.
  useEffect(() => whenIdle(() => void preloadDialogShell({ speculative: true }).catch(() => undefined)), []);
  return (
    <div className="min-h-screen">
      <Header profile={profile} />
      <main className="mx-auto max-w-7xl px-4 pt-20 pb-24 md:pb-10 lg:px-6">
        <Suspense
          fallback={
            <div className="flex justify-center py-20">
              <Spinner className="size-6 text-brand-500" label="Loading" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
      <SearchDialog provider={searchProvider} />
    </div>
  );
}
