import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';

export function PublicLayout({
  title,
  updated,
  children,
}: {
  title: string;
  updated?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-white">
      <header className="border-b border-slate-100">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between px-5">
          <Link to="/login" aria-label="Imali">
            <Logo />
          </Link>
          <nav className="flex gap-4 text-sm font-medium text-slate-600">
            <Link to="/about" className="hover:text-brand-700">
              About
            </Link>
            <Link to="/privacy" className="hover:text-brand-700">
              Privacy
            </Link>
            <Link to="/cookie" className="hover:text-brand-700">
              Cookies
            </Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-5 py-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {updated && <p className="mt-2 text-sm text-slate-500">Last updated {updated}</p>}
        <div className="prose-imali mt-8 space-y-5 text-[15px] leading-7 text-slate-700 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1.5">
          {children}
        </div>
      </main>
      <footer className="border-t border-slate-100 py-8 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} Imali. Investing involves risk; the value of investments can go down as
        well as up.
      </footer>
    </div>
  );
}
