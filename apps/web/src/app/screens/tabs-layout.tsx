import { NavLink, Outlet } from 'react-router';
import { cn } from '@/lib/cn';
import { PageHeader } from './page-header';

/** A screen with child routes shown as tabs (Portfolio, Me). */
export function TabsLayout({
  title,
  description,
  tabs,
}: {
  title: string;
  description: string;
  tabs: Array<{ to: string; label: string }>;
}) {
  return (
    <div>
      <PageHeader title={title} description={description} />
      <nav
        aria-label={`${title} sections`}
        className="mb-6 flex gap-1 overflow-x-auto rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200"
      >
        {tabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) =>
              cn(
                'flex-1 rounded-lg px-2 py-2 text-center text-[13px] font-semibold whitespace-nowrap transition-colors sm:px-4 sm:text-sm',
                isActive ? 'bg-brand-600 text-white shadow-sm' : 'text-slate-600 hover:bg-slate-50',
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
