import { NavLink, Link } from 'react-router';
import type { ClientProfile } from '@imali/contract';
import { SearchIcon } from '@/components/ui/icons';
import { rightDrawer } from '@/components/ui/right-drawer';
import { useStore } from '@/lib/create-store';
import { cn } from '@/lib/cn';
import { isMacPlatform } from '@/lib/platform';
import { AvatarDrawer } from '@/features/identity/components/avatar-drawer';
import { UserAvatar } from '@/features/identity/components/user-avatar';
import { avatarDrawerActions } from '../registry/avatar-actions';
import { menuStore } from '../menu';
import { Logo } from '@/components/ui/logo';
import { searchDialog } from './search-dialog';
import { SystemClock } from './system-clock';

export function Header({ profile }: { profile: ClientProfile | undefined }) {
  const menu = useStore(menuStore);
  const shortcut = isMacPlatform() ? 'Cmd K' : 'Ctrl K';
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 lg:gap-6 lg:px-6">
        <Link to="/dashboard" aria-label="Imali home" className="shrink-0">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {menu.map((entry) => (
            <NavLink
              key={entry.path}
              to={entry.path}
              className={({ isActive }) =>
                cn(
                  'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  isActive
                    ? 'bg-brand-50 text-brand-700'
                    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              {entry.meta.title}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <button
            type="button"
            onClick={searchDialog.open}
            // Named by its visible text (WCAG 2.5.3 label in name); on a phone the text is
            // visually hidden but still read.
            aria-keyshortcuts={isMacPlatform() ? 'Meta+K' : 'Control+K'}
            data-testid="header-search"
            className="flex h-9 items-center gap-2 rounded-xl border border-slate-200 bg-slate-50 px-2.5 text-sm text-slate-500 transition-colors hover:border-brand-300 hover:bg-white sm:w-56 lg:w-64"
          >
            <SearchIcon size={17} />
            <span className="sr-only flex-1 text-left sm:not-sr-only">Search...</span>
            <kbd className="hidden rounded-md border border-slate-200 bg-white px-1.5 py-0.5 font-sans text-[11px] font-semibold text-slate-500 sm:inline">
              {shortcut}
            </kbd>
          </button>
          <SystemClock />
          <button
            type="button"
            aria-label="Open account panel"
            data-testid="avatar-button"
            onClick={() => rightDrawer.open(AvatarDrawer, { extraActions: avatarDrawerActions }, 'Account')}
            className="rounded-full ring-2 ring-transparent transition hover:ring-brand-200"
          >
            <UserAvatar profile={profile} size={36} />
          </button>
        </div>
      </div>
    </header>
  );
}
