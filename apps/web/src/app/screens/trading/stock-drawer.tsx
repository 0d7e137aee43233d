import { Suspense } from 'react';
import type { BottomDrawerContentProps } from '@/components/ui/bottom-drawer';
import { Spinner } from '@/components/ui/spinner';
import { lazyRetry } from '@/lib/lazy-retry';
import StockDetailDrawer, { type StockBuyPanelProps } from '@/features/market/components/stock-detail-drawer';

// The buy form (and the PIN modal it ends in) loads when Buy is first tapped.
const StockBuy = lazyRetry(() => import('./stock-buy'));

function BuyPanel(props: StockBuyPanelProps) {
  return (
    <Suspense fallback={<Spinner className="mx-auto mt-10 block size-6 text-brand-500" label="Loading" />}>
      <StockBuy {...props} />
    </Suspense>
  );
}

/** The 'stock' bottom drawer: the market feature's details, with the invest feature's Buy. */
export default function StockDrawer(props: BottomDrawerContentProps<'stock'>) {
  return <StockDetailDrawer {...props} BuyPanel={BuyPanel} />;
}
