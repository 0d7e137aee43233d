import type { StaffMe, StaffPermission } from '@imali/contract';
import { type QueryClient, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ME_KEY, meQuery, signOut } from '../features/auth/auth-api';
import { setUnauthenticatedHandler } from '../lib/api';

/** The server ends a session after 15 minutes without a request (decision 0057). */
export const IDLE_LIMIT_MS = 15 * 60_000;

/** Why the sign-in screen is shown, carried in the navigation state. */
export type SignInReason = 'expired' | 'idle' | 'signed-out';
export interface SignInState {
  reason?: SignInReason;
  from?: string;
}

const SessionContext = createContext<StaffMe | null>(null);

/** The signed-in staff user (inside the shell only). */
export function useStaff(): StaffMe {
  const me = useContext(SessionContext);
  if (!me) throw new Error('useStaff outside a signed-in shell');
  return me;
}

export function useCan() {
  const me = useStaff();
  return (permission: StaffPermission) => me.permissions.includes(permission);
}

/**
 * Renders its children for a signed-in staff user, or sends the browser to sign-in. While mounted,
 * any 401 of the staff API (session expired or ended) and a quarter of an hour without activity
 * in this tab both lead back to sign-in with a message.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { data: me } = useSuspenseQuery(meQuery);
  const location = useLocation();
  const queryClient = useQueryClient();

  useEffect(() => {
    let left = false;
    const leave = (reason: SignInReason) => {
      // Once: later ticks and 401s of requests still under way change nothing.
      if (left) return;
      left = true;
      // Idle here: end the session on the server too, not only in this tab.
      if (reason === 'idle') signOut().catch(() => {});
      endSession(queryClient, reason);
    };
    const unset = setUnauthenticatedHandler(() => leave('expired'));
    let lastActivity = Date.now();
    const touch = () => {
      lastActivity = Date.now();
    };
    const events = ['pointerdown', 'keydown', 'wheel'] as const;
    for (const event of events) window.addEventListener(event, touch, { passive: true });
    const expiresAt = me ? Date.parse(me.sessionExpiresAt) : Infinity;
    const timer = window.setInterval(() => {
      const now = Date.now();
      if (now >= expiresAt) leave('expired');
      else if (now - lastActivity >= IDLE_LIMIT_MS) leave('idle');
    }, 15_000);
    return () => {
      unset();
      window.clearInterval(timer);
      for (const event of events) window.removeEventListener(event, touch);
    };
  }, [me, queryClient]);

  if (!me) {
    const state: SignInState = { from: location.pathname, ...(signInReason ? { reason: signInReason } : {}) };
    return <Navigate to="/login" replace state={state} />;
  }
  return <SessionContext.Provider value={me}>{children}</SessionContext.Provider>;
}

/**
 * Why the last session ended in this tab, for the sign-in screen: kept here rather than passed
 * with a navigation, because the guard below redirects as soon as the session is forgotten.
 */
let signInReason: SignInReason | undefined;

/** The session is over: the guard sends the browser to sign-in, which says why. */
export function endSession(queryClient: QueryClient, reason: SignInReason) {
  signInReason = reason;
  queryClient.setQueryData(ME_KEY, null);
}

/** Signed in again: the next sign-in screen has no reason to give, and no data of before is kept. */
export function startSession(queryClient: QueryClient, me: StaffMe) {
  signInReason = undefined;
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
  queryClient.setQueryData(ME_KEY, me);
}
