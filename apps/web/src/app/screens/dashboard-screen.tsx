import { memo, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { AfterFirstPaint } from '@/components/ui/after-first-paint';
import { EmptyState } from '@/components/ui/empty-state';
import { ShieldIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { HotList } from '@/features/invest/components/offering-browser';
import { OrdersGlance } from '@/features/portfolio/components/orders-glance';
import { DashboardOverview } from '@/features/portfolio-stats/components/dashboard-overview';
import { useDashboardStats } from '@/features/portfolio-stats/components/use-dashboard-stats';
import { useAssetsVisibility } from '@/features/wallet/hooks/use-assets-visibility';
import { slots } from '../registry/slots';
import { PageHeader } from './page-header';
import { openOffering } from './trading/open-offering';

export default function DashboardScreen() {
  // Profile, portfolio and assets, each with its loading flag and failure toast (spec 4 and 8).
  const stats = useDashboardStats();
  const [visible, toggleVisible] = useAssetsVisibility();
  const profile = stats.profile.data;
  const firstName = profile?.name?.split(' ')[0];
  return (
    <div>
      <PageHeader
        title="Home"
        description={firstName ? `Welcome back, ${firstName}.` : 'Welcome to Imali.'}
      />
      <DashboardOverview stats={stats} visible={visible} onToggleVisibility={toggleVisible} />
      {/* Below the portfolio block (the first screen on a phone): rendered, and its requests
          sent, once the first screen has painted (decision 0039). */}
      <AfterFirstPaint placeholder={<Skeleton className="mb-6 h-[480px] w-full rounded-2xl" />}>
        <BelowTheFold />
      </AfterFirstPaint>
      {profile && !profile.has_pin && (
        <EmptyState
          icon={<ShieldIcon />}
          title="Set a PIN to trade"
          description="Every order is confirmed with your 6-digit PIN. Set one in the account panel from your avatar."
        />
      )}
    </div>
  );
}

/**
 * The index cards, wallet, hot list and orders. Memoised without props: the portfolio figures
 * arriving re-render the screen above it, not this part (each such render is one task).
 */
const BelowTheFold = memo(function BelowTheFold() {
  const navigate = useNavigate();
  const Wallet = slots.dashboardWallet;
  const IndexCards = slots.dashboardIndexCards;
  return (
    <>
      {IndexCards && (
        <section aria-label="Markets" className="mb-6">
          <div className="mb-3 flex items-center justify-between">
            <h2 className="text-base font-semibold text-slate-900">Markets</h2>
            <Link to="/market/ranking" className="text-sm font-semibold text-brand-600 hover:text-brand-700">
              Ranking
            </Link>
          </div>
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
      <div className="mb-6">
        <HotList onOpen={openOffering} onSeeAll={() => void navigate('/discover')} />
      </div>
      <section aria-label="Your orders" className="mb-6">
        <h2 className="mb-3 text-base font-semibold text-slate-900">Your orders</h2>
        <OrdersGlance />
      </section>
    </>
  );
});
