import { Suspense } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { BriefcaseIcon, ChartIcon, ShieldIcon } from '@/components/ui/icons';
import { useProfile } from '@/lib/profile';
import { Skeleton } from '@/components/ui/skeleton';
import { slots } from '../registry/slots';
import { PageHeader } from './page-header';

export default function DashboardScreen() {
  const { data: profile } = useProfile();
  const firstName = profile?.name?.split(' ')[0];
  const Wallet = slots.dashboardWallet;
  const IndexCards = slots.dashboardIndexCards;
  return (
    <div>
      <PageHeader
        title="Home"
        description={firstName ? `Welcome back, ${firstName}.` : 'Welcome to Imali.'}
      />
      <section className="mb-6 overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-700 to-brand-500 p-6 text-white shadow-lg shadow-brand-900/10 sm:p-8">
        <p className="text-sm font-medium text-brand-100">Total portfolio value</p>
        <p className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          <span className="text-gold-300">ZAR</span> —
        </p>
        <p className="mt-3 max-w-lg text-sm text-brand-100">
          Your accounts, balances and returns will appear here once funding and trading open on your account.
        </p>
      </section>
      {IndexCards && (
        <section aria-label="Markets" className="mb-6">
          <h2 className="mb-3 text-base font-semibold text-slate-900">Markets</h2>
          <Suspense fallback={<Skeleton className="h-[118px] w-full rounded-2xl" />}>
            <IndexCards />
          </Suspense>
        </section>
      )}
      {Wallet && (
        <div className="mb-6">
          <Suspense fallback={<Skeleton className="h-48 w-full rounded-2xl" />}>
            <Wallet />
          </Suspense>
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-3">
        <EmptyState
          icon={<BriefcaseIcon />}
          title="No holdings yet"
          description="Positions you open will be listed here."
        />
        <EmptyState
          icon={<ChartIcon />}
          title="Market overview"
          description="Index prices and movers are coming soon."
        />
        <EmptyState
          icon={<ShieldIcon />}
          title="Account secured"
          description="Your identity is verified. Set a PIN in the account panel to prepare for trading."
        />
      </div>
    </div>
  );
}
