import { NavLink } from 'react-router';
import { BriefcaseIcon, ChartIcon, CompassIcon, HomeIcon, UserIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

export const BOTTOM_TABS = [
  { to: '/dashboard', label: 'Home', Icon: HomeIcon },
  { to: '/market', label: 'Market', Icon: ChartIcon },
  { to: '/discover', label: 'Discover', Icon: CompassIcon },
  { to: '/portfolio', label: 'Portfolio', Icon: BriefcaseIcon },
  { to: '/me', label: 'Me', Icon: UserIcon },
] as const;

/** Mobile (below 768 px) bottom navigation with the five tabs; the active one is highlighted. */
export function BottomNav() {
  return (
    <nav
      aria-label="Bottom navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-5">
        {BOTTOM_TABS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium transition-colors',
                  isActive ? 'text-brand-600' : 'text-slate-500 hover:text-slate-800',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cn(
                      'flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                      isActive && 'bg-brand-50',
                    )}
                  >
                    <Icon size={20} strokeWidth={isActive ? 2.2 : 1.8} />
                  </span>
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
