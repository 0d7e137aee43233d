import type { StaffPermission } from '@imali/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { StepUpProvider } from '../components/step-up';
import { Alert, Button, cx } from '../components/ui';
import { signOut } from '../features/auth/auth-api';
import { FORBIDDEN_MESSAGE } from '../lib/api';
import { navFor } from './nav';
import { endSession, useStaff } from './session';

/** Header (who is signed in, sign out), the navigation of what the roles allow, the screen. */
export function Shell() {
  const me = useStaff();
  const items = navFor(me.permissions);
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: signOut,
    onSettled: () => {
      endSession(queryClient, 'signed-out');
    },
  });

  return (
    <StepUpProvider passkeys={me.passkeys > 0}>
      <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <header className="flex items-center justify-between border-b border-slate-300 bg-white px-6 py-3">
          <span className="text-lg font-bold text-accent-800">Imali console</span>
          <div className="flex items-center gap-4 text-sm">
            <span>
              <span className="font-semibold" data-testid="staff-name">
                {me.displayName}
              </span>{' '}
              <span className="text-slate-600">({me.roles.map((r) => r.replace(/_/g, ' ')).join(', ')})</span>
            </span>
            <NavLink to="/sessions" className="text-accent-700 underline">
              My sessions &amp; passkeys
            </NavLink>
            <Button tone="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
              Sign out
            </Button>
          </div>
        </header>
        <div className="flex flex-1">
          <nav aria-label="Console" className="w-56 shrink-0 border-r border-slate-300 bg-white py-4">
            <ul>
              {items.map((item) => (
                <li key={item.path}>
                  <NavLink
                    to={item.path}
                    className={({ isActive }) =>
                      cx(
                        'block px-6 py-2 text-sm',
                        isActive
                          ? 'border-l-4 border-accent-700 bg-accent-50 font-semibold text-accent-800'
                          : 'text-slate-800 hover:bg-slate-100',
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-6">
            <Outlet />
          </main>
        </div>
      </div>
    </StepUpProvider>
  );
}

/** A screen the roles do not allow, reached by its address: says so instead of failing requests. */
export function RequirePermission({
  anyOf,
  children,
}: {
  anyOf: readonly StaffPermission[];
  children: ReactNode;
}) {
  const me = useStaff();
  if (!anyOf.some((p) => me.permissions.includes(p))) return <Alert>{FORBIDDEN_MESSAGE}</Alert>;
  return <>{children}</>;
}
